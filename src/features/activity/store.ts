/**
 * The Activity tab's state (SPEC §3 "Transactions", §4 "Transactions"): per account and network, the
 * transactions fetched so far from the history route, newest first, spam dropped and filtered to
 * that network, the cursor of the next page, and whether a fetch is running or failed.
 *
 * - Cached per account and network in memory, so reopening shows the list at once; a list older
 *   than 15 s is brought up to date in the background. The first page is also kept in localStorage
 *   for 15 s (HOSTED-API §10, validated on read), so a reload within that time asks nothing.
 * - A failed fetch shows 'Failed to fetch transactions', sends ERROR_FETCH_TRANSACTIONS, sets
 *   `empty` and clears the cursor (SPEC §4, §8); {@link retryActivity} resumes where it failed.
 * - A transaction sent through SigKit shows at once as pending (`transactionSent`) and turns
 *   confirmed or failed with `transactionConfirmed`; both also refetch the first page, which
 *   replaces the placeholder with the API's entry.
 */
import { computed, signal } from '@preact/signals-core'
import type { ReadonlySignal, Signal } from '@preact/signals-core'
import { apiClient } from '../../api/client'
import { HISTORY_API, parseTransaction, type Transaction } from '../../api/history-api'
import { sendEvent } from '../../core/analytics'
import { clock } from '../../lib/clock'
import { isRecord } from '../../lib/validate'
import { readStorage, STORAGE_PREFIX, writeStorage } from '../../core/lib/storage'
import { onCoreEvent } from '../../core/lifecycle'
import { showErrorToast } from '../../core/modal/toasts'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { findRequestedNetwork, getNetworkState, isNetworkSupported } from '../../core/state/network'
import type { ChainNamespace } from '../../core/types'
import { groupByYear, isSpamTransaction, type TransactionsOfYear } from './format'
import { log } from '../../lib/logger'
import { translator } from '../../i18n/translate'
import activityEn from '../../i18n/messages/en/activity'

const t = translator('activity', activityEn)

/** SPEC §8 toast text. */
export const FETCH_TRANSACTIONS_FAILED = activityEn.fetchFailed

/** SPEC §5: the history route is asked about an account, never without one. */
export const ADDRESS_REQUIRED = 'Transactions cannot be fetched without an account address'

/** How long a fetched first page stays fresh (HOSTED-API §4.2, §10). */
export const HISTORY_CACHE_MS = 15_000

/** localStorage key of the first-page cache (HOSTED-API §10's `history_transactions_cache`). */
export const HISTORY_CACHE_KEY = `${STORAGE_PREFIX.app}history_transactions_cache`

/** SPEC §9: at most this many transactions of ours are shown as pending before the API lists them. */
export const PENDING_TRANSACTION_LIMIT = 99

/** Pages the NFTs tab reads at most to add up holdings (50 per page in the sandbox: 1000 transactions). */
export const NFT_PAGE_LIMIT = 20

/** Whose activity, on which network. */
export interface ActivityTarget {
  namespace: ChainNamespace
  address: string
  /** CAIP-2 id of the network. */
  caipNetworkId: string
  /** `{caipNetworkId}:{address}` (EVM addresses lower-case): the cache key. */
  key: string
}

/** One account's activity on one network. */
export interface ActivityState {
  /** Newest first; spam dropped, this network only, pending ones of ours on top. */
  transactions: readonly Transaction[]
  /** `transactions` by year, then month, newest first (SPEC §3 `transactionsByYear`). */
  transactionsByYear: readonly TransactionsOfYear[]
  /**
   * The on-ramp provider's purchases for this account and network, newest first (SPEC §3's second
   * list): filled by {@link loadOnrampActivity}, never from a cache.
   */
  onrampTransactions: readonly Transaction[]
  /** Cursor of the next page; undefined when there is none (or after a failure, SPEC §4). */
  next: string | undefined
  loading: boolean
  /** SPEC §4: true when a fetch brought nothing, or failed. */
  empty: boolean
  /** The last fetch the visitor waited on failed (the toast was shown); a retry is offered. */
  failed: boolean
  /** A first page has arrived (from the API or the cache). */
  loaded: boolean
}

