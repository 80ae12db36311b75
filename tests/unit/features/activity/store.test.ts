// The activity store (src/features/activity/store.ts) against a history route on a real local
// server: cursor paging, the network filter and the spam rule, a failed fetch (toast, event, empty,
// cursor cleared, retry from where it failed), the memory and localStorage caches (15 s,
// validated on read), and a transaction sent through SigKit showing pending, then confirmed.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { subscribeEvents, type EventRecord } from '../../../../src/core/analytics'
import { initCore } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import { setClock } from '../../../../src/lib/clock'
import { emitCoreEvent } from '../../../../src/core/lifecycle'
import { toastState } from '../../../../src/core/modal/toasts'
import { activeNamespace, setAccount } from '../../../../src/core/state/account'
import { setActiveCaipNetwork, setRequestedNetworks } from '../../../../src/core/state/network'
import {
  activeTarget,
  activityKey,
  activityState,
  ADDRESS_REQUIRED,
  FETCH_TRANSACTIONS_FAILED,
  lastNetworkInView,
  loadOnrampActivity,
  HISTORY_CACHE_KEY,
  loadAllActivity,
  loadMoreActivity,
  openActivity,
  retryActivity,
  type ActivityTarget,
} from '../../../../src/features/activity/store'
import { waitFor } from '../../../helpers/async'
import { localL2, localhost } from '../../../helpers/networks'
import { createMemoryStorage, installStorage, type MemoryStorage } from '../../helpers/memory-storage'
import {
  ACCOUNT,
  CHAIN,
  entries,
  entry,
  historyKey,
  startHistoryServer,
  type HistoryServer,
} from '../../helpers/activity-history'
import { resetAllState } from '../../helpers/reset'

let server: HistoryServer
let storage: MemoryStorage
const events: EventRecord[] = []

test.before(async () => {
  server = await startHistoryServer(50)
})
test.after(() => server.close())

/** A page load: the options createAppKit gets, and the test account connected on Localhost. */
function loadPage(): void {
  initCore(
    validateOptions({
      projectId: 'test-project',
      networks: [localhost, localL2],
      endpoints: { api: server.url },
      features: { analytics: false },
    }),
  )
  subscribeEvents((record) => events.push(record))
  setRequestedNetworks([localhost, localL2])
  setActiveCaipNetwork(localhost)
  setAccount('eip155', { address: ACCOUNT, caipAddress: `eip155:31337:${ACCOUNT}`, status: 'connected' })
  activeNamespace.value = 'eip155'
}

/** A reload: everything in memory goes, localStorage stays. */
async function reload(): Promise<void> {
  await resetAllState()
  loadPage()
}

test.before.each(async () => {
  // A background refresh of the previous test may still be on its way to the server.
  await new Promise((resolve) => setTimeout(resolve, 30))
  await resetAllState()
  storage = createMemoryStorage()
  installStorage(storage)
  server.history.clear()
  server.requests.length = 0
  server.fail(0)
  events.length = 0
  loadPage()
})

const target = (): ActivityTarget => activeTarget.value!
const state = () => activityState(target()).value
const loaded = () => waitFor(() => state().loaded && !state().loading, { what: 'the page' })
const hashes = () => state().transactions.map((transaction) => transaction.metadata.hash)

test('cursor paging: the first page, then each next page appended once, until next is gone', async () => {
  const list = entries(120)
  server.history.set(historyKey(ACCOUNT), list)
  openActivity(target())
  await loaded()
  assert.is(state().transactions.length, 50)
  assert.is(state().next, '50')
  assert.is(activeTarget.value?.key, `${CHAIN}:${ACCOUNT.toLowerCase()}`)
  await loadMoreActivity(target())
  assert.is(state().transactions.length, 100)
  await Promise.all([loadMoreActivity(target()), loadMoreActivity(target())])
  assert.equal(
    hashes(),
    list.map((item) => item.metadata.hash),
    'every transaction once, newest first',
  )
  assert.equal([state().next, state().empty, state().failed], [undefined, false, false])
  assert.equal(
    server.historyRequests().map((request) => request.query.get('cursor')),
    [null, '50', '100'],
    'a second call while loading asked nothing',
  )
  await loadMoreActivity(target())
  assert.is(server.historyRequests().length, 3, 'nothing after the last page')
})

