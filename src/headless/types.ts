/**
 * The headless API's shapes, AppKit's names (`WalletItem`, `FetchWalletsOptions`, the wallet list
 * and WalletConnect URI snapshots). Types only: the page pays nothing for them.
 */
import type { ChainNamespace } from '../core/types'

/**
 * A wallet as the headless API lists it (AppKit's `WalletItem`): an installed wallet, which
 * connects through its extension, or one of the wallet API's, which connects through WalletConnect.
 */
export interface WalletItem {
  /** The wallet API's id, or the installed wallet's connector id (its EIP-6963 rdns). */
  id: string
  name: string
  /** The logo's URL ('' when there is none). Render it with `<img>`; it is outside data. */
  imageUrl: string
  /** The installed wallet's connector for each namespace it serves; empty for a WalletConnect wallet. */
  connectors: { id: string; rdns?: string; chain: ChainNamespace }[]
  walletInfo: {
    /** CAIP-2 ids of the networks the wallet API says it supports. */
    supportedChains?: string[]
    supportedNamespaces?: ChainNamespace[]
    installationLinks?: { desktopLink?: string }
    /** The wallet's mobile link (a phone opens it with the pairing URI). */
    deepLink?: string
  }
  /** Installed in this browser: `connectWallet` asks its extension. */
  isInjected: boolean
  /** Connected on this device before (SPEC §9's recent wallets). */
  isRecent: boolean
}

/** What `fetchWallets` asks the wallet API for (AppKit's `FetchWalletsOptions`). */
export interface FetchWalletsOptions {
  /** The page to have loaded (1-based; default 1). Pages before it load first, in order. */
  page?: number
  /** Searches by name instead of paging: `wcWallets` becomes the results. */
  search?: string
  /** Wallets per page (1 to 100; default 40). */
  entries?: number
  /** Only wallets with this badge. */
  badge?: 'none' | 'certified'
  /** Only these wallet ids (default: the `includeWalletIds` option). */
  include?: string[]
  /** Never these wallet ids (default: the `excludeWalletIds` option). */
  exclude?: string[]
}

/** The wallet list, read at once (AppKit's `getWalletList()`). */
export interface WalletListSnapshot {
  /** The first screen: installed wallets, then recent, featured and the API's top wallets. */
  wallets: WalletItem[]
  /** The wallet API's list loaded so far (installed ones first), or the search results while searching. */
  wcWallets: WalletItem[]
  /** How many pages of the list are loaded. */
  page: number
  /** How many wallets the whole list holds (0 until the first page answers). */
  count: number
}

/** The WalletConnect pairing URI, read at once (AppKit's `getWalletConnectUri()`). */
export interface WalletConnectUriSnapshot {
  /** The `wc:` URI for a QR code or a deep link; undefined when none is ready. */
  wcUri: string | undefined
  /** The last pairing or connection attempt failed. */
  wcError: boolean
  /** A URI is being made (`prefetchWalletConnectUri`). */
  wcFetchingUri: boolean
  /** When `wcUri` expires (clock time in ms); undefined without a URI. */
  wcPairingExpiry: number | undefined
}
