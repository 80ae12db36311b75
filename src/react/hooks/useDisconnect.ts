import type { ChainNamespace } from '../../core/types'

/** What {@link useDisconnect} returns. */
export interface UseDisconnectReturnType {
  /** Disconnects `namespace`, or every connected namespace. Rejects with 'Failed to disconnect'. */
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
