/**
 * `sigkit/react`: hooks and `<AppKitButton/>` over the framework-free core.
 * @packageDocumentation
 */
import { createAppKitWith } from './app-kit'
import { defineAppKitButton } from './ui/button/element'

export type { AppKit, AppKitState, AppKitOptions } from './index'
// Also declares <appkit-button> in React's JSX (a type-only module).
export type { AppKitButtonAttributes } from './react/jsx'

/**
 * Creates the modal for this page (see `createAppKit` in `sigkit`). `<AppKitButton/>` brings the
 * button's code with the app, so `<appkit-button>` is defined at once here, not with an `import()`
 * that would cost the page a further round of requests.
 * @example
 * ```ts
 * import { createAppKit } from 'sigkit/react'
 * createAppKit({ projectId: 'YOUR_PROJECT_ID', networks: [mainnet] })
 * ```
 */
export const createAppKit = /* @__PURE__ */ createAppKitWith(defineAppKitButton)
export { solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet } from './networks'
export { AppKitButton, type AppKitButtonProps } from './react/AppKitButton'
export { useAppKit, type UseAppKitReturnType } from './react/hooks/useAppKit'
export { useAppKitState, type UseAppKitStateReturnType } from './react/hooks/useAppKitState'
export { useAppKitTheme, type UseAppKitThemeReturnType } from './react/hooks/useAppKitTheme'
export { useAppKitLocale, type UseAppKitLocaleReturnType } from './react/hooks/useAppKitLocale'
export { useAppKitEvents, type UseAppKitEventsReturnType } from './react/hooks/useAppKitEvents'
export {
  useAppKitAccount,
  type UseAppKitAccountParameters,
  type UseAppKitAccountReturnType,
} from './react/hooks/useAppKitAccount'
export { useAppKitNetwork, type UseAppKitNetworkReturnType } from './react/hooks/useAppKitNetwork'
export {
  useAppKitBalance,
  type UseAppKitBalanceReturnType,
  type FetchBalanceResult,
} from './react/hooks/useAppKitBalance'
export { useAppKitProvider, type UseAppKitProviderReturnType } from './react/hooks/useAppKitProvider'
export { useDisconnect, type UseDisconnectReturnType } from './react/hooks/useDisconnect'
export { useWalletInfo, type UseWalletInfoReturnType } from './react/hooks/useWalletInfo'
export { useAppKitWallets, type UseAppKitWalletsReturnType } from './react/hooks/useAppKitWallets'
export type { FetchWalletsOptions, WalletConnectUriSnapshot, WalletItem, WalletListSnapshot } from './headless/types'
// Several wallets at once (AppKit's multi-wallet hooks).
export { useAppKitConnections, type UseAppKitConnectionsReturnType } from './react/hooks/useAppKitConnections'
export {
  useAppKitConnection,
  type UseAppKitConnectionParameters,
  type UseAppKitConnectionReturnType,
  type ConnectionChange,
} from './react/hooks/useAppKitConnection'
