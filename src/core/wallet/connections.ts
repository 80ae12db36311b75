/**
 * Several wallets at once in one namespace (AppKit's multi-wallet): the rules of a namespace's
 * connection list and what is stored of it. A namespace holds at most one connection per
 * connector; the first is the active one, whose account the account state, the dapp's provider
 * and wagmi follow. Every connection keeps its own accounts, chain and connector, so switching
 * back to one needs no wallet. Stored: the live connections (restored on the next load without a
 * prompt) and the recent ones the visitor disconnected (listed to connect again).
 * LAZY: reached from the connect path (`connect.ts`), the multi-wallet hooks and the Account view.
 */
import { connectionState } from '../state/connection'
import { findConnector } from '../state/connectors'
import { findRequestedNetwork } from '../state/network'
import { formatCaipNetworkId } from '../lib/caip'
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage'
import { isRecord } from '../../lib/validate'
import type { AccountDetails } from '../connector'
import type { CaipNetwork, CaipNetworkId, ChainNamespace, ConnectedWalletInfo, Connection } from '../types'

/**
 * A connection as stored across reloads: a live one to restore without a prompt, or a recent one
 * (`recent`) the visitor disconnected, listed to connect again.
 */
export interface StoredConnection extends Connection {
  recent?: true
}

/**
 * A namespace's stored connections (live ones first, the active one first of all, then recent
 * ones). Storage is the visitor's to edit: an entry without a connector id or with an account
 * without an address is dropped.
 *
 * @example
 * ```ts
 * const toRestore = getStoredConnections('eip155').filter((connection) => !connection.recent)
 * ```
 */
export function getStoredConnections(namespace: ChainNamespace): StoredConnection[] {
  const stored = readStorage(STORAGE_KEYS.connections, isRecord)?.[namespace]
  return Array.isArray(stored)
    ? stored.flatMap((entry: unknown) =>
        isRecord(entry) &&
        typeof entry['connectorId'] === 'string' &&
        Array.isArray(entry['accounts']) &&
        entry['accounts'].every((account) => isRecord(account) && typeof account['address'] === 'string')
          ? [
              {
                connectorId: entry['connectorId'],
                accounts: (entry['accounts'] as { address: string }[]).map(({ address }) => ({ address })),
                ...(entry['recent'] === true && { recent: true as const }),
              },
            ]
          : [],
      )
    : []
}

/** A connection as the multi-wallet API gives it (an item of AppKit's `useAppKitConnections`). */
export interface WalletConnection extends Connection {
  /** The wallet's name (a WalletConnect session's peer, else the connector's). */
  name: string | undefined
  icon: string | undefined
  /** The dapp's network the connection is on (undefined when the dapp has no such network). */
  caipNetwork: CaipNetwork | undefined
}

/**
 * A namespace's connections as the multi-wallet API gives them: the live ones (the active one
 * first) and the recent ones that can be connected again (stored, not live, their connector known
 * on this page). Reads signals: inside an effect or a rendering hook it follows them.
 *
 * @example
 * ```ts
 * const { connections, recentConnections } = connectionsData('eip155')
 * ```
 */
export function connectionsData(namespace: ChainNamespace): {
  connections: WalletConnection[]
  recentConnections: WalletConnection[]
} {
  const live = connectionState.connections.value.get(namespace) ?? []
  const format = ({ connectorId, accounts, chainId, name, icon }: Connection): WalletConnection => ({
    connectorId,
    accounts,
    chainId,
    name: name ?? findConnector(connectorId)?.name,
    icon: icon ?? findConnector(connectorId)?.imageUrl,
    caipNetwork: chainId === undefined ? undefined : findRequestedNetwork(formatCaipNetworkId(namespace, chainId)),
  })
  return {
    connections: live.map(format),
    recentConnections: getStoredConnections(namespace)
      .filter(
        (stored) =>
          stored.recent &&
          findConnector(stored.connectorId) &&
          !live.some((connection) => connection.connectorId === stored.connectorId),
      )
      .map(format),
  }
}

