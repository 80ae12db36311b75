import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Transaction } from '../../api/history-api'
import { Button } from '../../ui/kit/Button'
import { Spinner } from '../../ui/kit/Spinner'
import { describeTransaction, relativeTime, type ActivityRow } from './format'
import {
  Amount,
  DirectionBadge,
  Footer,
  FOOTER_HEIGHT,
  IconBox,
  LIST_HEIGHT,
  MONTH_ROW_HEIGHT,
  MonthRow,
  Scroller,
  Secondary,
  TimeText,
  Title,
  TRANSACTION_ROW_HEIGHT,
  TransactionItem,
} from './styles'
import { translator } from '../../i18n/translate'
import { intlLocale } from '../../ui/format'
import activityEn from '../../i18n/messages/en/activity'
import commonEn from '../../i18n/messages/en/common'

const t = translator('activity', activityEn)
const c = translator('common', commonEn)

/** Pixels rendered beyond each edge of the viewport, so a quick scroll does not flash empty space. */
const OVERSCAN_PX = 3 * TRANSACTION_ROW_HEIGHT

/** The next page is asked for once the viewport comes this close (in rows) to the last loaded one. */
const NEAR_END_ROWS = 8

const ARROWS = { in: '↓', out: '↑', self: '↻', trade: '⇄', none: '•' } as const

/** What the row after the last one shows. @internal */
export type ListFooter = 'loading' | 'failed' | 'none'

function rowHeight(row: ActivityRow): number {
  return row.kind === 'month' ? MONTH_ROW_HEIGHT : TRANSACTION_ROW_HEIGHT
}

/** Top of every row, plus the end of the last: `offsets[rows.length]` is the rows' total height. */
function offsetsOf(rows: readonly ActivityRow[]): number[] {
  const offsets = [0]
  for (const row of rows) offsets.push(offsets[offsets.length - 1]! + rowHeight(row))
  return offsets
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
function rowAt(offsets: readonly number[], y: number): number {
  let low = 0
  let high = offsets.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (offsets[middle + 1]! <= y) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * One transaction: its direction (the icon's arrow, and the title in words), counterparty, token
 * icon, amount, status and how long ago. Not interactive: the whole row reads as one list item.
 * @internal
 */
export function TransactionRow({ transaction, now, top }: { transaction: Transaction; now: number; top: number }) {
  const description = describeTransaction(transaction)
  const { minedAt, status } = transaction.metadata
  return (
    <TransactionItem role="listitem" style={{ top: `${top}px` }} data-status={status}>
      <IconBox aria-hidden="true">
        {description.initial}
        {description.icon && (
          <img
            src={description.icon}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            // A broken picture would hide the letter under it.
            onError={(event) => (event.currentTarget.hidden = true)}
          />
        )}
        <DirectionBadge data-direction={description.direction}>{ARROWS[description.direction]}</DirectionBadge>
      </IconBox>
      <Title>{description.title}</Title>
      <Amount data-direction={description.direction} data-amount="">
        <bdi>{description.amount}</bdi>
      </Amount>
      <Secondary title={description.counterpartyAddress || undefined}>{description.counterparty}</Secondary>
      <TimeText dateTime={minedAt} title={new Date(minedAt).toLocaleString(intlLocale())}>
        {relativeTime(Date.parse(minedAt), now)}
      </TimeText>
    </TransactionItem>
  )
}

/** What {@link ActivityList} shows. @internal */
export interface ActivityListProps {
  rows: readonly ActivityRow[]
  /** Clock time the relative times are counted from. */
  now: number
  footer: ListFooter
  /** Called while the viewport is near the last row (it must ignore calls while loading). */
  onNearEnd(): void
  onRetry(): void
}

/**
 * The grouped transactions as a windowed list: only the rows in view plus a few either side are
 * in the DOM, absolutely placed in a spacer as tall as the whole list, so the DOM stays the same
 * size with 50 transactions or 5000. Scrolling near the end asks for the next page. The scroller
 * is focusable, so the keyboard scrolls it too.
 * @internal
 */
export function ActivityList({ rows, now, footer, onNearEnd, onRetry }: ActivityListProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(LIST_HEIGHT)
  // Offsets are recomputed only when the rows change, not on every scroll frame.
  const offsets = useMemo(() => offsetsOf(rows), [rows])
  const rowsHeight = offsets[rows.length]!
  const height = rowsHeight + (footer === 'none' ? 0 : FOOTER_HEIGHT)
  // A list that just got shorter may be scrolled past its end until the browser clamps it.
  const scrolled = Math.min(scrollTop, Math.max(0, height - viewport))
  const top = scrolled - OVERSCAN_PX
  const bottom = scrolled + viewport + OVERSCAN_PX
  const first = rows.length === 0 ? 0 : rowAt(offsets, Math.max(0, top))
  let end = first
  while (end < rows.length && offsets[end]! < bottom) end++

  function measure(): void {
    const element = scroller.current
    if (!element) return
    setScrollTop(element.scrollTop)
    // Before layout (and in DOMs without one) the height reads 0: assume the styled height.
    setViewport(element.clientHeight || LIST_HEIGHT)
  }
  useLayoutEffect(measure, [])

  useEffect(() => {
    if (footer === 'loading' && end >= rows.length - NEAR_END_ROWS) onNearEnd()
  }, [end, rows.length, footer])

  const shown: ActivityRow[] = rows.slice(first, end)
  return (
    <Scroller ref={scroller} role="group" tabIndex={0} aria-label={t('transactions')} onScroll={measure}>
      <div role="list" style={{ position: 'relative', height: `${height}px` }}>
        {shown.map((row, index) =>
          row.kind === 'month' ? (
            <MonthRow key={row.key} role="listitem" style={{ top: `${offsets[first + index]}px` }}>
              {row.label}
            </MonthRow>
          ) : (
            <TransactionRow key={row.key} transaction={row.transaction} now={now} top={offsets[first + index]! + 2} />
          ),
        )}
      </div>
      {footer !== 'none' && (
        <Footer style={{ top: `${rowsHeight}px` }} role={footer === 'loading' ? 'status' : undefined}>
          {footer === 'loading' ? (
            <>
              <Spinner aria-hidden="true" css={{ width: '16px', height: '16px', borderWidth: '2px' }} />
              {t('loadingTransactions')}
            </>
          ) : (
            <>
              {t('fetchFailed')}
              <Button type="button" onClick={onRetry}>
                {c('retry')}
              </Button>
            </>
          )}
        </Footer>
      )}
    </Scroller>
  )
}
