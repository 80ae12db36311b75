/**
 * What the network list does when the visitor picks a network (SPEC §4 "Network switching"): the
 * switch is core's; which view asks for it, and where the modal goes afterwards, is the UI's.
 */
import { activeNamespace, getAccountState, isConnected } from '../../../core/state/account'
import { pushView } from '../../../core/modal/router'
import { activeCaipNetwork } from '../../../core/state/network'
import { connectedConnector } from '../../../core/state/connection'
import type { CaipNetwork } from '../../../core/types'

/** Options of {@link requestNetworkSwitch}. */
export interface RequestNetworkSwitchOptions {
  /**
   * AppKit's name: go straight to SwitchNetwork, even where the visitor would first be told to
   * connect in the target's namespace (SwitchActiveChain).
   */
  ignoreSwitchConfirmation?: boolean
}

/**
 * SPEC §4's choice of view for a switch: none when the network is already the active one;
 * SwitchNetwork (which asks the wallet and waits) when confirmation is forced or the embedded wallet
 * is connected and also serves the target's namespace; SwitchActiveChain when the visitor is
 * connected but not in the target's namespace; SwitchNetwork in every other case.
 *
 * @example
 * ```ts
 * <button onClick={() => requestNetworkSwitch(network)}>{network.name}</button>
 * ```
 */
export function requestNetworkSwitch(target: CaipNetwork, options: RequestNetworkSwitchOptions = {}): void {
  if (activeCaipNetwork.peek()?.caipNetworkId === target.caipNetworkId) return
  const namespace = target.chainNamespace
  const asking = { caipNetworkId: target.caipNetworkId }
  const current = activeNamespace.peek()
  const connector = current ? connectedConnector(current) : undefined
  const embeddedServesTarget = connector?.type === 'auth' && connector.chains.includes(namespace)
  if (options.ignoreSwitchConfirmation || embeddedServesTarget) return pushView('SwitchNetwork', asking)
  if (isConnected.peek() && getAccountState(namespace).status.peek() !== 'connected')
    return pushView('SwitchActiveChain', { namespace, caipNetworkId: target.caipNetworkId })
  pushView('SwitchNetwork', asking)
}
