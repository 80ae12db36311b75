/**
 * When the Account view offers to switch an embedded account between its smart account and EOA.
 */
import { connectionState } from '../../core/state/connection'
import { getNetworkState } from '../../core/state/network'
import type { ChainNamespace } from '../../core/types'

/**
 * Whether the embedded account of `namespace` can be switched between smart account and EOA: an
 * EVM network the frame has smart accounts on, connected through the embedded wallet.
 *
 * @example
 * ```ts
 * if (canSwitchAccountType('eip155')) showSwitch()
 * ```
 */
export function canSwitchAccountType(namespace: ChainNamespace): boolean {
  const network = getNetworkState(namespace)
  const id = Number(network.caipNetwork.value?.id)
  return (
    namespace === 'eip155' &&
    connectionState.connections.value.get(namespace)?.[0]?.connectorId === 'auth' &&
    network.smartAccountEnabledNetworks.value.includes(id)
  )
}