interface ListRecord {
  target: ActivityTarget
  state: Signal<ActivityState>
  /** Clock time the first page was last fetched. */
  fetchedAt: number | undefined
  /** Where a failed fetch resumes: its cursor, or undefined for the first page. */
  retryCursor: string | undefined
  /** Placeholders for our own transactions the API did not list yet, by hash. */
  local: Map<string, Transaction>
  /** Bumped when the list is dropped, so an answer for the old one is ignored. */
  generation: number
  /** The running first-page refresh, shared by callers. */
  refreshing: Promise<void> | undefined
}

const INITIAL: ActivityState = {
  transactions: [],
  transactionsByYear: [],
  onrampTransactions: [],
  next: undefined,
  loading: false,
  empty: false,
  failed: false,
  loaded: false,
}

const lists = new Map<string, ListRecord>()

const lastNetwork = signal<string | undefined>(undefined)

/**
 * SPEC §3 `lastNetworkInView`: the CAIP-2 id of the network whose list was opened last (each
 * network keeps its own list, so coming back to one shows it as it was).
 */
export const lastNetworkInView: ReadonlySignal<string | undefined> = lastNetwork

/**
 * The cache key of an account on a network; EVM addresses are case-insensitive.
 * @internal
 */
export function activityKey(namespace: ChainNamespace, caipNetworkId: string, address: string): string {
  return `${caipNetworkId}:${namespace === 'eip155' ? address.toLowerCase() : address}`
}

/** The active account on the active network: whose activity the tabs show. */
export const activeTarget: ReadonlySignal<ActivityTarget | undefined> = computed(() => {
  const namespace = activeNamespace.value
  if (!namespace) return undefined
  const address = getAccountState(namespace).address.value
  const caipNetworkId = getNetworkState(namespace).caipNetwork.value?.caipNetworkId
  if (!address || !caipNetworkId) return undefined
  return { namespace, address, caipNetworkId, key: activityKey(namespace, caipNetworkId, address) }
})

function recordFor(target: ActivityTarget): ListRecord {
  let record = lists.get(target.key)
  if (!record) {
    record = {
      target,
      state: signal(INITIAL),
      fetchedAt: undefined,
      retryCursor: undefined,
      local: new Map(),
      generation: 0,
      refreshing: undefined,
    }
    lists.set(target.key, record)
  }
  return record
}

/**
 * The activity of an account on a network, as a signal (created empty on first use).
 *
 * @example
 * ```ts
 * const state = activityState(activeTarget.value!).value
 * ```
 */
export function activityState(target: ActivityTarget): ReadonlySignal<ActivityState> {
  return recordFor(target).state
}

function update(record: ListRecord, values: Partial<ActivityState>): void {
  const grouped = values.transactions ? { transactionsByYear: groupByYear(values.transactions) } : {}
  record.state.value = { ...record.state.peek(), ...values, ...grouped }
}

/** The SPEC §5 rule, before anything is asked. */
function requireAddress(target: ActivityTarget): void {
  if (!target.address) throw new Error(ADDRESS_REQUIRED)
}

/** One page for a target, through the support gate (SPEC §7: an unsupported network is empty). */
async function fetchPage(target: ActivityTarget, cursor: string | undefined) {
  requireAddress(target)
  const api = apiClient(HISTORY_API)
  if (!isNetworkSupported(findRequestedNetwork(target.caipNetworkId)))
    return { transactions: [], next: undefined, dropped: 0 }
  const { address, caipNetworkId } = target
  return api.getHistory({ address, caipNetworkId, cursor })
}

/** SPEC §5: transactions of this network only, spam dropped. */
function keep(target: ActivityTarget, transactions: readonly Transaction[]): Transaction[] {
  return transactions.filter(
    (transaction) => transaction.metadata.chain === target.caipNetworkId && !isSpamTransaction(transaction),
  )
}

/**
 * Our placeholders the API has not listed yet go first, newest first; one the API lists (by hash)
 * is dropped, its entry being the better description.
 */
function withLocal(record: ListRecord, transactions: readonly Transaction[]): Transaction[] {
  const listed = new Set(transactions.map((transaction) => transaction.metadata.hash.toLowerCase()))
  for (const [key, placeholder] of [...record.local])
    if (listed.has(placeholder.metadata.hash.toLowerCase())) record.local.delete(key)
  return [...[...record.local.values()].reverse(), ...transactions]
}

const LOCAL_ID = 'local:'

/** The list without our placeholders. */
function listed(record: ListRecord): Transaction[] {
  return record.state.peek().transactions.filter((transaction) => !transaction.id.startsWith(LOCAL_ID))
}

