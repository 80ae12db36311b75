import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { activeNamespace } from '../../../../src/core/state/account'
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
import { STORAGE_KEYS } from '../../../../src/core/lib/storage'
import { base, clone, mainnet, solana } from '../../helpers/fixtures'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import type { MemoryStorage } from '../../helpers/memory-storage'
import { resetAllState } from '../../helpers/reset'

let store: MemoryStorage
let restoreStorage = () => {}

test.before.each(async () => {
  store = createMemoryStorage()
  restoreStorage = installStorage(store)
  await resetAllState()
})
test.after.each(() => restoreStorage())

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

test.run()
