/**
 * SPEC §5 transaction rules, checked before anything reaches the wallet.
 */
import { isAddress } from 'viem'

/** The fields the rules look at. */
export interface TransactionFields {
  from: string
  to?: string
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
}

const MAX_UINT256 = 2n ** 256n - 1n

/** Texts of the rule violations. */
export const TRANSACTION_ERRORS = {
  mixedFees: 'Cannot specify both gasPrice and maxFeePerGas/maxPriorityFeePerGas',
  tipAboveMax: 'maxPriorityFeePerGas cannot be higher than maxFeePerGas',
  maxFeeTooHigh: 'maxFeePerGas cannot be higher than 2^256-1',
  invalidFrom: 'Invalid from address',
  invalidTo: 'Invalid to address',
} as const

/**
 * Throws the first rule a transaction breaks: gasPrice combined with EIP-1559 fees, a priority fee
 * above the max fee, a max fee above 2^256-1, or an invalid from/to address.
 *
 * @example
 * ```ts
 * assertTransactionRules({ from, to, maxFeePerGas: 10n, maxPriorityFeePerGas: 20n }) // throws
 * ```
 */
export function assertTransactionRules(tx: TransactionFields): void {
  if (tx.gasPrice !== undefined && (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined)) {
    throw new Error(TRANSACTION_ERRORS.mixedFees)
  }
  if (tx.maxFeePerGas !== undefined && tx.maxFeePerGas > MAX_UINT256) throw new Error(TRANSACTION_ERRORS.maxFeeTooHigh)
  if (
    tx.maxFeePerGas !== undefined &&
    tx.maxPriorityFeePerGas !== undefined &&
    tx.maxPriorityFeePerGas > tx.maxFeePerGas
  ) {
    throw new Error(TRANSACTION_ERRORS.tipAboveMax)
  }
  if (!isAddress(tx.from, { strict: false })) throw new Error(TRANSACTION_ERRORS.invalidFrom)
  if (tx.to !== undefined && !isAddress(tx.to, { strict: false })) throw new Error(TRANSACTION_ERRORS.invalidTo)
}
