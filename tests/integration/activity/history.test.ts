// The Activity and NFTs data over real chain activity: the sandbox's API emulator indexes the
// anvil chains and the local Solana network (demo/sandbox/history.mjs), the test wallet connects
// through SigKit, and the activity store (src/features/activity/store.ts) reads the history route
// as the tabs do. Transfers are real: /__sandbox/activity and the Send form.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getAddress, parseEther, type Hex } from 'viem'
import { subscribeEvents, type EventRecord } from '../../../src/core/analytics'
import { hideToast, toastState } from '../../../src/core/modal/toasts'
import { getAccountState } from '../../../src/core/state/account'
import { connect } from '../../../src/core/wallet/connect'
import { describeTransaction, groupByMonth, groupByYear, heldNfts } from '../../../src/features/activity/format'
import {
  activeTarget,
  activityKey,
  activityState,
  FETCH_TRANSACTIONS_FAILED,
  HISTORY_CACHE_KEY,
  lastNetworkInView,
  loadAllActivity,
  loadOnrampActivity,
  loadMoreActivity,
  openActivity,
  resetActivity,
  retryActivity,
  type ActivityTarget,
} from '../../../src/features/activity/store'
import { resetSend, sendFromForm, sendState } from '../../../src/features/send/controller'
import { postJson } from '../sandbox/helpers'
import {
  CONNECTOR_ID,
  chainClient,
  configureCore,
  makeWallet,
  networkFor,
  solanaNetworkFor,
  startSandbox,
  waitFor,
  type Person,
  type Sandbox,
} from '../eip155/helpers'

let sandbox: Sandbox
let person: Person
let account: Hex
const events: EventRecord[] = []

test.before(async () => {
  sandbox = await startSandbox()
  const made = makeWallet(sandbox)
  person = made.person
  configureCore(
    sandbox,
    [networkFor(sandbox, 31337), networkFor(sandbox, 31338), solanaNetworkFor(sandbox)],
    made.provider,
  )
  subscribeEvents((record) => events.push(record))
  account = getAddress(sandbox.accounts.wallet)
  person.willApprove()
  await connect(CONNECTOR_ID)
})
test.after(() => sandbox?.stop())
test.before.each(() => {
  sandbox.faults.clear()
  hideToast()
})

