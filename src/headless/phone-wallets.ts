/**
 * The Connect list on a phone. A tap on a wallet must open it in that same tap (iOS Safari blocks
 * a navigation that follows an await), so the pairing URI is made before any tap; and the Connect
 * view lists the wallets a phone user picks from (recent, featured, recommended: SPEC §9's order,
 * after the installed ones) with their logos, each opened by its deep link with WalletConnect.
 * The pairing starts only once those rows and their logos have painted: its provider is ~150 KB
 * gzip that would otherwise race them on a phone network.
 */
import { apiClient } from '../api/client'
import { WALLET_API, parseWalletListing, type WalletApi } from '../api/wallet-api'
import { getResolvedOptions } from '../core/config/appkit-state'
import { clock } from '../lib/clock'
import { isMobile } from '../lib/device'
import { CHAIN_NAMESPACES, WALLET_LIST } from '../core/constants'
import { connectionState, connectionSignals, hasValidPairing } from '../core/state/connection'
import { addConnectors, connectorsState, type ConnectorInfo } from '../core/state/connectors'
import { requestedNetworks } from '../core/state/network'
import { getRecentWallets } from '../core/lib/storage'
import type { ChainNamespace, WalletListing } from '../core/types'
import { inAppBrowserLink, isTelegram, walletLink } from '../connectors/walletconnect/links'

/** The longest the pairing waits for logos: a logo that never loads must not keep it from starting. */
const LOGO_WAIT_MS = 3000

/**
 * On a phone, starts a WalletConnect pairing now so its URI is ready when the visitor taps.
 * @internal
 */
export function preparePairing(): void {
  if (!isMobile() || hasValidPairing()) return
  void Promise.all([import('../connectors/walletconnect'), import('../core/wallet/connect')])
    .then(([walletConnect, wallet]) => wallet.connect(walletConnect.walletConnectConnector))
    .catch(() => undefined)
}

/**
 * {@link preparePairing} once these logos have been fetched and decoded and the frame that shows
 * them has painted (or {@link LOGO_WAIT_MS} has passed).
 * @internal
 */
export function preparePairingAfterPaint(logoUrls: readonly string[]): void {
  if (!isMobile()) return
  const decoded = Promise.allSettled(
    logoUrls.map((url) => {
      const image = new Image()
      image.src = url
      return image.decode()
    }),
  )
  const waited = new Promise((resolve) => clock.setTimeout(() => resolve(undefined), LOGO_WAIT_MS))
  void Promise.race([decoded, waited]).then(() => requestAnimationFrame(() => requestAnimationFrame(preparePairing)))
}

/**
 * On a phone, opens the tapped wallet at once: its in-app browser for the wallets that work that
 * way, else its `mobile_link` with the encoded pairing URI. Returns whether it did.
 * @internal
 */
export function openOnPhone(wallet: WalletListing): boolean {
  if (!isMobile()) return false
  let href = inAppBrowserLink(wallet, location.href)
  const uri = connectionState.wcUri.peek()
  if (!href && wallet.mobile_link && uri && hasValidPairing()) {
    href = walletLink(wallet.mobile_link, uri, {
      telegramAndroid: isTelegram() && /Android/i.test(navigator.userAgent),
    })
    if (href) {
      connectionSignals.wcLinking.value = { href, name: wallet.name }
      connectionSignals.recentWallet.value = wallet
    }
  }
  if (!href) return false
  // Telegram's webview does not follow a wallet link in place; it opens it outside.
  window.open(href, isTelegram() ? '_blank' : '_self', 'noreferrer noopener')
  return true
}

/** The namespaces a listing's CAIP-2 chains belong to (all WalletConnect ones when it names none). @internal */
export function namespacesOf(wallet: WalletListing): ChainNamespace[] {
  const named = CHAIN_NAMESPACES.filter((namespace) =>
    wallet.chains?.some((chain) => chain.startsWith(`${namespace}:`)),
  )
  return named.length > 0 ? named : [...CHAIN_NAMESPACES]
}

