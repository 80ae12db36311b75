/**
 * Persistence in `localStorage`. Storage is user-controlled input: every read is parsed and
 * validated, and a missing, unparsable or invalid value reads as `undefined` instead of throwing.
 * Every access is guarded, so this works (as a no-op) in Node/SSR, in sandboxed iframes where
 * touching `localStorage` throws, and when the quota is full.
 */
import { isCaipNetworkId, isChainNamespace } from './caip'
import type { CaipNetworkId, ChainNamespace, ConnectionStatus, WalletListing } from '../types'
import { RECENT_WALLETS_KEPT } from '../constants'

/** Key prefixes: the app itself, the embedded wallet, and the secure frame. */
export const STORAGE_PREFIX = { app: '@sigkit/', wallet: '@sigkit-wallet/', frame: '@sigkit-frame/' } as const

/**
 * Every key SigKit stores under. Keys arrive with the feature that uses them (sign-in tokens,
 * the embedded wallet's email and session under its own prefixes): this file loads with the page.
 */
export const STORAGE_KEYS = {
  connectedConnectorIds: `${STORAGE_PREFIX.app}connected_connector_ids`,
  activeNamespace: `${STORAGE_PREFIX.app}active_namespace`,
  activeCaipNetworkId: `${STORAGE_PREFIX.app}active_caip_network_id`,
  connectionStatus: `${STORAGE_PREFIX.app}connection_status`,
  recentWallets: `${STORAGE_PREFIX.app}recent_wallets`,
  deepLink: `${STORAGE_PREFIX.app}deep_link`,
  /** Per namespace, the wallets connected at once, the active one first, and recent ones (SPEC §3). */
  connections: `${STORAGE_PREFIX.app}connections`,
} as const

/** A validator that narrows an unknown parsed value. */
export type Validator<T> = (value: unknown) => value is T

