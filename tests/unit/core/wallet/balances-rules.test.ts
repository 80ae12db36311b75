// Rules of the account data refresh (src/core/wallet/balances.ts, SPEC §5): token balances
// with zero decimals are dropped, the identity lookup happens only for eip155 accounts on
// non-test networks, and a forced refresh never settles for an answer asked before it. The chain side is a fake adapter per namespace that records what it is asked.
import { ADDRESS, connectAccount, nativeToken, usdc, useFakeAdapter, type FakeAdapter } from '../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { registerAdapter } from '../../../../src/core/config/appkit-state'
import type { ChainAdapter } from '../../../../src/core/state/adapters'
import { getAccountState, setAccount } from '../../../../src/core/state/account'
import { setRequestedNetworks, setActiveCaipNetwork, getNetworkState } from '../../../../src/core/state/network'
import type { TokenBalance } from '../../../../src/core/types'
import { refreshAccountData, refreshBalances } from '../../../../src/core/wallet/balances'
import { localhost, localL2, solana } from '../../../helpers/networks'
import { resetAllState } from '../../helpers/reset'

const SOL = '7RiFeMYVRxNNAeWbXDmnznt6UxYQNbWcGXSr4yk6YPqX'

/** A token the balance service reports with zero decimals (an NFT-like or broken listing). */
const zeroDecimals: TokenBalance = {
  name: 'Collectible',
  symbol: 'NFT',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  value: 0,
  price: 0,
  quantity: { decimals: '0', numeric: '3' },
  iconUrl: '',
}

let fake: FakeAdapter
let identityAsked: string[]

test.before.each(() => {
  localStorage.clear()
  fake = useFakeAdapter()
  identityAsked = []
  fake.adapter.getIdentity = async ({ address }) => {
    identityAsked.push(`eip155:${address}`)
    return { name: 'sigkit-tester.eth', avatar: undefined }
  }
})
test.after.each(resetAllState)

test('token balances with zero decimals are dropped; the others are shown', async () => {
  connectAccount({ tokenBalance: [] })
  fake.behaviour.tokens = async () => [nativeToken, zeroDecimals, usdc]
  await refreshAccountData('eip155', { force: true })
  assert.equal(
    getAccountState('eip155')
      .tokenBalance.peek()
      .map((token) => token.symbol),
    ['ETH', 'USDC'],
  )
})

test('a forced refresh while one is in flight shows what the wallet holds after it, not the older answer', async () => {
  connectAccount({ tokenBalance: [] })
  // The first fetch was asked before the funding and answers late; the chain holds USDC after it.
  let answerFirst!: (list: TokenBalance[]) => void
  const asked: string[] = []
  fake.behaviour.tokens = () => {
    asked.push(asked.length === 0 ? 'before the funding' : 'after the funding')
    return asked.length === 1 ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve([usdc])
  }
  const first = refreshBalances('eip155')
  await new Promise((resolve) => setTimeout(resolve, 0))
  const forced = [refreshBalances('eip155', { force: true }), refreshBalances('eip155', { force: true })]
  assert.is(refreshBalances('eip155'), first, 'an unforced call shares the fetch in flight')
  answerFirst([])
  await Promise.all([first, ...forced])
  assert.equal(asked, ['before the funding', 'after the funding'], 'the two forced calls share one later fetch')
  assert.equal(
    getAccountState('eip155')
      .tokenBalance.peek()
      .map((token) => token.symbol),
    ['USDC'],
  )
})

test('identity: looked up for an eip155 account on a non-test network', async () => {
  connectAccount()
  await refreshAccountData('eip155', { force: true })
  assert.equal(identityAsked, [`eip155:${ADDRESS}`])
  assert.is(getAccountState('eip155').profileName.peek(), 'sigkit-tester.eth')
})

test('identity: no lookup on a test network', async () => {
  connectAccount()
  setActiveCaipNetwork({ ...localhost, testnet: true })
  assert.is(getNetworkState('eip155').caipNetwork.peek()?.testnet, true)
  await refreshAccountData('eip155', { force: true })
  assert.equal(identityAsked, [])
  assert.is(getAccountState('eip155').profileName.peek(), undefined)
})

test('identity: no lookup for another namespace (a Solana account on Solana mainnet)', async () => {
  const solanaAsked: string[] = []
  const solanaAdapter = {
    ...fake.adapter,
    namespace: 'solana',
    getNativeBalance: async () => ({ value: '1', symbol: 'SOL' }),
    getTokenBalances: async () => [],
    getIdentity: async ({ address }: { address: string }) => {
      solanaAsked.push(address)
      return { name: 'someone.sol', avatar: undefined }
    },
  } as ChainAdapter
  registerAdapter('solana', async () => ({ createAdapter: () => solanaAdapter }))
  setRequestedNetworks([localhost, localL2, solana])
  setActiveCaipNetwork(solana)
  setAccount('solana', { address: SOL, caipAddress: `${solana.caipNetworkId}:${SOL}`, status: 'connected' })
  await refreshAccountData('solana', { force: true })
  assert.is(getAccountState('solana').balance.peek(), '1', 'the balance was refreshed')
  assert.equal(solanaAsked, [])
  assert.equal(identityAsked, [])
  assert.is(getAccountState('solana').profileName.peek(), undefined)
})

test.run()
