// The Account view's wallet feature row and its NFTs and Activity tabs, rendered in the real modal
// (happy-dom), with the history route on a real local server: what a visitor sees and can do.
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initCore } from '../../../../src/core/config/appkit-state'
import { localFeatures } from '../../../../src/core/config/features'
import { validateOptions } from '../../../../src/core/config/options'
import { emitCoreEvent } from '../../../../src/core/lifecycle'
import { routerState } from '../../../../src/core/modal/router'
import { toastState } from '../../../../src/core/modal/toasts'
import { setAccount } from '../../../../src/core/state/account'
import { setActiveCaipNetwork, setRequestedNetworks } from '../../../../src/core/state/network'
import { localL2, localhost, solana } from '../../../helpers/networks'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import {
  ADDRESS,
  button,
  connectAccount,
  findButton,
  installModal,
  modalShadow,
  nameOf,
  openAt,
  settle,
  useFakeAdapter,
  waitFor,
} from '../../helpers/views'
import { entries, entry, historyKey, startHistoryServer, type HistoryServer } from '../../helpers/activity-history'
import { resetAllState } from '../../helpers/reset'

let server: HistoryServer

test.before(async () => {
  server = await startHistoryServer(50)
})
test.after(() => server.close())

/** What createAppKit sets up on a page load, with the history API on this file's server. */
function loadPage(): void {
  // Before the fake adapter's own setup, so the history route is this server.
  initCore(
    validateOptions({
      projectId: 'test-project',
      networks: [localhost, localL2, solana],
      endpoints: { api: server.url },
      features: { analytics: false },
    }),
  )
  installModal()
  useFakeAdapter()
}

test.before.each(() => {
  installStorage(createMemoryStorage())
  server.history.clear()
  server.fail(0)
  server.requests.length = 0
  loadPage()
})

test.after.each(resetAllState)

const shadow = () => modalShadow()
const tabs = () => Array.from(shadow().querySelectorAll('[role="tab"]')).map((tab) => tab.textContent)
const panel = () => shadow().querySelector<HTMLElement>('[role="tabpanel"]')!
const rows = () => Array.from(panel().querySelectorAll<HTMLElement>('[role="listitem"][data-status]'))
const headings = () =>
  Array.from(panel().querySelectorAll<HTMLElement>('[role="listitem"]:not([data-status])')).map(
    (row) => row.textContent,
  )
const features = () =>
  Array.from(shadow().querySelectorAll('[role="group"][aria-label="Wallet actions"] button')).map(nameOf)

async function openTab(name: 'NFTs' | 'Activity'): Promise<void> {
  await openAt('Account')
  ;(
    await waitFor(() =>
      Array.from(shadow().querySelectorAll<HTMLElement>('[role="tab"]')).find((tab) => tab.textContent === name),
    )
  ).click()
  await settle()
}

test('the feature row: Buy, Swap, Receive, Send in the spec order, each only when its feature is on and works here', async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => features().length === 4)
  assert.equal(features(), ['Buy', 'Swap', 'Receive', 'Send'])
  localFeatures.value = { ...localFeatures.value, onramp: false, swaps: false }
  await settle()
  assert.equal(features(), ['Receive', 'Send'])
  localFeatures.value = { ...localFeatures.value, receive: false, send: false }
  await settle()
  assert.equal(features(), [], 'no row at all')
  assert.is(shadow().querySelector('[aria-label="Wallet actions"]'), null)
  localFeatures.value = { ...localFeatures.value, receive: true }
  await settle()
  button('Receive').click()
  await settle()
  assert.is(routerState.history.value.at(-1)?.view, 'Receive')
})

