/**
 * The wallet API's list as the All Wallets view and the headless API (`appKit.fetchWallets`,
 * `useAppKitWallets`) both show it: the paged list, the search and the query the dapp's options
 * describe. One copy of this state: what the view loaded, the headless API reads, and back.
 */
import { batch, signal, type ReadonlySignal } from '@preact/signals-core'
import { apiClient } from '../api/client'
import { WALLET_API, type WalletApi } from '../api/wallet-api'
import { getResolvedOptions } from '../core/config/appkit-state'
import { WALLET_LIST } from '../core/constants'
import { isConnectorShown, type ConnectorInfo } from '../core/state/connectors'
import { requestedNetworks } from '../core/state/network'
import type { WalletListing } from '../core/types'

/** What the dapp's options (or a headless `fetchWallets`) ask of the list. @internal */
export interface WalletQuery {
  include: readonly string[]
  exclude: readonly string[]
  /** CAIP-2 ids of the requested networks. */
  chains: readonly string[]
  /** `featuredWalletIds`, in the order the dapp gave. */
  featured: readonly string[]
  /** Listings per page. */
  entries: number
  /** Only wallets with this badge (the wallet API's `badge_type`). */
  badge?: 'none' | 'certified'
}

/** `loading`: a page is on its way; `idle`: more pages exist; `done`: all are in. @internal */
export type LoadStatus = 'idle' | 'loading' | 'error' | 'done'

/** The paged wallet list, in the API's order, featured wallets apart. @internal */
export interface PagedWallets {
  featured: ReadonlySignal<readonly WalletListing[]>
  /** Every other wallet loaded so far, without duplicates of the featured ones. */
  rest: ReadonlySignal<readonly WalletListing[]>
  /** How many wallets the whole list holds; undefined until the first page answers. */
  total: ReadonlySignal<number | undefined>
  /** How many pages are in. */
  pages: ReadonlySignal<number>
  status: ReadonlySignal<LoadStatus>
  /** Fetches the next page, unless one is on its way, the last one failed or all are in. */
  loadMore(): void
  /** Fetches the page that failed again. */
  retry(): void
  /**
   * Fetches pages in order until `page` is in (or the list ends); a failed page is asked again.
   * @throws the wallet API's error when a page fails.
   */
  load(page: number): Promise<void>
}

/**
 * A list that loads page after page as the visitor scrolls. Featured wallets come from their own
 * `include` query, made with the first page, and are excluded from the paged query so its `count`
 * stays exact.
 * @internal
 */
export function createPagedWallets(api: WalletApi, query: WalletQuery): PagedWallets {
  const featured = signal<readonly WalletListing[]>([])
  const rest = signal<readonly WalletListing[]>([])
  const total = signal<number | undefined>(undefined)
  const pages = signal(0)
  const status = signal<LoadStatus>('idle')
  let featuredLoaded = query.featured.length === 0
  /** The page on its way, and the last page's failure. */
  let inFlight: Promise<void> | undefined
  let failure: unknown

  async function fetchNext(): Promise<void> {
    status.value = 'loading'
    const page = pages.peek() + 1
    try {
      // In parallel: waiting for the featured ones before the first page would double the wait.
      const [featuredPage, restPage] = await Promise.all([
        featuredLoaded
          ? undefined
          : api.getWallets({
              page: 1,
              entries: query.featured.length,
              include: query.featured,
              exclude: query.exclude,
              chains: query.chains,
              badgeType: query.badge,
            }),
        api.getWallets({
          page,
          entries: query.entries,
          include: query.include,
          exclude: [...query.exclude, ...query.featured],
          chains: query.chains,
          badgeType: query.badge,
        }),
      ])
      batch(() => {
        if (featuredPage) {
          featured.value = query.featured.flatMap((id) => featuredPage.data.find((wallet) => wallet.id === id) ?? [])
          featuredLoaded = true
        }
        pages.value = page
        // Defensive: a host that ignores `exclude`, or a list that shifted between two pages,
        // would otherwise show a wallet twice.
        const seen = new Set([...featured.value, ...rest.value].map((wallet) => wallet.id))
        const fresh = restPage.data.filter((wallet) => !seen.has(wallet.id) && Boolean(seen.add(wallet.id)))
        rest.value = [...rest.value, ...fresh]
        // An empty page ends the list even if `count` promised more: asking again would loop.
        const done = page * query.entries >= restPage.count || restPage.data.length === 0
        const loaded = featured.value.length + rest.value.length
        total.value = done ? loaded : Math.max(loaded, featured.value.length + restPage.count)
        // Before the status: a list that asks for the next page as it turns idle gets a new request.
        inFlight = undefined
        status.value = done ? 'done' : 'idle'
      })
    } catch (error) {
      inFlight = undefined
      failure = error
      status.value = 'error'
    }
  }

  /** The next page, joining the request already on its way. */
  function next(): Promise<void> {
    return (inFlight ??= fetchNext())
  }

  return {
    featured,
    rest,
    total,
    pages,
    status,
    loadMore: () => {
      if (status.peek() === 'idle') void next()
    },
    retry: () => {
      if (status.peek() === 'error') void next()
    },
    async load(page) {
      while (pages.peek() < page && status.peek() !== 'done') {
        await next()
        if (status.peek() === 'error') throw failure
      }
    },
  }
}

/** A search that was answered (or failed). @internal */
export interface SearchResult {
  term: string
  status: 'error' | 'done'
  wallets: readonly WalletListing[]
}

