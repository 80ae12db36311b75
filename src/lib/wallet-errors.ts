/**
 * Wallet RPC error codes (SPEC §8) and what the visitor is told. Wallets and libraries wrap errors
 * differently (viem nests the wallet's error in `cause`), so the code is searched along the chain.
 * A failed transaction is told by its kind (SPEC §8's typed execution errors) before its code, since
 * nodes answer most of them with the same -32000. Any other RPC error's own text reaches the visitor
 * only with the `debug` option (SPEC §8); it always goes to the log.
 */
import { isDebugOn, log } from './logger'
import { isRecord } from './validate'

/** EIP-1193 / EIP-1474 codes SigKit reacts to. */
export const WALLET_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidInput: -32000,
  resourceNotFound: -32001,
  resourceUnavailable: -32002,
  transactionRejected: -32003,
  methodNotSupported: -32004,
  limitExceeded: -32005,
  jsonRpcVersionUnsupported: -32006,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  parse: -32700,
} as const

/** What the visitor is told for an RPC error whose own text is for developers (no `debug` option). */
export const GENERIC_RPC_ERROR_TEXT = 'Something went wrong'

const MESSAGES: Record<number, string> = {
  4001: 'User rejected the request',
  4100: 'The wallet has not authorized this request',
  4200: 'The wallet does not support this method',
  4900: 'The wallet is disconnected',
  4901: 'The wallet is not connected to this network',
  4902: 'The wallet does not know this network',
  // The standard JSON-RPC errors (EIP-1474).
  [-32700]: 'The request could not be parsed',
  [-32600]: 'The request is not valid',
  [-32601]: 'The method does not exist',
  [-32602]: 'The request has invalid parameters',
  [-32603]: 'The wallet or network had an internal error',
  [-32000]: 'The request input is not valid',
  [-32001]: 'The requested resource was not found',
  [-32002]: 'The requested resource is not available',
  [-32003]: 'The transaction was rejected',
  [-32004]: 'The method is not supported',
  [-32005]: 'The request exceeds a limit, try again later',
  [-32006]: 'The JSON-RPC version is not supported',
}

// The rest of the reserved range -32700..-32000 (implementation-defined server errors).
const OTHER_JSON_RPC_TEXT = 'The network could not process the request'

/** SPEC §8's typed execution errors: why a transaction cannot be (or was not) executed. */
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
 * The first numeric `code` found on an error or its `cause` chain.
 *
 * @example
 * ```ts
 * walletErrorCode({ cause: { code: 4001 } }) // 4001
 * ```
 */
export function walletErrorCode(error: unknown): number | undefined {
  for (const link of causeChain(error)) if (typeof link['code'] === 'number') return link['code']
  return undefined
}

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
 * Whether the person declined in their wallet (code 4001, or a wallet that only says so in words).
 *
 * @example
 * ```ts
 * if (isUserRejection(error)) showErrorToast('Signature declined')
 * ```
 */
export function isUserRejection(error: unknown): boolean {
  if (walletErrorCode(error) === WALLET_ERROR_CODES.userRejected) return true
  return /user (rejected|denied|cancelled)/i.test(errorMessage(error))
}

/**
 * A short message for the visitor: the kind of a failed transaction, the meaning of a known code,
 * SigKit's own error's message; any other RPC error's text only with the `debug` option (else
 * {@link GENERIC_RPC_ERROR_TEXT}).
 *
 * @example
 * ```ts
 * describeWalletError({ code: 4902 }) // 'The wallet does not know this network'
 * ```
 */
export function describeWalletError(error: unknown): string {
  const kind = executionErrorKind(error)
  if (kind) return kind === 'reverted' ? revertedText(error) : EXECUTION_ERRORS.find(([k]) => k === kind)![3]
  const code = walletErrorCode(error)
  if (code !== undefined && MESSAGES[code]) return MESSAGES[code]
  if (code !== undefined && code >= 5700 && code <= 5760) return 'The wallet cannot do this (capability not supported)'
  if (code !== undefined && code <= -32000 && code >= -32700) return OTHER_JSON_RPC_TEXT
  // viem's messages carry a multi-line report; the first line is the one a person can read.
  const text = errorMessage(error).split('\n')[0]?.trim()
  if (!isRpcError(error)) return text || GENERIC_RPC_ERROR_TEXT
  log('warn', 'wallet or RPC error', error)
  return (isDebugOn() && text) || GENERIC_RPC_ERROR_TEXT
}

// A wallet's or node's error (a numeric code, or one of viem's errors, which carry `shortMessage`),
// as opposed to SigKit's own errors, whose texts are written for the visitor.
function isRpcError(error: unknown): boolean {
  return causeChain(error).some((link) => typeof link['code'] === 'number' || typeof link['shortMessage'] === 'string')
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

function causeChain(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = []
  for (let current: unknown = error; chain.length < 6 && isRecord(current); current = current['cause'])
    chain.push(current)
  return chain
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return (error as { shortMessage?: string }).shortMessage ?? error.message
  if (isRecord(error) && typeof error['message'] === 'string') return error['message']
  return typeof error === 'string' ? error : ''
}
