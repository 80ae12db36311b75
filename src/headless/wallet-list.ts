import { batch, signal, type ReadonlySignal } from '@preact/signals-core'
import type { WalletApi } from '../api/wallet-api'
import { WALLET_LIST } from '../core/constants'
import { isConnectorShown, type ConnectorInfo } from '../core/state/connectors'
import type { WalletListing } from '../core/types'

/** What the dapp's options ask of the list. @internal */
export interface WalletQuery {
  include: readonly string[]
  exclude: readonly string[]
  /** CAIP-2 ids of the requested networks. */
  chains: readonly string[]
  /** `featuredWalletIds`, in the order the dapp gave. */
  featured: readonly string[]
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
  status: ReadonlySignal<LoadStatus>
  /** Fetches the next page, unless one is on its way, the last one failed or all are in. */
  loadMore(): void
  /** Fetches the page that failed again. */
  retry(): void
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
  const status = signal<LoadStatus>('idle')
  let pages = 0
  let featuredLoaded = query.featured.length === 0

  async function fetchNext(): Promise<void> {
    status.value = 'loading'
    const page = pages + 1
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
            }),
        api.getWallets({
          page,
          entries: WALLET_LIST.pageSize,
          include: query.include,
          exclude: [...query.exclude, ...query.featured],
          chains: query.chains,
        }),
      ])
      batch(() => {
        if (featuredPage) {
          featured.value = query.featured.flatMap((id) => featuredPage.data.find((wallet) => wallet.id === id) ?? [])
          featuredLoaded = true
        }
        pages = page
        // Defensive: a host that ignores `exclude`, or a list that shifted between two pages,
        // would otherwise show a wallet twice.
        const seen = new Set([...featured.value, ...rest.value].map((wallet) => wallet.id))
        const fresh = restPage.data.filter((wallet) => !seen.has(wallet.id) && Boolean(seen.add(wallet.id)))
        rest.value = [...rest.value, ...fresh]
        // An empty page ends the list even if `count` promised more: asking again would loop.
        const done = pages * WALLET_LIST.pageSize >= restPage.count || restPage.data.length === 0
        const loaded = featured.value.length + rest.value.length
        total.value = done ? loaded : Math.max(loaded, featured.value.length + restPage.count)
        status.value = done ? 'done' : 'idle'
      })
    } catch {
      status.value = 'error'
    }
  }

  return {
    featured,
    rest,
    total,
    status,
    loadMore: () => {
      if (status.peek() === 'idle') void fetchNext()
    },
    retry: () => {
      if (status.peek() === 'error') void fetchNext()
    },
  }
}

let cached: { key: string; list: PagedWallets } | undefined

/**
 * The paged list for a query, kept for the page's lifetime: going back to All Wallets (or clearing
 * the search) shows what was loaded without asking the API again.
 * @internal
 */
export function getPagedWallets(key: string, create: () => PagedWallets): PagedWallets {
  if (cached?.key !== key) cached = { key, list: create() }
  return cached.list
}

/** Forgets the kept list (tests). @internal */
export function resetPagedWallets(): void {
  cached = undefined
}

/** A row of the list: the listing, its installed connector if any, and whether it is recommended. @internal */
export interface WalletEntry {
  wallet: WalletListing
  /** The injected connector of this wallet when it is installed in the browser. */
  connector?: ConnectorInfo
  recommended?: boolean
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
