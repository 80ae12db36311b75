/**
 * SPEC §8's typed execution errors: why a transaction cannot be (or was not) executed, told to the
 * visitor in words. Apart from wallet-errors.ts because only the flows that send a transaction need
 * it (send, swap, pay), and it would weigh on the connection code every connector loads.
 */
import { causeChain, describeWalletError } from './wallet-errors'

/** The kinds of typed execution error. */
export type ExecutionErrorKind =
  | 'reverted'
  | 'feeCapTooHigh'
  | 'feeCapTooLow'
  | 'nonceTooHigh'
  | 'nonceTooLow'
  | 'nonceMaxValue'
  | 'insufficientFunds'
  | 'intrinsicGasTooHigh'
  | 'intrinsicGasTooLow'
  | 'transactionTypeNotSupported'
  | 'tipAboveFeeCap'
  | 'receiptTimeout'

// Each kind: viem's error class name, the node messages that mean it (viem's own patterns, for a
// wallet that passes the node's text on without viem), and the visitor's text.
const EXECUTION_ERRORS: readonly (readonly [ExecutionErrorKind, string, RegExp | undefined, string])[] = [
  [
    'reverted',
    'ExecutionRevertedError',
    /execution reverted|gas required exceeds allowance/,
    'The transaction would fail',
  ],
  [
    'feeCapTooHigh',
    'FeeCapTooHighError',
    /max fee per gas higher than 2\^256-1|fee cap higher than 2\^256-1/,
    'The fee cap is higher than the highest allowed value',
  ],
  [
    'feeCapTooLow',
    'FeeCapTooLowError',
    /max fee per gas less than block base fee|fee cap less than block base fee|transaction is outdated/,
    "The fee cap is lower than the network's base fee",
  ],
  ['nonceTooHigh', 'NonceTooHighError', /nonce too high/, 'The nonce is higher than the next one expected'],
  [
    'nonceTooLow',
    'NonceTooLowError',
    /nonce too low|transaction already imported|already known/,
    'The nonce was already used by another transaction',
  ],
  ['nonceMaxValue', 'NonceMaxValueError', /nonce has max value/, 'The nonce has reached its highest value'],
  [
    'insufficientFunds',
    'InsufficientFundsError',
    /insufficient funds|exceeds transaction sender account balance/,
    'Insufficient funds for the amount and the network fee',
  ],
  [
    'intrinsicGasTooHigh',
    'IntrinsicGasTooHighError',
    /intrinsic gas too high|gas limit reached/,
    "The gas limit is above the block's limit",
  ],
  [
    'intrinsicGasTooLow',
    'IntrinsicGasTooLowError',
    /intrinsic gas too low/,
    'The gas limit is too low for this transaction',
  ],
  [
    'transactionTypeNotSupported',
    'TransactionTypeNotSupportedError',
    /transaction type not valid/,
    'The network does not support this transaction type',
  ],
  [
    'tipAboveFeeCap',
    'TipAboveFeeCapError',
    /max priority fee per gas higher than max fee per gas|tip higher than fee cap/,
    'The priority fee is higher than the fee cap',
  ],
  ['receiptTimeout', 'WaitForTransactionReceiptTimeoutError', undefined, 'Transaction confirmation timed out'],
]

/**
 * The typed execution error an error carries (SPEC §8): viem's class along the `cause` chain, or a
 * node's message that means one (as a wallet passes it on).
 *
 * @example
 * ```ts
 * executionErrorKind(new Error('nonce too low')) // 'nonceTooLow'
 * ```
 */
export function executionErrorKind(error: unknown): ExecutionErrorKind | undefined {
  const chain = causeChain(error)
  for (const link of chain) {
    const match = EXECUTION_ERRORS.find(([, name]) => link['name'] === name)
    if (match) return match[0]
  }
  for (const link of chain) {
    const message = typeof link['message'] === 'string' ? link['message'].toLowerCase() : ''
    const match = EXECUTION_ERRORS.find(([, , pattern]) => pattern?.test(message))
    if (match) return match[0]
  }
  return undefined
}

/**
 * What the visitor is told when a transaction fails: its kind when it has one (checked before the
 * code, since nodes answer most of them with the same -32000), else as {@link describeWalletError}.
 *
 * @example
 * ```ts
 * describeTransactionError(new Error('insufficient funds for gas * price + value'))
 * // 'Insufficient funds for the amount and the network fee'
 * ```
 */
export function describeTransactionError(error: unknown): string {
  const kind = executionErrorKind(error)
  if (!kind) return describeWalletError(error)
  return kind === 'reverted' ? revertedText(error) : EXECUTION_ERRORS.find(([candidate]) => candidate === kind)![3]
}

function revertedText(error: unknown): string {
  for (const link of causeChain(error)) {
    const text = typeof link['shortMessage'] === 'string' ? link['shortMessage'] : String(link['message'] ?? '')
    // viem: 'Execution reverted with reason: X.'; a node: 'execution reverted: X'.
    const reason = /reverted with reason: (.+?)\.?$|execution reverted: (.+)$/im.exec(text)
    const found = (reason?.[1] ?? reason?.[2])?.trim()
    if (found) return `The transaction would fail: ${found}`
  }
  return 'The transaction would fail for an unknown reason'
}
