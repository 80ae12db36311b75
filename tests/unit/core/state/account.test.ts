import { effect } from '@preact/signals-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  activeAddress,
  activeBalance,
  activeCaipAddress,
  activeNamespace,
  getAccountSnapshot,
  getAccountState,
  isConnected,
  resetAccount,
  setAccount,
} from '../../../../src/core/state/account'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import {
  connectionState,
  resetWcConnection,
  setConnectionStatus,
  setConnections,
  connectionSignals,
  hasValidPairing,
  setWcUri,
} from '../../../../src/core/state/connection'
import {
  UNKNOWN_NETWORK_NAME,
  activeCaipNetwork,
  addRequestedNetwork,
  createUnknownNetwork,
  getNetworkState,
  isNetworkSupported,
  requestedNetworks,
  selectedNetworkId,
  setActiveCaipNetwork,
  setRequestedNetworks,
} from '../../../../src/core/state/network'
import {
  STORAGE_KEYS,
  getConnectedConnectorIds,
  getConnectionStatus,
  setConnectedConnectorId,
  getDeepLink,
  storeDeepLink,
} from '../../../../src/core/lib/storage'
import { base, clone, mainnet, resetCore, solana } from '../../helpers/fixtures'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import type { MemoryStorage } from '../../helpers/memory-storage'

let store: MemoryStorage
let restoreStorage = () => {}

test.before.each(() => {
  store = createMemoryStorage()
  restoreStorage = installStorage(store)
  resetCore()
})
test.after.each(() => restoreStorage())

const EVM_ADDRESS = 'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb' as const

// ---- account ----

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

test('getAccountSnapshot is a plain copy', () => {
  setAccount('eip155', { address: '0x1' })
  const snapshot = getAccountSnapshot('eip155')
  setAccount('eip155', { address: '0x2' })
  assert.is(snapshot.address, '0x1')
  assert.is(typeof (snapshot as unknown as Record<string, unknown>)['value'], 'undefined')
})

// ---- network ----

test('setRequestedNetworks ignores duplicates (first wins) and keeps the order', () => {
  const baseCopy = { ...clone(base), name: 'Base duplicate' }
  setRequestedNetworks([mainnet, solana, base, baseCopy, mainnet])
  assert.equal(
    requestedNetworks.value.map((n) => n.name),
    ['Ethereum', 'Base', 'Solana'],
  )
  assert.equal(
    getNetworkState('eip155').requestedCaipNetworks.value.map((n) => n.name),
    ['Ethereum', 'Base'],
  )
  assert.equal(
    getNetworkState('solana').requestedCaipNetworks.value.map((n) => n.name),
    ['Solana'],
  )
})

test('setRequestedNetworks replaces the previous list', () => {
  setRequestedNetworks([mainnet, solana])
  setRequestedNetworks([base])
  assert.equal(
    requestedNetworks.value.map((n) => n.caipNetworkId),
    ['eip155:8453'],
  )
  assert.equal(getNetworkState('solana').requestedCaipNetworks.value, [])
})

test('addRequestedNetwork ignores a network that is already requested', () => {
  setRequestedNetworks([mainnet])
  assert.is(addRequestedNetwork({ ...clone(mainnet), name: 'Again' }), false)
  assert.is(addRequestedNetwork(base), true)
  assert.equal(
    requestedNetworks.value.map((n) => n.name),
    ['Ethereum', 'Base'],
  )
})

test('setActiveCaipNetwork sets the namespace, the selected id, and remembers both', () => {
  setActiveCaipNetwork(base)
  assert.is(activeNamespace.value, 'eip155')
  assert.is(activeCaipNetwork.value?.name, 'Base')
  assert.is(selectedNetworkId.value, 'eip155:8453')
  setActiveCaipNetwork(solana)
  assert.is(selectedNetworkId.value, solana.caipNetworkId)
  assert.is(getNetworkState('eip155').caipNetwork.value?.name, 'Base', 'each namespace keeps its own network')
  assert.is(store.getItem(STORAGE_KEYS.activeNamespace), '"solana"')
  assert.is(store.getItem(STORAGE_KEYS.activeCaipNetworkId), JSON.stringify(solana.caipNetworkId))
})

test('an unknown chain becomes an unsupported "Unknown Network"', () => {
  setRequestedNetworks([mainnet])
  const unknown = createUnknownNetwork('eip155:999')
  assert.is(unknown.name, UNKNOWN_NETWORK_NAME)
  assert.is(UNKNOWN_NETWORK_NAME, 'Unknown Network')
  assert.is(unknown.id, 999)
  assert.is(isNetworkSupported(unknown), false)
  assert.is(isNetworkSupported(mainnet), true)
  assert.is(isNetworkSupported(base), false)
  assert.throws(() => createUnknownNetwork('eip155' as never), /Invalid CAIP-2 network id/)
})

// ---- connection ----

test('setConnectionStatus updates state and storage', () => {
  setConnectionStatus('connecting')
  assert.is(connectionState.status.value, 'connecting')
  assert.is(getConnectionStatus(), 'connecting')
})

test('setConnections keeps namespaces apart and drops empty ones', () => {
  setConnections('eip155', [{ connectorId: 'injected', chainId: 1, accounts: [{ address: '0xab' }] }])
  setConnections('solana', [{ connectorId: 'phantom', accounts: [{ address: 'So1' }] }])
  assert.equal([...connectionState.connections.value.keys()], ['eip155', 'solana'])
  setConnections('eip155', [])
  assert.equal([...connectionState.connections.value.keys()], ['solana'])
})

test('a pairing is reusable until it expires', () => {
  const manual = createManualClock()
  const restore = setClock(manual)
  setWcUri('wc:abc@2?relay-protocol=irn', manual.now() + 1000)
  assert.is(hasValidPairing(), true)
  manual.advance(1000)
  assert.is(hasValidPairing(), false)
  restore()
})

test('resetWcConnection clears uri, expiry, linking and recent wallet, disconnects and clears the deep link', () => {
  setWcUri('wc:abc@2', Date.now() + 60_000)
  connectionSignals.wcLinking.value = { href: 'rainbow://', name: 'Rainbow' }
  connectionSignals.recentWallet.value = { id: 'rainbow', name: 'Rainbow' }
  storeDeepLink({ href: 'rainbow://', name: 'Rainbow' })
  setConnectionStatus('connecting')
  resetWcConnection()
  assert.is(connectionState.wcUri.value, undefined)
  assert.is(connectionState.wcPairingExpiry.value, undefined)
  assert.is(connectionState.wcLinking.value, undefined)
  assert.is(connectionState.recentWallet.value, undefined)
  assert.is(connectionState.status.value, 'disconnected')
  assert.is(getConnectionStatus(), 'disconnected')
  assert.is(getDeepLink(), undefined)
})

test.run()
