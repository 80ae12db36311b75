/**
 * Balances of the connected accounts (SPEC §4/§5/§9), and their identity through `./identity`.
 * Native balances come from the chain, tokens from the balance service, both through the
 * namespace's adapter. Where the adapter can ask the wallet itself (SPEC §7: on EVM, the wallet's
 * capability check and asset listing precede the balance API), the wallet's list is used, and the
 * balance service answers when the wallet gives none.
 *
 * - 30 s caches (native and tokens); a failed token fetch blocks token fetches for 30 s and shows
 *   'Token Balance Unavailable'; tokens with zero decimals are dropped.
 * - Beyond AppKit, balances never go stale: they refresh after a send the widget made, on each new
 *   block while the Account view watches, and when the tab regains focus. Concurrent refreshes of
 *   one account share one request; a forced one after a request started earlier gets a fresh one.
 *
 * LAZY: reached only from connection code and views.
 */
import { log } from '../../lib/logger'
import { effect } from '@preact/signals-core'
import { activeAddress, getAccountState, setAccount } from '../state/account'
import { clock } from '../../lib/clock'
import {
  CHAIN_NAMESPACES,
  BALANCE_CACHE_MS,
  BALANCE_NAMESPACES,
  NATIVE_BALANCE_CACHE_MS,
  TOKEN_BALANCE_RETRY_WINDOW_MS,
} from '../constants'
import { activeCaipNetwork, getNetworkState, isNetworkSupported } from '../state/network'
import { showErrorToast } from '../modal/toasts'
import type { CaipNetwork, ChainNamespace, TokenBalance } from '../types'
import type { ChainAdapter, NativeBalance } from '../state/adapters'
import { loadAdapter } from '../config/appkit-state'
import { connectedProvider } from '../state/connection'

/** Toast text of a failed or impossible balance fetch (SPEC §8). */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

interface Cached<T> {
  at: number
  value: T
}

const nativeCache = new Map<string, Cached<NativeBalance>>()
const tokenCache = new Map<string, Cached<TokenBalance[]>>()

const inflight = new Map<string, Promise<void>>()
/** A forced refresh that waits for the one in flight to end (see {@link refreshBalances}). */
const followUps = new Map<string, Promise<void>>()
/** Keys of the forced fetches started in the current turn. */
const startedThisTurn = new Set<string>()
let toldUnsupported: string | undefined

/** Options of {@link refreshBalances}. */
export interface RefreshBalancesOptions {
  /** Skip the 30 s caches (after a send, a new block, focus). The retry block still applies. */
  force?: boolean
}

/**
 * Fetches the native and token balances of a namespace's account into its account state.
 * Concurrent calls for the same account and network share one fetch; a forced call that finds one
 * started in an earlier turn gets a fresh fetch after it. Never rejects.
 *
 * @example
 * ```ts
 * await refreshBalances('eip155', { force: true })
 * ```
 */
export function refreshBalances(namespace: ChainNamespace, options: RefreshBalancesOptions = {}): Promise<void> {
  if (!BALANCE_NAMESPACES.includes(namespace)) return Promise.resolve()
  const address = getAccountState(namespace).address.peek()
  const network = getNetworkState(namespace).caipNetwork.peek()
  if (!address || !network) return Promise.resolve()
  const key = `${network.caipNetworkId}:${address}`
  const running = inflight.get(key)
  const force = options.force ?? false
  if (!running) {
    const run = fetchBalances(namespace, key, address, network, force)
      .catch((error) => log('error', 'balance refresh failed', error))
      .finally(() => inflight.delete(key))
    inflight.set(key, run)
    if (force) {
      // Forced calls made together (in this turn) ask for the same moment: they share this fetch.
      startedThisTurn.add(key)
      queueMicrotask(() => startedThisTurn.delete(key))
    }
    return run
  }
  if (!force || startedThisTurn.has(key)) return running
  // A forced refresh follows a change (a send, a funding, a new block) that a fetch started in an
  // earlier turn may have missed: one more fetch runs after it, shared by every forced call meanwhile.
  let next = followUps.get(key)
  if (!next) {
    next = running.then(() => {
      followUps.delete(key)
      return refreshBalances(namespace, options)
    })
    followUps.set(key, next)
  }
  return next
}

