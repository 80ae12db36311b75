// What a visitor reads in the Activity and NFTs tabs: relative times at each boundary (SPEC §9),
// amounts to 3 decimals, a row's direction, counterparty and status, the spam rule (SPEC §5), the
// year-then-month grouping across a year boundary, and the NFTs held (in minus out).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseTransaction, type Transaction } from '../../../../src/api/history-api'
import {
  describeTransaction,
  formatAmount,
  groupByMonth,
  groupByYear,
  heldNfts,
  isSpamTransaction,
  relativeTime,
} from '../../../../src/features/activity/format'
import { entry, transfer } from '../../helpers/activity-history'

const tx = (options: Parameters<typeof entry>[0] = {}): Transaction => parseTransaction(entry(options))!

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const MONTH = (365.25 / 12) * DAY
const now = Date.UTC(2026, 2, 15, 12, 0, 0)
const ago = (ms: number) => relativeTime(now - ms, now)

test('relative times: seconds, then 1 min, minutes, 1 hr, hours, 1 d, days, 1 mo, months, 1 yr, years', () => {
  const cases: [number, string][] = [
    [0, '1 sec ago'],
    [12 * SECOND, '12 sec ago'],
    [44 * SECOND, '44 sec ago'],
    [45 * SECOND, '1 min ago'],
    [89 * SECOND, '1 min ago'],
    [90 * SECOND, '2 min ago'],
    [5 * MINUTE, '5 min ago'],
    [44 * MINUTE, '44 min ago'],
    [45 * MINUTE, '1 hr ago'],
    [89 * MINUTE, '1 hr ago'],
    [90 * MINUTE, '2 hrs ago'],
    [21 * HOUR, '21 hrs ago'],
    [22 * HOUR, '1 d ago'],
    [35 * HOUR, '1 d ago'],
    [36 * HOUR, '2 d ago'],
    [25 * DAY, '25 d ago'],
    [26 * DAY, '1 mo ago'],
    [45 * DAY, '1 mo ago'],
    [46 * DAY, '2 mo ago'],
    [10 * MONTH, '10 mo ago'],
    [11 * MONTH, '1 yr ago'],
    [17 * MONTH, '1 yr ago'],
    [18 * MONTH, '2 yr ago'],
    [5 * 12 * MONTH, '5 yr ago'],
  ]
  assert.equal(
    cases.map(([elapsed]) => ago(elapsed)),
    cases.map(([, label]) => label),
  )
  assert.is(relativeTime(now + 5 * MINUTE, now), '1 sec ago', 'a clock ahead of ours reads as now')
})

test('amounts: at most 3 decimals, thousands separated, a dust amount is not shown as 0', () => {
  assert.is(formatAmount('0.01'), '0.01')
  assert.is(formatAmount('1234.56789'), '1,234.568')
  assert.is(formatAmount('42'), '42')
  assert.is(formatAmount('0.0001'), '<0.001')
  assert.is(formatAmount('0.0005'), '0.001')
  assert.is(formatAmount('0'), '0')
})

test('a row: direction, counterparty, amount with sign, icon, and the status in the title', () => {
  const sent = describeTransaction(tx({ direction: 'out', numeric: '0.01' }))
  assert.equal(
    [sent.title, sent.counterparty, sent.amount, sent.direction],
    ['Sent', 'to 0x7099…79c8', '-0.01 ETH', 'out'],
  )
  assert.is(sent.icon, 'https://icons.example/ETH.png')
  const received = describeTransaction(tx({ direction: 'in', symbol: 'USDC', numeric: '1250.5' }))
  assert.equal(
    [received.title, received.counterparty, received.amount, received.direction],
    ['Received', 'from 0x7099…79c8', '+1,250.5 USDC', 'in'],
  )
  assert.is(describeTransaction(tx({ status: 'pending' })).title, 'Sent · Pending')
  assert.is(
    describeTransaction(tx({ status: 'failed', operationType: 'execute', transfers: [] })).title,
    'Executed · Failed',
  )
  const swap = describeTransaction(
    tx({
      operationType: 'trade',
      transfers: [
        transfer({ direction: 'out', symbol: 'ETH', numeric: '1' }),
        transfer({ direction: 'in', symbol: 'USDC', numeric: '3000.123456' }),
      ],
    }),
  )
  assert.equal(
    [swap.title, swap.amount, swap.counterparty, swap.direction],
    ['Swapped', '1 ETH → 3,000.123 USDC', '', 'trade'],
  )
  const nft = describeTransaction(tx({ direction: 'in', nft: { name: 'SigKit Pals #2' } }))
  assert.equal([nft.amount, nft.icon], ['+SigKit Pals #2', 'https://nft.example/SigKit%20Pals%20%232.svg'])
  const approval = describeTransaction(tx({ operationType: 'approve', transfers: [] }))
  assert.equal([approval.title, approval.amount, approval.counterparty], ['Approved', '', 'to 0x7099…79c8'])
  assert.is(
    describeTransaction(tx({ operationType: 'rebalance' })).title,
    'Rebalance',
    'an unknown operation is named as is',
  )
})

