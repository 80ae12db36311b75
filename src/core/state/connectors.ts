import { computed, signal, type ReadonlySignal } from '@preact/signals-core'
import { getResolvedOptions } from '../config/appkit-state'
import { CONNECTOR_TYPE_ORDER } from '../constants'
import { isMobile } from '../../lib/device'
import type { ChainNamespace, ViewName } from '../types'
import type { Connector, ConnectorEmitter } from '../connector'

/** Where a connector came from; it decides its place in the Connect list. */
export type ConnectorType = (typeof CONNECTOR_TYPE_ORDER)[number] | 'auth'

/**
 * A way to connect as the Connect view lists it. A connector (`core/connector.ts`) is one of
 * these with its behaviour; some entries are listings only (All Wallets, the wallets a phone opens
 * through WalletConnect). Views only ever see this shape.
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
  /** Ids this connector was also known by (a Solana-only entry merged into its EVM twin). */
  aliases?: readonly string[]
  /** True for the generic browser wallet (`window.ethereum` with no EIP-6963 announcement). */
  generic?: boolean
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
 * const name = findConnector('dev.sigkit.testwallet')?.name
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
  connectors.forEach(follow)
}

const followed = new WeakSet<ConnectorEmitter>()
/** The connection code, once loaded: events then apply at once, in the wallet's own call. */
let connection: typeof import('../wallet/connect') | undefined
let loadingConnection: Promise<typeof import('../wallet/connect')> | undefined

/**
 * Core hears what a connector reports from the moment it is listed (a connection it makes by
 * itself included); the connection code loads with the first event, which waits for it.
 */
function follow(entry: ConnectorInfo): void {
  const emitter = (entry as Partial<Connector>).emitter
  if (!emitter || followed.has(emitter)) return
  followed.add(emitter)
  emitter.subscribe((event) => {
    if (connection) return connection.onConnectorEvent(entry as Connector, event)
    // One load for every event that comes before it, applied in the order they came.
    loadingConnection ??= import('../wallet/connect').then((loaded) => (connection = loaded))
    void loadingConnection.then((loaded) => loaded.onConnectorEvent(entry as Connector, event))
  })
}

/** Removes connectors by id (a wallet extension that went away). */
export function removeConnectors(ids: readonly string[]): void {
  const gone = new Set(ids)
  connectorsState.value = connectorsState.value.filter((connector) => !gone.has(connector.id))
}