/**
 * Puts a fresh first page in front of what is loaded. When the page overlaps the list, the older
 * transactions already loaded stay below it with their cursor; when it does not (more than a page
 * arrived meanwhile) it replaces them, so the list never has a gap.
 */
function applyHead(record: ListRecord, fresh: Transaction[], next: string | undefined): void {
  const state = record.state.peek()
  const current = listed(record)
  const ids = new Set(fresh.map((transaction) => transaction.id))
  const overlaps = current.some((transaction) => ids.has(transaction.id))
  const keepOld = state.loaded && current.length > 0 && (overlaps || fresh.length === 0)
  const transactions = withLocal(
    record,
    keepOld ? [...fresh, ...current.filter((transaction) => !ids.has(transaction.id))] : fresh,
  )
  update(record, {
    transactions,
    next: keepOld ? state.next : next,
    empty: transactions.length === 0 && !(keepOld ? state.next : next),
    loaded: true,
  })
}

interface CacheEntry {
  time: number
  next: string | null
  data: unknown[]
}

function isCache(value: unknown): value is Record<string, unknown> {
  return isRecord(value)
}

function isCacheEntry(value: unknown): value is CacheEntry {
  return (
    isRecord(value) &&
    typeof value['time'] === 'number' &&
    (value['next'] === null || typeof value['next'] === 'string') &&
    Array.isArray(value['data'])
  )
}

/** The cached first page of a target when it is fresh; every entry validated again (storage is user input). */
function readCache(
  target: ActivityTarget,
): { transactions: Transaction[]; next: string | undefined; time: number } | undefined {
  const entry = readStorage(HISTORY_CACHE_KEY, isCache)?.[target.key]
  if (!isCacheEntry(entry)) return undefined
  const now = clock.now()
  if (entry.time > now || now - entry.time >= HISTORY_CACHE_MS) return undefined
  const transactions = entry.data.flatMap((item) => parseTransaction(item) ?? [])
  return { transactions: keep(target, transactions), next: entry.next ?? undefined, time: entry.time }
}

/** Stores a first page; expired entries of other accounts are dropped on the way. */
function writeCache(key: string, entry: CacheEntry | undefined): void {
  const now = clock.now()
  const cache: Record<string, unknown> = {}
  for (const [other, value] of Object.entries(readStorage(HISTORY_CACHE_KEY, isCache) ?? {})) {
    if (isCacheEntry(value) && now - value.time < HISTORY_CACHE_MS) cache[other] = value
  }
  if (entry) cache[key] = entry
  else delete cache[key]
  writeStorage(HISTORY_CACHE_KEY, cache)
}

/** SPEC §8: a fetch of transactions failed: the toast and the tracked event. */
function reportFetchError(target: ActivityTarget, cursor: string | undefined, error: unknown): void {
  log('warn', 'history fetch failed', error)
  showErrorToast(t('fetchFailed'))
  const { address, caipNetworkId } = target
  sendEvent({
    type: 'track',
    event: 'ERROR_FETCH_TRANSACTIONS',
    properties: { address, network: caipNetworkId, cursor: cursor ?? null, isSmartAccount: false },
  })
}

function reportFailure(record: ListRecord, cursor: string | undefined, error: unknown): void {
  // SPEC §4: on failure `empty` is true and the cursor is cleared; what is loaded stays visible.
  update(record, { failed: true, empty: true, next: undefined, loaded: true })
  record.retryCursor = cursor
  reportFetchError(record.target, cursor, error)
}

/** Fetches one page the visitor waits on: the first (`cursor` undefined) or the next. */
async function load(record: ListRecord, cursor: string | undefined): Promise<void> {
  if (record.state.peek().loading) return
  const generation = record.generation
  update(record, { loading: true, failed: false })
  try {
    const page = await fetchPage(record.target, cursor)
    if (generation !== record.generation) return
    const fresh = keep(record.target, page.transactions)
    if (cursor === undefined) {
      record.fetchedAt = clock.now()
      writeCache(record.target.key, { time: record.fetchedAt, next: page.next ?? null, data: fresh })
      applyHead(record, fresh, page.next)
    } else {
      const have = new Set(record.state.peek().transactions.map((transaction) => transaction.id))
      const transactions = [...record.state.peek().transactions, ...fresh.filter((item) => !have.has(item.id))]
      update(record, { transactions, next: page.next, empty: transactions.length === 0 && !page.next })
    }
  } catch (error) {
    if (generation === record.generation) reportFailure(record, cursor, error)
  } finally {
    if (generation === record.generation) update(record, { loading: false })
  }
}

