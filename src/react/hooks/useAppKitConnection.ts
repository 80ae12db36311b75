import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { connectionsData, type WalletConnection } from '../../core/wallet/connections'
import type { ChainNamespace, Connection } from '../../core/types'

/** What {@link useAppKitConnection} reports on success (AppKit's shape). */
export interface ConnectionChange {
  /** The active address afterwards (the deleted one for a deletion). */
  address: string
  namespace: ChainNamespace
  hasSwitchedAccount: boolean
  hasSwitchedWallet: boolean
  hasDeletedWallet: boolean
}

/** What {@link useAppKitConnection} takes. */
export interface UseAppKitConnectionParameters {
  /** Default: the active namespace. */
  namespace?: ChainNamespace
  onSuccess?: (change: ConnectionChange) => void
  onError?: (error: Error) => void
}

/** What {@link useAppKitConnection} returns (AppKit's shape). */
export interface UseAppKitConnectionReturnType {
  /** The active connection of the namespace. */
  connection: WalletConnection | undefined
  /** A switch is in progress. */
  isPending: boolean
  /**
   * Makes a connection the active one (its wallet is not asked); `address` picks one of its
   * accounts. A recent connection is connected again (its wallet may prompt).
   */
  switchConnection(parameters: { connection: Pick<Connection, 'connectorId'>; address?: string }): Promise<void>
  /**
   * Ends a connection: a live one is disconnected and the others stay (the next becomes active if
   * it was); of a recent one, `address` is forgotten.
   */
  deleteConnection(parameters: { connectorId: string; address: string }): Promise<void>
}

/**
 * The active connection of a namespace, and switching between or ending the wallets connected at
 * once (AppKit's multi-wallet hook).
 * @example
 * ```tsx
 * const { connections } = useAppKitConnections()
 * const { connection, switchConnection, deleteConnection } = useAppKitConnection({
 *   onSuccess: ({ address }) => console.log('now', address),
 * })
 * return connections.map((c) => (
 *   <button key={c.connectorId} disabled={c === connection} onClick={() => switchConnection({ connection: c })}>
 *     {c.name}
 *   </button>
 * ))
 * ```
 */
export function useAppKitConnection({
  namespace,
  onSuccess,
  onError,
}: UseAppKitConnectionParameters = {}): UseAppKitConnectionReturnType {
  useSignals()
  const [isPending, setPending] = useState(false)
  const chosen = namespace ?? activeNamespace.value ?? 'eip155'
  const connection = connectionsData(chosen).connections[0]

  async function switchConnection({
    connection: target,
    address,
  }: {
    connection: Pick<Connection, 'connectorId'>
    address?: string
  }) {
    const before = {
      address: getAccountState(chosen).address.peek(),
      connectorId: connectionsData(chosen).connections[0]?.connectorId,
    }
    setPending(true)
    try {
      const { switchConnection: switching } = await import('../../core/wallet/connect')
      await switching(chosen, target.connectorId, address)
      const after = getAccountState(chosen).address.peek() ?? ''
      onSuccess?.({
        address: after,
        namespace: chosen,
        hasSwitchedAccount: after.toLowerCase() !== before.address?.toLowerCase(),
        hasSwitchedWallet: target.connectorId !== before.connectorId,
        hasDeletedWallet: false,
      })
    } catch (error) {
      onError?.(error instanceof Error ? error : new Error(String(error)))
    } finally {
      setPending(false)
    }
  }

  async function deleteConnection({ connectorId, address }: { connectorId: string; address: string }) {
    try {
      const { disconnectConnection } = await import('../../core/wallet/connect')
      await disconnectConnection(chosen, connectorId, address)
      onSuccess?.({
        address,
        namespace: chosen,
        hasSwitchedAccount: false,
        hasSwitchedWallet: false,
        hasDeletedWallet: true,
      })
    } catch (error) {
      onError?.(error instanceof Error ? error : new Error(String(error)))
    }
  }

  return { connection, isPending, switchConnection, deleteConnection }
}
