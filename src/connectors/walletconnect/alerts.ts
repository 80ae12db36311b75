/**
 * SPEC §8: alerts mapped from universal-provider errors. The hosted relay refuses a socket it
 * will not serve by closing it with code 3000 and a reason; the provider reports that as
 * `WebSocket connection closed abnormally with code: 3000 (<reason>)`. The reasons that mean a
 * misconfiguration the dapp developer must fix open an alert (each once per page, as every alert).
 */
import type { AlertDefinition } from '../../core/connector'

/** An error text of the universal provider, and the alert it opens. */
interface MappedError {
  /** Text the error's message contains. */
  match: string
  /** The alert, or `appConfiguration` for core's invalid-app-configuration alert. */
  alert: AlertDefinition | 'appConfiguration'
}

/** The alerts of the WalletConnect connector (beyond core's invalid-app-configuration). */
export const WALLETCONNECT_ALERTS = {
  INVALID_PROJECT_ID: {
    code: 'SK201',
    shortMessage: 'Invalid App Configuration',
    longMessage: "WalletConnect's relay refused the project id: check the projectId given to createAppKit.",
  },
  JWT_TOKEN_NOT_VALID: {
    code: 'SK202',
    shortMessage: 'Session Expired',
    longMessage:
      "WalletConnect's relay refused this client's token (not yet valid): check the device's clock, then connect again.",
  },
} as const satisfies Record<string, AlertDefinition>

/** The universal-provider errors that open an alert, by the relay's reason. */
export const UNIVERSAL_PROVIDER_ERRORS: readonly MappedError[] = [
  { match: 'Unauthorized: origin not allowed', alert: 'appConfiguration' },
  { match: 'JWT validation error: JWT Token is not yet valid', alert: WALLETCONNECT_ALERTS.JWT_TOKEN_NOT_VALID },
  { match: 'Unauthorized: invalid key', alert: WALLETCONNECT_ALERTS.INVALID_PROJECT_ID },
]

/**
 * The alert a universal-provider error maps to, if any (`appConfiguration`: core's
 * invalid-app-configuration alert).
 *
 * @example
 * ```ts
 * alertForProviderError(new Error('WebSocket connection closed abnormally with code: 3000 (Unauthorized: invalid key)'))
 * // WALLETCONNECT_ALERTS.INVALID_PROJECT_ID
 * ```
 */
export function alertForProviderError(error: unknown): MappedError['alert'] | undefined {
  const message = (error as { message?: unknown } | null)?.message
  if (typeof message !== 'string') return undefined
  return UNIVERSAL_PROVIDER_ERRORS.find((entry) => message.includes(entry.match))?.alert
}
