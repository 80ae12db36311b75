/**
 * The headless API (AppKit's "Headless"): the wallet list, the WalletConnect pairing URI and
 * connecting a picked wallet, for a dapp that draws its own connect screen. `appKit.fetchWallets`
 * and the other headless methods, and `useAppKitWallets`, are thin doors to this module.
 * LAZY: loaded by the first headless call, never at page load; it imports nothing of the modal
 * (no view, no styles, no Preact), so a page that only uses these loads no UI. It reads and writes
 * the same state as the modal: All Wallets' list and search (`wallet-list.ts`), the installed
 * wallets, the pairing and the one connect path.
 */
import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals-core'
import { apiClient } from '../api/client'
import { WALLET_API, type WalletApi } from '../api/wallet-api'
import { getConnectorSources } from '../core/config/appkit-state'
import { CHAIN_NAMESPACES } from '../core/constants'
import { activeNamespace } from '../core/state/account'
import { connectionSignals, connectionState, hasValidPairing } from '../core/state/connection'
import { connectorsState, findConnector, isConnectorShown, type ConnectorInfo } from '../core/state/connectors'
import type { ChainNamespace, WalletListing } from '../core/types'
import { isMobile } from '../lib/device'
import { isRecord, isStringArray } from '../lib/validate'
import { fetchFirstScreenWallets, namespacesOf, openOnPhone, type FirstScreenWallets } from './phone-wallets'
import type { FetchWalletsOptions, WalletConnectUriSnapshot, WalletItem, WalletListSnapshot } from './types'
import { arrangeWallets, currentWalletLists, getWalletLists, walletSource, type WalletEntry } from './wallet-list'

export type * from './types'

const initialized = signal(false)
const firstScreen = signal<FirstScreenWallets>({ recent: [], featured: [], recommended: [] })
const fetchingFirstScreen = signal(false)
const fetchingUri = signal(false)
const connecting = signal<WalletItem | undefined>(undefined)
/** The wallet API's listings behind the items handed out: connecting one needs its links. */
const listings = new Map<string, WalletListing>()

let started = false

/**
 * Starts what the headless API lists, once per page: the installed wallets' discovery, then the
 * first screen's recent, featured and recommended wallets (which leave the installed ones out).
 *
 * @example
 * ```ts
 * startHeadless()
 * ```
 */
export function startHeadless(): void {
  if (started || typeof window === 'undefined') return
  started = true
  fetchingFirstScreen.value = true
  void Promise.resolve(getConnectorSources().installed?.())
    .catch(() => undefined)
    .then(() => {
      initialized.value = true
      return fetchFirstScreenWallets(walletApi())
    })
    .then((wallets) => (firstScreen.value = wallets))
    .finally(() => (fetchingFirstScreen.value = false))
}

function walletApi(): WalletApi {
  return apiClient(WALLET_API)
}

/** Whether createAppKit has run and the installed wallets have been asked to announce themselves. */
export const isInitialized: ReadonlySignal<boolean> = initialized

/** The wallet being connected by {@link connectWallet}, until that settles or is reset. */
export const connectingWallet: ReadonlySignal<WalletItem | undefined> = connecting

/** A page of the list, a search or the first screen's wallets is on its way. */
export const isFetchingWallets: ReadonlySignal<boolean> = computed(() => {
  const lists = currentWalletLists.value
  return fetchingFirstScreen.value || lists?.list.status.value === 'loading' || lists?.search.asking.value !== undefined
})

/** The installed wallets the modal would list (not the generic browser wallet where it hides it). */
function installedConnectors(): ConnectorInfo[] {
  const all = connectorsState.value
  return all.filter((connector) => connector.type === 'injected' && isConnectorShown(connector, all))
}

function installedItem(connector: ConnectorInfo, listing?: WalletListing): WalletItem {
  return {
    id: listing?.id ?? connector.id,
    // Its own name, not the listing's (see walletEntryName).
    name: connector.name,
    imageUrl: connector.imageUrl ?? listingImage(listing),
    connectors: connector.chains.map((chain) => ({
      id: connector.id,
      ...(connector.rdns ? { rdns: connector.rdns } : {}),
      chain,
    })),
    walletInfo: { supportedNamespaces: [...connector.chains] },
    isInjected: true,
    isRecent: false,
  }
}

function listingImage(listing: WalletListing | undefined): string {
  return listing?.image_id ? walletApi().walletImageUrl(listing.image_id) : ''
}

