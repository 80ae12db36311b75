/**
 * Wallet list bench, shared by the React page (SigKit's React build, dist/react.js) and the CDN
 * page (dist/cdn/sigkit.js): the real All Wallets view, opened through the public API
 * (`appKit.open({ view: 'AllWallets' })`) and fed by the sandbox's API emulator with 600 or 5000
 * wallets. The baseline is the same data rendered as a plain, non-virtualised grid: all wallets
 * fetched in one request and rendered at once, state in one store read with
 * `useSyncExternalStore`, search after the same 300 ms pause (the field keeps its own state, so
 * a keystroke does not re-render the grid). React in the React page, Preact (preact/compat) in the
 * CDN page.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { createStore } from './store'
import { median, ms, nextFrame, percentile, whenFound } from './measure'

/** The spec's pause after the last keystroke before searching (WALLET_LIST.searchWaitMs). */
export const SEARCH_WAIT_MS = 300
const PROJECT_ID = 'sigkit-bench'
const CHAIN = 'eip155:1'

interface Listing {
  id: string
  name: string
  image_id: string
}

interface AppKitLike {
  open(options: { view: string }): Promise<void>
  close(): boolean
}

type CreateAppKit = (options: object) => AppKitLike

// ── the baseline grid ─────────────────────────────────────────────────────────────────────────

interface GridState {
  wallets: readonly Listing[]
  search: { term: string; wallets: readonly Listing[] } | undefined
}

const GRID_CSS = `
.bench-grid { position: fixed; left: 16px; top: 16px; width: 360px; display: grid; gap: 8px; padding: 12px; background: #141414; color: #fff; border-radius: 24px; }
.bench-grid input { height: 40px; padding: 0 12px; border-radius: 999px; border: 1px solid #333; background: #1f1f1f; color: #fff; font: inherit; }
.bench-grid p { margin: 0; text-align: center; font-size: 13px; color: #aaa; }
.bench-grid [role="list"] { height: 392px; overflow-y: auto; display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; align-content: start; }
.bench-grid [role="listitem"] { display: grid; justify-items: center; gap: 4px; padding: 8px 2px; border-radius: 12px; background: #1f1f1f; cursor: pointer; }
.bench-grid b { display: grid; place-items: center; width: 40px; height: 40px; border-radius: 10px; background: #333; }
.bench-grid span { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 12px; }
`

type GridStore = ReturnType<typeof createStore<GridState>>

/** The search field: its own state, so a keystroke re-renders the field, not the grid. */
function GridSearch({ api, store }: { api: string; store: GridStore }) {
  const [term, setTerm] = useState('')
  const trimmed = term.trim()
  useEffect(() => {
    if (!trimmed) {
      if (store.get().search) store.set({ ...store.get(), search: undefined })
      return
    }
    // The same pause as the real view, then the same route.
    const timer = setTimeout(() => {
      const query = `projectId=${PROJECT_ID}&page=1&entries=100&chains=${CHAIN}&search=${encodeURIComponent(trimmed)}`
      void fetch(`${api}/getWallets?${query}`)
        .then((response) => response.json())
        .then((body: { data: Listing[] }) =>
          store.set({ ...store.get(), search: { term: trimmed, wallets: body.data } }),
        )
    }, SEARCH_WAIT_MS)
    return () => clearTimeout(timer)
  }, [trimmed])
  return (
    <input
      type="search"
      aria-label="Search wallet"
      placeholder="Search wallet"
      value={term}
      onChange={(event) => setTerm(event.currentTarget.value)}
    />
  )
}

/**
 * Every wallet (or every result) as a card: all of them in the DOM. Cards show the wallet's
 * initial, not its image: thousands of images loading while the grid scrolls made each frame take
 * seconds, which would flatter SigKit's view (it loads only the visible rows' images).
 */
function Grid({ store }: { store: GridStore }) {
  const state = useSyncExternalStore(store.subscribe, store.get)
  const shown = state.search ? state.search.wallets : state.wallets
  return (
    <>
      <p role="status">{state.search ? `${shown.length} found` : `${shown.length} wallets`}</p>
      <div role="list" aria-label={state.search ? 'Search results' : 'Wallets'} data-term={state.search?.term ?? ''}>
        {shown.map((wallet) => (
          <div role="listitem" key={wallet.id} title={wallet.name}>
            <b aria-hidden="true">{wallet.name.slice(0, 1)}</b>
            <span>{wallet.name}</span>
          </div>
        ))}
      </div>
    </>
  )
}