/**
 * Refetches the first page without a spinner (after a send, or when the list is older than
 * 15 s). A failure leaves the list as it is: the visitor did not ask for this fetch.
 */
function refreshHead(record: ListRecord): Promise<void> {
  if (record.refreshing) return record.refreshing
  const generation = record.generation
  const run = (async () => {
    try {
      const page = await fetchPage(record.target, undefined)
      if (generation !== record.generation) return
      const fresh = keep(record.target, page.transactions)
      record.fetchedAt = clock.now()
      writeCache(record.target.key, { time: record.fetchedAt, next: page.next ?? null, data: fresh })
      applyHead(record, fresh, page.next)
    } catch (error) {
      log('warn', 'history refresh failed', error)
    } finally {
      record.refreshing = undefined
    }
  })()
  record.refreshing = run
  return run
}

/**
 * Fills the target's second list (SPEC §3) with the on-ramp provider's purchases: the history route
 * with `onramp=<provider>`, never from a cache (SPEC §7), this network only. A failure shows 'Failed
 * to fetch transactions' and sends ERROR_FETCH_TRANSACTIONS like the main list's, and leaves the
 * list as it was. The on-ramp client loads with the first call.
 *
 * @throws Error 'Transactions cannot be fetched without an account address' (SPEC §5).
 * @example
 * ```ts
 * await loadOnrampActivity(activeTarget.value!, 'coinbase')
 * activityState(activeTarget.value!).value.onrampTransactions // newest first
 * ```
 */
export async function loadOnrampActivity(target: ActivityTarget, provider: string): Promise<void> {
  requireAddress(target)
  const record = recordFor(target)
  const generation = record.generation
  const { address, caipNetworkId } = target
  try {
    const { ONRAMP_API } = await import('../../api/onramp-api')
    const purchases = await apiClient(ONRAMP_API).getPurchases({ address, caipNetworkId, provider })
    if (generation === record.generation) update(record, { onrampTransactions: keep(target, purchases) })
  } catch (error) {
    if (generation === record.generation) reportFetchError(target, undefined, error)
  }
}

/**
 * Shows a target's activity: at once from memory (refreshed in the background when older than
 * 15 s), else from a fresh localStorage page, else fetched. It becomes {@link lastNetworkInView}.
 *
 * @throws Error 'Transactions cannot be fetched without an account address' (SPEC §5).
 * @example
 * ```ts
 * openActivity(activeTarget.value!)
 * ```
 */
export function openActivity(target: ActivityTarget): void {
  requireAddress(target)
  lastNetwork.value = target.caipNetworkId
  const record = recordFor(target)
  const state = record.state.peek()
  if (state.loading) return
  if (state.loaded) {
    if (!state.failed && (record.fetchedAt === undefined || clock.now() - record.fetchedAt >= HISTORY_CACHE_MS))
      void refreshHead(record)
    return
  }
  const cached = readCache(target)
  if (cached) {
    record.fetchedAt = cached.time
    applyHead(record, cached.transactions, cached.next)
    return
  }
  void load(record, undefined)
}

/**
 * Loads the next page, when there is one and nothing is loading (infinite scroll calls this as
 * the end comes near).
 *
 * @example
 * ```ts
 * await loadMoreActivity(target)
 * ```
 */
export function loadMoreActivity(target: ActivityTarget): Promise<void> {
  const record = recordFor(target)
  const { next, loading, failed } = record.state.peek()
  if (!next || loading || failed) return Promise.resolve()
  return load(record, next)
}

/**
 * Tries the failed fetch again, from where it failed.
 *
 * @example
 * ```ts
 * await retryActivity(target)
 * ```
 */
export function retryActivity(target: ActivityTarget): Promise<void> {
  const record = recordFor(target)
  if (!record.state.peek().failed) return Promise.resolve()
  return load(record, record.retryCursor)
}

/**
 * Loads every page (at most {@link NFT_PAGE_LIMIT}): the NFTs tab adds up transfers over the whole
 * history. Stops at a failure.
 *
 * @example
 * ```ts
 * await loadAllActivity(target)
 * ```
 */
