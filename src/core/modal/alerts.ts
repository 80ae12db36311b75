/**
 * Modal alerts: configuration problems the dapp developer must fix. Each alert code is shown at
 * most once per page load (SPEC §8), so a misconfiguration does not nag on every open.
 */
import { assignSignals, signalsOf, type SignalsOf } from '../../lib/signals'
import type { AlertVariant } from '../types'
import { log } from '../../lib/logger'

/** A known alert. */
export interface AlertDefinition {
  code: string
  shortMessage: string
  longMessage: string
}

/** The alerts core raises. */
export const ALERTS = {
  PROJECT_ID_NOT_CONFIGURED: {
    code: 'SK001',
    shortMessage: 'Project ID Not Configured',
    longMessage: 'No project id was given to createAppKit. Create a project on the dashboard and pass its id.',
  },
  INVALID_APP_CONFIGURATION: {
    code: 'SK002',
    shortMessage: 'Invalid App Configuration',
    longMessage: "This page's origin is not in the project's allowed origins. Add it in the dashboard.",
  },
  SWITCH_NETWORK_NOT_FOUND: {
    code: 'SK003',
    shortMessage: 'Network Not Found',
    longMessage: 'The network to switch to is not among the networks this app supports.',
  },
} as const satisfies Record<string, AlertDefinition>

/** What the alert shows, and whether it is on screen. */
export interface AlertValues {
  open: boolean
  message: string
  variant: AlertVariant
  /** Code of the alert on screen. */
  code: string | undefined
}

/** The alert signals. */
export type AlertSignals = SignalsOf<AlertValues>

const NO_ALERT: AlertValues = { open: false, message: '', variant: 'error', code: undefined }

/** Current alert state. */
export const alertState: AlertSignals = signalsOf(NO_ALERT)

const shownCodes = new Set<string>()

/**
 * Shows an alert, unless its code was already shown on this page.
 *
 * @returns whether it was shown.
 * @example
 * ```ts
 * showAlert(ALERTS.PROJECT_ID_NOT_CONFIGURED)
 * ```
 */
export function showAlert(alert: AlertDefinition, variant: AlertVariant = 'error'): boolean {
  if (shownCodes.has(alert.code)) return false
  shownCodes.add(alert.code)
  assignSignals(alertState, { message: alert.shortMessage, variant, code: alert.code, open: true })
  // Developers look in the console first; the long message says how to fix it.
  log('warn', `${alert.code}: ${alert.longMessage}`)
  return true
}

/**
 * Hides the alert on screen.
 *
 * @example
 * ```ts
 * hideAlert()
 * ```
 */
export function hideAlert(): void {
  alertState.open.value = false
}

/** @internal Forgets which alerts were shown (tests). */
export function resetAlerts(): void {
  shownCodes.clear()
  assignSignals(alertState, NO_ALERT)
}