test('tabs: Tokens, NFTs, Activity with the history feature, Tokens alone without; arrow keys move between them', async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => tabs().length === 3)
  assert.equal(tabs(), ['Tokens', 'NFTs', 'Activity'])
  const tokens = shadow().querySelector<HTMLElement>('#sk-tab-Tokens')!
  tokens.focus()
  tokens.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
  await settle()
  const activity = shadow().querySelector<HTMLElement>('#sk-tab-Activity')!
  assert.is(activity.getAttribute('aria-selected'), 'true', 'ArrowLeft wraps to the last tab')
  assert.is(shadow().activeElement, activity)
  assert.is(panel().getAttribute('aria-labelledby'), 'sk-tab-Activity')
  localFeatures.value = { ...localFeatures.value, history: false }
  await settle()
  assert.equal(tabs(), ['Tokens'])
  assert.is(panel().getAttribute('aria-labelledby'), 'sk-tab-Tokens', 'back to Tokens')
})

test('Activity: rows under their month, newest first, with direction, counterparty, amount, status and time', async () => {
  const now = Date.now()
  server.history.set(historyKey(ADDRESS), [
    entry({ direction: 'out', numeric: '0.01', minedAt: now - 5 * 60_000 }),
    entry({ direction: 'in', symbol: 'USDC', numeric: '1250.5', minedAt: now - 2 * 86_400_000 - 60_000 }),
    entry({ operationType: 'execute', status: 'failed', transfers: [], minedAt: Date.UTC(2024, 11, 24) }),
  ])
  connectAccount()
  await openTab('Activity')
  await waitFor(() => rows().length === 3)
  const [sent, received, failed] = rows().map((row) => row.textContent)
  assert.ok(sent!.includes('Sent') && sent!.includes('-0.01 ETH') && sent!.includes('to 0x7099…79c8'), sent)
  assert.ok(sent!.includes('5 min ago'), sent)
  assert.ok(
    received!.includes('Received') && received!.includes('+1,250.5 USDC') && received!.includes('from 0x7099…79c8'),
  )
  assert.ok(received!.includes('2 d ago'), received)
  assert.ok(failed!.includes('Executed · Failed'), failed)
  assert.is(rows()[2]!.dataset['status'], 'failed')
  assert.equal(headings().at(-1), 'December 2024')
  const icon = rows()[0]!.querySelector('img')
  assert.equal([icon?.getAttribute('src'), icon?.getAttribute('alt')], ['https://icons.example/ETH.png', ''])
})

test('Activity: scrolling pages through 300 transactions while the DOM stays the same size', async () => {
  server.history.set(historyKey(ADDRESS), entries(300))
  connectAccount()
  await openTab('Activity')
  await waitFor(() => rows().length > 0)
  const scroller = panel().querySelector<HTMLElement>('[aria-label="Transactions"]')!
  assert.is(scroller.tabIndex, 0, 'the keyboard can scroll it')
  const sizes: number[] = []
  for (let step = 0; step < 200 && server.historyRequests().length < 6; step++) {
    scroller.scrollTop = step * 320
    scroller.dispatchEvent(new Event('scroll'))
    await settle(2)
    sizes.push(panel().querySelectorAll('*').length)
  }
  await waitFor(() => server.historyRequests().length === 6 && !panel().textContent?.includes('Loading'))
  assert.equal(
    server.historyRequests().map((request) => request.query.get('cursor')),
    [null, '50', '100', '150', '200', '250'],
  )
  scroller.scrollTop = 1e6
  scroller.dispatchEvent(new Event('scroll'))
  await settle()
  assert.ok(rows().at(-1)!.textContent!.includes('ago'), 'the last row renders at the end')
  assert.ok(Math.max(...sizes) < 200, `DOM nodes at most ${Math.max(...sizes)}`)
  assert.ok(rows().length < 20, `${rows().length} rows in the DOM for 300 transactions`)
})

test('Activity: a failed fetch says so with a retry; an empty account says so with Receive', async () => {
  server.history.set(historyKey(ADDRESS), entries(2))
  server.fail(1)
  connectAccount()
  await openTab('Activity')
  await waitFor(() => panel().textContent?.includes('Failed to fetch transactions'))
  assert.is(toastState.message.value, 'Failed to fetch transactions')
  button('Retry').click()
  await waitFor(() => rows().length === 2)

  // A new start: no list in memory, none in localStorage.
  await resetAllState()
  installStorage(createMemoryStorage())
  server.history.clear()
  loadPage()
  connectAccount()
  await openTab('Activity')
  await waitFor(() => panel().textContent?.includes('No activity yet on Localhost'))
  button('Receive funds').click()
  await settle()
  assert.is(routerState.history.value.at(-1)?.view, 'Receive')
})

