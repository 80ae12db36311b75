/**
 * The connector a namespace is connected through, from the id stored at connection time.
 * Connection code only (lazy): in connectors.ts it would ship with the Connect view.
 */
import { findConnector, type ConnectorInfo } from './connectors'
import { getConnectedConnectorIds } from './storage'
import type { ChainNamespace } from './types'

/**
 * The connector `namespace` is connected through, if it is still known.
 *
 * @example
 * ```ts
 * const provider = connectedConnector('eip155')?.provider
 * ```
 */
export function connectedConnector(namespace: ChainNamespace | undefined): ConnectorInfo | undefined {
  const id = namespace ? getConnectedConnectorIds()[namespace] : undefined
  return id ? findConnector(id) : undefined
}