/** The search over the wallet API's list: the last answer stands until the next one lands. @internal */
export interface WalletSearch {
  /** The last search answered, for the term wanted now; undefined when the search is cleared. */
  result: ReadonlySignal<SearchResult | undefined>
  /** The term of the request on its way, if any. */
  asking: ReadonlySignal<string | undefined>
  /**
   * The term the visitor wants now (while they type, before its request): an answer for any other
   * term is dropped. An empty term clears the search.
   */
  expect(term: string): void
  /** Asks the API for `term` (trimmed); settles once answered. @throws the wallet API's error. */
  run(term: string): Promise<void>
}

/** @internal */
export function createWalletSearch(api: WalletApi, query: WalletQuery): WalletSearch {
  const result = signal<SearchResult | undefined>(undefined)
  const asking = signal<string | undefined>(undefined)
  let wanted = ''

  /** Shows an answer, unless another term is wanted since its request. */
  function settle(answered: SearchResult): void {
    if (wanted !== answered.term) return
    batch(() => {
      result.value = answered
      asking.value = undefined
    })
  }

  return {
    result,
    asking,
    expect(term) {
      wanted = term.trim()
      // Cleared: the next search starts from the full list, not from the last results.
      if (!wanted) batch(() => ((result.value = undefined), (asking.value = undefined)))
    },
    async run(term) {
      const searched = term.trim()
      wanted = searched
      asking.value = searched
      try {
        const { data } = await api.getWallets({
          page: 1,
          entries: WALLET_LIST.searchSize,
          search: searched,
          include: query.include,
          exclude: query.exclude,
          chains: query.chains,
          badgeType: query.badge,
        })
        settle({ term: searched, status: 'done', wallets: data })
      } catch (error) {
        settle({ term: searched, status: 'error', wallets: [] })
        throw error
      }
    },
  }
}

/** The wallet API's client, the query and the key that names that list. @internal */
export interface WalletSource {
  api: WalletApi
  query: WalletQuery
  key: string
}

/**
 * The wallet API's client and the query the dapp's options describe (the requested networks, its
 * `includeWalletIds`, `excludeWalletIds`, `featuredWalletIds`), with a headless `fetchWallets`'
 * own `include`, `exclude`, `entries` and `badge` over them. A new key means another list.
 * @internal
 */
export function walletSource(
  overrides: Partial<Pick<WalletQuery, 'include' | 'exclude' | 'entries' | 'badge'>> = {},
): WalletSource {
  const options = getResolvedOptions()
  const query: WalletQuery = {
    include: overrides.include ?? options?.includeWalletIds ?? [],
    exclude: overrides.exclude ?? options?.excludeWalletIds ?? [],
    chains: requestedNetworks.peek().map((network) => network.caipNetworkId),
    featured: options?.featuredWalletIds ?? [],
    entries: overrides.entries ?? WALLET_LIST.pageSize,
    ...(overrides.badge ? { badge: overrides.badge } : {}),
  }
  const key = JSON.stringify([options?.endpoints.walletApi ?? '', options?.projectId ?? '', query])
  return { api: apiClient(WALLET_API), query, key }
}

/** A query's paged list and search. @internal */
export interface WalletLists {
  source: WalletSource
  list: PagedWallets
  search: WalletSearch
}

const lists = signal<WalletLists | undefined>(undefined)

/**
 * The lists last shown (by All Wallets or the headless API), undefined before any.
 * @internal
 */
export const currentWalletLists: ReadonlySignal<WalletLists | undefined> = lists

/**
 * The paged list and search for a query, kept for the page's lifetime: going back to All Wallets
 * (or clearing the search) shows what was loaded without asking the API again, and the headless
 * API reads what the view loaded. They become {@link currentWalletLists}.
 * @internal
 */
export function getWalletLists(source: WalletSource): WalletLists {
  if (lists.peek()?.source.key !== source.key)
    lists.value = {
      source,
      list: createPagedWallets(source.api, source.query),
      search: createWalletSearch(source.api, source.query),
    }
  return lists.peek()!
}

/** Forgets the kept lists (tests). @internal */
export function resetPagedWallets(): void {
  lists.value = undefined
}

/** A row of the list: the listing, its installed connector if any, and whether it is recommended. @internal */
export interface WalletEntry {
  wallet: WalletListing
  /** The injected connector of this wallet when it is installed in the browser. */
  connector?: ConnectorInfo
  recommended?: boolean
}

/**
 * The name a wallet entry shows: an installed wallet's own (its announcement), whatever the wallet
 * API's listing calls it, as that is the extension a click connects to; a listing could otherwise
 * dress an installed wallet up as another.
 */
export function walletEntryName({ wallet, connector }: WalletEntry): string {
  return connector?.name ?? wallet.name
}

/**
 * Puts installed wallets first (a connector with the listing's rdns, else the same name), keeping
 * the given order otherwise, and drops repeated ids.
 * @internal
 */
export function arrangeWallets(
  listings: readonly WalletListing[],
  connectors: readonly ConnectorInfo[],
  recommended: ReadonlySet<string> = new Set(),
): WalletEntry[] {
  const injected = connectors.filter(
    (connector) => connector.type === 'injected' && isConnectorShown(connector, connectors),
  )
  const installed: WalletEntry[] = []
  const others: WalletEntry[] = []
  const seen = new Set<string>()
  for (const wallet of listings) {
    if (seen.has(wallet.id)) continue
    seen.add(wallet.id)
    const name = wallet.name.toLowerCase()
    const connector =
      injected.find((candidate) => wallet.rdns && candidate.rdns === wallet.rdns) ??
      injected.find((candidate) => candidate.name.toLowerCase() === name)
    if (connector) installed.push({ wallet, connector })
    else others.push(recommended.has(wallet.id) ? { wallet, recommended: true } : { wallet })
  }
  return [...installed, ...others]
}