test('only the active network, spam dropped, a malformed entry dropped and the rest kept', async () => {
  const mine = entry({ direction: 'in' })
  const otherChain = entry({ chain: 'eip155:31338' })
  const spam = entry({ direction: 'in', nft: { name: 'Claim Your Reward #1', spam: true } })
  const nft = entry({ direction: 'in', nft: { name: 'SigKit Pals #1' } })
  const broken = { ...entry(), metadata: { ...entry().metadata, status: 'maybe' } }
  server.history.set(historyKey(ACCOUNT), [mine, otherChain, spam, broken, nft])
  openActivity(target())
  await loaded()
  assert.equal(hashes(), [mine.metadata.hash, nft.metadata.hash])
  assert.is(toastState.open.value, false, 'a dropped entry is no failure')
})

test('an account with no transactions: empty, no cursor, no toast', async () => {
  openActivity(target())
  await loaded()
  assert.equal([state().transactions, state().empty, state().next, state().failed], [[], true, undefined, false])
  assert.is(toastState.open.value, false)
})

test('a failed fetch: toast, ERROR_FETCH_TRANSACTIONS, empty, cursor cleared; the retry resumes where it failed', async () => {
  server.history.set(historyKey(ACCOUNT), entries(120))
  openActivity(target())
  await loaded()
  server.fail(1)
  await loadMoreActivity(target())
  assert.equal([state().failed, state().empty, state().next], [true, true, undefined])
  assert.is(state().transactions.length, 50, 'what was loaded stays')
  assert.equal([toastState.message.value, toastState.variant.value], [FETCH_TRANSACTIONS_FAILED, 'error'])
  const event = events.find((record) => record.data.event === 'ERROR_FETCH_TRANSACTIONS')
  assert.ok(event, 'the event was sent')
  assert.equal(event!.data.properties, { address: ACCOUNT, network: CHAIN, cursor: '50', isSmartAccount: false })
  await loadMoreActivity(target())
  assert.is(server.historyRequests().length, 2, 'no cursor, no more loading while failed')

  await retryActivity(target())
  assert.equal([state().failed, state().transactions.length, state().next], [false, 100, '100'])
  assert.equal(
    server.historyRequests().map((request) => request.query.get('cursor')),
    [null, '50', '50'],
  )
})

test('a failed first page: toast and retry from the start; a malformed page counts as failed', async () => {
  server.history.set(historyKey(ACCOUNT), entries(3))
  server.fail(1, 503)
  openActivity(target())
  await loaded()
  assert.equal([state().failed, state().empty, state().transactions.length], [true, true, 0])
  assert.is(toastState.message.value, FETCH_TRANSACTIONS_FAILED)
  openActivity(target())
  assert.is(server.historyRequests().length, 1, 'reopening a failed list waits for the retry')
  await retryActivity(target())
  assert.equal([state().failed, state().empty, state().transactions.length], [false, false, 3])
})

test('cached per account and network: reopening asks nothing; another network is its own list', async () => {
  server.history.set(historyKey(ACCOUNT), entries(3))
  server.history.set(historyKey(ACCOUNT, 'eip155:31338'), entries(2, { chain: 'eip155:31338' }))
  openActivity(target())
  await loaded()
  const first = target()
  openActivity(first)
  assert.is(server.historyRequests().length, 1)
  setActiveCaipNetwork(localL2)
  assert.is(target().caipNetworkId, 'eip155:31338')
  openActivity(target())
  await loaded()
  assert.is(state().transactions.length, 2)
  setActiveCaipNetwork(localhost)
  openActivity(target())
  assert.is(state().transactions.length, 3, 'back at once')
  assert.is(server.historyRequests().length, 2)
})

