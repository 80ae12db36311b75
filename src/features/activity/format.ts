/**
 * What the Activity and NFTs tabs make of history entries, as pure functions: relative times
 * (SPEC §9), amounts to 3 decimals, a row's words, the spam rule (SPEC §5), the year-then-month
 * grouping (SPEC §3) and the NFTs an account holds.
 */
import type { Transaction, TransactionTransfer } from '../../api/history-api'
import { intlLocale, shortAddress } from '../../ui/format'
import { numberFormat } from '../../ui/number-format'
import { translator } from '../../i18n/translate'
import activityEn from '../../i18n/messages/en/activity'

const t = translator('activity', activityEn)

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** An average month, so "1 mo" does not depend on which months lie between. */
const MONTH = (365.25 / 12) * DAY

/**
 * The steps of {@link relativeTime}, smallest unit first: under `counted` of the unit, how many;
 * under `roundsUp`, one of the next unit.
 */
const TIME_STEPS = [
  { unit: SECOND, counted: 45, roundsUp: 90, name: 'second' },
  { unit: MINUTE, counted: 45, roundsUp: 90, name: 'minute' },
  { unit: HOUR, counted: 22, roundsUp: 36, name: 'hour' },
  { unit: DAY, counted: 26, roundsUp: 46, name: 'day' },
  { unit: MONTH, counted: 11, roundsUp: 18, name: 'month' },
] as const

type TimeUnit = (typeof TIME_STEPS)[number]['name'] | 'year'

/** SPEC §9's English words: '5 min ago', '2 hrs ago', '1 hr ago', '2 d ago', '1 mo ago', '1 yr ago'. */
const ENGLISH_UNITS: Record<TimeUnit, readonly [one: string, more: string]> = {
  second: ['sec', 'sec'],
  minute: ['min', 'min'],
  hour: ['hr', 'hrs'],
  day: ['d', 'd'],
  month: ['mo', 'mo'],
  year: ['yr', 'yr'],
}

/**
 * How long ago: SPEC §9's words in English ('5 min ago', '1 hr ago', '2 d ago', '1 mo ago',
 * '1 yr ago'), `Intl.RelativeTimeFormat`'s short style in another locale ('vor 5 Min.'). The
 * thresholds are the usual relative-time ones (the reference widget's date library): under 45 s in
 * seconds, under 90 s '1 min', under 45 min in minutes, under 90 min '1 hr', under 22 h in hours,
 * under 36 h '1 d', under 26 d in days, under 46 d '1 mo', under 11 months in months, under 18
 * months '1 yr', then years. A time in the future (a clock ahead of ours) reads as now.
 *
 * @example
 * ```ts
 * relativeTime(now - 5 * 60_000, now) // '5 min ago'
 * ```
 */
export function relativeTime(then: number, now: number): string {
  const [count, unit] = timeAgo(Math.max(0, now - then))
  const locale = intlLocale()
  if (locale.startsWith('en-US')) return `${count} ${ENGLISH_UNITS[unit][count === 1 ? 0 : 1]} ago`
  return new Intl.RelativeTimeFormat(locale, { style: 'short' }).format(-count, unit)
}

function timeAgo(elapsed: number): [count: number, unit: TimeUnit] {
  for (const [index, { unit, counted, roundsUp, name }] of TIME_STEPS.entries()) {
    const count = Math.round(elapsed / unit)
    if (count < counted) return [Math.max(1, count), name]
    if (count < roundsUp) return [1, TIME_STEPS[index + 1]?.name ?? 'year']
  }
  return [Math.round(elapsed / (12 * MONTH)), 'year']
}

/**
 * A transferred quantity to 3 decimals (SPEC §9), trailing zeros dropped; an amount too small to
 * show reads '<0.001' rather than a misleading 0.
 *
 * @example
 * ```ts
 * formatAmount('1234.56789') // '1,234.568'
 * ```
 */
export function formatAmount(numeric: string): string {
  const amount = Number(numeric)
  if (!Number.isFinite(amount)) return numeric
  const format = numberFormat({ maximumFractionDigits: 3 })
  return amount > 0 && amount < 0.0005 ? `<${format.format(0.001)}` : format.format(amount)
}

/** The operation types the hosted API names (HOSTED-API §5), each with its past tense's message. */
const OPERATIONS = new Set([
  'approve',
  'bought',
  'borrow',
  'burn',
  'cancel',
  'claim',
  'deploy',
  'deposit',
  'execute',
  'mint',
  'receive',
  'repay',
  'send',
  'stake',
  'trade',
  'unstake',
  'withdraw',
] as const)

