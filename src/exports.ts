// Everything `sigkit` exports except `createAppKit`, whose button loading differs per build.

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
export { eventsState, subscribeEvents } from './core/events'
export {
  parseCaipAddress,
  parseCaipNetworkId,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
} from './core/caip'
