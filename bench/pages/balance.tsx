/**
 * Balance refresh bench page. Built twice by bench/lib/pages.mjs from this one file: against
 * React (react-dom) and, with the CDN build's aliases, against Preact. It renders the real
 * Account token list (`TokenList` and its `TokenRow`, src/ui/views/Account/Tokens.tsx) inside the
 * modal's own shadow root and stylesheet, and drives it through the real core signals
 * (`setAccount`), exactly as a balance refresh does. The baseline is the same list written the
 * store-subscription way: one store read with `useSyncExternalStore`, the whole list re-rendered
 * on every change, rows not memoised (with a refresh bringing new objects, a shallow `memo` would
 * re-render every row anyway).
 *
 * `window.bench.balance(options)` runs everything and returns the figures.
 */
import '../../src/ui/signals-binding'
import { useSyncExternalStore, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { resetAllAccounts, setAccount } from '../../src/core/state/account'
import type { TokenBalance } from '../../src/core/types'
import { darkTheme, modalRoot, rootStyles } from '../../src/ui/theme/stitches'
import { formatQuantity, formatUsd, tokenKey } from '../../src/ui/token-balances'
import { TokenList, TokenRow, type TokenRowProps } from '../../src/ui/views/Account/Tokens'
import {
  TokenInitial,
  TokenItem,
  TokenItems,
  TokenName,
  TokenQuantity,
  TokenValue,
} from '../../src/ui/views/Account/styles'
import { createStore } from './store'
import { inFrame, median, ms, MutationCounter, nextFrame, nextTask } from './measure'

const NAMESPACE = 'eip155'

// ── counting renders ──────────────────────────────────────────────────────────────────────────

/** Renders per row key, and of the list component itself, since the last reset. */
const renders = { list: 0, rows: new Map<string, number>() }
const countRow = (key: string) => renders.rows.set(key, (renders.rows.get(key) ?? 0) + 1)

/**
 * The real row, counted: `TokenRow` is called as a function, so its hooks and signal reads belong
 * to this component and every render of it is a render of the real row.
 */
function CountedTokenRow(props: TokenRowProps) {
  countRow(props.tokenKey)
  return TokenRow(props)
}

/** The real list, counted the same way, with the counted row. */
function CountedTokenList() {
  renders.list++
  return TokenList({ namespace: NAMESPACE, Row: CountedTokenRow })
}

// ── the baseline: one store, the list re-rendered on change ────────────────────────────────────

const tokenStore = createStore<readonly TokenBalance[]>([])

function StoreRow({ token }: { token: TokenBalance }) {
  countRow(tokenKey(token))
  return (
    <TokenItem>
      <TokenInitial aria-hidden="true">{token.symbol.slice(0, 1).toUpperCase()}</TokenInitial>
      <TokenName>{token.name}</TokenName>
      <TokenValue>{formatUsd(token.value)}</TokenValue>
      <TokenQuantity>
        {formatQuantity(token.quantity.numeric)} {token.symbol}
      </TokenQuantity>
    </TokenItem>
  )
}

function StoreTokenList() {
  renders.list++
  const tokens = useSyncExternalStore(tokenStore.subscribe, tokenStore.get)
  return (
    <TokenItems aria-label="Tokens">
      {tokens.map((token) => (
        <StoreRow key={tokenKey(token)} token={token} />
      ))}
    </TokenItems>
  )
}

// ── data ──────────────────────────────────────────────────────────────────────────────────────

/** N tokens on one chain; the first is the native token (no address). No icons: no image loads. */
function makeTokens(count: number): TokenBalance[] {
  return Array.from({ length: count }, (_, index) => {
    const price = 1 + (index % 17)
    const numeric = (100 + index * 3.25).toFixed(4)
    return {
      name: index === 0 ? 'Ether' : `Token ${index}`,
      symbol: index === 0 ? 'ETH' : `TK${index}`,
      chainId: 'eip155:1',
      ...(index === 0 ? {} : { address: `eip155:1:0x${index.toString(16).padStart(40, '0')}` }),
      value: price * Number(numeric),
      price,
      quantity: { decimals: '18', numeric },
      iconUrl: '',
    }
  })
}

type Kind = 'one' | 'tenth' | 'all'

/** Indices a refresh changes: one token in the middle, every tenth token, or all of them. */
function changedIndices(kind: Kind, count: number): number[] {
  if (kind === 'one') return [count >> 1]
  if (kind === 'tenth')
    return Array.from({ length: Math.max(1, Math.round(count / 10)) }, (_, i) => i * 10).filter((i) => i < count)
  return Array.from({ length: count }, (_, i) => i)
}

/**
 * What a refresh delivers: every token a new object (the balance API answers with fresh JSON),
 * the changed ones with a new quantity and value.
 */
function refreshed(
  previous: readonly TokenBalance[],
  changed: ReadonlySet<number>,
  generation: number,
): TokenBalance[] {
  return previous.map((token, index) => {
    const copy = { ...token, quantity: { ...token.quantity } }
    if (changed.has(index)) {
      const numeric = (Number(token.quantity.numeric) + 1 + (generation % 7) / 8).toFixed(4)
      copy.quantity.numeric = numeric
      copy.value = (token.price ?? 1) * Number(numeric)
    }
    return copy
  })
}

// ── the run ───────────────────────────────────────────────────────────────────────────────────

type Impl = 'signals' | 'store'

const LISTS: Record<Impl, () => ReactElement> = {
  signals: () => <CountedTokenList />,
  store: () => <StoreTokenList />,
}

function write(impl: Impl, tokens: readonly TokenBalance[]): void {
  if (impl === 'signals') setAccount(NAMESPACE, { tokenBalance: tokens })
  else tokenStore.set(tokens)
}

interface Sample {
  /** The state write itself (signals: includes the computeds that decide which rows change). */
  write: number
  /** From the write to the DOM patched (MutationObserver). */
  patched: number
  /** From the write to the frame produced (style, layout, paint done). */
  frame: number
  mutations: number
  renders: number
  /** Renders of rows whose token did not change. */
  unchangedRowRenders: number
  /** Mutations that arrived after the frame (a deferred render); should be 0. */
  lateMutations: number
}

/** The modal's shadow root and stylesheet, with a box the size of the modal's body. */
function makeHost(): HTMLElement {
  rootStyles()
  const box = document.createElement('div')
  box.className = darkTheme.className
  box.style.cssText =
    'position:absolute;left:16px;top:16px;width:360px;height:600px;overflow:auto;pointer-events:auto;background:#141414;font-family:system-ui,sans-serif'
  modalRoot.append(box)
  return box
}

async function measureUpdate(
  impl: Impl,
  counter: MutationCounter,
  next: TokenBalance[],
  changedKeys: ReadonlySet<string>,
): Promise<Sample> {
  await nextTask()
  counter.reset()
  renders.list = 0
  renders.rows.clear()
  const {
    value: writeEnd,
    start,
    frameDone,
  } = await inFrame(() => {
    write(impl, next)
    return performance.now()
  })
  counter.flush()
  const patchedAt = counter.lastAt ?? writeEnd
  const mutations = counter.count
  await nextTask()
  await nextTask()
  counter.flush()
  let rowRenders = 0
  let unchangedRowRenders = 0
  for (const [key, count] of renders.rows) {
    rowRenders += count
    if (!changedKeys.has(key)) unchangedRowRenders += count
  }
  return {
    write: writeEnd - start,
    patched: patchedAt - start,
    frame: frameDone - start,
    mutations,
    renders: renders.list + rowRenders,
    unchangedRowRenders,
    lateMutations: counter.count - mutations,
  }
}

export interface BalanceOptions {
  sizes: number[]
  iterations: number
  warmup: number
}

export async function runBalance({ sizes, iterations, warmup }: BalanceOptions) {
  const results = []
  for (const size of sizes) {
    for (const impl of ['signals', 'store'] as const) {
      resetAllAccounts()
      const host = makeHost()
      const container = document.createElement('div')
      host.append(container)
      const counter = new MutationCounter(container)
      let tokens = makeTokens(size)
      write(impl, tokens)
      const root = createRoot(container)
      const mountStart = performance.now()
      root.render(LISTS[impl]())
      // React may commit the first render a frame or two later on a busy machine: the mount ends
      // at the first frame that shows every row.
      let mounted = await nextFrame()
      for (let frames = 1; container.querySelectorAll('li').length !== size && frames < 60; frames++)
        mounted = await nextFrame()
      if (container.querySelectorAll('li').length !== size)
        throw new Error(`${impl}: ${container.querySelectorAll('li').length} rows rendered of ${size} after 60 frames`)
      let generation = 0
      for (const kind of ['one', 'tenth', 'all'] as const) {
        const indices = changedIndices(kind, size)
        const changed = new Set(indices)
        const changedKeys = new Set(indices.map((index) => tokenKey(tokens[index] as TokenBalance)))
        const samples: Sample[] = []
        for (let i = 0; i < warmup + iterations; i++) {
          tokens = refreshed(tokens, changed, ++generation)
          const sample = await measureUpdate(impl, counter, tokens, changedKeys)
          if (i >= warmup) samples.push(sample)
        }
        // The DOM shows what was written last (a wrong patch must not pass as a fast one).
        const probe = tokens[indices[0] as number] as TokenBalance
        const row = container.querySelectorAll('li')[indices[0] as number]
        if (!row?.textContent?.includes(formatQuantity(probe.quantity.numeric)))
          throw new Error(`${impl}: row ${indices[0]} not updated`)
        const pick = (field: keyof Sample) => ms(median(samples.map((sample) => sample[field])))
        results.push({
          impl,
          tokens: size,
          update: kind,
          changed: indices.length,
          iterations: samples.length,
          mountMs: ms(mounted - mountStart),
          writeMs: pick('write'),
          patchedMs: pick('patched'),
          frameMs: pick('frame'),
          mutations: pick('mutations'),
          renders: pick('renders'),
          unchangedRowRenders: Math.max(...samples.map((sample) => sample.unchangedRowRenders)),
          lateMutations: Math.max(...samples.map((sample) => sample.lateMutations)),
          samples: samples.map((sample) => ({ patched: ms(sample.patched), frame: ms(sample.frame) })),
        })
      }
      root.unmount()
      counter.disconnect()
      host.remove()
      await nextFrame()
    }
  }
  return results
}

declare global {
  interface Window {
    bench: Record<string, unknown>
  }
}
window.bench = { ...window.bench, balance: runBalance }
