/**
 * `sigkit`: `createAppKit`, the core types and the headless controllers. Framework-free; the modal
 * UI and every optional section load on demand.
 * @packageDocumentation
 */
import { createAppKitWith } from './app-kit'

/**
 * Creates the modal for this page from `options`: validates them, sets up state and registers the
 * `<appkit-button>` element. Touches no network: remote configuration is fetched on first open.
 * Throws `AppKitOptionsError` on invalid options (e.g. 'Cannot set both `siweConfig` and `siwx` options').
 * @example
 * ```ts
 * import { createAppKit } from 'sigkit'
 * const appKit = createAppKit({ projectId: 'YOUR_PROJECT_ID', networks: [mainnet] })
 * appKit.open()
 * ```
 */
export const createAppKit = /* @__PURE__ */ createAppKitWith(() =>
  import('./ui/button/element').then((button) => button.defineAppKitButton()),
)

export type { AppKit, AppKitState } from './app-kit'
export type { AppKitOptions, AppKitFeatures, AppKitMetadata } from './core/options'
export { AppKitOptionsError } from './core/options'
export type * from './core/types'

// Headless controllers: the same state the modal renders, for dapps that build their own UI.
export { openModal, closeModal, modalState, addCloseGuard, type OpenModalOptions } from './core/modal'
export { routerState, currentView, pushView, replaceView, resetView, goBack, goBackToIndex } from './core/router'
export { toastState, showLoadingToast, showSuccessToast, showErrorToast, hideToast } from './core/toasts'
export { alertState, showAlert, hideAlert, ALERTS } from './core/alerts'
export { featuresState, featuresNotice } from './core/features'
export { themeState, setThemeMode, setThemeVariables } from './core/appkit-state'
export {
  getAccountState,
  activeNamespace,
  activeAddress,
  activeCaipAddress,
  activeBalance,
  isConnected,
} from './core/account'
export { getNetworkState, requestedNetworks, activeCaipNetwork, selectedNetworkId } from './core/network'
export { connectionState } from './core/connection'
export { orderedConnectors, type ConnectorInfo, type ConnectorType } from './core/connectors'
export { eventsState, subscribeEvents } from './core/events'
export {
  parseCaipAddress,
  parseCaipNetworkId,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
} from './core/caip'
