import { computed, signal, type ReadonlySignal } from '@preact/signals-core'
import { CONNECTOR_TYPE_ORDER } from './constants'
import type { ChainNamespace } from './types'

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
}

/** @internal */
export const connectorsState = signal<readonly ConnectorInfo[]>([])

/**
 * Connectors in the Connect list's order (SPEC §9: walletConnect, recent, injected, featured,
 * custom, external, recommended); the embedded-wallet connector has its own section and is left out.
 */
export const orderedConnectors: ReadonlySignal<readonly ConnectorInfo[]> = computed(() =>
  connectorsState.value
    .filter((connector) => connector.type !== 'auth')
    .map((connector, index) => ({ connector, index }))
    .sort(
      (a, b) =>
        rank(a.connector.type) - rank(b.connector.type) || a.index - b.index,
    )
    .map(({ connector }) => connector),
)

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
