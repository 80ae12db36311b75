/**
 * Switching networks (SPEC §4 "Network switching"): through the connector when it switches itself,
 * else through the namespace's chain adapter. LAZY: reached from views and hooks.
 */
import { signal } from '@preact/signals-core'
import { activeNamespace, getAccountState } from '../state/account'
import { ALERTS, showAlert } from '../modal/alerts'
import { announceNetwork, applyNetwork } from './connect'
import { connectedConnector } from '../state/connection'
import { refreshAccountData } from './balances'
import { findRequestedNetwork, getNetworkState, setActiveCaipNetwork } from '../state/network'
import type { CaipNetwork, CaipNetworkId } from '../types'
import { loadAdapter } from '../config/appkit-state'

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
  const connector = connectedConnector(namespace)
  const provider = connector?.provider(namespace)
  if (!connector || !provider) throw new Error('Provider not found')
  switchingTo.value = network.caipNetworkId
  try {
    if (connector.switchNetwork) await connector.switchNetwork({ namespace, network })
    else await (await loadAdapter(namespace)).switchNetwork({ provider, network })
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