test('spam: dropped only when every transfer is a spam-flagged NFT', () => {
  assert.ok(isSpamTransaction(tx({ nft: { name: 'Claim Your Reward #1', spam: true }, direction: 'in' })))
  assert.not.ok(isSpamTransaction(tx({ nft: { name: 'SigKit Pals #1' }, direction: 'in' })))
  assert.not.ok(
    isSpamTransaction(
      tx({
        transfers: [transfer({ nft: { name: 'Claim #2', spam: true } }), transfer({ symbol: 'ETH', direction: 'out' })],
      }),
    ),
    'a spam NFT beside a real transfer keeps the transaction',
  )
  assert.not.ok(
    isSpamTransaction(tx({ operationType: 'approve', transfers: [] })),
    'an approval moves nothing and stays',
  )
})

test('grouping: by year then month, newest first, across a year boundary; months of this year without the year', () => {
  const at = (iso: string) => tx({ minedAt: iso })
  const list = [
    at('2026-01-03T10:00:00Z'),
    at('2026-01-01T09:00:00Z'),
    at('2025-12-31T18:00:00Z'),
    at('2025-12-02T08:00:00Z'),
    at('2025-11-20T08:00:00Z'),
    at('2024-12-24T08:00:00Z'),
  ]
  assert.equal(
    groupByYear(list).map(({ year, months }) => [
      year,
      months.map(({ month, transactions }) => [month, transactions.length]),
    ]),
    [
      [2026, [[0, 2]]],
      [
        2025,
        [
          [11, 2],
          [10, 1],
        ],
      ],
      [2024, [[11, 1]]],
    ],
    'transactionsByYear: years, then months, newest first',
  )
  const rows = groupByMonth(groupByYear(list), Date.parse('2026-02-01T12:00:00Z'))
  assert.equal(
    rows.map((row) => (row.kind === 'month' ? row.label : row.transaction.metadata.minedAt.slice(0, 10))),
    [
      'January',
      '2026-01-03',
      '2026-01-01',
      'December 2025',
      '2025-12-31',
      '2025-12-02',
      'November 2025',
      '2025-11-20',
      'December 2024',
      '2024-12-24',
    ],
  )
  // Out of order input still comes out newest month first.
  const shuffled = groupByMonth(groupByYear([list[4]!, list[0]!, list[5]!]), Date.parse('2026-02-01T12:00:00Z'))
  assert.equal(
    shuffled.filter((row) => row.kind === 'month').map((row) => (row.kind === 'month' ? row.label : '')),
    ['January', 'November 2025', 'December 2024'],
  )
})

test('NFTs held: in minus out over confirmed transactions, spam never shown, newest arrival first', () => {
  const newestFirst = [
    tx({ direction: 'out', nft: { name: 'SigKit Pals #2' } }),
    tx({ direction: 'in', nft: { name: 'SigKit Pals #3' } }),
    tx({ direction: 'in', nft: { name: 'Claim Your Reward #1', spam: true } }),
    tx({ direction: 'in', nft: { name: 'SigKit Pals #9' }, status: 'failed' }),
    tx({ direction: 'in', nft: { name: 'SigKit Pals #2' } }),
    tx({ direction: 'in', nft: { name: 'SigKit Pals #1' } }),
    tx({ direction: 'out', symbol: 'ETH' }),
  ]
  assert.equal(
    heldNfts(newestFirst).map((nft) => nft.name),
    ['SigKit Pals #3', 'SigKit Pals #1'],
  )
  assert.is(heldNfts(newestFirst)[0]!.preview, 'https://nft.example/SigKit%20Pals%20%233.svg')
  // Sent away, then back again: held.
  const back = [tx({ direction: 'in', nft: { name: 'SigKit Pals #2' } }), ...newestFirst]
  assert.equal(
    heldNfts(back).map((nft) => nft.name),
    ['SigKit Pals #2', 'SigKit Pals #3', 'SigKit Pals #1'],
  )
  assert.equal(heldNfts([]), [])
})

test.run()
