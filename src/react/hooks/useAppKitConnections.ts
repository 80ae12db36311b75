import { useSignals } from '@preact/signals-react/runtime'
import { activeNamespace } from '../../core/state/account'
import { connectionsData, type WalletConnection } from '../../core/wallet/connections'
import type { ChainNamespace } from '../../core/types'

/** What {@link useAppKitConnections} returns (AppKit's shape). */
export interface UseAppKitConnectionsReturnType {
  /** The wallets connected now in the namespace, the active one first. */
  connections: WalletConnection[]
  /** Wallets connected before and disconnected, stored, that can be connected again. */
  recentConnections: WalletConnection[]
}

/**
 * The wallets connected at once in a namespace (default: the active one), and the recent ones.
 * Multi-wallet is on unless `features.multiWallet` is `false` (then `connections` holds one).
 * @example
 * ```tsx
 * const { connections } = useAppKitConnections('eip155')
 * return <ul>{connections.map((c) => <li key={c.connectorId}>{c.name}: {c.accounts[0]?.address}</li>)}</ul>
 * ```
 */
export function useAppKitConnections(namespace?: ChainNamespace): UseAppKitConnectionsReturnType {
  useSignals()
  const chosen = namespace ?? activeNamespace.value
  return chosen ? connectionsData(chosen) : { connections: [], recentConnections: [] }
}
