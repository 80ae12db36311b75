import { test } from 'uvu'
import * as assert from 'uvu/assert'
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
import { getConnectionStatus, getDeepLink, storeDeepLink } from '../../../../src/core/lib/storage'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import { resetAllState } from '../../helpers/reset'

let restoreStorage = () => {}

test.before.each(async () => {
  restoreStorage = installStorage(createMemoryStorage())
  await resetAllState()
})
test.after.each(() => restoreStorage())

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
