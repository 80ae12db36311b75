/**
 * Test support: no entry point imports this file, so nothing of it ships. Unit tests share one
 * process per file and core keeps its state in modules, so each test puts core back to a page
 * that never called createAppKit with this one call instead of picking the modules it touched.
 *
 * Features, views and connectors keep state of their own; core may not import them, so the unit
 * tests' `resetAllState` (tests/unit/helpers/reset.ts) adds their resets to this one.
 *
 * Left alone on purpose: core-event subscribers, as features subscribe when their module is
 * imported and no reset can import a module again; and the adapter loaders, which each
 * createAppKit registers again.
 */
import { CHAIN_NAMESPACES, DEFAULT_THEME_MODE } from './constants'
import { resetEvents } from './analytics'
import { resetAppKitState } from './config/appkit-state'
import { resetFeatures } from './config/features'
import { resetRemoteConfig } from './config/remote-config'
import { themeState } from './config/theme'
import { removeConnectedConnectorId } from './lib/storage'
import { resetAlerts } from './modal/alerts'
import { viewHistory } from './modal/history'
import { resetModal } from './modal/modal'
import { hideToast } from './modal/toasts'
import { clearTransactionStack } from './modal/transaction-stack'
import { resetEventBatch } from './pulse-batch'
import { resetAllAccounts } from './state/account'
import { connectionSignals, resetWcConnection } from './state/connection'
import { connectorsState } from './state/connectors'
import { resetAllNetworks } from './state/network'
import { resetBalances } from './wallet/balances'
import { resetIdentity } from './wallet/identity'
import { connectingState } from './wallet/connect'
import { stopTabSync } from './wallet/tab-sync'
import { switchingTo } from './wallet/switch-network'
import { resetLog } from '../lib/logger'

/**
 * Puts every core module back to its state on a page that never called createAppKit: a closed
 * modal on Connect with no renderer, no options, accounts, networks, connections, connectors or
 * stored connector ids, default features and theme, and no alert, toast, event listener, queued
 * event or cached balance.
 *
 * @internal
 * @example
 * ```ts
 * test.before.each(() => resetCoreState())
 * ```
 */
export function resetCoreState(): void {
  resetModal()
  viewHistory.value = [{ view: 'Connect' }]
  clearTransactionStack()
  hideToast()
  resetAlerts()

  resetAllAccounts()
  resetAllNetworks()
  resetWcConnection()
  connectionSignals.connections.value = new Map()
  connectorsState.value = []
  for (const namespace of CHAIN_NAMESPACES) removeConnectedConnectorId(namespace)
  connectingState.connectorId.value = undefined
  connectingState.error.value = undefined
  switchingTo.value = undefined
  resetBalances()
  resetIdentity()
  stopTabSync()

  resetAppKitState()
  resetFeatures()
  resetRemoteConfig()
  themeState.mode.value = DEFAULT_THEME_MODE
  themeState.variables.value = {}

  resetEvents()
  resetLog()
  resetEventBatch()
}
