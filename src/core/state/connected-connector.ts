/**
 * The connector a namespace is connected through, from the id stored at connection time.
 * Connection code only (lazy): in connectors.ts it would ship with the Connect view.
 */
import { findConnector, type ConnectorInfo } from './connectors'
import { getConnectedConnectorIds } from '../lib/storage'
import type { ChainNamespace, EIP1193Provider } from '../types'

/**
 * The connector `namespace` is connected through, if it is still known.
 *
 * @example
 * ```ts
 * const name = connectedConnector('eip155')?.name
 * ```
 */
export function connectedConnector(namespace: ChainNamespace | undefined): ConnectorInfo | undefined {
  const id = namespace ? getConnectedConnectorIds()[namespace] : undefined
  return id ? findConnector(id) : undefined
}

/**
 * The provider `namespace` is connected through: the connector's provider for that namespace.
 *
 * @example
 * ```ts
 * const provider = connectedProvider('solana')
 * ```
 */
export function connectedProvider(namespace: ChainNamespace | undefined): EIP1193Provider | undefined {
  return namespace ? connectedConnector(namespace)?.providers?.[namespace] : undefined
}
