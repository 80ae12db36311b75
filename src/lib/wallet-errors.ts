/**
 * Wallet RPC error codes (SPEC §8) and what the visitor is told. Wallets and libraries wrap errors
 * differently (viem nests the wallet's error in `cause`), so the code is searched along the chain.
 * An RPC error's own text reaches the visitor only with the `debug` option (SPEC §8); it always
 * goes to the log. A failed transaction's kind is told by `describeTransactionError`
 * (execution-errors.ts), loaded only with the flows that send one.
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

/**
 * EIP-5792's capability, bundle and atomicity errors (SPEC §8: 5700 to 5760), with the EIP's own
 * descriptions (viem's errors say the same).
 */
export const CAPABILITY_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  5700: 'This Wallet does not support a capability that was not marked as optional.',
  5710: 'This Wallet does not support the requested chain ID.',
  5720: 'There is already a bundle submitted with this ID.',
  5730: 'This bundle id is unknown / has not been submitted',
  5740: 'The call bundle is too large for the Wallet to process.',
  5750: 'The Wallet can support atomicity after an upgrade, but the user rejected the upgrade.',
  5760: 'The wallet does not support atomic execution but the request requires it.',
}

/** A code in the EIP-5792 range without a message of its own. */
const CAPABILITY_ERROR_FALLBACK = 'The wallet cannot do this (capability not supported)'

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
 * A short message for the visitor: the meaning of a known code, SigKit's own error's message; any other RPC error's text only with the `debug` option (else
 * {@link GENERIC_RPC_ERROR_TEXT}).
 *
 * @example
 * ```ts
 * describeWalletError({ code: 4902 }) // 'The wallet does not know this network'
 * ```
 */
export function describeWalletError(error: unknown): string {
  const code = walletErrorCode(error)
  if (code !== undefined && MESSAGES[code]) return MESSAGES[code]
  if (code !== undefined && code >= 5700 && code <= 5760)
    return CAPABILITY_ERROR_MESSAGES[code] ?? CAPABILITY_ERROR_FALLBACK
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

/**
 * An error and its `cause`s, outermost first (at most 6).
 * @internal
 */
export function causeChain(error: unknown): Record<string, unknown>[] {
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
