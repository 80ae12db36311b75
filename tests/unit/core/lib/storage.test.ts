import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  STORAGE_KEYS,
  STORAGE_PREFIX,
  getActiveCaipNetworkId,
  getActiveNamespace,
  getConnectedConnectorIds,
  getConnectionStatus,
  isConnectionStatus,
  readStorage,
  removeConnectedConnectorId,
  removeDeepLink,
  removeStorage,
  setConnectedConnectorId,
  storeActiveCaipNetworkId,
  storeActiveNamespace,
  storeConnectionStatus,
  writeStorage,
  addRecentWallet,
  getDeepLink,
  getRecentWallets,
  storeDeepLink,
} from '../../../../src/core/lib/storage'
import { createStoredCache } from '../../../../src/core/lib/stored-cache'
import { createMemoryStorage, createThrowingStorage, installStorage } from '../../helpers/memory-storage'
import type { MemoryStorage } from '../../helpers/memory-storage'

let store: MemoryStorage
let restore = () => {}

test.before.each(() => {
  store = createMemoryStorage()
  restore = installStorage(store)
})
test.after.each(() => restore())

const metamask = { id: 'metamask', name: 'MetaMask' }
const rainbow = { id: 'rainbow', name: 'Rainbow', image_id: 'img-1' }
const trust = { id: 'trust', name: 'Trust Wallet' }

test('the three key prefixes are distinct and every key uses one of them', () => {
  const prefixes = Object.values(STORAGE_PREFIX)
  assert.is(new Set(prefixes).size, 3)
  for (const key of Object.values(STORAGE_KEYS))
    assert.ok(
      prefixes.some((prefix) => key.startsWith(prefix)),
      key,
    )
})

test('values round-trip as JSON', () => {
  assert.ok(writeStorage('@sigkit/test', { a: [1, 2] }))
  assert.is(store.data.get('@sigkit/test'), '{"a":[1,2]}')
  assert.equal(
    readStorage('@sigkit/test', (v): v is { a: number[] } => typeof v === 'object'),
    { a: [1, 2] },
  )
  removeStorage('@sigkit/test')
  assert.is(store.data.has('@sigkit/test'), false)
})

test('missing, unparsable and invalid values read as undefined without throwing', () => {
  assert.is(readStorage('@sigkit/none', isConnectionStatus), undefined)
  store.setItem(STORAGE_KEYS.connectionStatus, '{not json')
  assert.is(getConnectionStatus(), undefined)
  store.setItem(STORAGE_KEYS.connectionStatus, '"hacked"')
  assert.is(getConnectionStatus(), undefined)
  store.setItem(STORAGE_KEYS.activeNamespace, '"tron"')
  assert.is(getActiveNamespace(), undefined)
  store.setItem(STORAGE_KEYS.activeCaipNetworkId, '"eip155"')
  assert.is(getActiveCaipNetworkId(), undefined)
  store.setItem(STORAGE_KEYS.deepLink, '{"href":1}')
  assert.is(getDeepLink(), undefined)
})

test('typed helpers store and read their values', () => {
  storeConnectionStatus('connected')
  storeActiveNamespace('solana')
  storeActiveCaipNetworkId('eip155:10')
  storeDeepLink({ href: 'rainbow://', name: 'Rainbow' })
  assert.is(getConnectionStatus(), 'connected')
  assert.is(getActiveNamespace(), 'solana')
  assert.is(getActiveCaipNetworkId(), 'eip155:10')
  assert.equal(getDeepLink(), { href: 'rainbow://', name: 'Rainbow' })
  removeDeepLink()
  assert.is(getDeepLink(), undefined)
})

test('recent wallets: newest first, de-duplicated by id, capped at 2', () => {
  addRecentWallet(metamask)
  addRecentWallet(rainbow)
  assert.equal(
    getRecentWallets().map((w) => w.id),
    ['rainbow', 'metamask'],
  )
  addRecentWallet(metamask)
  assert.equal(
    getRecentWallets().map((w) => w.id),
    ['metamask', 'rainbow'],
  )
  addRecentWallet(trust)
  assert.equal(
    getRecentWallets().map((w) => w.id),
    ['trust', 'metamask'],
  )
  assert.is(JSON.parse(store.getItem(STORAGE_KEYS.recentWallets) ?? '[]').length, 2)
})