function isOperation(type: string): type is typeof OPERATIONS extends Set<infer T> ? T : never {
  return OPERATIONS.has(type as never)
}

/** What a row of the Activity list says about one transaction. */
export interface TransactionDescription {
  /** 'Sent', 'Received', 'Swapped'…; 'Sending' while pending, 'Failed' prefixed when it failed. */
  title: string
  /** 'to 0x12…abcd' or 'from 0x12…abcd'; empty when there is no single other party. */
  counterparty: string
  /** The full address behind {@link counterparty}, for a tooltip. */
  counterpartyAddress: string
  /** '-0.01 ETH', '+1 SigKit Pals #2', '1 ETH → 3,000 USDC'; empty for a transaction moving nothing. */
  amount: string
  /** The picture of the main transfer: token icon or NFT preview. */
  icon: string | undefined
  /** A letter to show when there is no icon. */
  initial: string
  direction: 'in' | 'out' | 'self' | 'trade' | 'none'
}

function assetName(transfer: TransactionTransfer): string {
  return transfer.nft_info?.name ?? transfer.fungible_info?.symbol ?? transfer.fungible_info?.name ?? ''
}

function transferText(transfer: TransactionTransfer, signed: boolean): string {
  const sign = !signed || transfer.direction === 'self' ? '' : transfer.direction === 'in' ? '+' : '-'
  // An NFT is one of a kind: its name says what moved, a quantity of 1 adds nothing.
  if (transfer.nft_info) return `${sign}${assetName(transfer)}`.trim()
  return `${sign}${formatAmount(transfer.quantity.numeric)} ${assetName(transfer)}`.trim()
}

/**
 * The words and picture of a transaction's row: direction, counterparty, amount (3 decimals), icon.
 * Incoming and outgoing transfers together read as a swap ('1 ETH → 3,000 USDC').
 *
 * @example
 * ```ts
 * describeTransaction(sent).amount // '-0.01 ETH'
 * ```
 */
export function describeTransaction(transaction: Transaction): TransactionDescription {
  const { transfers, metadata } = transaction
  const outgoing = transfers.filter((transfer) => transfer.direction === 'out')
  const incoming = transfers.filter((transfer) => transfer.direction === 'in')
  let direction: TransactionDescription['direction'] = 'none'
  if (outgoing.length > 0 && incoming.length > 0) direction = 'trade'
  else if (outgoing.length > 0) direction = 'out'
  else if (incoming.length > 0) direction = 'in'
  else if (transfers.length > 0) direction = 'self'

  let amount = ''
  if (direction === 'trade') amount = `${transferText(outgoing[0]!, false)} → ${transferText(incoming[0]!, false)}`
  else if (transfers.length > 0) {
    const main = outgoing[0] ?? incoming[0] ?? transfers[0]!
    amount = transferText(main, true) + (transfers.length > 1 ? ` ${t('more', { count: transfers.length - 1 })}` : '')
  }

  const counterpartyAddress =
    direction === 'in' ? metadata.sentFrom : direction === 'out' || direction === 'none' ? metadata.sentTo : ''
  const counterparty = counterpartyAddress
    ? t(direction === 'in' ? 'from' : 'to', { address: shortAddress(counterpartyAddress) })
    : ''

  const main = outgoing[0] ?? incoming[0] ?? transfers[0]
  const type = metadata.operationType
  // An operation the API names beyond HOSTED-API §5 is shown by its own name.
  const base = isOperation(type) ? t(type) : type ? capitalise(type) : t('transaction')
  const title =
    metadata.status === 'pending'
      ? t('pending', { title: base })
      : metadata.status === 'failed'
        ? t('failed', { title: base })
        : base
  const name = main ? assetName(main) : ''
  return {
    title,
    counterparty,
    counterpartyAddress,
    amount,
    icon: main?.nft_info?.content?.preview?.url ?? main?.fungible_info?.icon?.url,
    initial: (name || base).slice(0, 1).toUpperCase(),
    direction,
  }
}

function capitalise(text: string): string {
  return text.slice(0, 1).toUpperCase() + text.slice(1)
}

/**
 * SPEC §5: a transaction is dropped when all its transfers are spam-flagged NFTs (an unsolicited
 * airdrop). One that moves nothing (an approval, a failed call) is kept: it is the account's own
 * activity, and the reference widget's dropping it too is an accident of `[].every()`.
 *
 * @example
 * ```ts
 * isSpamTransaction({ ...tx, transfers: [{ nft_info: { flags: { is_spam: true } }, … }] }) // true
 * ```
 */
