/**
 * Why a WalletConnect connection did not happen. The connecting view tells the visitor which of
 * these it was: WalletConnect that could not start is not a wallet that said no.
 */

/**
 * - `start`: the provider did not start (its code failed to load, or its set-up threw).
 * - `relay`: no pairing code within {@link WALLETCONNECT_START_TIMEOUT_MS}: the relay did not answer.
 * - `declined`: the wallet said no.
 * - `unsupported`: the wallet has none of the dapp's networks.
 * - `expired`: the pairing code expired before a wallet answered.
 * - `failed`: anything else after the code was shown.
 */
export type WalletConnectFailureReason = 'start' | 'relay' | 'declined' | 'unsupported' | 'expired' | 'failed'

/** How long the pairing code may take to appear before the relay counts as unreachable. */
export const WALLETCONNECT_START_TIMEOUT_MS = 10_000

/** A WalletConnect connection that did not happen, with why. */
export class WalletConnectError extends Error {
  readonly reason: WalletConnectFailureReason
  constructor(reason: WalletConnectFailureReason, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'WalletConnectError'
    this.reason = reason
  }
}

/**
 * Sorts what a pairing threw: before its code was shown, WalletConnect did not start; after, the
 * wallet's answer (WalletConnect's SDK codes: 5000–5099 rejected, 5100–5199 unsupported, and
 * EIP-1193's 4001) or an expiry decides.
 *
 * @example
 * ```ts
 * toWalletConnectError({ code: 5000, message: 'User rejected.' }, true).reason // 'declined'
 * ```
 */
export function toWalletConnectError(error: unknown, codeShown: boolean): WalletConnectError {
  if (error instanceof WalletConnectError) return error
  const message = messageOf(error)
  if (!codeShown) return new WalletConnectError('start', message, error)
  const code = (error as { code?: unknown } | null)?.code
  if (code === 4001 || (typeof code === 'number' && code >= 5000 && code < 5100))
    return new WalletConnectError('declined', message, error)
  if (typeof code === 'number' && code >= 5100 && code < 5200)
    return new WalletConnectError('unsupported', message, error)
  if (/expired/i.test(message)) return new WalletConnectError('expired', message, error)
  return new WalletConnectError('failed', message, error)
}

function messageOf(error: unknown): string {
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.trim() ? message.trim().slice(0, 200) : 'Unknown error'
}