function listingItem(listing: WalletListing, isRecent = false): WalletItem {
  listings.set(listing.id, listing)
  return {
    id: listing.id,
    name: listing.name,
    imageUrl: listingImage(listing),
    connectors: [],
    walletInfo: {
      ...(listing.chains ? { supportedChains: [...listing.chains] } : {}),
      supportedNamespaces: namespacesOf(listing),
      ...(listing.desktop_link ? { installationLinks: { desktopLink: listing.desktop_link } } : {}),
      ...(listing.mobile_link ? { deepLink: listing.mobile_link } : {}),
    },
    isInjected: false,
    isRecent,
  }
}

function entryItem({ wallet, connector }: WalletEntry): WalletItem {
  if (!connector) return listingItem(wallet)
  listings.set(wallet.id, wallet)
  return installedItem(connector, wallet)
}

/** AppKit's `getWalletList()`, as a signal. */
export const walletList: ReadonlySignal<WalletListSnapshot> = computed(() => {
  const { recent, featured, recommended } = firstScreen.value
  const lists = currentWalletLists.value
  const connectors = connectorsState.value
  const search = lists?.search.result.value
  const shown =
    search?.status === 'done' ? search.wallets : lists ? [...lists.list.featured.value, ...lists.list.rest.value] : []
  return {
    wallets: [
      ...installedConnectors().map((connector) => installedItem(connector)),
      ...recent.map((listing) => listingItem(listing, true)),
      ...[...featured, ...recommended].map((listing) => listingItem(listing)),
    ],
    wcWallets: arrangeWallets(shown, connectors).map(entryItem),
    page: lists?.list.pages.value ?? 0,
    count: lists?.list.total.value ?? 0,
  }
})

/** AppKit's `getWalletConnectUri()`, as a signal. */
export const walletConnectUri: ReadonlySignal<WalletConnectUriSnapshot> = computed(() => ({
  wcUri: connectionState.wcUri.value,
  wcError: connectionState.wcError.value,
  wcFetchingUri: fetchingUri.value,
  wcPairingExpiry: connectionState.wcPairingExpiry.value,
}))

/** The wallet list now. */
export function getWalletList(): WalletListSnapshot {
  return walletList.value
}

/** Calls `listener` with the wallet list now and on every change; returns the unsubscribe function. */
export function subscribeWalletList(listener: (list: WalletListSnapshot) => void): () => void {
  return effect(() => listener(walletList.value))
}

/** The WalletConnect URI now. */
export function getWalletConnectUri(): WalletConnectUriSnapshot {
  return walletConnectUri.value
}

/** Calls `listener` with the URI state now and on every change; returns the unsubscribe function. */
export function subscribeWalletConnectUri(listener: (uri: WalletConnectUriSnapshot) => void): () => void {
  return effect(() => listener(walletConnectUri.value))
}

/** The largest page the wallet API serves. */
const MAX_ENTRIES = 100

function invalid(field: string, rule: string): never {
  throw new TypeError(`fetchWallets: \`${field}\` ${rule}`)
}