test('recent wallets: invalid stored entries are skipped, invalid input is ignored', () => {
  store.setItem(STORAGE_KEYS.recentWallets, JSON.stringify([{ id: 5 }, 'x', rainbow, rainbow, metamask, trust]))
  assert.equal(
    getRecentWallets().map((w) => w.id),
    ['rainbow', 'metamask'],
  )
  store.setItem(STORAGE_KEYS.recentWallets, '{"id":"x"}')
  assert.equal(getRecentWallets(), [])
  addRecentWallet(rainbow)
  addRecentWallet({ id: '', name: 'Nameless' } as never)
  assert.equal(
    getRecentWallets().map((w) => w.id),
    ['rainbow'],
  )
})

test('connector ids per namespace: set, drop invalid entries, remove', () => {
  setConnectedConnectorId('eip155', 'injected')
  setConnectedConnectorId('solana', 'phantom')
  assert.equal(getConnectedConnectorIds(), { eip155: 'injected', solana: 'phantom' })
  removeConnectedConnectorId('eip155')
  assert.equal(getConnectedConnectorIds(), { solana: 'phantom' })
  removeConnectedConnectorId('solana')
  assert.is(store.data.has(STORAGE_KEYS.connectedConnectorIds), false)
  store.setItem(STORAGE_KEYS.connectedConnectorIds, JSON.stringify({ eip155: 'walletConnect', tron: 'x', solana: 7 }))
  assert.equal(getConnectedConnectorIds(), { eip155: 'walletConnect' })
})

test("SPEC §3's stored items, every key corrupted: each reads as missing, nothing throws, no other key is lost", () => {
  const cache = createStoredCache(
    '@sigkit/identity_cache',
    60_000,
    (value): value is string => typeof value === 'string',
  )
  const garbage = ['{not json', '"tron"', '[1,2', 'null', '{"__proto__":{"polluted":true}}']
  for (const bad of garbage) {
    for (const key of [...Object.values(STORAGE_KEYS), '@sigkit/identity_cache']) store.setItem(key, bad)
    store.setItem('@dapp/own-key', 'kept')
    assert.equal(
      [
        getConnectedConnectorIds(),
        getActiveNamespace(),
        getActiveCaipNetworkId(),
        getConnectionStatus(),
        getRecentWallets(),
        getDeepLink(),
        cache.get('0xabc'),
      ],
      [{}, undefined, undefined, undefined, [], undefined, undefined],
      bad,
    )
    assert.is(({} as Record<string, unknown>)['polluted'], undefined, 'no prototype pollution')
    // Writing one key replaces only that key's bad value.
    storeActiveNamespace('eip155')
    cache.set('0xabc', 'alice.reown.id')
    assert.equal([getActiveNamespace(), cache.get('0xabc')], ['eip155', 'alice.reown.id'])
    assert.is(store.getItem(STORAGE_KEYS.connectionStatus), bad, 'the other keys are as they were')
    assert.is(store.getItem('@dapp/own-key'), 'kept', "the dapp's keys are never touched")
  }
})

test('everything is safe when localStorage is missing', () => {
  restore()
  restore = installStorage(undefined)
  assert.is(writeStorage('@sigkit/x', 1), false)
  assert.is(
    readStorage('@sigkit/x', (v): v is number => typeof v === 'number'),
    undefined,
  )
  assert.not.throws(() => removeStorage('@sigkit/x'))
  assert.equal(addRecentWallet(metamask), [metamask])
  assert.equal(getRecentWallets(), [])
})

test('everything is safe when localStorage throws (sandboxed iframe)', () => {
  restore()
  restore = installStorage(createThrowingStorage())
  assert.is(writeStorage('@sigkit/x', 1), false)
  assert.is(getConnectionStatus(), undefined)
  assert.not.throws(() => removeConnectedConnectorId('eip155'))
  assert.not.throws(() => setConnectedConnectorId('eip155', 'injected'))
  assert.equal(getConnectedConnectorIds(), {})
})

test('a full quota does not throw', () => {
  store.setItem = () => {
    throw new Error('QuotaExceededError')
  }
  assert.is(writeStorage('@sigkit/x', 'big'), false)
})

test.run()
