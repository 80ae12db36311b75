import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { emitCoreEvent, onCoreEvent, resetCoreEvents } from '../../../src/core/lifecycle'

const cleared = { namespace: 'eip155', address: '0xabc' } as const

test.after.each(() => {
  resetCoreEvents()
})

test('a subscriber gets each event of its name, with its payload, until it unsubscribes', async () => {
  const seen: string[] = []
  const stop = onCoreEvent('namespaceCleared', ({ namespace, address }) => void seen.push(`${namespace} ${address}`))
  onCoreEvent('networkChanged', () => void seen.push('network'))
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
    onCoreEvent('disconnecting', () => {
      throw new Error('broken feature')
    })
    onCoreEvent('disconnecting', () => Promise.reject(new Error('store down')))
    onCoreEvent('disconnecting', () => void seen.push(1))
    await emitCoreEvent('disconnecting', cleared)
  } finally {
    console.error = original
  }
  assert.equal(seen, [1])
  assert.is(errors.length, 2)
})

test('emit waits for the promises its subscribers return (a disconnect waits for sign-out)', async () => {
  let signedOut = false
  onCoreEvent('disconnecting', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20))
    signedOut = true
  })
  await emitCoreEvent('disconnecting', cleared)
  assert.ok(signedOut)
})

test.run()