/** `fetchWallets`' options, checked: they come from the dapp's code, maybe from its own inputs. */
function checkFetchOptions(options: unknown): FetchWalletsOptions {
  if (options === undefined) return {}
  if (!isRecord(options)) invalid('options', 'must be an object')
  const { page, search, entries, badge, include, exclude } = options
  const isCount = (value: unknown, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max
  if (page !== undefined && !isCount(page, Number.MAX_SAFE_INTEGER)) invalid('page', 'must be a whole number from 1')
  if (entries !== undefined && !isCount(entries, MAX_ENTRIES))
    invalid('entries', `must be a whole number from 1 to ${MAX_ENTRIES}`)
  if (search !== undefined && typeof search !== 'string') invalid('search', 'must be a string')
  if (badge !== undefined && badge !== 'none' && badge !== 'certified')
    invalid('badge', "must be 'none' or 'certified'")
  if (include !== undefined && !isStringArray(include)) invalid('include', 'must be an array of wallet ids')
  if (exclude !== undefined && !isStringArray(exclude)) invalid('exclude', 'must be an array of wallet ids')
  return options as FetchWalletsOptions
}

/**
 * Loads the wallet API's list: up to `page` (pages before it first), or the wallets matching
 * `search`. The result is in {@link getWalletList}'s `wcWallets`, `page` and `count`.
 *
 * @throws a TypeError for malformed options (e.g. "fetchWallets: `page` must be a whole number
 * from 1"); the wallet API's error when it fails.
 * @example
 * ```ts
 * await fetchWallets({ page: 2 })
 * await fetchWallets({ search: 'rainbow' })
 * ```
 */
export async function fetchWallets(options?: FetchWalletsOptions): Promise<void> {
  const { page = 1, search = '', entries, badge, include, exclude } = checkFetchOptions(options)
  startHeadless()
  const lists = getWalletLists(walletSource({ entries, badge, include, exclude }))
  const term = search.trim()
  lists.search.expect(term)
  if (term) await lists.search.run(term)
  else await lists.list.load(page)
}

/**
 * Makes the WalletConnect pairing URI ahead (AppKit's `prefetchWalletConnectUri`, the hook's
 * `getWcUri`): resolves once it is in {@link getWalletConnectUri}, so a QR code can show it and a
 * later tap on a phone can open a wallet's deep link inside the gesture (iOS blocks a navigation
 * that follows an await). An unexpired URI is kept; a wallet that scans it connects.
 *
 * @throws WalletConnect's error when the pairing could not start (the relay did not answer);
 * `wcError` is then true.
 */
export async function prefetchWalletConnectUri(): Promise<void> {
  startHeadless()
  if (hasValidPairing()) return
  fetchingUri.value = true
  try {
    const walletConnect = await import('../connectors/walletconnect')
    await walletConnect.prepareWalletConnect()
  } catch (error) {
    connectionSignals.wcError.value = true
    throw error
  } finally {
    fetchingUri.value = false
  }
}

/** A wallet's listing: the one its item was made from, or one rebuilt from the item. */
function listingOf(wallet: WalletItem): WalletListing {
  const deepLink = isRecord(wallet.walletInfo) ? wallet.walletInfo.deepLink : undefined
  return (
    listings.get(wallet.id) ?? {
      id: wallet.id,
      name: typeof wallet.name === 'string' && wallet.name ? wallet.name : wallet.id,
      ...(typeof deepLink === 'string' ? { mobile_link: deepLink } : {}),
    }
  )
}

/**
 * Connects a wallet from the list (AppKit's `connectWallet`, the hook's `connect`): an installed
 * wallet through its extension; any other through WalletConnect, whose URI shows in
 * {@link getWalletConnectUri} for a QR code, and which on a phone opens the wallet's deep link
 * with the URI {@link prefetchWalletConnectUri} made (call it first: the link opens inside the tap
 * only when the URI is ready). Resolves once the wallet has connected.
 *
 * @throws a TypeError when `wallet` is not a wallet item or `namespace` not a namespace; the
 * wallet's error ('Connection declined' and the like) when it refuses.
 * @example
 * ```ts
 * const { wallets } = getWalletList()
 * await connectWallet(wallets[0], 'eip155')
 * ```
 */
export async function connectWallet(wallet: WalletItem, namespace?: ChainNamespace): Promise<void> {
  if (!isRecord(wallet) || typeof wallet.id !== 'string' || !wallet.id)
    throw new TypeError('connectWallet: `wallet` must be an item of the wallet list')
  if (namespace !== undefined && !CHAIN_NAMESPACES.includes(namespace))
    throw new TypeError(`connectWallet: unknown namespace ${String(namespace)}`)
  const target = namespace ?? activeNamespace.peek()
  const own = Array.isArray(wallet.connectors) ? wallet.connectors : []
  const pick = own.find((connector) => connector.chain === target) ?? own[0]
  const installed = (pick && findConnector(pick.id)) ?? findConnector(wallet.id)
  const options = namespace ? { namespace } : {}
  connecting.value = wallet
  try {
    if (installed?.type === 'injected') {
      await (await import('../core/wallet/connect')).connect(installed.id, options)
      return
    }
    const listing = listingOf(wallet)
    // Before any await: the tap's gesture is still on.
    if (isMobile()) openOnPhone(listing)
    const [walletConnect, connection] = await Promise.all([
      import('../connectors/walletconnect'),
      import('../core/wallet/connect'),
    ])
    await connection.connect(walletConnect.walletConnectConnector, { ...options, wallet: listing })
  } finally {
    if (connecting.peek() === wallet) connecting.value = undefined
  }
}

/** Clears the WalletConnect URI and its deep link (a QR code closed); a still valid pairing can be shown again. */
export function resetWalletConnectUri(): void {
  batch(() => {
    connectionSignals.wcUri.value = undefined
    connectionSignals.wcPairingExpiry.value = undefined
    connectionSignals.wcLinking.value = undefined
    connectionSignals.wcError.value = false
  })
}

/** Clears {@link connectingWallet}. */
export function resetConnectingWallet(): void {
  connecting.value = undefined
}

/** Forgets what was started and listed (tests). @internal */
export function resetHeadless(): void {
  started = false
  listings.clear()
  batch(() => {
    initialized.value = false
    firstScreen.value = { recent: [], featured: [], recommended: [] }
    fetchingFirstScreen.value = false
    fetchingUri.value = false
    connecting.value = undefined
  })
}
