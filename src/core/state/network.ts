/**
 * Network state per chain namespace (SPEC §3 "Network"): the active network, the networks the dapp
 * requested, and what the wallet approved.
 */
import { batch, computed, signal } from '@preact/signals-core'
import type { ReadonlySignal, Signal } from '@preact/signals-core'
import { activeNamespace } from './account'
import { parseCaipNetworkId } from '../lib/caip'
import { CHAIN_NAMESPACES, UNKNOWN_NETWORK_NAME } from '../constants'
import { storeActiveCaipNetworkId, storeActiveNamespace } from '../lib/storage'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types'

export { UNKNOWN_NETWORK_NAME }

/** One namespace's network state, a signal per field. */
export interface NetworkSignals {
  caipNetwork: Signal<CaipNetwork | undefined>
  requestedCaipNetworks: Signal<readonly CaipNetwork[]>
  approvedCaipNetworkIds: Signal<readonly CaipNetworkId[]>
  supportsAllNetworks: Signal<boolean>
  smartAccountEnabledNetworks: Signal<readonly (number | string)[]>
}

const networks = new Map<ChainNamespace, NetworkSignals>()

// Namespaces in the order the dapp first listed them, so the flat list keeps the dapp's order of
// namespaces. Only changed together with the signals, so computeds stay correct.
let namespaceOrder: ChainNamespace[] = []

/**
 * The network signals of a namespace, created on first use.
 *
 * @example
 * ```ts
 * getNetworkState('solana').caipNetwork.value?.name
 * ```
 */
export function getNetworkState(namespace: ChainNamespace): NetworkSignals {
  let state = networks.get(namespace)
  if (!state) {
    state = {
      caipNetwork: signal(undefined),
      requestedCaipNetworks: signal([]),
      approvedCaipNetworkIds: signal([]),
      supportsAllNetworks: signal(true),
      smartAccountEnabledNetworks: signal([]),
    }
    networks.set(namespace, state)
  }
  return state
}

/** Every requested network across namespaces. */
export const requestedNetworks: ReadonlySignal<CaipNetwork[]> = computed(() => {
  const ordered = [...namespaceOrder, ...CHAIN_NAMESPACES.filter((ns) => !namespaceOrder.includes(ns))]
  return ordered.flatMap((namespace) => [...getNetworkState(namespace).requestedCaipNetworks.value])
})

/** The network of the active namespace. */
export const activeCaipNetwork: ReadonlySignal<CaipNetwork | undefined> = computed(() => {
  const namespace = activeNamespace.value
  return namespace ? getNetworkState(namespace).caipNetwork.value : undefined
})

/** CAIP-2 id of the active network. */
export const selectedNetworkId: ReadonlySignal<CaipNetworkId | undefined> = computed(
  () => activeCaipNetwork.value?.caipNetworkId,
)

/**
 * Replaces the requested networks. A network whose `caipNetworkId` was already given earlier in the
 * list is ignored, so the first definition wins.
 *
 * @example
 * ```ts
 * setRequestedNetworks([mainnet, base, solana])
 * ```
 */
export function setRequestedNetworks(list: readonly CaipNetwork[]): void {
  const seen = new Set<CaipNetworkId>()
  const byNamespace = new Map<ChainNamespace, CaipNetwork[]>()
  for (const network of list) {
    if (seen.has(network.caipNetworkId)) continue
    seen.add(network.caipNetworkId)
    const group = byNamespace.get(network.chainNamespace) ?? []
    group.push(network)
    byNamespace.set(network.chainNamespace, group)
  }
  batch(() => {
    namespaceOrder = [...byNamespace.keys()]
    for (const namespace of new Set([...networks.keys(), ...byNamespace.keys()])) {
      getNetworkState(namespace).requestedCaipNetworks.value = byNamespace.get(namespace) ?? []
    }
  })
}

/**
 * Adds one requested network; adding a network that is already requested is ignored.
 *
 * @returns whether it was added.
 * @example
 * ```ts
 * addRequestedNetwork(optimism)
 * ```
 */
export function addRequestedNetwork(network: CaipNetwork): boolean {
  if (requestedNetworks.peek().some((item) => item.caipNetworkId === network.caipNetworkId)) return false
  setRequestedNetworks([...requestedNetworks.peek(), network])
  return true
}

/**
 * Finds a requested network by CAIP-2 id.
 *
 * @example
 * ```ts
 * findRequestedNetwork('eip155:8453')?.name // 'Base'
 * ```
 */
export function findRequestedNetwork(caipNetworkId: string): CaipNetwork | undefined {
  return requestedNetworks.peek().find((network) => network.caipNetworkId === caipNetworkId)
}

/**
 * Makes `network` the active one of its namespace and its namespace the active namespace, and
 * remembers both for the next visit.
 *
 * @example
 * ```ts
 * setActiveCaipNetwork(base)
 * ```
 */
export function setActiveCaipNetwork(network: CaipNetwork): void {
  batch(() => {
    getNetworkState(network.chainNamespace).caipNetwork.value = network
    activeNamespace.value = network.chainNamespace
  })
  storeActiveNamespace(network.chainNamespace)
  storeActiveCaipNetworkId(network.caipNetworkId)
}

/**
 * The placeholder for a chain the dapp did not configure (a wallet switched to it): named
 * {@link UNKNOWN_NETWORK_NAME}, it makes the UI show the unsupported-network state.
 *
 * @example
 * ```ts
 * setActiveCaipNetwork(createUnknownNetwork('eip155:999'))
 * ```
 */
export function createUnknownNetwork(caipNetworkId: CaipNetworkId): CaipNetwork {
  const { chainNamespace, chainId } = parseCaipNetworkId(caipNetworkId)
  return {
    id: chainNamespace === 'eip155' && /^\d+$/.test(chainId) ? Number(chainId) : chainId,
    caipNetworkId,
    chainNamespace,
    name: UNKNOWN_NETWORK_NAME,
    nativeCurrency: { name: '', symbol: '', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
}

/**
 * Whether a network is among the requested ones (an unknown-network placeholder never is).
 *
 * @example
 * ```ts
 * if (!isNetworkSupported(activeCaipNetwork.value)) pushView('UnsupportedChain')
 * ```
 */
export function isNetworkSupported(network: CaipNetwork | undefined): boolean {
  if (!network || network.name === UNKNOWN_NETWORK_NAME) return false
  return findRequestedNetwork(network.caipNetworkId) !== undefined
}

/** @internal Restores every namespace to its initial network state (tests, full teardown). */
export function resetAllNetworks(): void {
  batch(() => {
    namespaceOrder = []
    for (const state of networks.values()) {
      state.caipNetwork.value = undefined
      state.requestedCaipNetworks.value = []
      state.approvedCaipNetworkIds.value = []
      state.supportsAllNetworks.value = true
      state.smartAccountEnabledNetworks.value = []
    }
  })
}
