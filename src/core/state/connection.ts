/**
 * Connection state (SPEC §3 "Connection state"): live connections per namespace and the
 * WalletConnect pairing in progress. Connectors are added later; this is the state they share.
 */
import { batch, signal } from '@preact/signals-core'
import type { Signal } from '@preact/signals-core'
import { removeDeepLink, storeConnectionStatus } from '../lib/storage'
import type { ChainNamespace, Connection, ConnectionStatus, WalletListing } from '../types'

/** The connection signals. */
export interface ConnectionSignals {
  connections: Signal<ReadonlyMap<ChainNamespace, readonly Connection[]>>
  /** WalletConnect pairing URI shown as QR code / deep link. */
  wcUri: Signal<string | undefined>
  /** Clock time (ms) after which `wcUri` may no longer be used. */
  wcPairingExpiry: Signal<number | undefined>
  /** Deep link opened for the pairing. */
  wcLinking: Signal<{ href: string; name: string } | undefined>
  /** The wallet being connected through WalletConnect. */
  recentWallet: Signal<WalletListing | undefined>
  wcError: Signal<boolean>
  buffering: Signal<boolean>
  status: Signal<ConnectionStatus>
}

/** Shared connection state. */
export const connectionState: ConnectionSignals = {
  connections: signal(new Map()),
  wcUri: signal(undefined),
  wcPairingExpiry: signal(undefined),
  wcLinking: signal(undefined),
  recentWallet: signal(undefined),
  wcError: signal(false),
  buffering: signal(false),
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
  connectionState.status.value = status
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
  connectionState.connections.value = next
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
    connectionState.wcUri.value = undefined
    connectionState.wcPairingExpiry.value = undefined
    connectionState.wcLinking.value = undefined
    connectionState.recentWallet.value = undefined
    connectionState.wcError.value = false
    connectionState.buffering.value = false
    setConnectionStatus('disconnected')
  })
  removeDeepLink()
}