function getStore(): Storage | undefined {
  try {
    // Reading the property itself throws in sandboxed iframes with storage disabled.
    const store = (globalThis as { localStorage?: Storage }).localStorage
    return store && typeof store.getItem === 'function' ? store : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads and validates a stored JSON value.
 *
 * @returns the value, or `undefined` when it is missing, not JSON, fails `validate`, or storage is
 * unavailable.
 * @example
 * ```ts
 * const status = readStorage(STORAGE_KEYS.connectionStatus, isConnectionStatus)
 * ```
 */
export function readStorage<T>(key: string, validate: Validator<T>): T | undefined {
  try {
    const raw = getStore()?.getItem(key)
    if (raw === null || raw === undefined) return undefined
    const parsed: unknown = JSON.parse(raw)
    return validate(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/**
 * Stores a value as JSON.
 *
 * @returns `false` when storage is unavailable or full (the app keeps working without persistence).
 * @example
 * ```ts
 * writeStorage(STORAGE_KEYS.activeNamespace, 'eip155')
 * ```
 */
export function writeStorage(key: string, value: unknown): boolean {
  try {
    const store = getStore()
    if (!store) return false
    store.setItem(key, JSON.stringify(value))
    return true
  } catch {
    return false
  }
}

/**
 * Removes a stored value; a no-op when storage is unavailable.
 *
 * @example
 * ```ts
 * removeStorage(STORAGE_KEYS.deepLink)
 * ```
 */
export function removeStorage(key: string): void {
  try {
    getStore()?.removeItem(key)
  } catch {
    // Nothing to clean up if storage cannot be reached.
  }
}

const CONNECTION_STATUSES: readonly string[] = ['disconnected', 'connecting', 'connected', 'reconnecting']

/** @internal */
export function isConnectionStatus(value: unknown): value is ConnectionStatus {
  return typeof value === 'string' && CONNECTION_STATUSES.includes(value)
}

function isConnectorIdMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The connector id last connected per namespace. Entries with an unknown namespace or a non-string
 * id are dropped.
 *
 * @example
 * ```ts
 * getConnectedConnectorIds().eip155 // 'injected' | undefined
 * ```
 */
export function getConnectedConnectorIds(): Partial<Record<ChainNamespace, string>> {
  const stored = readStorage(STORAGE_KEYS.connectedConnectorIds, isConnectorIdMap) ?? {}
  const ids: Partial<Record<ChainNamespace, string>> = {}
  for (const [namespace, id] of Object.entries(stored)) {
    if (isChainNamespace(namespace) && typeof id === 'string' && id !== '') ids[namespace] = id
  }
  return ids
}

/**
 * Remembers the connector used for a namespace.
 *
 * @example
 * ```ts
 * setConnectedConnectorId('solana', 'phantom')
 * ```
 */
export function setConnectedConnectorId(namespace: ChainNamespace, connectorId: string): void {
  writeStorage(STORAGE_KEYS.connectedConnectorIds, { ...getConnectedConnectorIds(), [namespace]: connectorId })
}

/**
 * Forgets the connector of a namespace (account reset, disconnect).
 *
 * @example
 * ```ts
 * removeConnectedConnectorId('eip155')
 * ```
 */
export function removeConnectedConnectorId(namespace: ChainNamespace): void {
  const ids = getConnectedConnectorIds()
  if (!(namespace in ids)) return
  delete ids[namespace]
  if (Object.keys(ids).length === 0) removeStorage(STORAGE_KEYS.connectedConnectorIds)
  else writeStorage(STORAGE_KEYS.connectedConnectorIds, ids)
}

/**
 * The stored connection status, used on startup to decide whether to reconnect.
 *
 * @example
 * ```ts
 * if (getConnectionStatus() === 'connected') reconnect()
 * ```
 */
export function getConnectionStatus(): ConnectionStatus | undefined {
  return readStorage(STORAGE_KEYS.connectionStatus, isConnectionStatus)
}

/**
 * Stores the connection status.
 *
 * @example
 * ```ts
 * storeConnectionStatus('connected')
 * ```
 */
export function storeConnectionStatus(status: ConnectionStatus): void {
  writeStorage(STORAGE_KEYS.connectionStatus, status)
}

/**
 * The namespace that was active last.
 *
 * @example
 * ```ts
 * const namespace = getActiveNamespace() ?? 'eip155'
 * ```
 */
export function getActiveNamespace(): ChainNamespace | undefined {
  return readStorage(STORAGE_KEYS.activeNamespace, isChainNamespace)
}

/**
 * Stores the active namespace.
 *
 * @example
 * ```ts
 * storeActiveNamespace('solana')
 * ```
 */
export function storeActiveNamespace(namespace: ChainNamespace): void {
  writeStorage(STORAGE_KEYS.activeNamespace, namespace)
}

/**
 * The network that was active last (CAIP-2).
 *
 * @example
 * ```ts
 * getActiveCaipNetworkId() // 'eip155:1' | undefined
 * ```
 */
export function getActiveCaipNetworkId(): CaipNetworkId | undefined {
  return readStorage(STORAGE_KEYS.activeCaipNetworkId, isCaipNetworkId)
}

/**
 * Stores the active network id.
 *
 * @example
 * ```ts
 * storeActiveCaipNetworkId('eip155:10')
 * ```
 */
export function storeActiveCaipNetworkId(caipNetworkId: CaipNetworkId): void {
  writeStorage(STORAGE_KEYS.activeCaipNetworkId, caipNetworkId)
}

/**
 * Clears the stored deep link (on resetting a connection).
 *
 * @example
 * ```ts
 * removeDeepLink()
 * ```
 */
export function removeDeepLink(): void {
  removeStorage(STORAGE_KEYS.deepLink)
}

// ── recent wallets and the last mobile pairing's deep link ─────────────────────────────────

function isOptionalString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string'
}

/** @internal Validates the fields of a wallet listing that SigKit relies on. */
export function isWalletListing(value: unknown): value is WalletListing {
  if (typeof value !== 'object' || value === null) return false
  const wallet = value as Record<string, unknown>
  return (
    typeof wallet['id'] === 'string' &&
    wallet['id'] !== '' &&
    typeof wallet['name'] === 'string' &&
    isOptionalString(wallet['image_id']) &&
    isOptionalString(wallet['rdns']) &&
    isOptionalString(wallet['mobile_link']) &&
    isOptionalString(wallet['desktop_link']) &&
    isOptionalString(wallet['webapp_link']) &&
    (wallet['chains'] === undefined ||
      (Array.isArray(wallet['chains']) && wallet['chains'].every((c) => typeof c === 'string')))
  )
}

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value)
}

/**
 * The recently used wallets, newest first, at most {@link RECENT_WALLETS_KEPT}. Invalid entries
 * are skipped rather than discarding the whole list.
 *
 * @example
 * ```ts
 * const [lastUsed] = getRecentWallets()
 * ```
 */
export function getRecentWallets(): WalletListing[] {
  const stored = readStorage(STORAGE_KEYS.recentWallets, isArray) ?? []
  const seen = new Set<string>()
  const wallets: WalletListing[] = []
  for (const item of stored) {
    if (!isWalletListing(item) || seen.has(item.id)) continue
    seen.add(item.id)
    wallets.push(item)
  }
  return wallets.slice(0, RECENT_WALLETS_KEPT)
}

/**
 * Puts a wallet at the top of the recent list (moving it if already there) and keeps the newest
 * {@link RECENT_WALLETS_KEPT}. An invalid wallet is ignored.
 *
 * @returns the list as stored.
 * @example
 * ```ts
 * addRecentWallet({ id: 'c57ca95b…', name: 'MetaMask' })
 * ```
 */
export function addRecentWallet(wallet: WalletListing): WalletListing[] {
  const current = getRecentWallets()
  if (!isWalletListing(wallet)) return current
  const next = [wallet, ...current.filter((item) => item.id !== wallet.id)].slice(0, RECENT_WALLETS_KEPT)
  writeStorage(STORAGE_KEYS.recentWallets, next)
  return next
}

/** A wallet deep link remembered after a mobile pairing. */
export interface StoredDeepLink {
  href: string
  name: string
}

function isStoredDeepLink(value: unknown): value is StoredDeepLink {
  if (typeof value !== 'object' || value === null) return false
  const link = value as Record<string, unknown>
  return typeof link['href'] === 'string' && typeof link['name'] === 'string'
}

/**
 * The stored WalletConnect deep link, if any.
 *
 * @example
 * ```ts
 * const link = getDeepLink()
 * if (link) window.open(link.href)
 * ```
 */
export function getDeepLink(): StoredDeepLink | undefined {
  return readStorage(STORAGE_KEYS.deepLink, isStoredDeepLink)
}

/**
 * Stores the WalletConnect deep link (on finalizing a mobile pairing).
 *
 * @example
 * ```ts
 * storeDeepLink({ href: 'metamask://', name: 'MetaMask' })
 * ```
 */
export function storeDeepLink(link: StoredDeepLink): void {
  writeStorage(STORAGE_KEYS.deepLink, link)
}
