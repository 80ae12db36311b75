/**
 * Waiting for a receipt with SPEC §9's policy (1 confirmation, 180 s, 6 retries from 200 ms
 * doubling), classing a replaced transaction as repriced, cancelled or replaced (SPEC §4).
 */
import type { PublicClient } from 'viem'
import type { ReceiptOutcome } from '../../core/state/adapters'
import { RECEIPT_WAIT } from '../../core/limits'

/**
 * Waits for `hash` to be mined and reports how it ended.
 *
 * @example
 * ```ts
 * const { status, replaced } = await waitForReceipt(client, hash)
 * ```
 */
export async function waitForReceipt(client: PublicClient, hash: `0x${string}`): Promise<ReceiptOutcome> {
  let replaced: ReceiptOutcome['replaced']
  const receipt = await client.waitForTransactionReceipt({
    hash,
    confirmations: RECEIPT_WAIT.confirmations,
    timeout: RECEIPT_WAIT.timeoutMs,
    retryCount: RECEIPT_WAIT.retries,
    retryDelay: ({ count }) => RECEIPT_WAIT.retryDelayMs * 2 ** count,
    onReplaced: (replacement) => {
      replaced = replacement.reason
    },
  })
  return { hash: receipt.transactionHash, status: receipt.status, ...(replaced ? { replaced } : {}) }
}