/** What activating a connection again needs beyond its public fields. @internal */
export interface ConnectionExtras {
  walletInfo: ConnectedWalletInfo
  details?: AccountDetails | undefined
  approvedCaipNetworkIds?: readonly CaipNetworkId[] | undefined
}

// Kept apart from the connections themselves, which are the public shape (SPEC §3).
const extras = new Map<string, ConnectionExtras>()

function extrasKey(namespace: ChainNamespace, connectorId: string): string {
  return `${namespace} ${connectorId}`
}

/** @internal Remembers what activating a connection again needs. */
export function keepExtras(namespace: ChainNamespace, connectorId: string, kept: ConnectionExtras): void {
  extras.set(extrasKey(namespace, connectorId), kept)
}

/** @internal What activating a connection again needs, if it was kept. */
export function extrasOf(namespace: ChainNamespace, connectorId: string): ConnectionExtras | undefined {
  return extras.get(extrasKey(namespace, connectorId))
}

/** A namespace's live connections, the active one first. */
export function connectionsOf(namespace: ChainNamespace): readonly Connection[] {
  return connectionState.connections.peek().get(namespace) ?? []
}

/**
 * A namespace's list with `connection` put in: replacing the same connector's entry; first when
 * it becomes the active one (alone when `keepOthers` is false: multi-wallet off), else where it was
 * (last when new).
 *
 * @example
 * ```ts
 * placeConnection([injected], walletConnect, { activate: true, keepOthers: true }) // [walletConnect, injected]
 * ```
 */
export function placeConnection(
  list: readonly Connection[],
  connection: Connection,
  { activate, keepOthers }: { activate: boolean; keepOthers: boolean },
): Connection[] {
  const others = list.filter((entry) => entry.connectorId !== connection.connectorId)
  if (activate) return keepOthers ? [connection, ...others] : [connection]
  const index = list.findIndex((entry) => entry.connectorId === connection.connectorId)
  return index < 0 ? [...list, connection] : list.map((entry, at) => (at === index ? connection : entry))
}

/**
 * Stores a namespace's connections as they are now: the live ones (active first) to restore on
 * the next load, then the stored ones no longer live as recent (disconnected, or not restored).
 *
 * @example
 * ```ts
 * persistConnections('eip155')
 * ```
 */
export function persistConnections(namespace: ChainNamespace): void {
  const live = connectionsOf(namespace)
  const recent = getStoredConnections(namespace).filter(
    (stored) => !live.some((connection) => connection.connectorId === stored.connectorId),
  )
  writeConnections(namespace, [
    ...live.map(({ connectorId, accounts }) => ({
      connectorId,
      accounts: accounts.map(({ address }) => ({ address })),
    })),
    ...recent.map((stored) => ({ ...stored, recent: true as const })),
  ])
}

/**
 * Forgets an address of a stored connection (AppKit's `deleteAddressFromConnection`); the
 * connection goes once it has no address left.
 *
 * @example
 * ```ts
 * forgetStoredAddress('eip155', 'walletConnect', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 * ```
 */
export function forgetStoredAddress(namespace: ChainNamespace, connectorId: string, address: string): void {
  writeConnections(
    namespace,
    getStoredConnections(namespace).flatMap((stored) => {
      if (stored.connectorId !== connectorId) return [stored]
      const accounts = stored.accounts.filter((account) => account.address.toLowerCase() !== address.toLowerCase())
      return accounts.length > 0 ? [{ ...stored, accounts }] : []
    }),
  )
}

function writeConnections(namespace: ChainNamespace, list: readonly StoredConnection[]): void {
  const all = { ...readStorage(STORAGE_KEYS.connections, isRecord) }
  if (list.length > 0) all[namespace] = list
  else delete all[namespace]
  if (Object.keys(all).length > 0) writeStorage(STORAGE_KEYS.connections, all)
  else removeStorage(STORAGE_KEYS.connections)
}
