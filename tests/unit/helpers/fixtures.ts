/**
 * Networks (from tests/helpers/networks) and options used across core tests, plus a full core
 * reset between tests.
 */
import { resetAllAccounts } from '../../../src/core/state/account'
import { resetAlerts } from '../../../src/core/modal/alerts'
import { resetAppKitState } from '../../../src/core/config/appkit-state'
import { resetWcConnection, connectionSignals } from '../../../src/core/state/connection'
import { resetEvents } from '../../../src/core/analytics'
import { resetFeatures } from '../../../src/core/config/features'
import { resetModal } from '../../../src/core/modal/modal'
import { resetAllNetworks } from '../../../src/core/state/network'
import { viewHistory } from '../../../src/core/modal/history'
import { themeState } from '../../../src/core/config/theme'
import { hideToast } from '../../../src/core/modal/toasts'
import { base, mainnet, solana } from '../../helpers/networks'

export { mainnet, base, solana }

/** Minimal valid options. */
export function validInput(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { projectId: 'test-project', networks: [mainnet, base, solana], ...extra }
}

/** Deep copy so a test can break one field without touching the shared fixture. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

/** Puts every core module back to its initial state. */
export function resetCore(): void {
  resetModal()
  resetAllAccounts()
  resetAllNetworks()
  resetFeatures()
  resetAlerts()
  resetEvents()
  resetAppKitState()
  resetWcConnection()
  connectionSignals.connections.value = new Map()
  hideToast()
  viewHistory.value = [{ view: 'Connect' }]
  themeState.mode.value = 'dark'
  themeState.variables.value = {}
}
