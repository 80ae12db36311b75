/**
 * Installed wallets: EVM ones through EIP-6963 announcements plus the legacy `window.ethereum`,
 * Solana ones through the Wallet Standard (wallet-standard.ts). Each wallet found is data
 * ({@link InstalledWallet}) that becomes a connector (`connector.ts`) in the Connect list.
 * Started when the modal opens and by session restore, never at import.
 */
import { connectorContext as core } from '../../core/connector'
import { outsideText } from '../../lib/outside-text'
import { isImageUrl, isNonEmptyString, isRecord } from '../../lib/validate'
import type { EIP1193Provider } from '../../core/types'
import { createInjectedConnector, type InstalledWallet } from './connector'
import { startWalletStandardDiscovery } from './wallet-standard'

export type { InstalledWallet } from './connector'

/** The `info` of an EIP-6963 announcement. */
export interface EIP6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** Id of the generic browser wallet found only through the legacy `window.ethereum`. */
export const GENERIC_INJECTED_ID = 'injected'

let started = false

/**
 * Starts listening for wallets and asks the installed ones to announce themselves (once per page;
 * later calls do nothing). Browser only.
 *
 * @example
 * ```ts
 * startInjectedDiscovery()
 * ```
 */
export function startInjectedDiscovery(): void {
  if (started || typeof window === 'undefined') return
  started = true
  window.addEventListener('eip6963:announceProvider', (event) => onAnnounce((event as CustomEvent).detail))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  addLegacyProvider()
  startWalletStandardDiscovery(publishWallet)
}

function onAnnounce(detail: unknown): void {
  const wallet = parseAnnouncement(detail)
  if (!wallet) return
  publishWallet(wallet)
  // The legacy provider is the same wallet as this one: list it once, under its real name.
  if (wallet.providers.eip155 === legacyProvider()) core.unlist([GENERIC_INJECTED_ID])
}

/** The installed wallets listed so far, as data. */
function listedWallets(): InstalledWallet[] {
  return core.listed().flatMap((entry) => ('wallet' in entry ? [entry.wallet as InstalledWallet] : []))
}

/**
 * Lists a wallet once even when it exposes several providers (an EVM one through EIP-6963 and a
 * Solana one through the Wallet Standard): an installed wallet of the same name with other chains
 * is the same wallet, and the two become one connector. The EIP-6963 id stays its id (stable across
 * visits whichever announced first); the other is kept as an alias for stored sessions.
 * @internal
 */
export function publishWallet(incoming: InstalledWallet): void {
  const wallets = listedWallets()
  const name = incoming.name.toLowerCase()
  const chains = (wallet: InstalledWallet) => Object.keys(wallet.providers)
  const twin =
    wallets.find((other) => other.id === incoming.id || other.aliases?.includes(incoming.id)) ??
    wallets.find(
      (other) =>
        !other.generic &&
        other.name.toLowerCase() === name &&
        !chains(other).some((chain) => chains(incoming).includes(chain)),
    )
  if (!twin) return core.list([createInjectedConnector(incoming)])
  const [primary, secondary] = twin.rdns || !incoming.rdns ? [twin, incoming] : [incoming, twin]
  const aliases = new Set([...(twin.aliases ?? []), ...(incoming.aliases ?? []), secondary.id])
  aliases.delete(primary.id)
  if (twin.id !== primary.id) core.unlist([twin.id])
  core.list([
    createInjectedConnector({
      ...secondary,
      ...primary,
      providers: { ...twin.providers, ...incoming.providers },
      ...(aliases.size > 0 ? { aliases: [...aliases] } : {}),
    }),
  ])
}

/**
 * A wallet from an announcement, or undefined when the announcement is malformed (it comes from
 * any script on the page, so nothing in it is trusted).
 * @internal
 */
export function parseAnnouncement(detail: unknown): InstalledWallet | undefined {
  if (!isRecord(detail) || !isRecord(detail['info'])) return undefined
  const { uuid, name, icon, rdns } = detail['info']
  const provider = detail['provider']
  const shownName = typeof name === 'string' ? outsideText(name) : ''
  if (!isNonEmptyString(uuid) || shownName === '' || !isRdns(rdns) || !isProvider(provider)) return undefined
  return {
    id: rdns,
    name: shownName,
    rdns,
    providers: { eip155: provider },
    ...(isImageUrl(icon) ? { imageUrl: icon } : {}),
  }
}

/** A reverse domain name as EIP-6963 asks (`io.metamask`): it becomes the wallet's id and is matched against listings. */
function isRdns(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 255 && /^[\w-]+(\.[\w-]+)+$/.test(value)
}

function isProvider(value: unknown): value is EIP1193Provider {
  return isRecord(value) && typeof value['request'] === 'function'
}

function legacyProvider(): EIP1193Provider | undefined {
  const candidate = (window as { ethereum?: unknown }).ethereum
  return isProvider(candidate) ? candidate : undefined
}

function addLegacyProvider(): void {
  const provider = legacyProvider()
  if (!provider || listedWallets().some((wallet) => wallet.providers.eip155 === provider)) return
  core.list([
    createInjectedConnector({
      id: GENERIC_INJECTED_ID,
      name: 'Browser Wallet',
      providers: { eip155: provider },
      generic: true,
    }),
  ])
}
