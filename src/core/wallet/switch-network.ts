/**
 * Switching networks (SPEC §4 "Network switching"). LAZY: reached from views and hooks.
 */
import { signal } from '@preact/signals-core'
import { activeNamespace, getAccountState, isConnected } from '../state/account'
import { ALERTS, showAlert } from '../modal/alerts'
import { announceNetwork, applyNetwork } from './connect'
import { connectedProvider } from '../state/connected-connector'
import { refreshAccountData } from './balances'
import { closeModal } from '../modal/modal'
import {
  activeCaipNetwork,
  findRequestedNetwork,
  getNetworkState,
  isNetworkSupported,
  setActiveCaipNetwork,
} from '../state/network'
import { pushView } from '../modal/router'
import { showErrorToast } from '../modal/toasts'
import type { CaipNetwork, CaipNetworkId } from '../types'
import { describeWalletError, isUserRejection } from '../lib/wallet-errors'
import { loadAdapter } from '../config/appkit-state'
import { goBack } from '../modal/router'

/** The network a switch is waiting on (the wallet is prompting), for the views. */
export const switchingTo = signal<CaipNetworkId | undefined>(undefined)

/**
 * Makes `target` the active network. Does nothing when it already is; when a wallet is connected
 * in its namespace the wallet is asked to switch (adding the network when it does not know it).
 *
 * @throws Error 'Network not found' (and shows the not-found alert) for a network the dapp does not
 * support, or the wallet's error.
 * @example
 * ```ts
 * await switchNetwork(localhostL2)
 * ```
 */
export async function switchNetwork(target: CaipNetwork): Promise<void> {
  const network = findRequestedNetwork(target.caipNetworkId)
  if (!network) {
    showAlert(ALERTS.SWITCH_NETWORK_NOT_FOUND)
    throw new Error('Network not found')
  }
  const namespace = network.chainNamespace
  const current = getNetworkState(namespace).caipNetwork.peek()
  if (current?.caipNetworkId === network.caipNetworkId && activeNamespace.peek() === namespace) return
  // Not connected there, or already on it (only the active namespace changes): no wallet to ask.
  if (getAccountState(namespace).status.peek() !== 'connected' || current?.caipNetworkId === network.caipNetworkId) {
    setActiveCaipNetwork(network)
    announceNetwork(namespace, network)
    return
  }
  const provider = connectedProvider(namespace)
  if (!provider) throw new Error('Provider not found')
  const adapter = await loadAdapter(namespace)
  switchingTo.value = network.caipNetworkId
  try {
    await adapter.switchNetwork({ provider, network })
  } finally {
    switchingTo.value = undefined
  }
  // The wallet's chainChanged event usually got here first; applying again is harmless.
  applyNetwork(namespace, network)
  if (activeNamespace.peek() !== namespace) {
    setActiveCaipNetwork(network)
    announceNetwork(namespace, network)
  }
  void refreshAccountData(namespace, { force: true })
}

/**
 * What the network list does when the visitor picks a network: SwitchActiveChain when they are
 * connected but not in the target's namespace; otherwise switch, then close the modal if the old
 * network was not a supported one, or go back; on failure go back and say why.
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
