/**
 * Waiting for a Solana transaction to be confirmed, by polling its status (light next to a
 * WebSocket subscription client, and it works through any HTTP RPC).
 */
import type { Signature } from '@solana/kit'
import type { ReceiptOutcome } from '../../core/state/adapters'
import { clock, sleep } from '../../lib/clock'
import { RECEIPT_WAIT } from '../../core/constants'
import type { SolanaRpc } from './rpc'

const MAX_POLL_DELAY_MS = 2000

/**
 * Resolves once `signature` is confirmed: `success`, or `reverted` when the transaction failed.
 *
 * @throws Error 'Transaction confirmation timed out' after SPEC §9's receipt timeout (`policy`
 * shortens it in tests).
 * @example
 * ```ts
 * const { status } = await waitForConfirmation(rpc, signature)
 * ```
 */
export async function waitForConfirmation(
  rpc: SolanaRpc,
  signature: string,
  policy: { readonly timeoutMs: number; readonly retryDelayMs: number } = RECEIPT_WAIT,
): Promise<ReceiptOutcome> {
  const deadline = clock.now() + policy.timeoutMs
  for (let attempt = 0; clock.now() < deadline; attempt++) {
    const { value } = await rpc
      .getSignatureStatuses([signature as Signature], { searchTransactionHistory: true })
      .send()
    const status = value[0]
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) {
      return { hash: signature, status: status.err ? 'reverted' : 'success' }
    }
    await sleep(Math.min(policy.retryDelayMs * 2 ** attempt, MAX_POLL_DELAY_MS))
  }
  throw new Error('Transaction confirmation timed out')
}