function toConnector(api: WalletApi, wallet: WalletListing, type: ConnectorInfo['type']): ConnectorInfo {
  return {
    id: `walletConnect:${wallet.id}`,
    name: wallet.name,
    type,
    chains: namespacesOf(wallet),
    ...(wallet.image_id ? { imageUrl: api.walletImageUrl(wallet.image_id) } : {}),
    view: 'ConnectingWalletConnect',
    viewData: { wallet },
    open: () => openOnPhone(wallet),
  }
}

/** The wallets a first screen lists after the installed ones, in SPEC §9's order. @internal */
export interface FirstScreenWallets {
  /** Up to 2, from storage. */
  recent: WalletListing[]
  /** The dapp's `featuredWalletIds`, in its order. */
  featured: WalletListing[]
  /** {@link WALLET_LIST}.recommended from the API's ranking. */
  recommended: WalletListing[]
}

/**
 * The recent, featured and recommended wallets a first screen lists (a phone's Connect view, the
 * headless API's `wallets`), in SPEC §9's order: recent first (up to 2, from storage), then the
 * dapp's `featuredWalletIds` in its order, then {@link WALLET_LIST}.recommended from the API's
 * ranking. A wallet is listed once, and not at all when it is installed (its injected entry stands
 * for it) or excluded. A failed request leaves its group empty.
 * @internal
 */
export async function fetchFirstScreenWallets(api: WalletApi): Promise<FirstScreenWallets> {
  const options = getResolvedOptions()
  const chains = requestedNetworks.peek().map((network) => network.caipNetworkId)
  const featuredIds = options?.featuredWalletIds ?? []
  const exclude = options?.excludeWalletIds ?? []
  const recent = getRecentWallets().flatMap((stored) => {
    const wallet = parseWalletListing(stored)
    return wallet && !exclude.includes(wallet.id) ? [wallet] : []
  })
  const installed = new Set(connectorsState.peek().flatMap((connector) => connector.rdns ?? []))
  const skipped = new Set(recent.map((wallet) => wallet.id))
  const [featuredPage, rankedPage] = await Promise.all([
    featuredIds.length > 0
      ? api.getWallets({ page: 1, entries: featuredIds.length, include: featuredIds, chains }).catch(() => undefined)
      : undefined,
    api
      .getWallets({
        page: 1,
        // Enough to still have the recommended count once installed and recent ones are left out.
        entries: WALLET_LIST.recommended + recent.length + installed.size,
        include: options?.includeWalletIds ?? [],
        exclude: [...exclude, ...featuredIds],
        chains,
      })
      .catch(() => undefined),
  ])
  const keep = (wallet: WalletListing) => {
    if (skipped.has(wallet.id) || (wallet.rdns && installed.has(wallet.rdns))) return false
    skipped.add(wallet.id)
    return true
  }
  const featured = featuredIds.flatMap((id) => featuredPage?.data.find((wallet) => wallet.id === id) ?? []).filter(keep)
  const recommended = (rankedPage?.data ?? []).filter(keep).slice(0, WALLET_LIST.recommended)
  return { recent, featured, recommended }
}

/**
 * {@link fetchFirstScreenWallets} as the connectors a phone's Connect view lists.
 * @internal
 */
export async function fetchPhoneWallets(api: WalletApi): Promise<ConnectorInfo[]> {
  const { recent, featured, recommended } = await fetchFirstScreenWallets(api)
  return [
    ...recent.map((wallet) => toConnector(api, wallet, 'recent')),
    ...featured.map((wallet) => toConnector(api, wallet, 'featured')),
    ...recommended.map((wallet) => toConnector(api, wallet, 'recommended')),
  ]
}

let listed = false

/**
 * On a phone, adds the recent, featured and recommended wallets to the Connect list (once per
 * page), then prepares the pairing once their logos have painted.
 * @internal
 */
export async function listPhoneWallets(): Promise<void> {
  const options = getResolvedOptions()
  if (listed || !options || !isMobile()) return
  listed = true
  const api = apiClient(WALLET_API, options)
  const connectors = await fetchPhoneWallets(api)
  // Re-added after them: the full list closes the Connect list.
  const allWallets = connectorsState.peek().filter((connector) => connector.id === 'allWallets')
  addConnectors([...connectors, ...allWallets])
  preparePairingAfterPaint(connectors.flatMap((connector) => connector.imageUrl ?? []))
}
