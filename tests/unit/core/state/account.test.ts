import { effect } from '@preact/signals-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  activeAddress,
  activeBalance,
  activeCaipAddress,
  getAccountSnapshot,
  getAccountState,
  isConnected,
  resetAccount,
  setAccount,
} from '../../../../src/core/state/account'
import { setActiveCaipNetwork } from '../../../../src/core/state/network'
import { getConnectedConnectorIds, setConnectedConnectorId } from '../../../../src/core/lib/storage'
import { mainnet, solana } from '../../helpers/fixtures'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import { resetAllState } from '../../helpers/reset'

let restoreStorage = () => {}

test.before.each(async () => {
  restoreStorage = installStorage(createMemoryStorage())
  await resetAllState()
})
test.after.each(() => restoreStorage())

const EVM_ADDRESS = 'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb' as const

test('account state is per namespace with spec defaults', () => {
  setAccount('eip155', { address: '0xabc' })
  assert.is(getAccountState('eip155').address.value, '0xabc')
  assert.is(getAccountState('solana').address.value, undefined)
  assert.is(getAccountState('eip155').preferredAccountType.value, 'smartAccount')
  assert.is(getAccountState('solana').preferredAccountType.value, 'eoa')
  assert.is(getAccountState('bip122').preferredAccountType.value, 'payment')
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.is(getAccountState('eip155'), getAccountState('eip155'), 'same signals every time')
})

test('setAccount notifies once for several fields', () => {
  const state = getAccountState('eip155')
  let runs = 0
  const stop = effect(() => {
    void state.address.value
    void state.balance.value
    runs++
  })
  setAccount('eip155', { address: '0xabc', balance: '1.5', balanceSymbol: 'ETH' })
  stop()
  assert.is(runs, 2, 'initial run plus one batched update')
})

test('active computed values follow the active namespace', () => {
  setAccount('eip155', {
    caipAddress: EVM_ADDRESS,
    address: '0xab16',
    balance: '2',
    balanceSymbol: 'ETH',
    status: 'connected',
  })
  setAccount('solana', { address: 'So1', balance: '3', balanceSymbol: 'SOL', status: 'disconnected' })
  assert.is(activeAddress.value, undefined, 'no active namespace yet')
  assert.is(isConnected.value, false)
  setActiveCaipNetwork(mainnet)
  assert.is(activeCaipAddress.value, EVM_ADDRESS)
  assert.is(activeAddress.value, '0xab16')
  assert.equal(activeBalance.value, { value: '2', symbol: 'ETH' })
  assert.is(isConnected.value, true)
  setActiveCaipNetwork(solana)
  assert.is(activeAddress.value, 'So1')
  assert.equal(activeBalance.value, { value: '3', symbol: 'SOL' })
  assert.is(isConnected.value, false)
})

test('activeBalance is undefined while the balance or symbol is unknown', () => {
  setActiveCaipNetwork(mainnet)
  setAccount('eip155', { balance: '1' })
  assert.is(activeBalance.value, undefined)
})

test('resetAccount clears address, balances, profile and user, disconnects and forgets the connector id', () => {
  setConnectedConnectorId('eip155', 'injected')
  setConnectedConnectorId('solana', 'phantom')
  setAccount('eip155', {
    caipAddress: EVM_ADDRESS,
    address: '0xab16',
    balance: '2',
    balanceSymbol: 'ETH',
    tokenBalance: [
      {
        name: 'USDC',
        symbol: 'USDC',
        chainId: 'eip155:1',
        price: 1,
        quantity: { decimals: '6', numeric: '5' },
        iconUrl: '',
      },
    ],
    profileName: 'alice.reown.id',
    profileImage: 'https://img',
    user: { email: 'a@example.com' },
    status: 'connected',
  })
  resetAccount('eip155')
  const snapshot = getAccountSnapshot('eip155')
  assert.equal(
    [
      snapshot.caipAddress,
      snapshot.address,
      snapshot.balance,
      snapshot.balanceSymbol,
      snapshot.profileName,
      snapshot.profileImage,
      snapshot.user,
    ],
    [undefined, undefined, undefined, undefined, undefined, undefined, undefined],
  )
  assert.equal(snapshot.tokenBalance, [])
  assert.is(snapshot.status, 'disconnected')
  assert.equal(getConnectedConnectorIds(), { solana: 'phantom' }, 'only this namespace forgets its connector')
})

test('addressExplorerUrl: the address on the current network explorer, following both; none without an http(s) explorer', () => {
  const state = getAccountState('eip155')
  assert.is(state.addressExplorerUrl.value, undefined)
  setActiveCaipNetwork({ ...mainnet, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io/' } } })
  assert.is(state.addressExplorerUrl.value, undefined, 'no address yet')
  setAccount('eip155', { address: '0xab16', addressExplorerUrl: 'https://evil.example/' } as never)
  assert.is(state.addressExplorerUrl.value, 'https://etherscan.io/address/0xab16', 'derived, never set')
  setActiveCaipNetwork({ ...mainnet, blockExplorers: { default: { name: 'Bad', url: 'javascript:alert(1)' } } })
  assert.is(state.addressExplorerUrl.value, undefined)
  setActiveCaipNetwork({ ...mainnet, blockExplorers: undefined } as never)
  assert.is(state.addressExplorerUrl.value, undefined)
  assert.is(getAccountSnapshot('eip155').addressExplorerUrl, undefined)
})

test('smartAccountDeployed and addressLabels: set with the connection, cleared by the reset', () => {
  assert.is(getAccountState('eip155').smartAccountDeployed.value, undefined)
  assert.equal([...getAccountState('eip155').addressLabels.value], [])
  setAccount('eip155', { smartAccountDeployed: true, addressLabels: new Map([['0xab16', 'Smart Account']]) })
  assert.is(getAccountSnapshot('eip155').smartAccountDeployed, true)
  assert.is(getAccountSnapshot('eip155').addressLabels.get('0xab16'), 'Smart Account')
  resetAccount('eip155')
  assert.is(getAccountSnapshot('eip155').smartAccountDeployed, undefined)
  assert.equal([...getAccountSnapshot('eip155').addressLabels], [])
})

test('getAccountSnapshot is a plain copy', () => {
  setAccount('eip155', { address: '0x1' })
  const snapshot = getAccountSnapshot('eip155')
  setAccount('eip155', { address: '0x2' })
  assert.is(snapshot.address, '0x1')
  assert.is(typeof (snapshot as unknown as Record<string, unknown>)['value'], 'undefined')
})

test.run()
