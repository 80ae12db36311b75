/**
 * Activity scroll bench page. Built twice by bench/activity.mjs from this one file: against React
 * (react-dom) and, with the CDN build's aliases, against Preact. It renders the real Activity list
 * (`ActivityList`, src/features/activity/list.tsx, with the real rows and month headings from
 * `groupByMonth`) inside the modal's own shadow root and stylesheet, fed 50 transactions a page
 * whenever it asks for more (as the history route pages), and scrolls it to the end one step per
 * frame, counting the list's DOM nodes on every frame. The baseline is the same rows rendered all
 * at once, unwindowed, for its DOM size.
 *
 * `window.bench.activity(options)` runs everything and returns the figures.
 */
import '../../src/ui/signals-binding'
import { createRoot } from 'react-dom/client'
import { useSignals } from '@preact/signals-react/runtime'
import { signal } from '@preact/signals-core'
import { parseTransaction, type Transaction } from '../../src/api/history-api'
import { groupByMonth, groupByYear } from '../../src/features/activity/format'
import { ActivityList, TransactionRow } from '../../src/features/activity/list'
import { darkTheme, modalRoot, rootStyles } from '../../src/ui/theme/stitches'
import { median, ms, nextFrame, percentile } from './measure'

const PAGE_SIZE = 50
/** A frame over this is counted as dropped (as in the wallet list bench). */
const DROPPED_FRAME_MS = 25

/** `count` transactions a few hours apart, newest first, over more than a year of months. No icons: no image loads. */
function makeTransactions(count: number): Transaction[] {
  const now = Date.now()
  return Array.from({ length: count }, (_, index) => {
    const incoming = index % 3 === 0
    const hash = `0x${index.toString(16).padStart(64, '0')}`
    return parseTransaction({
      id: `eip155:1:${hash}`,
      metadata: {
        operationType: incoming ? 'receive' : 'send',
        hash,
        minedAt: new Date(now - index * 11 * 3_600_000).toISOString(),
        sentFrom: incoming
          ? '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
          : '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        sentTo: incoming ? '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' : '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        status: 'confirmed',
        nonce: index,
        chain: 'eip155:1',
      },
      transfers: [
        {
          fungible_info: { name: 'Ether', symbol: index % 4 === 0 ? 'USDC' : 'ETH' },
          direction: incoming ? 'in' : 'out',
          quantity: { numeric: (0.01 + (index % 97) * 0.137).toFixed(6) },
        },
      ],
    })!
  })
}

/** The modal's shadow root and stylesheet, with a box the size of the modal's body. */
function makeHost(): HTMLElement {
  rootStyles()
  const box = document.createElement('div')
  box.className = darkTheme.className
  box.style.cssText =
    'position:absolute;left:16px;top:16px;width:336px;pointer-events:auto;background:#141414;font-family:system-ui,sans-serif'
  modalRoot.append(box)
  return box
}

const nodesUnder = (element: Element) => element.querySelectorAll('*').length

export interface ActivityOptions {
  sizes: number[]
  /** Scroll steps to the end, one per frame. */
  frames: number
}

export async function runActivity({ sizes, frames }: ActivityOptions) {
  const results = []
  for (const size of sizes) {
    const all = makeTransactions(size)
    // ── the real list, paged ──
    const loaded = signal(PAGE_SIZE)
    const requests = { count: 1 }
    function Paged() {
      useSignals()
      const shown = all.slice(0, loaded.value)
      return (
        <ActivityList
          rows={groupByMonth(groupByYear(shown), Date.now())}
          now={Date.now()}
          footer={loaded.value < all.length ? 'loading' : 'none'}
          onNearEnd={() => {
            // One page at a time, answered on the next task as a fast network would.
            if (requests.count * PAGE_SIZE > loaded.peek()) return
            requests.count++
            setTimeout(() => (loaded.value = Math.min(all.length, loaded.peek() + PAGE_SIZE)), 0)
          }}
          onRetry={() => undefined}
        />
      )
    }
    const host = makeHost()
    const root = createRoot(host)
    const mountStart = performance.now()
    root.render(<Paged />)
    const mounted = await nextFrame()
    const scroller = host.querySelector<HTMLElement>('[aria-label="Transactions"]')
    if (!scroller) throw new Error('the Activity list did not render')
    const domNodesFirst = nodesUnder(host)
    const frameTimes: number[] = []
    const domNodes: number[] = []
    let last = performance.now()
    // To the end, in equal steps; the end moves as pages arrive, so the steps are re-aimed.
    for (let step = 1; step <= frames || loaded.peek() < all.length; step++) {
      const remaining = Math.max(1, frames - step + 1)
      scroller.scrollTop += Math.max(
        1,
        (scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop) / remaining,
      )
      const done = await nextFrame()
      frameTimes.push(done - last)
      last = done
      domNodes.push(nodesUnder(host))
      if (step > frames * 4) throw new Error(`activity ${size}: the list stopped loading at ${loaded.peek()}`)
    }
    // At the end: every page loaded and the oldest transaction on screen.
    scroller.scrollTop = scroller.scrollHeight
    await nextFrame()
    await nextFrame()
    const rowsShown = scroller.querySelectorAll('[data-status]').length
    if (loaded.peek() !== all.length) throw new Error(`activity ${size}: ${loaded.peek()} of ${all.length} loaded`)
    const oldest = all[all.length - 1]!.metadata.minedAt
    if (!scroller.querySelector(`time[datetime="${oldest}"]`))
      throw new Error(`activity ${size}: the oldest transaction is not on screen at the end`)
    const domNodesEnd = nodesUnder(host)
    root.unmount()
    host.remove()

    // ── the baseline: the same rows, all in the DOM ──
    const plainHost = makeHost()
    const plainRoot = createRoot(plainHost)
    const now = Date.now()
    plainRoot.render(
      <div role="list">
        {all.map((transaction, index) => (
          <TransactionRow key={transaction.id} transaction={transaction} now={now} top={index * 64} />
        ))}
      </div>,
    )
    await nextFrame()
    const plainDomNodes = nodesUnder(plainHost)
    plainRoot.unmount()
    plainHost.remove()
    await nextFrame()

    const sorted = [...frameTimes].sort((a, b) => a - b)
    results.push({
      transactions: size,
      pages: Math.ceil(size / PAGE_SIZE),
      frames: frameTimes.length,
      mountMs: ms(mounted - mountStart),
      frameP50Ms: ms(median(frameTimes)),
      frameP95Ms: ms(percentile(sorted, 95)),
      frameMaxMs: ms(sorted[sorted.length - 1] ?? 0),
      droppedFrames: frameTimes.filter((time) => time > DROPPED_FRAME_MS).length,
      rowsInDom: rowsShown,
      domNodesFirst,
      domNodesMax: Math.max(...domNodes),
      domNodesEnd,
      plainListDomNodes: plainDomNodes,
    })
  }
  return results
}

declare global {
  interface Window {
    bench: Record<string, unknown>
  }
}
window.bench = { ...window.bench, activity: runActivity }
