/**
 * Shared data shapes of the core. Types only: importing this file adds no code.
 */

/** The chain namespaces SigKit knows (CAIP-2 namespace part). */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos'

/** CAIP-2 network id, e.g. `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** CAIP-10 account address, e.g. `eip155:1:0xabc…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

/** The native currency of a network. */
export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/** A network the dapp supports (or the placeholder for an unknown one). */
export interface CaipNetwork {
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  /** EVM contracts SigKit uses: Multicall3 batches reads made together (as viem's `Chain` names it). */
  contracts?: { multicall3?: { address: `0x${string}` } }
}

/** Kinds of account a connector may expose. */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

/** Connection lifecycle (SPEC §4 "Connection status"). */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'

/** One token balance line (SPEC §3 "Token balance"); `address` is absent for the native token. */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value?: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** What the UI knows about the connected wallet. */
export interface ConnectedWalletInfo {
  name: string
  icon?: string
  identifier?: string
  social?: string
}

/** The views of the modal itself (SPEC §2), before any feature's. */
export type CoreViewName =
  | 'Connect'
  | 'Account'
  | 'AllWallets'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnect'
  | 'ConnectingWalletConnectBasic'
  | 'SwitchNetwork'
  | 'SwitchActiveChain'
  | 'UnsupportedChain'

/**
 * The views features add, one key per view: each feature's descriptor (`src/features/<name>/feature.ts`)
 * declares its own into this interface, so the view names follow the list of features.
 */
export interface FeatureViewNames {}

/** Every view of the modal stack (SPEC §2): the modal's own and the features'. */
export type ViewName = CoreViewName | keyof FeatureViewNames

/** One entry of the router history. */
export interface RouterEntry {
  view: ViewName
  data?: Record<string, unknown>
}

/** Colour scheme of the modal. */
export type ThemeMode = 'dark' | 'light'

/** The CSS custom properties a dapp may override, and their value types. */
export interface ThemeVariableValues {
  '--sk-font-family': string
  '--sk-accent': string
  '--sk-color-mix': string
  '--sk-color-mix-strength': number
  '--sk-font-size-master': string
  '--sk-border-radius-master': string
  '--sk-z-index': number
}

/** CSS custom properties a dapp may override. */
export type ThemeVariables = Partial<ThemeVariableValues>

/** The same variables under AppKit's names (`--w3m-accent`, `--apkt-accent`, …), read as SigKit's. */
export type AppKitThemeVariables = {
  [
    Name in keyof ThemeVariableValues as Name extends `--sk-${infer Rest}` ? `--w3m-${Rest}` | `--apkt-${Rest}` : never
  ]?: ThemeVariableValues[Name]
}

/** What `themeVariables` and `setThemeVariables` take: SigKit's names or AppKit's. */
export type ThemeVariablesInput = ThemeVariables & AppKitThemeVariables

/** Social login providers (SPEC §1). */
export type SocialProvider = 'google' | 'x' | 'farcaster' | 'discord' | 'apple' | 'github' | 'facebook'

/** Connect methods shown on the Connect view, in the order given. */
export type ConnectMethod = 'email' | 'social' | 'wallet'

/** Embedded-wallet user details. */
export interface AccountUser {
  email?: string
  username?: string
}

/** One account of a multi-account connector. */
export interface AccountEntry {
  address: string
  type: AccountType
}

/** Tabs of the Account view. */
export type AccountTab = 'Tokens' | 'NFTs' | 'Activity'

/** A wallet as listed by the wallet API (SPEC §3 "Wallet listing"). */
export interface WalletListing {
  id: string
  name: string
  image_id?: string
  rdns?: string | null
  chains?: string[]
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

/**
 * A live connection: the accounts a connector exposes on one chain (SPEC §3 "Connection state").
 * A namespace may hold several (one per connector); the first is the active one.
 */
export interface Connection {
  accounts: { address: string; type?: AccountType }[]
  chainId?: string | number
  connectorId: string
  /** How the wallet presents itself (a WalletConnect session's peer, else the connector). */
  name?: string | undefined
  icon?: string | undefined
}

/** Hosted service base URLs; every one can be replaced through the `endpoints` option. */
export interface Endpoints {
  /** Blockchain data API. */
  api: string
  /** Wallet API (config, origins, wallet list, images, analytics config). */
  walletApi: string
  /** JSON-RPC proxy. */
  rpc: string
  /** WalletConnect relay (ws/wss). */
  relay: string
  /** Secure embedded-wallet frame. */
  secureSite: string
  /** Error reports and analytics. */
  pulse: string
  /**
   * WalletConnect's Verify service, which attests the dapp's origin to the wallet before a pairing
   * (`{verify}/v3/attestation`); `false` turns the attestation off.
   */
  verify: string | false
}

/** Severity of a modal alert. */
export type AlertVariant = 'error' | 'warning' | 'info' | 'success'

/** Severity / kind of a toast. */
export type ToastVariant = 'loading' | 'success' | 'error'

/**
 * Feature switches after local options, defaults and (later) remote configuration are merged.
 * `history` is the activity section.
 */
export interface ResolvedFeatures {
  email: boolean
  socials: false | readonly SocialProvider[]
  swaps: boolean
  onramp: boolean
  history: boolean
  analytics: boolean
  allWallets: boolean
  send: boolean
  receive: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  branding: boolean
  connectMethodsOrder: readonly ConnectMethod[]
  /** Several wallets connected at once in a namespace (AppKit's multi-wallet). */
  multiWallet: boolean
  /** Swap aggregators the project may use (remote config). */
  swapProviders: readonly string[]
  /** On-ramp providers the project may use (remote config). */
  onrampProviders: readonly string[]
}

/**
 * A minimal EIP-1193 provider: what injected wallets and WalletConnect expose. Solana providers
 * (WalletConnect's solana namespace, Wallet Standard wallets) take the same `request` with
 * `solana_*` methods.
 */
export interface EIP1193Provider {
  /** `chain`: the CAIP-2 network a multi-network provider should use (as WalletConnect's `request` takes it); default its current one. */
  request(args: { method: string; params?: unknown }, chain?: CaipNetworkId): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}