const on = (caipNetworkId: string, address: string = account): ActivityTarget => {
  const namespace = caipNetworkId.startsWith('solana:') ? 'solana' : 'eip155'
  return { namespace, address, caipNetworkId, key: activityKey(namespace, caipNetworkId, address) }
}
/** A reload after more than 15 s: nothing in memory, nothing in localStorage. */
function fresh(): void {
  resetActivity()
  localStorage.removeItem(HISTORY_CACHE_KEY)
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

const settled = (target: ActivityTarget) =>
  waitFor(() => activityState(target).value.loaded && !activityState(target).value.loading, {
    what: `the activity of ${target.key}`,
  })

test('the connected account on 31337: the start-up funding and NFT mints, the spam mint dropped, 3 NFTs held', async () => {
  const target = activeTarget.value!
  assert.is(target.key, `eip155:31337:${account.toLowerCase()}`)
  openActivity(target)
  await settled(target)
  const { transactions, next, empty } = activityState(target).value
  assert.equal([next, empty], [undefined, false])
  assert.equal(
    transactions.map((transaction) => describeTransaction(transaction).amount),
    ['+SigKit Pals #3', '+SigKit Pals #2', '+SigKit Pals #1', '+42 SKT', '+1,250.5 USDC'],
    'Claim Your Reward #1 (flagged spam) is not listed',
  )
  assert.equal(
    heldNfts(transactions).map((nft) => nft.name),
    ['SigKit Pals #3', 'SigKit Pals #2', 'SigKit Pals #1'],
  )
  const preview = heldNfts(transactions)[0]!.preview!
  const picture = await fetch(preview)
  assert.equal([picture.status, picture.headers.get('content-type')], [200, 'image/svg+xml'])
  const rows = groupByMonth(groupByYear(transactions), Date.now())
  assert.is(rows[0]!.kind, 'month', 'the list opens with its month')
})

test('120 real transfers on 31338: pages of 50 through the cursor, newest first, each once, 3-decimal amounts', async () => {
  const sent = await postJson(`${sandbox.apiUrl}/__sandbox/activity`, {
    chainId: 'eip155:31338',
    count: 120,
    amount: '0.0125',
  })
  assert.is(sent.status, 200, JSON.stringify(sent.body))
  const target = on('eip155:31338')
  openActivity(target)
  await settled(target)
  assert.is(activityState(target).value.transactions.length, 50)
  await loadMoreActivity(target)
  assert.is(activityState(target).value.transactions.length, 100)
  await loadAllActivity(target)
  const { transactions, next } = activityState(target).value
  assert.is(next, undefined)
  // 120 sends, the 2 funding transfers and 3 NFT mints (the spam mint dropped).
  assert.is(transactions.length, 125)
  assert.equal(
    transactions.slice(0, 120).map((transaction) => transaction.metadata.hash),
    [...(sent.body.hashes as string[])].reverse(),
  )
  const first = describeTransaction(transactions[0]!)
  assert.equal(
    [first.title, first.amount, first.counterparty],
    ['Sent', '-0.013 ETH', `to ${short(sandbox.accounts.recipient.toLowerCase())}`],
  )
  assert.ok(transactions.every((transaction) => transaction.metadata.chain === 'eip155:31338'))
})

test('a send from the Send form shows in the open list without a reload, at the top, with its amount', async () => {
  const target = activeTarget.value!
  openActivity(target)
  await settled(target)
  const before = activityState(target).value.transactions.length
  const statuses: string[] = []
  const stop = activityState(target).subscribe((state) => {
    const top = state.transactions[0]
    if (top) statuses.push(top.metadata.status)
  })
  try {
    sendState.token.value = getAccountState('eip155')
      .tokenBalance.peek()
      .find((token) => !token.address)
    sendState.amount.value = '0.01'
    sendState.receiverAddress.value = sandbox.accounts.recipient
    person.willApprove()
    const { hash } = await sendFromForm()
    await waitFor(() => {
      const top = activityState(target).value.transactions[0]
      return top?.metadata.hash === hash && top.transfers.length === 1 && top.metadata.status === 'confirmed'
    })
    const top = activityState(target).value.transactions[0]!
    assert.is(describeTransaction(top).amount, '-0.01 ETH')
    assert.is(activityState(target).value.transactions.length, before + 1, 'listed once')
    assert.is(statuses[statuses.length - 1], 'confirmed')
    assert.ok(statuses.includes('pending'), `pending first: ${statuses.join(', ')}`)
    const receipt = await chainClient(sandbox, 31337).getTransactionReceipt({ hash: hash as Hex })
    assert.is(receipt.status, 'success')
  } finally {
    stop()
    resetSend()
  }
})

test('a dapp transaction mined while the list is open: pending first (automine off), then confirmed', async () => {
  const target = activeTarget.value!
  const client = chainClient(sandbox, 31337)
  await client.request({ method: 'evm_setAutomine' as any, params: [false] as any })
  let hash: Hex
  try {
    hash = (await client.request({
      method: 'eth_sendTransaction' as any,
      params: [
        { from: account, to: sandbox.accounts.recipient, value: `0x${parseEther('0.002').toString(16)}` },
      ] as any,
    })) as Hex
    // Not through SigKit: the list finds it on its next look at the first page.
    fresh()
    openActivity(target)
    await settled(target)
    const top = activityState(target).value.transactions[0]!
    assert.equal(
      [top.metadata.hash, top.metadata.status, describeTransaction(top).title],
      [hash, 'pending', 'Sent · Pending'],
    )
    await client.request({ method: 'evm_mine' as any })
  } finally {
    await client.request({ method: 'evm_setAutomine' as any, params: [true] as any })
  }
  fresh()
  openActivity(target)
  await settled(target)
  assert.equal(
    [
      activityState(target).value.transactions[0]!.metadata.hash,
      activityState(target).value.transactions[0]!.metadata.status,
    ],
    [hash!, 'confirmed'],
  )
})

test('history faults: 500 and malformed answers fail with the toast and the event; the retry recovers', async () => {
  for (const mode of ['500', 'malformed', 'invalid-json']) {
    fresh()
    hideToast()
    events.length = 0
    sandbox.faults.set({ route: 'history', mode, times: 1 })
    const target = activeTarget.value!
    openActivity(target)
    await settled(target)
    assert.equal([activityState(target).value.failed, activityState(target).value.empty], [true, true], mode)
    assert.is(toastState.message.value, FETCH_TRANSACTIONS_FAILED)
    assert.ok(events.some((record) => record.data.event === 'ERROR_FETCH_TRANSACTIONS'))
    await retryActivity(target)
    assert.equal(
      [activityState(target).value.failed, activityState(target).value.transactions.length > 0],
      [false, true],
    )
  }
})

test('a Solana account: SOL and SPL transfers on the Solana network', async () => {
  const caip = sandbox.solana.caipNetworkId
  const spl = await postJson(`${sandbox.apiUrl}/__sandbox/activity`, { chainId: caip, token: 'USDC', amount: '2.5' })
  assert.is(spl.status, 200, JSON.stringify(spl.body))
  const target = on(caip, sandbox.solana.accounts.wallet)
  openActivity(target)
  await settled(target)
  const { transactions } = activityState(target).value
  assert.equal(
    transactions.map((transaction) => describeTransaction(transaction).amount),
    ['-2.5 USDC', '+1,250.5 USDC', '+10 SOL'],
  )
  assert.is(transactions[0]!.metadata.hash, spl.body.hashes[0])
  assert.is(describeTransaction(transactions[0]!).counterparty, `to ${short(sandbox.solana.accounts.recipient)}`)
})

test("the on-ramp provider's purchases are the second list; the sandbox's failing history route says so", async () => {
  const bought = await postJson(`${sandbox.apiUrl}/onramp/coinbase/purchase`, {
    address: account,
    network: 'sandbox-31337',
    asset: 'USDC',
    fiatAmount: '50',
    fiatCurrency: 'USD',
  })
  assert.is(bought.status, 200, JSON.stringify(bought.body))
  const target = on('eip155:31337')
  await loadOnrampActivity(target, 'coinbase')
  const { onrampTransactions, transactionsByYear, transactions } = activityState(target).value
  assert.equal(
    onrampTransactions.map((item) => [item.metadata.hash, item.metadata.status]),
    [[bought.body.hash, 'confirmed']],
    'the purchase, as the provider lists it',
  )
  assert.is(onrampTransactions[0]!.transfers[0]?.fungible_info?.symbol, 'USDC')
  assert.is(
    transactionsByYear.flatMap((year) => year.months.flatMap((month) => month.transactions)).length,
    transactions.length,
    'transactionsByYear holds the main list, grouped',
  )
  await loadOnrampActivity(on('eip155:31338'), 'coinbase')
  assert.equal(activityState(on('eip155:31338')).value.onrampTransactions, [], 'another network lists none')
  openActivity(on('eip155:31338'))
  assert.is(lastNetworkInView.value, 'eip155:31338', 'the list opened last')
  await settled(on('eip155:31338'))

  sandbox.faults.set({ route: 'history', mode: '500', times: 1 })
  await loadOnrampActivity(target, 'coinbase')
  assert.is(toastState.message.value, FETCH_TRANSACTIONS_FAILED)
  assert.is(activityState(target).value.onrampTransactions.length, 1, 'what was listed stays')
})

test.run()
