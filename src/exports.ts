// Everything `sigkit` exports except `createAppKit`, whose button loading differs per build.

export type { AppKit, AppKitState } from './app-kit'
export type { AppKitOptions, AppKitFeatures, AppKitMetadata } from './core/config/options'
export { AppKitOptionsError } from './core/config/options'
export type * from './core/types'
import type { ReadonlySignal, Signal } from '@preact/signals-core'
import type { ChainNamespace } from './core/types'
import { connectionState as connection } from './core/state/connection'
import { getAccountState as accountState, type AccountSignals } from './core/state/account'

// Headless controllers: the same state the modal renders, for dapps that build their own UI.
export { modalState, openModal, closeModal, addCloseGuard, type OpenModalOptions } from './core/modal/modal'
export { routerState, currentView, pushView, replaceView, resetView, goBack, goBackToIndex } from './core/modal/router'
export { toastState, showLoadingToast, showSuccessToast, showErrorToast, hideToast } from './core/modal/toasts'
export { alertState, showAlert, hideAlert, ALERTS } from './core/modal/alerts'
export { featuresState, featuresNotice } from './core/config/features'
export { themeState, setThemeMode, setThemeVariables } from './core/config/appkit-state'
export { activeNamespace, activeAddress, activeCaipAddress, activeBalance, isConnected } from './core/state/account'
export { getNetworkState, requestedNetworks, activeCaipNetwork, selectedNetworkId } from './core/state/network'
export { eventsState, subscribeEvents } from './core/analytics'
export {
  parseCaipAddress,
  parseCaipNetworkId,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
} from './core/lib/caip'

// State a dapp reads and subscribes to, typed read-only: writing `modalState.open.value` would
// skip the close guards, and account fields are the connectors' to set. The controllers above
// are the way to change them.
/** A state object whose signals can be read and watched, not set. */
export type ReadonlySignals<State> = {
  readonly [Field in keyof State]: State[Field] extends Signal<infer Value> ? ReadonlySignal<Value> : State[Field]
}
/** The overall connection: status and connections per namespace. */
export const connectionState: ReadonlySignals<typeof connection> = connection
/**
 * A namespace's account state.
 *
 * @example
 * ```ts
 * effect(() => console.log(getAccountState('eip155').address.value))
 * ```
 */
export const getAccountState: (namespace: ChainNamespace) => ReadonlySignals<AccountSignals> = accountState
