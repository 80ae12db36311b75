// The receipt wait's policy as SigKit hands it to viem (SPEC §9): 180 s, 1 confirmation, 6 retries
// of a failed receipt read waiting 200 ms doubling. The wait itself against anvil (mined, replaced,
// timed out): tests/integration/eip155/receipt-replacement.test.ts and rpc-policy.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { PublicClient } from 'viem'
import { receiptRetryDelay, waitForReceipt } from '../../../../src/chains/eip155/receipt'
import { RECEIPT_WAIT } from '../../../../src/core/constants'

/** A client whose receipt wait notes what it was asked and answers a mined receipt. */
function notingClient() {
  const asked: Record<string, any>[] = []
  const client = {
    waitForTransactionReceipt: async (parameters: Record<string, any>) => {
      asked.push(parameters)
      return { transactionHash: parameters['hash'], status: 'success' }
    },
  } as unknown as PublicClient
  return { client, asked }
}

test('the production wait: 180000 ms, 1 confirmation, 6 retries at 200, 400, 800 … 6400 ms', async () => {
  const { client, asked } = notingClient()
  assert.equal(await waitForReceipt(client, '0xab'), { hash: '0xab', status: 'success' })
  const [parameters] = asked
  assert.is(parameters!['timeout'], 180_000)
  assert.is(parameters!['confirmations'], 1)
  assert.is(parameters!['retryCount'], 6)
  const delays = [0, 1, 2, 3, 4, 5].map((count) => parameters!['retryDelay']({ count, error: new Error('x') }))
  assert.equal(delays, [200, 400, 800, 1600, 3200, 6400])
  assert.equal(
    delays,
    [0, 1, 2, 3, 4, 5].map((count) => receiptRetryDelay(count)),
  )
  assert.is(RECEIPT_WAIT.timeoutMs, 180_000)
})

test('a shorter policy (tests) is handed over as given', async () => {
  const { client, asked } = notingClient()
  await waitForReceipt(client, '0xcd', { ...RECEIPT_WAIT, timeoutMs: 500, retryDelayMs: 10 })
  assert.is(asked[0]!['timeout'], 500)
  assert.is(asked[0]!['retryDelay']({ count: 2 }), 40)
})

test.run()
