/**
 * Injected EVM wallets: EIP-6963 announcements plus the legacy `window.ethereum`. Wallets are data
 * here: each becomes a {@link ConnectorInfo} carrying its provider; the eip155 adapter does the rest.
 * Started by the Connect view and by session restore, never at import.
 */
import { addConnectors, connectorsState, GENERIC_INJECTED_ID, removeConnectors, type ConnectorInfo } from '../../core/connectors'
import { getResolvedOptions } from '../../core/appkit-state'
import { CHAIN_NAMESPACES } from '../../core/constants'
import { featuresState } from '../../core/features'
import type { EIP1193Provider } from '../../core/types'
import { isNonEmptyString, isRecord } from '../../core/validate'

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
    addConnectors([{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', chains, view: 'ConnectingWalletConnect' }])
    // Last in the list (SPEC §9 order ends with recommended): the full wallet list.
    if (featuresState.peek().allWallets) addConnectors([{ id: 'allWallets', name: 'All Wallets', type: 'recommended', chains, view: 'AllWallets' }])
  }
  window.addEventListener('eip6963:announceProvider', event => onAnnounce((event as CustomEvent).detail))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  addLegacyProvider()
}

function onAnnounce(detail: unknown): void {
  const connector = parseAnnouncement(detail)
  if (!connector) return
  addConnectors([connector])
  // The legacy provider is the same wallet as this one: list it once, under its real name.
  if (connector.provider === legacyProvider()) removeConnectors([GENERIC_INJECTED_ID])
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
  if (!isNonEmptyString(uuid) || !isNonEmptyString(name) || !isNonEmptyString(rdns) || !isProvider(provider)) return undefined
  return {
    id: rdns,
    name: name.trim().slice(0, 64),
    type: 'injected',
    chains: ['eip155'],
    rdns,
    provider,
    ...(typeof icon === 'string' && /^(data:image\/|https:)/.test(icon) ? { imageUrl: icon } : {})
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
  if (!provider || connectorsState.peek().some(connector => connector.provider === provider)) return
  addConnectors([{ id: GENERIC_INJECTED_ID, name: 'Browser Wallet', type: 'injected', chains: ['eip155'], provider, generic: true }])
}
