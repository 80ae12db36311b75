// A question asked as the visitor types (suggestions, a receiver name): asked once typing pauses,
// and only the latest question's answer is delivered, however the answers arrive.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createManualClock, setClock } from '../../../src/lib/clock'
import { latestOnly } from '../../../src/lib/latest'
import { deferred, settle } from '../../helpers/async'

/** A question whose answers the test releases by hand, recording what was asked and delivered. */
function setup() {
  const clock = createManualClock()
  const restore = setClock(clock)
  const asked: { input: string; signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = []
  const delivered: string[] = []
  const failed: string[] = []
  const task = latestOnly({
    delayMs: 300,
    ask: (input: string, signal) => {
      const answer = deferred<string>()
      asked.push({ input, signal, answer })
      return answer.promise
    },
    onAnswer: (answer, input) => delivered.push(`${input}:${answer}`),
    onError: (error, input) => failed.push(`${input}:${(error as Error).message}`),
  })
  return { clock, restore, asked, delivered, failed, task }
}

test('asks once typing pauses for the delay: each new question restarts the wait', async () => {
  const { clock, restore, asked, delivered, task } = setup()
  try {
    task.schedule('a')
    clock.advance(200)
    task.schedule('al')
    clock.advance(200)
    task.schedule('ali')
    clock.advance(299)
    await settle()
    assert.is(asked.length, 0, 'nothing asked while typing goes on')
    clock.advance(1)
    await settle()
    assert.equal(
      asked.map((question) => question.input),
      ['ali'],
    )
    asked[0]!.answer.resolve('A')
    await settle()
    assert.equal(delivered, ['ali:A'])
  } finally {
    restore()
  }
})

test('the latest answer wins: an earlier answer arriving later is dropped, its request aborted', async () => {
  const { clock, restore, asked, delivered, failed, task } = setup()
  try {
    task.schedule('alic')
    clock.advance(300)
    await settle()
    task.schedule('alice')
    clock.advance(300)
    await settle()
    assert.is(asked.length, 2)
    assert.ok(asked[0]!.signal.aborted, 'the earlier request is aborted')
    assert.not.ok(asked[1]!.signal.aborted)
    asked[1]!.answer.resolve('new')
    await settle()
    asked[0]!.answer.resolve('old')
    await settle()
    assert.equal(delivered, ['alice:new'])
    assert.equal(failed, [])
  } finally {
    restore()
  }
})

test('a failure of the latest question is reported; one of an older question, or after cancel, is not', async () => {
  const { clock, restore, asked, delivered, failed, task } = setup()
  try {
    task.schedule('one')
    clock.advance(300)
    task.schedule('two')
    clock.advance(300)
    await settle()
    asked[0]!.answer.reject(new Error('late'))
    asked[1]!.answer.reject(new Error('Error fetching name suggestions'))
    await settle()
    assert.equal(failed, ['two:Error fetching name suggestions'])
    task.schedule('three')
    clock.advance(300)
    await settle()
    task.cancel()
    assert.ok(asked[2]!.signal.aborted)
    asked[2]!.answer.resolve('ignored')
    await settle()
    task.schedule('four')
    task.cancel()
    clock.advance(1000)
    await settle()
    assert.is(asked.length, 3, 'a cancelled wait asks nothing')
    assert.equal(delivered, [])
  } finally {
    restore()
  }
})

test('a question that throws at once is reported as a failure', async () => {
  const clock = createManualClock()
  const restore = setClock(clock)
  const failed: unknown[] = []
  try {
    const task = latestOnly({
      delayMs: 10,
      ask: () => {
        throw new Error('boom')
      },
      onAnswer: () => undefined,
      onError: (error) => failed.push((error as Error).message),
    })
    task.schedule(1)
    clock.advance(10)
    await settle()
    assert.equal(failed, ['boom'])
  } finally {
    restore()
  }
})

test.run()
