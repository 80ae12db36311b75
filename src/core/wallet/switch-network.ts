/**
 * Switching networks (SPEC §4 "Network switching"): through the connector when it switches itself,
 * else through the namespace's chain adapter; where neither can ask the wallet (Solana wallets,
 * WalletConnect's namespaces without an adapter) the network is the dapp's choice, allowed only
 * where the wallet approved it. LAZY: reached from views and hooks.
 */
import { signal } from '@preact/signals-core'
import { activeNamespace, getAccountState } from '../state/account'
import { ALERTS, showAlert } from '../modal/alerts'
import { announceNetwork, applyNetwork } from './connect'
import { connectedConnector } from '../state/connection'
import { refreshAccountData } from './balances'
import { findRequestedNetwork, getNetworkState, setActiveCaipNetwork } from '../state/network'
import { isNetworkApproved } from '../state/approved-networks'
import type { CaipNetwork, CaipNetworkId } from '../types'
import { hasAdapter, loadAdapter } from '../config/appkit-state'

/** The network a switch is waiting on (the wallet is prompting), for the views. */
export const switchingTo = signal<CaipNetworkId | undefined>(undefined)

/** The switch under way: a second request for the same network waits on it instead of asking again. */
let pending: { id: CaipNetworkId; done: Promise<void> } | undefined

/**
 * SPEC §8's connector error for a connector that cannot switch the wallet's chain (wagmi's wording,
 * where AppKit's text comes from).
 *
 * @example
 * ```ts
 * switchNotSupportedMessage('WalletConnect') // '"WalletConnect" does not support programmatic chain switching.'
 * ```
 */
export function switchNotSupportedMessage(connectorName: string): string {
  return `"${connectorName}" does not support programmatic chain switching.`
}

/**
 * Makes `target` the active network. Does nothing when it already is; when a wallet is connected
 * in its namespace the wallet is asked to switch (adding the network when it does not know it). A
 * switch to the network already being switched to waits on that one.
 *
 * @throws Error 'Network not found' (and shows the not-found alert) for a network the dapp does not
 * support; the connector error ('… does not support programmatic chain switching.') when the wallet
 * has no switch and did not approve the network; or the wallet's error.
 * @example
 * ```ts
 * await switchNetwork(localhostL2)
 * ```
 */
export function switchNetwork(target: CaipNetwork): Promise<void> {
  if (pending?.id === target.caipNetworkId) return pending.done
  const done = runSwitch(target)
  const entry = { id: target.caipNetworkId, done }
  pending = entry
  const clear = () => {
    if (pending === entry) pending = undefined
  }
  done.then(clear, clear)
  return done
}

async function runSwitch(target: CaipNetwork): Promise<void> {
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
  const adapterSwitch =
    !connector.switchNetwork && hasAdapter(namespace) && (await loadAdapter(namespace)).switchNetwork
  if (connector.switchNetwork || adapterSwitch) {
    switchingTo.value = network.caipNetworkId
    try {
      if (connector.switchNetwork) await connector.switchNetwork({ namespace, network })
      else if (adapterSwitch) await adapterSwitch({ provider, network })
    } finally {
      switchingTo.value = undefined
    }
  } else if (!isNetworkApproved(network)) {
    throw new Error(switchNotSupportedMessage(connector.name))
  }
  // The wallet's chainChanged event usually got here first; applying again is harmless.
  applyNetwork(namespace, network)
  if (activeNamespace.peek() !== namespace) {
    setActiveCaipNetwork(network)
    announceNetwork(namespace, network)
  }
  void refreshAccountData(namespace, { force: true })
}
