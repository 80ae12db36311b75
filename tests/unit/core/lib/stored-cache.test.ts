// The stored caches of SPEC §9 (names and identities, 5 minutes each): kept in localStorage across
// reloads, expiry checked on read, and every entry validated as outside input.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createStoredCache } from '../../../../src/core/lib/stored-cache'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import { createMemoryStorage, createThrowingStorage, installStorage } from '../../helpers/memory-storage'
import type { MemoryStorage } from '../../helpers/memory-storage'

const KEY = '@sigkit/test_cache'
const LIFE = 5 * 60_000
const isName = (value: unknown): value is { name: string } =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'

let store: MemoryStorage
let restoreStorage = () => {}
let restoreClock = () => {}
let clock = createManualClock()

test.before.each(() => {
  store = createMemoryStorage()
  restoreStorage = installStorage(store)
  clock = createManualClock()
  restoreClock = setClock(clock)
})

test.after.each(() => {
  restoreClock()
  restoreStorage()
})

test('a value is kept in localStorage, stamped with the time, and read back by another cache of the key (a reload)', () => {
  createStoredCache(KEY, LIFE, isName).set('0xabc', { name: 'alice.reown.id' })
  assert.equal(JSON.parse(store.data.get(KEY)!), { '0xabc': { at: clock.now(), value: { name: 'alice.reown.id' } } })
  assert.equal(createStoredCache(KEY, LIFE, isName).get('0xabc'), { name: 'alice.reown.id' })
})

test('an entry lives exactly its life: fresh 1 ms before, gone at 5 minutes', () => {
  const cache = createStoredCache(KEY, LIFE, isName)
  cache.set('0xabc', { name: 'alice.reown.id' })
  clock.advance(LIFE - 1)
  assert.equal(cache.get('0xabc'), { name: 'alice.reown.id' })
  clock.advance(1)
  assert.is(cache.get('0xabc'), undefined)
})

test('expired and invalid entries are dropped at the next write; fresh ones of other keys stay', () => {
  const cache = createStoredCache(KEY, LIFE, isName)
  cache.set('old', { name: 'old.reown.id' })
  clock.advance(LIFE)
  cache.set('new', { name: 'new.reown.id' })
  assert.equal(Object.keys(JSON.parse(store.data.get(KEY)!)), ['new'])
  cache.delete('new')
  assert.is(store.data.has(KEY), false, 'an empty cache leaves no key behind')
})

test('stored data is outside input: wrong shapes, future stamps and bad JSON read as missing, never throw', () => {
  const now = clock.now()
  // A `__proto__` key as JSON.parse reads it: an own key, not the prototype.
  const proto = `{"__proto__":{"at":${now},"value":{"name":"proto.reown.id"}},`
  store.data.set(
    KEY,
    proto +
      JSON.stringify({
        future: { at: now + 1, value: { name: 'forever.reown.id' } },
        noStamp: { value: { name: 'x.reown.id' } },
        textStamp: { at: String(now), value: { name: 'x.reown.id' } },
        badValue: { at: now, value: { name: 42 } },
        notEntry: 'alice',
        good: { at: now - 1000, value: { name: 'good.reown.id' } },
      }).slice(1),
  )
  const cache = createStoredCache(KEY, LIFE, isName)
  for (const key of ['future', 'noStamp', 'textStamp', 'badValue', 'notEntry', 'missing'])
    assert.is(cache.get(key), undefined, key)
  assert.equal(cache.get('good'), { name: 'good.reown.id' })
  assert.equal(cache.get('__proto__'), { name: 'proto.reown.id' })
  assert.is(({} as { polluted?: unknown }).polluted, undefined)
  store.data.set(KEY, '{not json')
  assert.is(cache.get('good'), undefined)
  store.data.set(KEY, '["a list"]')
  assert.is(cache.get('0'), undefined)
  cache.set('again', { name: 'again.reown.id' })
  assert.equal(cache.get('again'), { name: 'again.reown.id' })
})

test('clear forgets everything; storage that throws makes a cache that remembers nothing, quietly', () => {
  const cache = createStoredCache(KEY, LIFE, isName)
  cache.set('a', { name: 'a.reown.id' })
  cache.clear()
  assert.is(cache.get('a'), undefined)
  restoreStorage()
  restoreStorage = installStorage(createThrowingStorage())
  const blocked = createStoredCache(KEY, LIFE, isName)
  blocked.set('a', { name: 'a.reown.id' })
  assert.is(blocked.get('a'), undefined)
  blocked.clear()
})

test.run()
