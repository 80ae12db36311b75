import { computed, signal, type ReadonlySignal } from '@preact/signals-core'
import { getResolvedOptions } from '../config/appkit-state'
import { CONNECTOR_TYPE_ORDER } from '../constants'
import type { ChainNamespace, EIP1193Provider, ViewName } from '../types'

/** Where a connector came from; it decides its place in the Connect list. */
export type ConnectorType = (typeof CONNECTOR_TYPE_ORDER)[number] | 'auth'

/**
 * A way to connect that the Connect view can list. Connector modules (injected, WalletConnect,
 * embedded) publish these; views only ever see this shape.
 */
export interface ConnectorInfo {
  /** Stable id, e.g. an EIP-6963 rdns or `walletConnect`. */
  id: string
  name: string
  type: ConnectorType
  /** Namespaces this connector can connect. */
  chains: readonly ChainNamespace[]
  imageUrl?: string
  rdns?: string
  /**
   * The wallet's provider per namespace, for connectors that have one in the page. One wallet can
   * expose several (an EVM provider and a Solana one): it is still one connector, listed once.
   */
  providers?: Partial<Record<ChainNamespace, EIP1193Provider>>
  /** Ids this connector was also known by (a Solana-only entry merged into its EVM twin). */
  aliases?: readonly string[]
  /** True for the generic browser wallet (`window.ethereum` with no EIP-6963 announcement). */
  generic?: boolean
  /** Ends the wallet's session itself (WalletConnect); otherwise the chain adapter asks the wallet. */
  disconnect?: () => Promise<void>
  /** The view picking it opens; default ConnectingExternal for this connector. */
  view?: ViewName
  /** The data that view gets (a WalletConnect listing: `{ wallet }`); default this connector's id. */
  viewData?: Record<string, unknown>
  /**
   * Opens the wallet inside the tap that picked it, before the view shows (a phone's deep link:
   * iOS blocks a navigation that follows an await). Returns whether it did.
   */
  open?: () => boolean
}

/** Id of the generic browser wallet found only through the legacy `window.ethereum`. */
export const GENERIC_INJECTED_ID = 'injected'

/** @internal */
export const connectorsState = signal<readonly ConnectorInfo[]>([])

/**
 * Connectors in the Connect list's order (SPEC §9: walletConnect, recent, injected, featured,
 * custom, external, recommended); the embedded-wallet connector has its own section and is left out.
 */
export const orderedConnectors: ReadonlySignal<readonly ConnectorInfo[]> = computed(() =>
  connectorsState.value
    .filter((connector) => connector.type !== 'auth' && isConnectorShown(connector, connectorsState.value))
    .map((connector, index) => ({ connector, index }))
    .sort((a, b) => rank(a.connector.type) - rank(b.connector.type) || a.index - b.index)
    .map(({ connector }) => connector),
)

/**
 * SPEC §5: a connector on the excluded list (`excludeWalletIds`, matched by id, rdns or
 * case-insensitive name) is hidden; the generic browser wallet is hidden on desktop, and on mobile
 * when it has no rdns and no other wallet is installed.
 * @internal
 */
export function isConnectorShown(connector: ConnectorInfo, all: readonly ConnectorInfo[]): boolean {
  const excluded = getResolvedOptions()?.excludeWalletIds ?? []
  const name = connector.name.toLowerCase()
  if (excluded.some((id) => id === connector.id || id === connector.rdns || id.toLowerCase() === name)) return false
  if (!connector.generic) return true
  if (!isMobile()) return false
  return Boolean(connector.rdns) || all.some((other) => other !== connector && other.type === 'injected')
}

/**
 * A connector by id, shown or not.
 *
 * @example
 * ```ts
 * const provider = findConnector('dev.sigkit.testwallet')?.providers?.eip155
 * ```
 */
export function findConnector(id: string): ConnectorInfo | undefined {
  return connectorsState.peek().find((connector) => isConnector(connector, id))
}

/** Whether `connector` is the one known by `id` (its own id or an alias). @internal */
export function isConnector(connector: ConnectorInfo, id: string): boolean {
  return connector.id === id || (connector.aliases?.includes(id) ?? false)
}

function rank(type: ConnectorType): number {
  return (CONNECTOR_TYPE_ORDER as readonly string[]).indexOf(type)
}

/**
 * Publishes the connectors a connector module discovered, replacing earlier ones with the same id.
 * @example
 * ```ts
 * addConnectors([{ id: 'io.metamask', name: 'MetaMask', type: 'injected', chains: ['eip155'] }])
 * ```
 */
export function addConnectors(connectors: readonly ConnectorInfo[]): void {
  const ids = new Set(connectors.map((connector) => connector.id))
  connectorsState.value = [...connectorsState.value.filter((connector) => !ids.has(connector.id)), ...connectors]
}

/** Removes connectors by id (a wallet extension that went away). */
export function removeConnectors(ids: readonly string[]): void {
  const gone = new Set(ids)
  connectorsState.value = connectorsState.value.filter((connector) => !gone.has(connector.id))
}

/**
 * Whether the visitor is on a phone or tablet (iPadOS reports itself as a Mac with touch). Here
 * rather than in a module of its own: which wallets to offer is what the device decides, and one
 * file is one chunk.
 *
 * @example
 * ```ts
 * if (isMobile()) openDeepLink(uri)
 * ```
 */
export function isMobile(): boolean {
  if (typeof navigator === 'undefined') return false
  const agent = navigator.userAgent
  if (/Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(agent)) return true
  return navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1
}
