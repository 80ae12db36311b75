import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { emitCoreEvent, onCoreEvent } from '../../../src/core/lifecycle'

const cleared = { namespace: 'eip155', address: '0xabc' } as const

// Each test's subscribers, removed after it. No reset removes subscribers: features subscribe once,
// when their module loads.
const subscriptions: (() => void)[] = []
const subscribe: typeof onCoreEvent = (name, handler) => {
  const stop = onCoreEvent(name, handler)
  subscriptions.push(stop)
  return stop
}
test.after.each(() => subscriptions.splice(0).forEach((stop) => stop()))

test('a subscriber gets each event of its name, with its payload, until it unsubscribes', async () => {
  const seen: string[] = []
  const stop = subscribe('namespaceCleared', ({ namespace, address }) => void seen.push(`${namespace} ${address}`))
  subscribe('networkChanged', () => void seen.push('network'))
  await emitCoreEvent('namespaceCleared', cleared)
  stop()
  await emitCoreEvent('namespaceCleared', cleared)
  assert.equal(seen, ['eip155 0xabc'])
})

test('a throwing or rejecting subscriber is logged; the others still run and the emit resolves', async () => {
  const errors: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args)
  const seen: number[] = []
  try {
    subscribe('disconnecting', () => {
      throw new Error('broken feature')
    })
    subscribe('disconnecting', () => Promise.reject(new Error('store down')))
    subscribe('disconnecting', () => void seen.push(1))
    await emitCoreEvent('disconnecting', cleared)
  } finally {
    console.error = original
  }
  assert.equal(seen, [1])
  assert.is(errors.length, 2)
})

test('emit waits for the promises its subscribers return (a disconnect waits for sign-out)', async () => {
  let signedOut = false
  subscribe('disconnecting', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20))
    signedOut = true
  })
  await emitCoreEvent('disconnecting', cleared)
  assert.ok(signedOut)
})

test.run()
