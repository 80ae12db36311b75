import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { randomId } from '../../../src/lib/ids'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

test('randomId is a UUID v4 from crypto.randomUUID', () => {
  assert.match(randomId(), UUID_V4)
})

test('on a plain-http page (no randomUUID) it is still a UUID v4, from getRandomValues, and ids differ', () => {
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(globalThis.crypto), 'randomUUID')
  Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true })
  try {
    const ids = Array.from({ length: 500 }, randomId)
    for (const id of ids) assert.match(id, UUID_V4)
    assert.is(new Set(ids).size, ids.length)
    // Every variant digit shows up: the y position is really random over 8, 9, a, b.
    assert.equal(new Set(ids.map((id) => id[19])), new Set(['8', '9', 'a', 'b']))
  } finally {
    delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID
    if (descriptor) assert.is(typeof globalThis.crypto.randomUUID, 'function')
  }
})

test.run()