function WalletGrid({ api, store }: { api: string; store: GridStore }) {
  useEffect(() => {
    void fetch(`${api}/getWallets?projectId=${PROJECT_ID}&page=1&entries=100000&chains=${CHAIN}`)
      .then((response) => response.json())
      .then((body: { data: Listing[] }) => store.set({ ...store.get(), wallets: body.data }))
  }, [])
  return (
    <div className="bench-grid">
      <GridSearch api={api} store={store} />
      <Grid store={store} />
    </div>
  )
}

// ── the driver ────────────────────────────────────────────────────────────────────────────────

type Target = 'real' | 'grid'

const modalShadow = (): ShadowRoot | null => document.querySelector('sigkit-modal')?.shadowRoot ?? null
/** Where each list lives: the modal's shadow root, or the page. */
const rootsOf = (target: Target): Node[] =>
  target === 'real' ? [document.body, ...(modalShadow() ? [modalShadow() as ShadowRoot] : [])] : [document.body]
const scope = (target: Target): ParentNode | null =>
  target === 'real' ? modalShadow() : document.querySelector('.bench-grid')
const listOf = (target: Target, label: string): HTMLElement | null =>
  scope(target)?.querySelector<HTMLElement>(
    `[role="${target === 'real' ? 'listbox' : 'list'}"][aria-label="${label}"]`,
  ) ?? null
const itemsOf = (list: Element | null, target: Target) =>
  Array.from(list?.querySelectorAll(target === 'real' ? '[role="option"]' : '[role="listitem"]') ?? [])
const countNodes = (node: Node | null): number => (node ? 1 + (node as ParentNode).querySelectorAll('*').length : 0)
const resource = (part: string, after: number) =>
  performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes(part) && entry.startTime >= after)
    .at(0) as PerformanceResourceTiming | undefined

