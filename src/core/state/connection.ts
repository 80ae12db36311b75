/**
 * Connection state (SPEC §3 "Connection state"): live connections per namespace and the
 * WalletConnect pairing in progress. Connectors are added later; this is the state they share.
 */
import { batch, signal } from '@preact/signals-core'
import type { ReadonlySignal } from '@preact/signals-core'
import { removeDeepLink, storeConnectionStatus } from '../lib/storage'
import { clock } from '../../lib/clock'
import { assignSignals, signalsOf, type SignalsOf } from '../../lib/signals'
import type { ChainNamespace, Connection, ConnectionStatus, EIP1193Provider, WalletListing } from '../types'
import type { Connector } from '../connector'
import { findConnector } from './connectors'

/** The connection signals, read-only: a dapp reads and watches them. */
export interface ConnectionSignals {
  readonly connections: ReadonlySignal<ReadonlyMap<ChainNamespace, readonly Connection[]>>
  /** WalletConnect pairing URI shown as QR code / deep link. */
  readonly wcUri: ReadonlySignal<string | undefined>
  /** Clock time (ms) after which `wcUri` may no longer be used. */
  readonly wcPairingExpiry: ReadonlySignal<number | undefined>
  /** Deep link opened for the pairing. */
  readonly wcLinking: ReadonlySignal<{ href: string; name: string } | undefined>
  /** The wallet being connected through WalletConnect. */
  readonly recentWallet: ReadonlySignal<WalletListing | undefined>
  readonly wcError: ReadonlySignal<boolean>
  readonly buffering: ReadonlySignal<boolean>
  readonly status: ReadonlySignal<ConnectionStatus>
}

/** The connection signals' values. */
type ConnectionValues = { [Field in keyof ConnectionSignals]: ConnectionSignals[Field]['value'] }

/**
 * The same signals, writable: for the connection code here, and for the connectors and connecting
 * views through `pairing.ts`'s `connectionSignals`.
 * @internal
 */
export type WritableConnectionSignals = SignalsOf<ConnectionValues>

/** The WalletConnect pairing's fields while none is in progress. */
const NO_PAIRING: Omit<ConnectionValues, 'connections' | 'status'> = {
  wcUri: undefined,
  wcPairingExpiry: undefined,
  wcLinking: undefined,
  recentWallet: undefined,
  wcError: false,
  buffering: false,
}

/** Shared connection state. */
export const connectionState: ConnectionSignals = {
  connections: signal(new Map()),
  ...signalsOf(NO_PAIRING),
  status: signal('disconnected'),
}

/**
 * Sets the connection status and persists it, so the next page load knows whether to reconnect.
 *
 * @example
 * ```ts
 * setConnectionStatus('connecting')
 * ```
 */
export function setConnectionStatus(status: ConnectionStatus): void {
  ;(connectionState as WritableConnectionSignals).status.value = status
  storeConnectionStatus(status)
}

/**
 * Replaces the connections of one namespace.
 *
 * @example
 * ```ts
 * setConnections('eip155', [{ connectorId: 'injected', chainId: 1, accounts: [{ address: '0xab…' }] }])
 * ```
 */
export function setConnections(namespace: ChainNamespace, connections: readonly Connection[]): void {
  const next = new Map(connectionState.connections.peek())
  if (connections.length === 0) next.delete(namespace)
  else next.set(namespace, connections)
  ;(connectionState as WritableConnectionSignals).connections.value = next
}

/**
 * Resetting a connection (SPEC §4): clears uri, expiry, linking and recent wallet, sets the status
 * to disconnected and clears the stored deep link.
 *
 * @example
 * ```ts
 * resetWcConnection()
 * ```
 */
export function resetWcConnection(): void {
  batch(() => {
    assignSignals(connectionState as WritableConnectionSignals, NO_PAIRING)
    setConnectionStatus('disconnected')
  })
  removeDeepLink()
}

/**
 * The connector a namespace is connected through (with its behaviour), from connection state.
 *
 * @example
 * ```ts
 * const name = connectedConnector('eip155')?.name
 * ```
 */
export function connectedConnector(namespace: ChainNamespace | undefined): Connector | undefined {
  const id = namespace && connectionState.connections.peek().get(namespace)?.[0]?.connectorId
  const connector = id ? findConnector(id) : undefined
  return connector && 'provider' in connector ? (connector as Connector) : undefined
}

/**
 * The provider a namespace is connected through.
 *
 * @example
 * ```ts
 * const provider = connectedProvider('solana')
 * ```
 */
export function connectedProvider(namespace: ChainNamespace | undefined): EIP1193Provider | undefined {
  return namespace ? connectedConnector(namespace)?.provider(namespace) : undefined
}

// ── the WalletConnect pairing ──────────────────────────────────────────────────────────────

/**
 * The connection state, writable, for the connectors and the connecting views (everyone else reads
 * the read-only `connectionState`; it is the same object).
 * @internal
 */
export const connectionSignals = connectionState as WritableConnectionSignals

/**
 * Records a fresh WalletConnect pairing URI and when it expires.
 *
 * @example
 * ```ts
 * setWcUri('wc:abc@2?relay-protocol=irn&symKey=…', clock.now() + 300_000)
 * ```
 */
export function setWcUri(uri: string, expiresAt: number | undefined): void {
  batch(() => {
    connectionSignals.wcUri.value = uri
    connectionSignals.wcPairingExpiry.value = expiresAt
    connectionSignals.wcError.value = false
  })
}

/**
 * Whether the current pairing URI can still be reused (SPEC: an unexpired pairing is reused).
 *
 * @example
 * ```ts
 * if (!hasValidPairing()) await connector.connect()
 * ```
 */
export function hasValidPairing(): boolean {
  const expiry = connectionState.wcPairingExpiry.peek()
  return Boolean(connectionState.wcUri.peek()) && expiry !== undefined && expiry > clock.now()
}
