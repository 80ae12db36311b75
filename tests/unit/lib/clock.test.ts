import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clock, createManualClock, setClock, sleep } from '../../../src/lib/clock'

test('setClock swaps time for everything using clock, and restore brings it back', () => {
  const manual = createManualClock(5000)
  const restore = setClock(manual)
  assert.is(clock.now(), 5000)
  restore()
  assert.ok(Math.abs(clock.now() - Date.now()) < 1000)
})

test('a manual clock runs due timers in order, and cleared timers never', () => {
  const manual = createManualClock(0)
  const fired: string[] = []
  manual.setTimeout(() => fired.push('b@20'), 20)
  manual.setTimeout(() => fired.push('a@10'), 10)
  const cancelled = manual.setTimeout(() => fired.push('never'), 15)
  manual.setTimeout(() => fired.push('c@20'), 20)
  manual.clearTimeout(cancelled)
  manual.advance(19)
  assert.equal(fired, ['a@10'])
  manual.advance(1)
  assert.equal(fired, ['a@10', 'b@20', 'c@20'])
  assert.is(manual.now(), 20)
  assert.is(manual.pending(), 0)
})

test('timers scheduled by a firing timer run in the same advance when due', () => {
  const manual = createManualClock(0)
  const fired: number[] = []
  manual.setTimeout(() => {
    fired.push(manual.now())
    manual.setTimeout(() => fired.push(manual.now()), 5)
  }, 5)
  manual.advance(10)
  assert.equal(fired, [5, 10])
})

test('sleep resolves after the clock advances', async () => {
  const manual = createManualClock(0)
  const restore = setClock(manual)
  let done = false
  const waiting = sleep(100).then(() => (done = true))
  manual.advance(99)
  await Promise.resolve()
  assert.is(done, false)
  manual.advance(1)
  await waiting
  assert.is(done, true)
  restore()
})

test.run()
