/**
 * Stored items only WalletConnect uses: the recent wallets and the deep link of the last mobile
 * pairing. Apart from storage.ts because esbuild assigns whole files to chunks: kept there, their
 * code would ship at page load although only the lazy WalletConnect connector writes them.
 */
import { RECENT_WALLETS_KEPT } from '../constants'
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage'
import type { WalletListing } from '../types'

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
