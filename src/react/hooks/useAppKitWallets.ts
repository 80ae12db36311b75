import { useEffect, useState } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { getAppKit, loadHeadless, loadedHeadless } from '../../app-kit'
import type { ChainNamespace } from '../../core/types'
import type { FetchWalletsOptions, WalletItem } from '../../headless/types'

/** What {@link useAppKitWallets} returns (AppKit's `UseAppKitWalletsReturn`). */
export interface UseAppKitWalletsReturnType {
  /** The first screen: installed wallets first, then recent, featured and the wallet API's top wallets. */
  wallets: WalletItem[]
  /** The wallet API's list loaded so far (installed ones first), or the search results while searching. */
  wcWallets: WalletItem[]
  /** A page of the list, a search or the first screen's wallets is on its way. */
  isFetchingWallets: boolean
  /** The installed wallets have been asked to announce themselves (render a placeholder until then). */
  isInitialized: boolean
  /** How many pages of `wcWallets` are loaded. */
  page: number
  /** How many wallets the whole list holds. */
  count: number
  /** Loads up to `page` of the list, or searches it (`search`); see `appKit.fetchWallets`. */
  fetchWallets(options?: FetchWalletsOptions): Promise<void>
  /** The WalletConnect URI for a QR code or deep link, once made. */
  wcUri: string | undefined
  /** The URI is being made. */
  isFetchingWcUri: boolean
  /** The last pairing or connection attempt failed. */
  wcError: boolean
  /** Makes the URI ahead (call it when the visitor picks a wallet on a phone, before their tap on "Open"). */
  getWcUri(): Promise<void>
  /** Clears the URI (a QR code closed). */
  resetWcUri(): void
  /** The wallet `connect` is connecting, until it settles or is reset. */
  connectingWallet: WalletItem | undefined
  /** Clears `connectingWallet`. */
  resetConnectingWallet(): void
  /**
   * Connects a wallet: an installed one through its extension; otherwise on a phone its deep link
   * (with the URI `getWcUri` made), on a desktop through WalletConnect (`wcUri` for the QR code).
   * Resolves once connected.
   */
  connect(wallet: WalletItem, namespace?: ChainNamespace): Promise<void>
}

/**
 * Headless (AppKit's `useAppKitWallets`): the wallet list, the WalletConnect URI and `connect`, to
 * draw a connect screen of your own. Needs no feature flag; the first render loads the headless
 * code (no modal code with it) and starts the installed wallets' discovery. Throws 'Please call
 * createAppKit before using the open hook' when `createAppKit` has not run.
 * @example
 * ```tsx
 * const { wallets, wcUri, connect, getWcUri } = useAppKitWallets()
 * useEffect(() => void getWcUri(), [])
 * return wallets.map((wallet) => (
 *   <button key={wallet.id} onClick={() => connect(wallet)}>{wallet.name}</button>
 * ))
 * ```
 */
export function useAppKitWallets(): UseAppKitWalletsReturnType {
  useSignals()
  const appKit = getAppKit()
  const [headless, setHeadless] = useState(loadedHeadless)
  useEffect(() => {
    if (!headless) void loadHeadless().then(setHeadless)
  }, [headless])
  const list = headless?.walletList.value ?? appKit.getWalletList()
  const uri = headless?.walletConnectUri.value ?? appKit.getWalletConnectUri()
  return {
    ...list,
    isFetchingWallets: headless?.isFetchingWallets.value ?? false,
    isInitialized: headless?.isInitialized.value ?? false,
    fetchWallets: appKit.fetchWallets,
    wcUri: uri.wcUri,
    isFetchingWcUri: uri.wcFetchingUri,
    wcError: uri.wcError,
    getWcUri: appKit.prefetchWalletConnectUri,
    resetWcUri: appKit.resetWalletConnectUri,
    connectingWallet: headless?.connectingWallet.value,
    resetConnectingWallet: appKit.resetConnectingWallet,
    connect: appKit.connectWallet,
  }
}
