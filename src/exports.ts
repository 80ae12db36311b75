// Everything `sigkit` exports except `createAppKit`, whose button loading differs per build.

export type { AppKit, AppKitState } from './app-kit'
export type {
  AppKitOptions,
  AppKitFeatures,
  AppKitMetadata,
  EvmChain,
  IgnoredAppKitOptions,
} from './core/config/options'
export { AppKitOptionsError } from './core/config/options'
export type * from './core/types'

// Headless controllers: the same state the modal renders, for dapps that build their own UI.
export {
  modalState,
  openModal,
  closeModal,
  addCloseGuard,
  setEmbedded,
  type OpenModalOptions,
} from './core/modal/modal'
export { routerState, currentView, pushView, replaceView, resetView, goBack, goBackToIndex } from './core/modal/router'
export { toastState, showLoadingToast, showSuccessToast, showErrorToast, hideToast } from './core/modal/toasts'
export { alertState, showAlert, hideAlert, ALERTS } from './core/modal/alerts'
export { featuresState, featuresNotice } from './core/config/features'
export { themeState, setThemeMode, setThemeVariables } from './core/config/appkit-state'
export { setLocale, LOCALES, type Locale } from './i18n/locales'
export { localeState } from './i18n/translate'
export type { MessageKey, MessageOverrides, Message, PluralMessage, LocaleCatalogue } from './i18n/types'
export {
  getAccountState,
  activeNamespace,
  activeAddress,
  activeCaipAddress,
  activeBalance,
  isConnected,
} from './core/state/account'
export { getNetworkState, requestedNetworks, activeCaipNetwork, selectedNetworkId } from './core/state/network'
// Read-only to a dapp (the types say so): writing `modalState.open.value` would skip the close
// guards, and connection and account fields are the connectors' to set. The controllers here are
// the way to change them.
export { connectionState } from './core/state/connection'
export { eventsState, subscribeEvents } from './core/analytics'
export {
  parseCaipAddress,
  parseCaipNetworkId,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
} from './core/lib/caip'
