// Waiting for a Solana transaction (SPEC §8 "Transaction wait times out with a timeout error", §9
// receipt wait) against the sandbox's local Solana network: a landed transaction is confirmed, a
// signature the network never saw ends with the timeout error once the wait's time is up.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createSolanaRpc, getBase58Decoder } from '@solana/kit'
import { startSolana } from '../../../demo/sandbox/solana.mjs'
import { waitForConfirmation } from '../../../src/chains/solana/confirm'
import { RECEIPT_WAIT } from '../../../src/core/constants'
import type { SolanaRpc } from '../../../src/chains/solana/rpc'
import { rejection } from '../eip155/helpers'

let solana: Awaited<ReturnType<typeof startSolana>>
let rpc: SolanaRpc

test.before(async () => {
  solana = await startSolana()
  rpc = createSolanaRpc(solana.rpcUrl) as unknown as SolanaRpc
})
test.after(async () => {
  await solana?.stop()
})

test('a landed transaction is confirmed', async () => {
  const recipient = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  const signature = await (rpc as any).requestAirdrop(recipient, 1_000_000n).send()
  const outcome = await waitForConfirmation(rpc, signature, { timeoutMs: 5000, retryDelayMs: 20 })
  assert.equal(outcome, { hash: signature, status: 'success' })
})

test('a signature the network never saw: the timeout error when the wait is up (180 s in production)', async () => {
  assert.is(RECEIPT_WAIT.timeoutMs, 180_000)
  const unknown = getBase58Decoder().decode(new Uint8Array(64).fill(7))
  const started = Date.now()
  const error = await rejection(waitForConfirmation(rpc, unknown, { timeoutMs: 600, retryDelayMs: 50 }))
  const waited = Date.now() - started
  assert.is(error.message, 'Transaction confirmation timed out')
  assert.ok(waited >= 600 && waited < 3000, `gave up after ${waited} ms`)
})

test.run()
