// SPEC §9's time constants and RPC limits, each named by what it times. A change of any value here
// is a change of the contract: these fail first. The behaviour behind each is tested where it is
// applied (RPC transport: tests/unit/chains/eip155/client.test.ts; receipt wait:
// tests/unit/chains/eip155/receipt.test.ts and the integration rpc-policy test; query retry:
// tests/unit/core/lib/http.test.ts; disconnect wait: tests/unit/core/wallet/).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  DEFAULT_LOG_LEVEL,
  DISCONNECT_WAIT_MS,
  LOG_BUFFER_SIZE,
  MULTICALL_BATCH_SIZE,
  QUERY_RETRY,
  RECEIPT_WAIT,
  RPC_RETRY,
  RPC_TIMEOUT_MS,
} from '../../../src/core/constants'
import { FRAME_TIMING } from '../../../src/connectors/embedded/protocol'

test('disconnect wait: 3000 ms', () => {
  assert.is(DISCONNECT_WAIT_MS, 3000)
})

test('the other time constants (10 s, 5 s, 3 s, 1 s), each with its purpose', () => {
  assert.is(RPC_TIMEOUT_MS, 10_000, '10 s: one RPC attempt')
  assert.is(FRAME_TIMING.heartbeatMs, 5000, '5 s: the embedded wallet heartbeat')
  assert.is(DISCONNECT_WAIT_MS, 3000, '3 s: the wallet is waited for on disconnect')
  assert.is(QUERY_RETRY.baseDelayMs, 1000, '1 s: the first hosted-API retry wait')
})

test('RPC: 3 retries, 150 ms doubling, 8192-entry de-duplication, 10 s timeout, multicall batches of 1024', () => {
  assert.equal(RPC_RETRY, { retries: 3, delayMs: 150, dedupeCacheSize: 8192 })
  assert.is(RPC_TIMEOUT_MS, 10_000)
  assert.is(MULTICALL_BATCH_SIZE, 1024)
})

test('receipt wait: 180000 ms, 1 confirmation, 6 retries from 200 ms', () => {
  assert.equal(RECEIPT_WAIT, { timeoutMs: 180_000, confirmations: 1, retries: 6, retryDelayMs: 200 })
})

test('log: about 1 MB kept, level info by default', () => {
  assert.is(LOG_BUFFER_SIZE, 1_048_576)
  assert.is(DEFAULT_LOG_LEVEL, 'info')
})

test.run()
