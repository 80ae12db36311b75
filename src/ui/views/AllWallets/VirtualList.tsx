import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { WalletEntry } from '../../../headless/wallet-list'
import { LIST_HEIGHT, PlaceholderRow, ROW_HEIGHT, Scroller } from './styles'
import { WalletRow } from './WalletRow'
import { holdLogos } from './logos'

/** Rows rendered beyond each edge of the viewport, so a quick scroll does not flash empty space. */
const OVERSCAN = 4

/** The next page is asked for once the viewport comes this close (in rows) to the last loaded one. */
const NEAR_END_ROWS = 10

interface VirtualListProps {
  entries: readonly WalletEntry[]
  /** Rows the whole list will hold; the ones past `entries` show as placeholders until loaded. */
  total: number
  label: string
  /** What it shows is about to be replaced (a search is on its way). */
  busy?: boolean
  imageUrl: (imageId: string) => string
  onSelect(entry: WalletEntry): void
  /** Called while the viewport is near the last loaded row (it must ignore calls while loading). */
  onNearEnd?: () => void
}

/**
 * A single-column listbox of fixed-height rows that renders only the rows in view plus a few
 * either side (and the focused one), absolutely positioned in a spacer as tall as the full list:
 * the DOM stays the same size whether the list holds 40 wallets or 5000.
 *
 * Keyboard: Tab reaches one row (roving tabindex); ArrowUp/ArrowDown, Home/End and
 * PageUp/PageDown move focus, scrolling the row into view (and rendering it) first; Enter or
 * Space picks it.
 * @internal
 */
export function VirtualList({ entries, total, label, busy, imageUrl, onSelect, onNearEnd }: VirtualListProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(LIST_HEIGHT)
  const [active, setActive] = useState(0)
  /** A row the keyboard moved to, focused once it is in the DOM. */
  const [focusIndex, setFocusIndex] = useState<number>()
  const count = entries.length
  const size = Math.max(total, count)
  const current = Math.min(active, Math.max(0, count - 1))
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN)
  const end = Math.min(size, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN)

  function measure(): void {
    const element = scroller.current
    if (!element) return
    // More than a row since the last scroll event (they come once a frame): a fling, whose rows
    // would only flash their logos; those wait until it slows.
    if (Math.abs(element.scrollTop - scrollTop) > ROW_HEIGHT) holdLogos()
    setScrollTop(element.scrollTop)
    // Before layout (and in DOMs without one) the height reads 0: assume the styled height.
    setViewport(element.clientHeight || LIST_HEIGHT)
  }
  useLayoutEffect(measure, [])

  useEffect(() => {
    if (onNearEnd && end >= count - NEAR_END_ROWS) onNearEnd()
  }, [end, count, total, onNearEnd])

  useLayoutEffect(() => {
    if (focusIndex === undefined) return
    // The scroll position is already set; letting focus scroll too would undo the alignment.
    scroller.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`)?.focus({ preventScroll: true })
    setFocusIndex(undefined)
  }, [focusIndex])

  function moveTo(index: number): void {
    const element = scroller.current
    const top = index * ROW_HEIGHT
    let next = element ? element.scrollTop : scrollTop
    if (top < next) next = top
    else if (top + ROW_HEIGHT > next + viewport) next = top + ROW_HEIGHT - viewport
    if (element) element.scrollTop = next
    // Set here too: the browser's scroll event comes a frame later, and the row must render now.
    setScrollTop(next)
    setActive(index)
    setFocusIndex(index)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (count === 0) return
    const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1)
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: count - 1,
      PageDown: current + page,
      PageUp: current - page,
    }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      moveTo(Math.min(count - 1, Math.max(0, target)))
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      const entry = entries[current]
      if (entry) onSelect(entry)
    }
  }

  const indices: number[] = []
  for (let index = first; index < end; index++) indices.push(index)
  // The focused row stays in the DOM when scrolled away, or focus would drop to the page.
  if (count > 0 && (current < first || current >= end)) indices.push(current)

  return (
    <Scroller
      ref={scroller}
      role="listbox"
      aria-label={label}
      aria-busy={busy ? 'true' : undefined}
      // A short list (a search with few matches) takes only the room its rows need.
      style={size * ROW_HEIGHT < LIST_HEIGHT ? { height: `${size * ROW_HEIGHT}px` } : undefined}
      onScroll={measure}
      onKeyDown={onKeyDown}
    >
      <div role="none" style={{ position: 'relative', height: `${size * ROW_HEIGHT}px` }}>
        {indices.map((index) => {
          const style = { top: `${index * ROW_HEIGHT + 3}px` }
          const entry = entries[index]
          return entry ? (
            <WalletRow
              key={index}
              entry={entry}
              index={index}
              setSize={size}
              current={index === current}
              style={style}
              imageUrl={imageUrl}
              onPick={(picked) => {
                setActive(picked)
                onSelect(entry)
              }}
              onFocusRow={setActive}
            />
          ) : (
            <PlaceholderRow key={index} aria-hidden="true" style={style} />
          )
        })}
      </div>
    </Scroller>
  )
}
