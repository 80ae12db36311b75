import type { ChainNamespace } from '../../core/types'

/** What {@link useDisconnect} returns. */
export interface UseDisconnectReturnType {
  /**
   * Disconnects `namespace`, or every connected namespace (a wallet that will not forget the site
   * is no failure). Rejects with 'Failed to disconnect chain {namespace}', 'Failed to disconnect
   * chains' or 'Failed to disconnect' when clearing the local state fails.
   */
  disconnect(parameters?: { namespace?: ChainNamespace }): Promise<void>
}

/**
 * Disconnects the wallet.
 * @example
 * ```tsx
 * const { disconnect } = useDisconnect()
 * return <button onClick={() => disconnect()}>Disconnect</button>
 * ```
 */
export function useDisconnect(): UseDisconnectReturnType {
  return { disconnect }
}

function disconnect(parameters: { namespace?: ChainNamespace } = {}): Promise<void> {
  return import('../../core/wallet/connect').then((connection) => connection.disconnect(parameters.namespace))
}
