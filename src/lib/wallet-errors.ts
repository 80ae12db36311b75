/**
 * Wallet RPC error codes (SPEC §8) and what the visitor is told. Wallets and libraries wrap errors
 * differently (viem nests the wallet's error in `cause`), so the code is searched along the chain.
 */
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
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  parse: -32700,
} as const

const MESSAGES: Record<number, string> = {
  4001: 'User rejected the request',
  4100: 'The wallet has not authorized this request',
  4200: 'The wallet does not support this method',
  4900: 'The wallet is disconnected',
  4901: 'The wallet is not connected to this network',
  4902: 'The wallet does not know this network',
}

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
  let current: unknown = error
  for (let depth = 0; depth < 6 && isRecord(current); depth++) {
    if (typeof current['code'] === 'number') return current['code']
    current = current['cause']
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
 * A short message for the visitor: the wallet's meaning for known codes, else the error's message.
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
  const message = errorMessage(error)
  // viem's messages carry a multi-line report; the first line is the one a person can read.
  return message.split('\n')[0]?.trim() || 'Something went wrong'
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return (error as { shortMessage?: string }).shortMessage ?? error.message
  if (isRecord(error) && typeof error['message'] === 'string') return error['message']
  return typeof error === 'string' ? error : ''
}
