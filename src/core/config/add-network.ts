/**
 * `addNetwork` (SPEC §5 "Adding a network requires an existing adapter for its namespace"). LAZY:
 * loaded when the dapp adds a network.
 */
import { AppKitOptionsError, validateNetwork } from './options'
import { addRequestedNetwork, getNetworkState } from '../state/network'
import type { CaipNetwork, ChainNamespace } from '../types'

/**
 * Adds a network after start. Its namespace must already be set up, that is have an adapter,
 * which SigKit makes for each namespace of the `networks` option; adding a network that is already
 * there is ignored. The network is validated as `networks` items are.
 *
 * @returns whether it was added.
 * @throws AppKitOptionsError for a malformed network or one not of `namespace`; Error 'Adapter not
 * found' for a namespace the dapp set up no network in.
 * @example
 * ```ts
 * addNetwork('eip155', optimism)
 * ```
 */
export function addNetwork(namespace: ChainNamespace, input: unknown): boolean {
  const network: CaipNetwork = validateNetwork(input, 'network')
  if (network.chainNamespace !== namespace)
    throw new AppKitOptionsError(
      'network.chainNamespace',
      'network.chainNamespace must be the namespace it is added to',
    )
  if (getNetworkState(namespace).requestedCaipNetworks.peek().length === 0) throw new Error('Adapter not found')
  return addRequestedNetwork(network)
}
