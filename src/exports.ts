// What `sigkit` exports besides `createAppKit` (whose button loading differs per build): the public
// surface, every name of it in docs/api.md. The handle `createAppKit` returns carries AppKit's
// methods (open, close, state, theme, the headless wallet list and WalletConnect URI); the state
// and the controllers behind them are internals, not exported (tests import them from source).

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
export type { FetchWalletsOptions, WalletConnectUriSnapshot, WalletItem, WalletListSnapshot } from './headless/types'
export type { OpenModalOptions } from './core/modal/modal'

// Documented in docs/features.md ("Embedded (inline) modal", "Switching networks").
export { setEmbedded } from './core/modal/modal'
export { getNetworkState } from './core/state/network'
// Documented in docs/i18n.md.
export { setLocale, LOCALES, type Locale } from './i18n/locales'
export type { MessageKey, MessageOverrides, Message, PluralMessage, LocaleCatalogue } from './i18n/types'
