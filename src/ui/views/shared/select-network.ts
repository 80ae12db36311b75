/**
 * What the network list does when the visitor picks a network (SPEC §4 "Network switching"): the
 * switch is core's; where the modal goes afterwards is the view's.
 */
import { getAccountState, isConnected } from '../../../core/state/account'
import { closeModal } from '../../../core/modal/modal'
import { goBack, pushView } from '../../../core/modal/router'
import { showErrorToast } from '../../../core/modal/toasts'
import { activeCaipNetwork, isNetworkSupported } from '../../../core/state/network'
import { describeWalletError, isUserRejection } from '../../../lib/wallet-errors'
import { switchNetwork } from '../../../core/wallet/switch-network'
import type { CaipNetwork } from '../../../core/types'

/**
 * SwitchActiveChain when the visitor is connected but not in the target's namespace; otherwise
 * switch, then close the modal if the old network was not a supported one, or go back; on failure
 * go back and say why.
 *
 * @example
 * ```ts
 * <button onClick={() => selectNetwork(network)}>{network.name}</button>
 * ```
 */
export async function selectNetwork(target: CaipNetwork): Promise<void> {
  const namespace = target.chainNamespace
  if (isConnected.peek() && getAccountState(namespace).status.peek() !== 'connected') {
    pushView('SwitchActiveChain', { namespace, caipNetworkId: target.caipNetworkId })
    return
  }
  const oldWasSupported = isNetworkSupported(activeCaipNetwork.peek())
  try {
    await switchNetwork(target)
    if (oldWasSupported) goBack()
    else closeModal()
  } catch (error) {
    goBack()
    showErrorToast(isUserRejection(error) ? 'Network switch declined' : describeWalletError(error))
  }
}
