/**
 * Injected wallets: EVM ones through EIP-6963 announcements plus the legacy `window.ethereum`,
 * Solana ones through the Wallet Standard (wallet-standard.ts). Wallets are data here: each
 * becomes a {@link ConnectorInfo} carrying its providers; the chain adapters do the rest.
 * Started by the Connect view and by session restore, never at import.
 */
import {
  addConnectors,
  connectorsState,
  GENERIC_INJECTED_ID,
  isConnector,
  isMobile,
  removeConnectors,
  type ConnectorInfo,
} from '../../core/state/connectors'
import { startWalletStandardDiscovery } from './wallet-standard'
import { getResolvedOptions } from '../../core/config/appkit-state'
import { CHAIN_NAMESPACES } from '../../core/constants'
import { featuresState } from '../../core/config/features'
import type { EIP1193Provider } from '../../core/types'
import { isNonEmptyString, isRecord } from '../../core/lib/validate'

/** The `info` of an EIP-6963 announcement. */
export interface EIP6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

let started = false

/**
 * Starts listening for wallets and asks the installed ones to announce themselves (once per page;
 * later calls do nothing). Browser only. Also offers WalletConnect, which needs nothing installed,
 * only a project id, and the All Wallets list: this is where the Connect list's entries come from,
 * which keeps them out of the first-open budget.
 *
 * @example
 * ```ts
 * startInjectedDiscovery()
 * ```
 */
export function startInjectedDiscovery(): void {
  if (started || typeof window === 'undefined') return
  started = true
  if (!getResolvedOptions()?.projectIdMissing) {
    const chains = CHAIN_NAMESPACES
    addConnectors([
      { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', chains, view: 'ConnectingWalletConnect' },
    ])
    // Last in the list (SPEC §9 order ends with recommended): the full wallet list.
    if (featuresState.peek().allWallets)
      addConnectors([{ id: 'allWallets', name: 'All Wallets', type: 'recommended', chains, view: 'AllWallets' }])
    // On a desktop the WalletConnect entry shows a QR code: once Connect has painted and the page
    // is idle, load the provider and make the pairing, so the code paints at once on the click.
    // On a phone the list offers the wallets to open by deep link, which prepare the pairing once
    // they have painted.
    if (isMobile()) void import('../walletconnect/phone').then((phone) => phone.listPhoneWallets())
    else if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => void import('../walletconnect').then((wc) => wc.prepareWalletConnect()))
  }
  window.addEventListener('eip6963:announceProvider', (event) => onAnnounce((event as CustomEvent).detail))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  addLegacyProvider()
  startWalletStandardDiscovery(publishWallet)
}

function onAnnounce(detail: unknown): void {
  const connector = parseAnnouncement(detail)
  if (!connector) return
  publishWallet(connector)
  // The legacy provider is the same wallet as this one: list it once, under its real name.
  if (connector.providers?.eip155 === legacyProvider()) removeConnectors([GENERIC_INJECTED_ID])
}

/**
 * Lists a wallet once even when it exposes several providers (an EVM one through EIP-6963 and a
 * Solana one through the Wallet Standard): an installed wallet of the same name with other chains
 * is the same wallet, and the two become one connector. The EIP-6963 id stays its id (stable across
 * visits whichever announced first); the other is kept as an alias for stored sessions.
 * @internal
 */
export function publishWallet(incoming: ConnectorInfo): void {
  const all = connectorsState.peek()
  const name = incoming.name.toLowerCase()
  const twin =
    all.find((other) => isConnector(other, incoming.id)) ??
    all.find(
      (other) =>
        other.type === 'injected' &&
        !other.generic &&
        other.name.toLowerCase() === name &&
        !other.chains.some((chain) => incoming.chains.includes(chain)),
    )
  if (!twin) return addConnectors([incoming])
  const [primary, secondary] = twin.rdns || !incoming.rdns ? [twin, incoming] : [incoming, twin]
  const aliases = new Set([...(twin.aliases ?? []), ...(incoming.aliases ?? []), secondary.id])
  aliases.delete(primary.id)
  if (twin.id !== primary.id) removeConnectors([twin.id])
  addConnectors([
    {
      ...secondary,
      ...primary,
      chains: [...new Set([...twin.chains, ...incoming.chains])],
      providers: { ...twin.providers, ...incoming.providers },
      ...(aliases.size > 0 ? { aliases: [...aliases] } : {}),
    },
  ])
}

/**
 * A connector from an announcement, or undefined when the announcement is malformed (it comes
 * from any script on the page, so nothing in it is trusted).
 * @internal
 */
export function parseAnnouncement(detail: unknown): ConnectorInfo | undefined {
  if (!isRecord(detail) || !isRecord(detail['info'])) return undefined
  const { uuid, name, icon, rdns } = detail['info']
  const provider = detail['provider']
  if (!isNonEmptyString(uuid) || !isNonEmptyString(name) || !isNonEmptyString(rdns) || !isProvider(provider))
    return undefined
  return {
    id: rdns,
    name: name.trim().slice(0, 64),
    type: 'injected',
    chains: ['eip155'],
    rdns,
    providers: { eip155: provider },
    ...(typeof icon === 'string' && /^(data:image\/|https:)/.test(icon) ? { imageUrl: icon } : {}),
  }
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
  if (!provider || connectorsState.peek().some((connector) => connector.providers?.eip155 === provider)) return
  addConnectors([
    {
      id: GENERIC_INJECTED_ID,
      name: 'Browser Wallet',
      type: 'injected',
      chains: ['eip155'],
      providers: { eip155: provider },
      generic: true,
    },
  ])
}