export function isSpamTransaction(transaction: Transaction): boolean {
  const { transfers } = transaction
  return transfers.length > 0 && transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true)
}

/** A row of the grouped list: a month's heading, or a transaction. */
export type ActivityRow =
  { kind: 'month'; key: string; label: string } | { kind: 'transaction'; key: string; transaction: Transaction }

/** One month of a year's transactions (`month` 0-11, local time), newest first. */
export interface TransactionsOfMonth {
  month: number
  transactions: readonly Transaction[]
}

/** One year's transactions, by month, newest month first. */
export interface TransactionsOfYear {
  year: number
  months: readonly TransactionsOfMonth[]
}

/**
 * SPEC §3 `transactionsByYear`: transactions grouped by the year, then the month of `minedAt`
 * (local time), newest first. Within a month the order is the given one (the API's, newest first).
 *
 * @example
 * ```ts
 * groupByYear(transactions)[0] // { year: 2026, months: [{ month: 2, transactions: [...] }] }
 * ```
 */
export function groupByYear(transactions: readonly Transaction[]): TransactionsOfYear[] {
  const months = new Map<number, Transaction[]>()
  for (const transaction of transactions) {
    const date = new Date(transaction.metadata.minedAt)
    const month = date.getFullYear() * 12 + date.getMonth()
    let list = months.get(month)
    if (!list) months.set(month, (list = []))
    list.push(transaction)
  }
  const years: { year: number; months: TransactionsOfMonth[] }[] = []
  for (const month of [...months.keys()].sort((a, b) => b - a)) {
    const year = Math.floor(month / 12)
    if (years[years.length - 1]?.year !== year) years.push({ year, months: [] })
    years[years.length - 1]!.months.push({ month: month % 12, transactions: months.get(month)! })
  }
  return years
}

/**
 * The grouped transactions ({@link groupByYear}) flattened into rows for the windowed list: each
 * month opens with a heading, 'March' in the current year and 'December 2025' before it.
 *
 * @example
 * ```ts
 * groupByMonth(groupByYear(transactions), Date.now()).map((row) => row.kind === 'month' ? row.label : row.key)
 * ```
 */
export function groupByMonth(byYear: readonly TransactionsOfYear[], now: number): ActivityRow[] {
  const thisYear = new Date(now).getFullYear()
  const rows: ActivityRow[] = []
  for (const { year, months } of byYear) {
    for (const { month, transactions } of months) {
      // The 15th: a day no time zone moves into another month.
      const label = new Intl.DateTimeFormat(intlLocale(), {
        month: 'long',
        ...(year === thisYear ? {} : { year: 'numeric' }),
      }).format(new Date(year, month, 15))
      rows.push({ kind: 'month', key: `m${year * 12 + month}`, label })
      for (const transaction of transactions) rows.push({ kind: 'transaction', key: transaction.id, transaction })
    }
  }
  return rows
}

/** An NFT the account holds, as the NFTs tab shows it. */
export interface HeldNft {
  key: string
  name: string
  preview: string | undefined
}

/**
 * The NFTs an account holds, derived from its history (the hosted API has no NFT route): per NFT,
 * the transfers in minus the transfers out, over confirmed transactions; spam never shows. An NFT
 * is told apart by its name and picture, the only identity a history transfer carries. Newest
 * arrival first.
 *
 * @example
 * ```ts
 * heldNfts(transactions) // [{ key, name: 'SigKit Pals #1', preview: 'https://…/image' }]
 * ```
 */
export function heldNfts(transactions: readonly Transaction[]): HeldNft[] {
  const count = new Map<string, number>()
  const found = new Map<string, HeldNft>()
  // Oldest first, so the count of each NFT runs in the order things happened.
  for (let index = transactions.length - 1; index >= 0; index--) {
    const transaction = transactions[index]!
    if (transaction.metadata.status !== 'confirmed') continue
    for (const transfer of transaction.transfers) {
      const nft = transfer.nft_info
      if (!nft || nft.flags.is_spam || transfer.direction === 'self') continue
      const preview = nft.content?.preview?.url
      const key = `${transaction.metadata.chain}|${nft.name ?? ''}|${preview ?? ''}`
      const held = (count.get(key) ?? 0) + (transfer.direction === 'in' ? 1 : -1)
      count.set(key, held)
      if (transfer.direction === 'in') {
        // Re-inserted so a later arrival moves to the front.
        found.delete(key)
        found.set(key, { key, name: nft.name ?? t('unnamedNft'), preview })
      }
    }
  }
  return [...found.values()].filter((nft) => (count.get(nft.key) ?? 0) > 0).reverse()
}
