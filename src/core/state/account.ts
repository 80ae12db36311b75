/**
 * Account state per chain namespace (SPEC §3 "Account state"). Every field is its own signal so a
 * balance change re-renders only what reads the balance.
 */
import { batch, computed, signal } from '@preact/signals-core'
import type { ReadonlySignal, Signal } from '@preact/signals-core'
import { CHAIN_NAMESPACES, DEFAULT_ACCOUNT_TYPES } from '../constants'
import { removeConnectedConnectorId } from '../lib/storage'
// network.ts imports this module too; explorerUrl reads it only when a computed runs, never at load.
import { getNetworkState } from './network'
import { signalsOf } from '../../lib/signals'
import type {
  AccountEntry,
  AccountType,
  AccountUser,
  CaipAddress,
  ChainNamespace,
  ConnectedWalletInfo,
  ConnectionStatus,
  SocialProvider,
  TokenBalance,
} from '../types'

/** Plain values of one namespace's account state. */
export interface AccountStateValue {
  caipAddress: CaipAddress | undefined
  address: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  profileName: string | undefined
  profileImage: string | undefined
  user: AccountUser | undefined
  tokenBalance: readonly TokenBalance[]
  allAccounts: readonly AccountEntry[]
  connectedWalletInfo: ConnectedWalletInfo | undefined
  /** The social login an embedded account signed in with; undefined for email and other wallets. */
  socialProvider: SocialProvider | undefined
  /** Preferred account type of this namespace (the spec's per-namespace `preferredAccountTypes`). */
  preferredAccountType: AccountType | undefined
  /**
   * Whether the embedded wallet's smart account is deployed on the current network (the frame's
   * GET_USER answer); undefined for other wallets and before the frame says.
   */
  smartAccountDeployed: boolean | undefined
  /**
   * The address's page on the current network's block explorer, derived from the address and
   * the network (an http(s) explorer only); undefined without either.
   */
  addressExplorerUrl: string | undefined
  /** Labels of the account's addresses, by address (the embedded wallet names its EOA and smart account). */
  addressLabels: ReadonlyMap<string, string>
  status: ConnectionStatus
  balanceLoading: boolean
  /** Clock time of the last failed balance fetch; fetches wait out the back-off after it. */
  lastRetry: number | undefined
}

/** One namespace's account state, a signal per field: read here, changed with {@link setAccount}. */
export type AccountSignals = { readonly [K in keyof AccountStateValue]: ReadonlySignal<AccountStateValue[K]> }

function initialAccount(namespace: ChainNamespace): AccountStateValue {
  return {
    caipAddress: undefined,
    address: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    profileName: undefined,
    profileImage: undefined,
    user: undefined,
    tokenBalance: [],
    allAccounts: [],
    connectedWalletInfo: undefined,
    socialProvider: undefined,
    preferredAccountType: DEFAULT_ACCOUNT_TYPES[namespace],
    smartAccountDeployed: undefined,
    addressExplorerUrl: undefined,
    addressLabels: new Map(),
    status: 'disconnected',
    balanceLoading: false,
    lastRetry: undefined,
  }
}

const accounts = new Map<ChainNamespace, AccountSignals>()

/**
 * The account signals of a namespace, created on first use.
 *
 * @example
 * ```ts
 * const { address, balance } = getAccountState('eip155')
 * effect(() => console.log(address.value, balance.value))
 * ```
 */
export function getAccountState(namespace: ChainNamespace): AccountSignals {
  let state = accounts.get(namespace)
  if (!state) {
    const signals = signalsOf(initialAccount(namespace))
    // Derived, never set (setAccount skips it): the address on the current network's explorer.
    state = { ...signals, addressExplorerUrl: computed(() => explorerUrl(namespace, signals.address.value)) }
    accounts.set(namespace, state)
  }
  return state
}

/** The address's explorer page on the namespace's current network, when it has an http(s) explorer. */
function explorerUrl(namespace: ChainNamespace, address: string | undefined): string | undefined {
  const explorer = getNetworkState(namespace).caipNetwork.value?.blockExplorers?.default.url
  if (!address || !explorer || !/^https?:\/\/[^\s]+$/i.test(explorer)) return undefined
  return `${explorer.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`
}

/** The namespace the user is acting in (set with the active network). */
export const activeNamespace: Signal<ChainNamespace | undefined> = signal(undefined)

/** CAIP-10 address of the active namespace's account. */
export const activeCaipAddress: ReadonlySignal<CaipAddress | undefined> = computed(() => {
  const namespace = activeNamespace.value
  return namespace ? getAccountState(namespace).caipAddress.value : undefined
})

/** Plain address of the active namespace's account. */
export const activeAddress: ReadonlySignal<string | undefined> = computed(() => {
  const namespace = activeNamespace.value
  return namespace ? getAccountState(namespace).address.value : undefined
})

/** Native balance of the active account, or undefined while unknown. */
export const activeBalance: ReadonlySignal<{ value: string; symbol: string } | undefined> = computed(() => {
  const namespace = activeNamespace.value
  if (!namespace) return undefined
  const state = getAccountState(namespace)
  const value = state.balance.value
  const symbol = state.balanceSymbol.value
  return value !== undefined && symbol !== undefined ? { value, symbol } : undefined
})

/** Whether the active namespace's account is connected. */
export const isConnected: ReadonlySignal<boolean> = computed(() => {
  const namespace = activeNamespace.value
  return namespace !== undefined && getAccountState(namespace).status.value === 'connected'
})

/**
 * Updates several account fields of a namespace at once (one notification).
 *
 * @example
 * ```ts
 * setAccount('eip155', { address: '0xab…', caipAddress: 'eip155:1:0xab…', status: 'connected' })
 * ```
 */
export function setAccount(namespace: ChainNamespace, values: Partial<AccountStateValue>): void {
  const state = getAccountState(namespace)
  batch(() => {
    for (const key of Object.keys(values) as (keyof AccountStateValue)[]) {
      if (!(key in state) || key === 'addressExplorerUrl') continue
      ;(state[key] as Signal<unknown>).value = values[key]
    }
  })
}

// What an account reset leaves as it is: the caller clears the wallet info and the back-off; the
// preferred account type outlives the connection.
const KEPT_ON_RESET: readonly string[] = [
  'connectedWalletInfo',
  'preferredAccountType',
  'lastRetry',
] satisfies readonly (keyof AccountStateValue)[]

/**
 * Account reset (SPEC §4): clears address, balances, profile, user and social provider, sets the status to
 * disconnected and forgets the namespace's stored connector id.
 *
 * @example
 * ```ts
 * resetAccount('solana')
 * ```
 */
export function resetAccount(namespace: ChainNamespace): void {
  const initial = initialAccount(namespace)
  setAccount(namespace, Object.fromEntries(Object.entries(initial).filter(([field]) => !KEPT_ON_RESET.includes(field))))
  removeConnectedConnectorId(namespace)
}

/**
 * A plain copy of a namespace's account state (for events, hooks, debugging).
 *
 * @example
 * ```ts
 * const { address, status } = getAccountSnapshot('eip155')
 * ```
 */
export function getAccountSnapshot(namespace: ChainNamespace): AccountStateValue {
  const state = getAccountState(namespace)
  return Object.fromEntries(
    Object.entries(state).map(([key, sig]) => [key, sig.peek()]),
  ) as unknown as AccountStateValue
}

/** @internal Restores every namespace to its initial account state (tests, full teardown). */
export function resetAllAccounts(): void {
  batch(() => {
    for (const namespace of CHAIN_NAMESPACES) setAccount(namespace, initialAccount(namespace))
    activeNamespace.value = undefined
  })
}