test('Activity: a transaction sent through SigKit shows at the top as pending without a reload', async () => {
  server.history.set(historyKey(ADDRESS), entries(2, { startAgo: 3_600_000 }))
  connectAccount()
  await openTab('Activity')
  await waitFor(() => rows().length === 2)
  const hold = server.hold()
  const hash = '0x' + 'ef'.repeat(32)
  await emitCoreEvent('transactionSent', { namespace: 'eip155', hash, caipNetworkId: 'eip155:31337' })
  await waitFor(() => rows().length === 3)
  assert.ok(rows()[0]!.textContent!.includes('Pending'))
  server.history.set(historyKey(ADDRESS), [entry({ hash, numeric: '0.01' }), ...entries(2, { startAgo: 3_600_000 })])
  await emitCoreEvent('transactionConfirmed', { namespace: 'eip155', hash, status: 'success' })
  hold()
  await waitFor(() => rows()[0]!.textContent!.includes('-0.01 ETH'))
  assert.not.ok(rows()[0]!.textContent!.includes('Pending'))
})

test('Activity on Solana: the Solana account on the Solana network', async () => {
  const solanaAccount = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  server.history.set(historyKey(solanaAccount, solana.caipNetworkId), [
    entry({ chain: solana.caipNetworkId, symbol: 'SOL', numeric: '0.25', direction: 'in' }),
  ])
  connectAccount()
  setRequestedNetworks([localhost, localL2, solana])
  setActiveCaipNetwork(solana)
  setAccount('solana', {
    address: solanaAccount,
    caipAddress: `${solana.caipNetworkId}:${solanaAccount}`,
    status: 'connected',
  })
  await openTab('Activity')
  await waitFor(() => rows().length === 1)
  assert.ok(rows()[0]!.textContent!.includes('+0.25 SOL'))
  assert.is(server.historyRequests()[0]!.path, `/v1/account/${solanaAccount}/history`)
  assert.is(server.historyRequests()[0]!.query.get('chainId'), solana.caipNetworkId)
})

test('NFTs: the ones held, with their pictures, spam hidden; an account without any says so', async () => {
  server.history.set(historyKey(ADDRESS), [
    entry({ direction: 'out', nft: { name: 'SigKit Pals #2' } }),
    entry({ direction: 'in', nft: { name: 'Claim Your Reward #1', spam: true } }),
    entry({ direction: 'in', nft: { name: 'SigKit Pals #3' } }),
    entry({ direction: 'in', nft: { name: 'SigKit Pals #2' } }),
    entry({ direction: 'in', nft: { name: 'SigKit Pals #1' } }),
  ])
  connectAccount()
  await openTab('NFTs')
  await waitFor(() => panel().querySelectorAll('li').length > 0)
  const cards = Array.from(panel().querySelectorAll('li'))
  assert.equal(
    cards.map((card) => card.textContent),
    ['SigKit Pals #3', 'SigKit Pals #1'],
  )
  assert.is(cards[0]!.querySelector('img')?.getAttribute('src'), 'https://nft.example/SigKit%20Pals%20%233.svg')

  await resetAllState()
  installStorage(createMemoryStorage())
  server.history.set(historyKey(ADDRESS), entries(3))
  loadPage()
  connectAccount()
  await openTab('NFTs')
  await waitFor(() => panel().textContent?.includes('No NFTs yet on Localhost'))
})

test('every control of the new parts has an accessible name', async () => {
  server.history.set(historyKey(ADDRESS), entries(3))
  connectAccount()
  await openTab('Activity')
  await waitFor(() => rows().length === 3)
  for (const control of Array.from(shadow().querySelectorAll('button'))) {
    assert.ok(nameOf(control), `button without a name: ${control.outerHTML}`)
  }
  assert.ok(findButton('Receive'))
})

test.run()