async function fetchBalances(
  namespace: ChainNamespace,
  key: string,
  address: string,
  network: CaipNetwork,
  force: boolean,
): Promise<void> {
  const state = getAccountState(namespace)
  if (!isNetworkSupported(network)) {
    // An unknown network has no balance service: nothing to show, and say so once per network. No
    // retry block: it would keep the tokens away for 30 s after switching back to a known network.
    setAccount(namespace, { tokenBalance: [], balance: undefined })
    if (toldUnsupported !== network.caipNetworkId) {
      toldUnsupported = network.caipNetworkId
      showErrorToast(TOKEN_BALANCE_UNAVAILABLE)
    }
    return
  }
  toldUnsupported = undefined
  const adapter = await loadAdapter(namespace)
  setAccount(namespace, { balanceLoading: true })
  const now = clock.now()
  const native = fresh(nativeCache.get(key), NATIVE_BALANCE_CACHE_MS, force)
  const tokens = fresh(tokenCache.get(key), BALANCE_CACHE_MS, force)
  const blocked = isRetryBlocked(namespace)
  const [nativeResult, tokenResult] = await Promise.allSettled([
    native ?? adapter.getNativeBalance({ address, network }),
    tokens ?? (blocked ? undefined : fetchTokens(adapter, namespace, address, network, force)),
  ])
  // The visitor may have switched account or network meanwhile: drop the stale answer.
  const stillCurrent =
    state.address.peek() === address &&
    getNetworkState(namespace).caipNetwork.peek()?.caipNetworkId === network.caipNetworkId
  if (!stillCurrent) return
  let failed = false
  if (nativeResult.status === 'fulfilled') {
    nativeCache.set(key, { at: now, value: nativeResult.value })
    setAccount(namespace, { balance: nativeResult.value.value, balanceSymbol: nativeResult.value.symbol })
  } else failed = true
  if (tokenResult.status === 'fulfilled' && tokenResult.value) {
    const list = tokenResult.value.filter((token) => token.quantity.decimals !== '0')
    tokenCache.set(key, { at: now, value: list })
    setAccount(namespace, { tokenBalance: list })
  } else if (tokenResult.status === 'fulfilled') {
    // Blocked, nothing cached here: lines of the network the visitor left must not stay on screen.
    const shown = state.tokenBalance.peek()
    if (shown.some((token) => token.chainId !== network.caipNetworkId)) {
      setAccount(namespace, { tokenBalance: shown.filter((token) => token.chainId === network.caipNetworkId) })
    }
  } else if (tokenResult.status === 'rejected') {
    if (isInvalidResponse(tokenResult.reason)) {
      // A reply of the wrong shape is ignored: what the visitor already sees stays.
      log('warn', 'ignored an invalid balance response', tokenResult.reason)
    } else {
      setAccount(namespace, { lastRetry: clock.now() })
      failed = true
    }
  }
  setAccount(namespace, { balanceLoading: false })
  if (failed) showErrorToast(TOKEN_BALANCE_UNAVAILABLE)
}

/** The wallet's own asset list where it gives one, else the balance service's. */
async function fetchTokens(
  adapter: ChainAdapter,
  namespace: ChainNamespace,
  address: string,
  network: CaipNetwork,
  force: boolean,
): Promise<TokenBalance[]> {
  const provider = adapter.getWalletAssets ? connectedProvider(namespace) : undefined
  const fromWallet = provider
    ? await adapter.getWalletAssets!({ provider, address, network }).catch(() => undefined)
    : undefined
  return fromWallet ?? adapter.getTokenBalances({ address, network, forceUpdate: force })
}

function fresh<T>(entry: Cached<T> | undefined, maxAge: number, force: boolean): T | undefined {
  return !force && entry && clock.now() - entry.at < maxAge ? entry.value : undefined
}

function isRetryBlocked(namespace: ChainNamespace): boolean {
  const lastRetry = getAccountState(namespace).lastRetry.peek()
  return lastRetry !== undefined && clock.now() - lastRetry < TOKEN_BALANCE_RETRY_WINDOW_MS
}

function isInvalidResponse(error: unknown): boolean {
  return error instanceof Error && error.name === 'InvalidResponseError'
}

/**
 * Balances and identity together, as after a connection or an account or network change.
 *
 * @example
 * ```ts
 * await refreshAccountData('eip155', { force: true })
 * ```
 */
export function refreshAccountData(namespace: ChainNamespace, options: RefreshBalancesOptions = {}): Promise<void> {
  // Only EVM accounts have an identity (SPEC §5): its code (and stored cache) loads for them alone.
  const identity =
    namespace === 'eip155'
      ? import('./identity').then(
          (module) => module.refreshIdentity(namespace),
          (error) => log('warn', 'identity lookup unavailable', error),
        )
      : undefined
  return Promise.all([refreshBalances(namespace, options), identity]).then(() => undefined)
}

/** Drops cached balances of an address (after a disconnect). */
export function forgetBalances(address: string): void {
  for (const cache of [nativeCache, tokenCache]) {
    for (const key of cache.keys()) if (key.endsWith(`:${address}`)) cache.delete(key)
  }
}

let autoRefreshStarted = false

/**
 * Refreshes every connected account when the tab regains focus (once per page; browser only).
 *
 * @example
 * ```ts
 * startBalanceAutoRefresh()
 * ```
 */
export function startBalanceAutoRefresh(): void {
  if (autoRefreshStarted || typeof document === 'undefined') return
  autoRefreshStarted = true
  const refreshAll = () => {
    if (document.visibilityState !== 'visible') return
    for (const namespace of CHAIN_NAMESPACES) {
      if (getAccountState(namespace).status.peek() === 'connected') void refreshBalances(namespace, { force: true })
    }
  }
  document.addEventListener('visibilitychange', refreshAll)
  window.addEventListener('focus', refreshAll)
}

/**
 * While the returned function has not been called, refreshes the active account's balances on
 * every new block of its network (the Account view does this while it is open).
 *
 * @example
 * ```ts
 * useEffect(() => watchBalancesOnNewBlocks(), [])
 * ```
 */
export function watchBalancesOnNewBlocks(): () => void {
  return effect(() => {
    const network = activeCaipNetwork.value
    const address = activeAddress.value
    if (!network || !address || !isNetworkSupported(network)) return
    const namespace = network.chainNamespace
    let stop: (() => void) | undefined
    let stopped = false
    loadAdapter(namespace)
      .then((adapter) => {
        if (stopped) return
        stop = adapter.watchBlocks({ network, onBlock: () => void refreshBalances(namespace, { force: true }) })
      })
      .catch(() => undefined)
    return () => {
      stopped = true
      stop?.()
    }
  })
}

/** @internal Clears every cache and in-flight fetch (tests). */
export function resetBalances(): void {
  nativeCache.clear()
  tokenCache.clear()
  inflight.clear()
  toldUnsupported = undefined
}