test('the first page is kept in localStorage for 15 s, validated on read', async () => {
  const list = entries(3)
  server.history.set(historyKey(ACCOUNT), list)
  let now = Date.now()
  const restore = setClock({ now: () => now })
  try {
    openActivity(target())
    await loaded()
    const stored = JSON.parse(storage.getItem(HISTORY_CACHE_KEY)!)
    assert.equal(Object.keys(stored), [`${CHAIN}:${ACCOUNT.toLowerCase()}`])

    // A reload within 15 s: the page from storage, no request.
    await reload()
    now += 10_000
    openActivity(target())
    assert.is(state().transactions.length, 3)
    assert.is(server.historyRequests().length, 1)

    // Tampered with: a bad entry is dropped, the good ones stay.
    const key = `${CHAIN}:${ACCOUNT.toLowerCase()}`
    stored[key].data[1] = { id: 5, metadata: 'x' }
    storage.setItem(HISTORY_CACHE_KEY, JSON.stringify(stored))
    await reload()
    openActivity(target())
    assert.equal(hashes(), [list[0]!.metadata.hash, list[2]!.metadata.hash])

    // Garbage in storage: fetched instead.
    storage.setItem(HISTORY_CACHE_KEY, '{"not": "json"')
    await reload()
    openActivity(target())
    await loaded()
    assert.is(server.historyRequests().length, 2)

    // Older than 15 s: fetched again.
    await reload()
    now += 15_000
    openActivity(target())
    await loaded()
    assert.is(server.historyRequests().length, 3)
    // And the list in memory is brought up to date in the background after 15 s.
    now += 16_000
    openActivity(target())
    await waitFor(() => server.historyRequests().length === 4)
  } finally {
    restore()
  }
})

test('a transaction sent through SigKit: pending at once, confirmed after the receipt, then the API entry', async () => {
  const older = entries(2, { startAgo: 3_600_000 })
  server.history.set(historyKey(ACCOUNT), older)
  openActivity(target())
  await loaded()
  const hash = '0x' + 'ab'.repeat(32)
  const release = server.hold()
  await emitCoreEvent('transactionSent', { namespace: 'eip155', hash, caipNetworkId: CHAIN })
  assert.equal(hashes(), [hash, ...older.map((item) => item.metadata.hash)])
  assert.is(state().transactions[0]!.metadata.status, 'pending')
  await emitCoreEvent('transactionConfirmed', { namespace: 'eip155', hash, status: 'success' })
  assert.is(state().transactions[0]!.metadata.status, 'confirmed', 'confirmed before the API lists it')
  // The API lists it now (with its transfers): its entry replaces the placeholder.
  const listed = entry({ hash, numeric: '0.01' })
  server.history.set(historyKey(ACCOUNT), [listed, ...older])
  release()
  await waitFor(() => state().transactions[0]!.id === listed.id)
  assert.equal(hashes(), [hash, ...older.map((item) => item.metadata.hash)], 'once, on top')
  assert.is(state().transactions[0]!.transfers[0]!.quantity.numeric, '0.01')
})

test('a replaced transaction turns confirmed under its mined hash; at most 99 pending placeholders', async () => {
  openActivity(target())
  await loaded()
  const release = server.hold()
  try {
    for (let index = 0; index < 101; index++) {
      void emitCoreEvent('transactionSent', {
        namespace: 'eip155',
        hash: `0x${index.toString(16).padStart(64, '0')}`,
        caipNetworkId: CHAIN,
      })
    }
    assert.is(state().transactions.length, 99)
    const sent = `0x${(100).toString(16).padStart(64, '0')}`
    const mined = '0x' + 'cd'.repeat(32)
    await emitCoreEvent('transactionConfirmed', {
      namespace: 'eip155',
      hash: mined,
      status: 'reverted',
      replacedHash: sent,
    })
    const top = state().transactions[0]!
    assert.equal([top.metadata.hash, top.metadata.status], [mined, 'failed'])
  } finally {
    release()
  }
})

test('loadAllActivity reads every page (the NFTs tab); a disconnect forgets the lists', async () => {
  server.history.set(historyKey(ACCOUNT), entries(130))
  await loadAllActivity(target())
  assert.is(state().transactions.length, 130)
  assert.is(server.historyRequests().length, 3)
  const before = target()
  await emitCoreEvent('namespaceCleared', { namespace: 'eip155', address: ACCOUNT })
  assert.equal(activityState(before).value.transactions, [], 'a new, empty list')
  assert.is(storage.getItem(HISTORY_CACHE_KEY), '{}')
})

test('an unsupported network asks nothing and is empty (SPEC §7 gate)', async () => {
  setActiveCaipNetwork({ ...localhost, id: 1, caipNetworkId: 'eip155:1', name: 'Ethereum' })
  openActivity(target())
  await loaded()
  assert.equal([state().empty, server.historyRequests().length], [true, 0])
})