export function installWalletBench(createAppKit: CreateAppKit): void {
  let appKit: AppKitLike | undefined
  let api = ''
  const gridStore = createStore<GridState>({ wallets: [], search: undefined })
  let searchRun: Promise<Record<string, number>> | undefined

  const bench = {
    setup(apiUrl: string) {
      api = apiUrl
      performance.setResourceTimingBufferSize(100_000)
      appKit = createAppKit({
        projectId: PROJECT_ID,
        networks: [
          {
            id: 1,
            caipNetworkId: CHAIN,
            chainNamespace: 'eip155',
            name: 'Ethereum',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [`${apiUrl}/v1/?chainId=${CHAIN}`] } },
          },
        ],
        endpoints: { api: apiUrl, walletApi: apiUrl, rpc: apiUrl, pulse: apiUrl },
        metadata: { name: 'SigKit bench', description: 'Wallet list bench', url: location.origin, icons: [] },
      })
    },

    /** Opens the list; resolves when its first rows are painted. */
    async firstRender(target: Target, total: number) {
      const start = performance.now()
      if (target === 'real') void appKit?.open({ view: 'AllWallets' })
      else {
        const style = document.createElement('style')
        style.textContent = GRID_CSS
        document.head.append(style)
        const container = document.body.appendChild(document.createElement('div'))
        createRoot(container).render(<WalletGrid api={api} store={gridStore} />)
      }
      const { found: list, at } = await whenFound(rootsOf.bind(null, target), () => {
        const list = listOf(target, 'Wallets')
        return itemsOf(list, target).length > 0 ? list : undefined
      })
      const painted = await nextFrame()
      const data = resource('/getWallets', start)
      const rows = itemsOf(list, target).length
      if (target === 'grid' && rows !== total) throw new Error(`grid: ${rows} of ${total} wallets rendered`)
      return {
        firstRenderMs: ms(painted - start),
        patchedMs: ms(at - start),
        afterDataMs: data ? ms(painted - data.responseEnd) : Number.NaN,
        rows,
        domNodes: countNodes(list),
      }
    },

    /** Focuses the search field; then the runner types, and `searchResult` tells what happened. */
    armSearch(target: Target, term: string) {
      const input = scope(target)?.querySelector<HTMLInputElement>('input[type="search"]')
      if (!input) throw new Error(`${target}: no search field`)
      input.focus()
      const keys: number[] = []
      const keyPaints: number[] = []
      const onKey = (event: KeyboardEvent) => {
        keys.push(event.timeStamp)
        const pressed = event.timeStamp
        void nextFrame().then((painted) => keyPaints.push(painted - pressed))
      }
      document.addEventListener('keydown', onKey, true)
      const needle = term.toLowerCase()
      searchRun = (async () => {
        const { found: list, at } = await whenFound(rootsOf.bind(null, target), () => {
          const list = listOf(target, 'Search results')
          const first = itemsOf(list, target)[0]
          const name = (first?.getAttribute('aria-label') ?? first?.getAttribute('title') ?? '').toLowerCase()
          return name.includes(needle) ? list : undefined
        })
        const painted = await nextFrame()
        document.removeEventListener('keydown', onKey, true)
        const lastKey = keys.at(-1) ?? Number.NaN
        // The search request: its start is where the spec's pause ended.
        const data = resource(`search=${encodeURIComponent(term)}`, lastKey)
        return {
          keys: keys.length,
          keystrokePaintMs: ms(median(keyPaints)),
          keystrokePaintMaxMs: ms(Math.max(...keyPaints)),
          resultsMs: ms(painted - lastKey),
          afterWaitMs: data ? ms(painted - data.startTime) : Number.NaN,
          waitedMs: data ? ms(data.startTime - lastKey) : Number.NaN,
          renderMs: data ? ms(painted - data.responseEnd) : Number.NaN,
          results: itemsOf(list, target).length,
          domNodes: countNodes(list),
        }
      })()
      return true
    },

    searchResult: () => searchRun,

    /** After the search is cleared: the full list is back. */
    async listBack(target: Target) {
      await whenFound(rootsOf.bind(null, target), () => itemsOf(listOf(target, 'Wallets'), target).length > 0)
      await nextFrame()
      return true
    },

    /**
     * Scrolls the list to its end in `frames` equal steps, one per frame, then waits until the
     * last wallet is rendered. Frame times are the intervals between animation frames.
     */
    async scrollToEnd(target: Target, frames: number, total: number) {
      const list = listOf(target, 'Wallets')
      if (!list) throw new Error(`${target}: no list`)
      const distance = list.scrollHeight - list.clientHeight
      const intervals: number[] = []
      let previous = await new Promise<number>((resolve) => requestAnimationFrame(resolve))
      const start = performance.now()
      for (let frame = 1; frame <= frames; frame++) {
        list.scrollTop = Math.round((distance * frame) / frames)
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve))
        intervals.push(now - previous)
        previous = now
      }
      const scrolled = performance.now()
      const lastSelector =
        target === 'real' ? `[role="option"][aria-posinset="${total}"]` : '[role="listitem"]:last-child'
      await whenFound(rootsOf.bind(null, target), () => list.querySelector(lastSelector), 60_000)
      const lastShown = await nextFrame()
      return {
        frames: intervals.length,
        frameP50Ms: ms(median(intervals)),
        frameP95Ms: ms(percentile(intervals, 95)),
        frameMaxMs: ms(Math.max(...intervals)),
        // A frame longer than 1.5 vsync intervals (60 Hz) dropped at least one frame.
        droppedFrames: intervals.filter((interval) => interval > 25).length,
        scrollMs: ms(scrolled - start),
        lastShownMs: ms(lastShown - start),
        domNodes: countNodes(list),
      }
    },

    /** Opens the modal at Connect and closes it: its shell is loaded, as when a visitor comes from there. */
    async warmModal() {
      void appKit?.open({ view: 'Connect' })
      await whenFound(rootsOf.bind(null, 'real'), () => modalShadow()?.querySelector('section[data-method="wallet"]'))
      await nextFrame()
      await bench.close('real')
      return true
    },

    async close(target: Target) {
      if (target !== 'real') return true
      appKit?.close()
      await whenFound(rootsOf.bind(null, target), () => !modalShadow()?.querySelector('[role="dialog"]'))
      await nextFrame()
      return true
    },
  }
  ;(window as unknown as { bench: Record<string, unknown> }).bench = { wallets: bench }
}
