/**
 * What the connected wallet approved of a namespace's networks (SPEC §3 approvedCaipNetworkIds,
 * supportsAllNetworks), in the namespace's network state. LAZY: used once a wallet connects.
 */
import { batch } from '@preact/signals-core'
import { getNetworkState } from './network'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types'

/**
 * Records which of a namespace's networks the connected wallet approved (SPEC §3): a list (a
 * WalletConnect session's chains) limits switching to those; none means the wallet takes any
 * network (an injected EVM wallet adds a chain it does not know).
 *
 * @example
 * ```ts
 * setApprovedNetworks('solana', ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'])
 * ```
 */
export function setApprovedNetworks(namespace: ChainNamespace, approved: readonly CaipNetworkId[] | undefined): void {
  const state = getNetworkState(namespace)
  batch(() => {
    state.approvedCaipNetworkIds.value = approved ? [...approved] : []
    state.supportsAllNetworks.value = approved === undefined
  })
}

/**
 * Whether the wallet connected in the network's namespace can be used on it: it supports every
 * network, or approved this one.
 *
 * @example
 * ```ts
 * if (!isNetworkApproved(solanaDevnet)) row.disabled = true
 * ```
 */
export function isNetworkApproved(network: CaipNetwork): boolean {
  const state = getNetworkState(network.chainNamespace)
  return state.supportsAllNetworks.value || state.approvedCaipNetworkIds.value.includes(network.caipNetworkId)
}