test('SPEC §5: no transactions are fetched without an account address', async () => {
  setAccount('eip155', { address: undefined, caipAddress: undefined, status: 'disconnected' })
  assert.is(activeTarget.value, undefined, 'no account, nothing for the tabs to show')
  const withoutAddress: ActivityTarget = {
    namespace: 'eip155',
    address: '',
    caipNetworkId: CHAIN,
    key: activityKey('eip155', CHAIN, ''),
  }
  assert.throws(
    () => openActivity(withoutAddress),
    (error: Error) => error.message === ADDRESS_REQUIRED,
  )
  assert.is(ADDRESS_REQUIRED, 'Transactions cannot be fetched without an account address')
  try {
    await loadOnrampActivity(withoutAddress, 'coinbase')
    assert.unreachable('the on-ramp list needs an address too')
  } catch (error) {
    assert.is((error as Error).message, ADDRESS_REQUIRED)
  }
  assert.is(server.requests.length, 0, 'nothing was asked')
  assert.is(toastState.open.value, false)
})

test('transactionsByYear follows the list: by year, then month, newest first, pending ones included', async () => {
  const day = 24 * 3600_000
  const list = [
    entry({ minedAt: Date.now() - 60_000 }),
    entry({ minedAt: Date.now() - 400 * day }),
    entry({ minedAt: Date.now() - 800 * day }),
  ]
  server.history.set(historyKey(ACCOUNT), list)
  openActivity(target())
  await loaded()
  const grouped = () =>
    state().transactionsByYear.flatMap(({ year, months }) =>
      months.map(({ month, transactions }) => ({
        year,
        month,
        hashes: transactions.map((item) => item.metadata.hash),
      })),
    )
  const expected = list.map((item) => {
    const date = new Date(item['metadata'].minedAt)
    return { year: date.getFullYear(), month: date.getMonth(), hashes: [item['metadata'].hash] }
  })
  assert.equal(grouped(), expected)
  assert.ok(
    state().transactionsByYear.every((group, index, all) => index === 0 || all[index - 1]!.year > group.year),
    'one group per year, newest first',
  )
  const release = server.hold()
  await emitCoreEvent('transactionSent', { namespace: 'eip155', hash: '0x' + 'ab'.repeat(32), caipNetworkId: CHAIN })
  assert.is(grouped()[0]!.hashes[0], '0x' + 'ab'.repeat(32), 'a pending transaction is grouped at once')
  release()
})

test('lastNetworkInView: the network whose list was opened last', async () => {
  assert.is(lastNetworkInView.value, undefined)
  openActivity(target())
  await loaded()
  assert.is(lastNetworkInView.value, CHAIN)
  setActiveCaipNetwork(localL2)
  openActivity(target())
  assert.is(lastNetworkInView.value, 'eip155:31338')
})

test("the on-ramp provider's purchases: a second list, asked with onramp and no-cache, this network only", async () => {
  server.history.set(historyKey(ACCOUNT), entries(2))
  const bought = entry({ direction: 'in', symbol: 'USDC', operationType: 'bought' })
  server.history.set(historyKey(ACCOUNT, CHAIN, 'coinbase'), [bought, entry({ chain: 'eip155:31338' })])
  openActivity(target())
  await loaded()
  await loadOnrampActivity(target(), 'coinbase')
  assert.equal(
    state().onrampTransactions.map((item) => item.metadata.hash),
    [bought['metadata'].hash],
  )
  assert.is(state().transactions.length, 2, 'the main list is its own')
  const asked = server.historyRequests().find((request) => request.query.get('onramp') === 'coinbase')
  assert.ok(asked, 'the onramp parameter names the provider')
  assert.is(asked!.query.get('chainId'), CHAIN)
  assert.match(String(asked!.headers['cache-control']), /no-cache|max-age=0/, 'never answered from a cache')

  server.fail(1)
  await loadOnrampActivity(target(), 'coinbase')
  assert.is(state().onrampTransactions.length, 1, 'a failure keeps the list')
  assert.is(toastState.message.value, FETCH_TRANSACTIONS_FAILED)
  assert.ok(events.some((record) => record.data.event === 'ERROR_FETCH_TRANSACTIONS'))
})

test.run()
