// SPEC §7: on EVM the wallet's own asset listing precedes the balance API. Core asks the adapter
// for the wallet's list through the connected provider, and the balance API answers whenever the
// wallet gives none (not offered, failed, invalid). The adapter here is a stand-in with the
// contract's two token sources; the real eip155 side is tests/unit/chains/eip155/wallet-assets.test.ts
// and, against the sandbox's wallets, tests/integration/eip155/wallet-assets.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initCore, registerAdapter } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import { getAccountState, setAccount } from '../../../../src/core/state/account'
import type { ChainAdapter } from '../../../../src/core/state/adapters'
import { addConnectors } from '../../../../src/core/state/connectors'
import { setConnections } from '../../../../src/core/state/connection'
import type { EIP1193Provider, TokenBalance } from '../../../../src/core/types'
import { refreshBalances, resetBalances } from '../../../../src/core/wallet/balances'
import { createInjectedConnector } from '../../../../src/connectors/injected/connector'
import { mainnet } from '../../helpers/fixtures'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const line = (symbol: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  price: 1,
  quantity: { decimals: '6', numeric: '1' },
  iconUrl: '',
})
const provider: EIP1193Provider = { request: async () => null }

let walletAnswer: () => Promise<TokenBalance[] | undefined> = async () => undefined
const asked: { wallet: EIP1193Provider[]; api: number } = { wallet: [], api: 0 }
const adapter = {
  namespace: 'eip155',
  getNativeBalance: async () => ({ value: '1', symbol: 'ETH' }),
  getTokenBalances: async () => {
    asked.api += 1
    return [line('API')]
  },
  getWalletAssets: async ({ provider: given }: { provider: EIP1193Provider }) => {
    asked.wallet.push(given)
    return walletAnswer()
  },
} as unknown as ChainAdapter

initCore(validateOptions({ projectId: 'test-project', networks: [mainnet], features: { analytics: false } }))
registerAdapter('eip155', async () => ({ createAdapter: () => adapter }))
addConnectors([
  createInjectedConnector({
    id: 'test.wallet',
    name: 'Test Wallet',
    providers: { eip155: provider },
    imageUrl: 'data:,x',
  }),
])
setConnections('eip155', [{ connectorId: 'test.wallet', chainId: 1, accounts: [{ address: ADDRESS }] }])
setAccount('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connected' })

async function refresh(answer: () => Promise<TokenBalance[] | undefined>) {
  walletAnswer = answer
  asked.wallet = []
  asked.api = 0
  resetBalances()
  await refreshBalances('eip155', { force: true })
  return getAccountState('eip155')
    .tokenBalance.peek()
    .map((token) => token.symbol)
}

test('the wallet lists assets: its list is shown, asked through the connected provider; the balance API is not called', async () => {
  assert.equal(await refresh(async () => [line('WALLET'), line('USDC')]), ['WALLET', 'USDC'])
  assert.equal(asked.wallet, [provider])
  assert.is(asked.api, 0)
})

test('an empty wallet list is the wallet’s answer (it holds nothing), not a reason to ask the API', async () => {
  assert.equal(await refresh(async () => []), [])
  assert.is(asked.api, 0)
})

test('no list from the wallet (no capability, invalid reply): the balance API answers', async () => {
  assert.equal(await refresh(async () => undefined), ['API'])
  assert.is(asked.wallet.length, 1)
  assert.is(asked.api, 1)
})

test('a wallet path that throws after all falls back to the balance API too', async () => {
  assert.equal(await refresh(() => Promise.reject(new Error('wallet gone'))), ['API'])
  assert.is(asked.api, 1)
})

test('tokens with zero decimals are dropped from the wallet’s list as from the API’s (SPEC §5)', async () => {
  const nft = { ...line('NFT'), quantity: { decimals: '0', numeric: '3' } }
  assert.equal(await refresh(async () => [line('USDC'), nft]), ['USDC'])
})

test.run()
