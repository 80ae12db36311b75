/**
 * Waiting for a receipt with SPEC §9's policy (1 confirmation, 180 s, 6 retries from 200 ms
 * doubling), classing a replaced transaction as repriced, cancelled or replaced (SPEC §4), and
 * decoding a reverted transaction's reason (SPEC §8).
 */
import { BaseError, decodeErrorResult, type Hex, type PublicClient, type TransactionReceipt } from 'viem'
import type { ReceiptOutcome } from '../../core/state/adapters'
import { RECEIPT_WAIT } from '../../core/constants'

/** How a receipt is waited for: SPEC §9's {@link RECEIPT_WAIT}, or a shorter one in tests. */
export type ReceiptWaitPolicy = { readonly [Key in keyof typeof RECEIPT_WAIT]: number }

/**
 * Waits for `hash` to be mined and reports how it ended.
 *
 * @throws viem's WaitForTransactionReceiptTimeoutError after `policy.timeoutMs` (SPEC §8's timeout
 * error; `describeWalletError` tells it as 'Transaction confirmation timed out').
 * @example
 * ```ts
 * const { status, replaced } = await waitForReceipt(client, hash)
 * ```
 */
export async function waitForReceipt(
  client: PublicClient,
  hash: `0x${string}`,
  policy: ReceiptWaitPolicy = RECEIPT_WAIT,
): Promise<ReceiptOutcome> {
  let replaced: ReceiptOutcome['replaced']
  const receipt = await client.waitForTransactionReceipt({
    hash,
    confirmations: policy.confirmations,
    timeout: policy.timeoutMs,
    retryCount: policy.retries,
    retryDelay: ({ count }) => receiptRetryDelay(count, policy),
    onReplaced: (replacement) => {
      replaced = replacement.reason
    },
  })
  const reason = receipt.status === 'reverted' ? await revertReason(client, receipt) : undefined
  return {
    hash: receipt.transactionHash,
    status: receipt.status,
    ...(replaced ? { replaced } : {}),
    ...(reason ? { reason } : {}),
  }
}

/**
 * The wait before retry `count` (0-based) of a failed receipt read: 200, 400, 800 ms… (SPEC §9).
 * @internal
 */
export function receiptRetryDelay(count: number, policy: ReceiptWaitPolicy = RECEIPT_WAIT): number {
  return policy.retryDelayMs * 2 ** count
}

/**
 * Why a mined transaction reverted: a receipt has no reason, so the transaction is replayed with
 * eth_call on the state of its block, which reverts the same way. Undefined when the replay
 * succeeds (the state moved on) or the node gives no reason.
 * @internal
 */
export async function revertReason(client: PublicClient, receipt: TransactionReceipt): Promise<string | undefined> {
  try {
    const tx = await client.getTransaction({ hash: receipt.transactionHash })
    await client.call({
      account: tx.from,
      ...(tx.to ? { to: tx.to } : {}),
      data: tx.input,
      value: tx.value,
      gas: tx.gas,
      blockNumber: receipt.blockNumber,
    })
    return undefined
  } catch (error) {
    return reasonOf(error)
  }
}

function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  // The node's revert data decodes to Error(string) or Panic(uint256) without an ABI.
  const withData = error.walk((cause) => typeof (cause as { data?: unknown }).data === 'string') as {
    data?: Hex
  } | null
  if (withData?.data && withData.data.length > 2) {
    try {
      const decoded = decodeErrorResult({ abi: [], data: withData.data })
      const [first] = decoded.args ?? []
      if (decoded.errorName === 'Error' && typeof first === 'string') return first
      if (decoded.errorName === 'Panic') return `Panic(${String(first)})`
    } catch {
      // Custom errors need the contract's ABI; fall back to what the node said.
    }
  }
  const withReason = error.walk((cause) => typeof (cause as { reason?: unknown }).reason === 'string') as {
    reason?: string
  } | null
  return withReason?.reason || undefined
}