export async function loadAllActivity(target: ActivityTarget, limit = NFT_PAGE_LIMIT): Promise<void> {
  const record = recordFor(target)
  if (!record.state.peek().loaded) {
    openActivity(target)
    await until(record, (state) => !state.loading)
  }
  for (let page = 1; page < limit; page++) {
    const { next, failed, loading } = record.state.peek()
    if (loading) await until(record, (state) => !state.loading)
    else if (!next || failed) return
    else await load(record, next)
  }
}

/** Resolves once the record's state satisfies `done`. */
function until(record: ListRecord, done: (state: ActivityState) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done(record.state.peek())) return resolve()
    const stop = record.state.subscribe((state) => {
      if (!done(state)) return
      // subscribe() calls back synchronously the first time: unsubscribe after it returns.
      queueMicrotask(() => stop())
      resolve()
    })
  })
}

/** The lists of an account, one per network it was looked at on. */
function recordsOf(namespace: ChainNamespace, address: string | undefined): ListRecord[] {
  if (!address) return []
  return [...lists.values()].filter(
    ({ target }) =>
      target.namespace === namespace && target.key === activityKey(namespace, target.caipNetworkId, address),
  )
}

/**
 * A transaction the account just sent: shown at once as pending (at most
 * {@link PENDING_TRANSACTION_LIMIT}), then the first page refetched.
 * @internal
 */
export function onTransactionSent(event: { namespace: ChainNamespace; hash: string; caipNetworkId: string }): void {
  const address = getAccountState(event.namespace).address.peek()
  if (!address) return
  const key = activityKey(event.namespace, event.caipNetworkId, address)
  // The stored page no longer tells the whole story, whether or not a list is open.
  writeCache(key, undefined)
  const record = lists.get(key)
  if (!record) return
  const hash = event.hash.toLowerCase()
  record.local.set(hash, {
    id: `${LOCAL_ID}${event.caipNetworkId}:${event.hash}`,
    metadata: {
      operationType: '',
      hash: event.hash,
      minedAt: new Date(clock.now()).toISOString(),
      sentFrom: address,
      sentTo: '',
      status: 'pending',
      chain: event.caipNetworkId,
    },
    transfers: [],
  })
  while (record.local.size > PENDING_TRANSACTION_LIMIT) record.local.delete(record.local.keys().next().value!)
  update(record, { transactions: withLocal(record, listed(record)), empty: false })
  void refreshHead(record)
}

/**
 * A transaction of the account was mined: its placeholder (if the API has not listed it yet)
 * turns confirmed or failed, and the first page is refetched.
 * @internal
 */
export function onTransactionConfirmed(event: {
  namespace: ChainNamespace
  hash: string
  status: 'success' | 'reverted'
  replacedHash?: string
}): void {
  const address = getAccountState(event.namespace).address.peek()
  // A replaced transaction was shown under the hash it was sent with.
  const sent = (event.replacedHash ?? event.hash).toLowerCase()
  for (const record of recordsOf(event.namespace, address)) {
    writeCache(record.target.key, undefined)
    const placeholder = record.local.get(sent)
    if (placeholder) {
      const status = event.status === 'success' ? 'confirmed' : 'failed'
      const done = {
        ...placeholder,
        metadata: { ...placeholder.metadata, hash: event.hash, status } as Transaction['metadata'],
      }
      // Same key, same place in the list: only its hash and status change.
      record.local.set(sent, done)
      update(record, {
        transactions: record.state.peek().transactions.map((item) => (item === placeholder ? done : item)),
      })
    }
    if (
      placeholder ||
      record.target.caipNetworkId === getNetworkState(event.namespace).caipNetwork.peek()?.caipNetworkId
    )
      void refreshHead(record)
  }
}

/** The account is gone: forget its lists (another person may use this browser next). */
function onNamespaceCleared(event: { namespace: ChainNamespace; address: string | undefined }): void {
  for (const record of recordsOf(event.namespace, event.address)) {
    record.generation++
    lists.delete(record.target.key)
    writeCache(record.target.key, undefined)
  }
}

onCoreEvent('transactionSent', onTransactionSent)
onCoreEvent('transactionConfirmed', onTransactionConfirmed)
onCoreEvent('namespaceCleared', onNamespaceCleared)

/** @internal Forgets every list (tests). */
export function resetActivity(): void {
  for (const record of lists.values()) record.generation++
  lists.clear()
  lastNetwork.value = undefined
}
