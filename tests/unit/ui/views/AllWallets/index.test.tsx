import {
  addTestWallet,
  button,
  findButton,
  installModal,
  labelled,
  localL2,
  localhost,
  modalShadow,
  nameOf,
  openAt,
  settle,
  title,
  typeInto,
  waitFor,
} from '../../../helpers/views'
import { focused, press } from '../../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { answerWalletList } from '../../../helpers/wallet-list'
import { initCore } from '../../../../../src/core/config/appkit-state'
import { createManualClock, setClock } from '../../../../../src/lib/clock'
import { SDK_TYPE, SDK_VERSION } from '../../../../../src/core/constants'
import { addConnectors } from '../../../../../src/core/state/connectors'
import { validateOptions } from '../../../../../src/core/config/options'
import { closeModal } from '../../../../../src/core/modal/modal'
import { routerState } from '../../../../../src/core/modal/router'
import type { WalletListing } from '../../../../../src/core/types'
import { getFocusable } from '../../../../../src/ui/modal/focus'
import { sendJson, startServer, type RecordedRequest, type TestServer } from '../../../helpers/server'
import { resetAllState } from '../../../helpers/reset'

const ROW = 56
const CHAINS = `${localhost.caipNetworkId},${localL2.caipNetworkId}`

/** `count` wallets on the test chains: "Wallet 0", "Wallet 1", … */
function makeWallets(count: number, extra: (index: number) => Partial<WalletListing> = () => ({})): WalletListing[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `w${index}`,
    name: `Wallet ${index}`,
    image_id: `img-${index}`,
    rdns: null,
    chains: [localhost.caipNetworkId],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    ...extra(index),
  }))
}

let server: TestServer
/** What the API serves; tests replace it. */
let wallets: WalletListing[] = []
/** Requests to /getWallets that answer 500 until this many have failed (counted down). */
let failNext = 0
/** Holds /getWallets answers until released, when set. */
let gate: Promise<void> | undefined
/** Answered instead of the list, when set (a body of the wrong shape). */
let malformed: unknown

test.before(async () => {
  server = await startServer(async (request, response) => {
    // The page is on another origin, as with the hosted API.
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', '*')
    if (request.method === 'OPTIONS') return response.writeHead(204).end()
    if (request.path !== '/getWallets') return sendJson(response, 200, {})
    if (gate) await gate
    if (malformed !== undefined) return sendJson(response, 200, malformed)
    if (failNext > 0) {
      failNext--
      return sendJson(response, 500, { error: 'down' })
    }
    answerWalletList(request, response, wallets)
  })
})
test.after(() => {
  server.close()
  // The WalletConnect client those picks started keeps retrying its (closed) relay: end the process
  // once uvu has reported, instead of waiting for the runner's time limit.
  setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref()
})

test.before.each(() => {
  installModal()
  wallets = makeWallets(100)
  failNext = 0
  gate = undefined
  malformed = undefined
  server.requests.length = 0
})

const consoleError = console.error

test.after.each(async () => {
  console.error = consoleError
  await resetAllState()
})

function setup(options: Record<string, unknown> = {}): void {
  initCore(
    validateOptions({
      projectId: 'test-project',
      networks: [localhost, localL2],
      endpoints: { walletApi: server.url, pulse: server.url, relay: 'ws://127.0.0.1:9' },
      ...options,
    }),
  )
}

const listRequests = (): RecordedRequest[] =>
  server.requests.filter((request) => request.method === 'GET' && request.path === '/getWallets')
const pagesAsked = (): number[] =>
  listRequests()
    .filter((request) => !request.query.has('search') && request.query.get('entries') === '40')
    .map((request) => Number(request.query.get('page')))

function listbox(): HTMLElement {
  const element = modalShadow().querySelector<HTMLElement>('[role="listbox"]')
  if (!element) throw new Error('no listbox')
  return element
}

function options(): HTMLElement[] {
  return Array.from(modalShadow().querySelectorAll<HTMLElement>('[role="option"]')).sort(
    (a, b) => Number(a.dataset['index']) - Number(b.dataset['index']),
  )
}

/**
 * Picking a wallet opens ConnectingWalletConnect, which starts a real WalletConnect pairing; the
 * relay here is a closed port, so the connection errors it logs are expected.
 */
function quietMissingView(): void {
  console.error = (...args: unknown[]) => {
    const text = args.map(String).join(' ')
    if (!/View not registered|<Unavailable>|WalletConnect|relay|socket|publish/i.test(text)) consoleError(...args)
  }
}

/** Every row element in the DOM, placeholders included. */
const renderedRows = (): number => listbox().firstElementChild?.childElementCount ?? 0

/** Rows standing in for wallets whose page has not come in. */
const placeholders = (): number =>
  Array.from(listbox().firstElementChild?.children ?? []).filter((row) => row.getAttribute('role') !== 'option').length

const summary = (): string => modalShadow().querySelector('[role="status"]')?.textContent ?? ''

async function scrollTo(top: number): Promise<void> {
  const element = listbox()
  element.scrollTop = top
  element.dispatchEvent(new Event('scroll'))
  await settle()
}

async function openList(): Promise<void> {
  await openAt('AllWallets')
  await waitFor(() => options().length > 0)
}

test('opens on page 1 of 40 wallets for the requested networks, with projectId, st and sv', async () => {
  setup()
  await openList()
  assert.is(title(), 'All Wallets')
  const [request] = listRequests()
  assert.equal(Object.fromEntries(request?.query ?? []), {
    projectId: 'test-project',
    st: SDK_TYPE,
    sv: SDK_VERSION,
    page: '1',
    entries: '40',
    chains: CHAINS,
  })
  assert.is(listRequests().length, 1)
  assert.is(summary(), '100 wallets')
  assert.is(listbox().getAttribute('aria-label'), 'Wallets')
  assert.is(options()[0]?.getAttribute('aria-setsize'), '100', 'the set size is the whole list, not the rendered rows')
  assert.is(
    listbox()
      .firstElementChild?.getAttribute('style')
      ?.includes(`height: ${100 * ROW}px`),
    true,
    'a spacer as tall as the list',
  )
  // No featured wallets: the API's first four are its recommendation.
  assert.equal(options().slice(0, 5).map(nameOf), [
    'Wallet 0, recommended',
    'Wallet 1, recommended',
    'Wallet 2, recommended',
    'Wallet 3, recommended',
    'Wallet 4',
  ])
  assert.ok(options()[0]?.textContent?.includes('Recommended'))
})

test('scrolling near the end of what is loaded fetches the next page, until count is reached', async () => {
  setup()
  await openList()
  await scrollTo(10 * ROW)
  assert.equal(pagesAsked(), [1], 'far from the end: nothing more')
  await scrollTo(25 * ROW)
  await waitFor(() => pagesAsked().length === 2)
  await scrollTo(45 * ROW)
  await waitFor(() => options().some((row) => nameOf(row) === 'Wallet 45'))
  assert.equal(pagesAsked(), [1, 2], 'page 3 only once the end of page 2 comes near')
  await scrollTo(100 * ROW)
  await waitFor(() => nameOf(options().at(-1)!) === 'Wallet 99')
  assert.equal(pagesAsked(), [1, 2, 3])
  await scrollTo(100 * ROW + 1)
  await settle(10)
  assert.equal(pagesAsked(), [1, 2, 3], 'count reached: no page 4')
  assert.is(options().at(-1)?.getAttribute('aria-posinset'), '100')
})

test('rows past what is loaded show as placeholders until their page comes in', async () => {
  setup()
  await openList()
  let release!: () => void
  gate = new Promise((resolve) => {
    release = resolve
  })
  await scrollTo(60 * ROW)
  await waitFor(() => pagesAsked().length === 2)
  assert.ok(placeholders() > 0, 'placeholders where page 2 goes')
  assert.ok(placeholders() + options().length < 60)
  gate = undefined
  release()
  await waitFor(() => options().some((row) => nameOf(row) === 'Wallet 60'))
  assert.is(placeholders(), 0)
})

test('5000 wallets: the DOM holds a bounded number of rows wherever the list is scrolled', async () => {
  wallets = makeWallets(5000)
  setup()
  await openList()
  assert.is(summary(), '5000 wallets')
  assert.ok(renderedRows() < 20, `rows at the top: ${renderedRows()}`)
  for (const top of [0, 20 * ROW, 35 * ROW, 300 * ROW, 2500 * ROW, 4990 * ROW, 123 * ROW]) {
    await scrollTo(top)
    assert.ok(renderedRows() < 60, `rows at ${top}px: ${renderedRows()}`)
    assert.ok(options().length < 60)
  }
  // Far past the loaded pages: placeholders stand in while page after page comes in.
  await scrollTo(400 * ROW)
  await waitFor(() => options().some((row) => nameOf(row) === 'Wallet 400'), 10_000)
  assert.ok(renderedRows() < 60, `rows once loaded: ${renderedRows()}`)
  const pages = pagesAsked()
  assert.equal(
    pages,
    Array.from({ length: pages.length }, (_, index) => index + 1),
    'pages in order, each once',
  )
})

test('featured wallets come first in the given order, fetched with include; the rest follow without them', async () => {
  setup({ featuredWalletIds: ['w50', 'w3', 'missing'], includeWalletIds: [], excludeWalletIds: ['w1'] })
  await openList()
  const featured = listRequests().find((request) => request.query.has('include'))
  assert.is(featured?.query.get('include'), 'w50,w3,missing')
  assert.is(featured?.query.get('exclude'), 'w1')
  assert.is(featured?.query.get('chains'), CHAINS)
  const main = listRequests().find((request) => request.query.get('entries') === '40')
  assert.is(main?.query.get('exclude'), 'w1,w50,w3,missing', 'featured ids are left out of the pages')
  assert.equal(
    options().slice(0, 5).map(nameOf),
    ['Wallet 50', 'Wallet 3', 'Wallet 0', 'Wallet 2', 'Wallet 4'],
    'no recommended tag with featured wallets',
  )
  assert.is(summary(), '99 wallets', 'the two featured plus the 97 others')
})

test('includeWalletIds narrows the list', async () => {
  setup({ includeWalletIds: ['w7', 'w8'] })
  await openList()
  assert.is(listRequests()[0]?.query.get('include'), 'w7,w8')
  assert.equal(options().map(nameOf), ['Wallet 7, recommended', 'Wallet 8, recommended'])
  assert.is(summary(), '2 wallets')
})

test('installed wallets (same rdns, or same name) are marked and listed first; picking one connects through it', async () => {
  wallets = makeWallets(100, (index) =>
    index === 30 ? { rdns: 'dev.sigkit.testwallet', name: 'SigKit Test Wallet' } : {},
  )
  wallets[12] = { ...wallets[12]!, name: 'Rabbit Wallet' }
  setup()
  addTestWallet()
  addConnectors([{ id: 'io.rabbit', name: 'Rabbit Wallet', type: 'injected', chains: ['eip155'], rdns: 'io.rabbit' }])
  await openList()
  assert.equal(options().slice(0, 3).map(nameOf), [
    'Rabbit Wallet, installed',
    'SigKit Test Wallet, installed',
    'Wallet 0, recommended',
  ])
  assert.ok(options()[0]?.textContent?.includes('Installed'))
  options()[1]?.click()
  await settle()
  assert.equal(routerState.history.value.at(-1), {
    view: 'ConnectingExternal',
    data: { connectorId: 'dev.sigkit.testwallet' },
  })
})

test('an installed wallet shows its own name and icon, not what the wallet API calls it', async () => {
  // A spoofed listing carries the installed wallet's rdns under another wallet's name and logo.
  wallets = makeWallets(40, (index) =>
    index === 5 ? { rdns: 'io.rabbit', name: 'Official Safe Wallet', image_id: 'safe-logo' } : {},
  )
  setup()
  addConnectors([
    {
      id: 'io.rabbit',
      name: 'Rabbit Wallet',
      type: 'injected',
      chains: ['eip155'],
      rdns: 'io.rabbit',
      imageUrl: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
    },
  ])
  await openList()
  const row = options()[0]!
  assert.is(nameOf(row), 'Rabbit Wallet, installed')
  assert.ok(row.textContent?.includes('Rabbit Wallet'))
  assert.not.ok(row.textContent?.includes('Official Safe Wallet'))
  assert.not.ok(options().some((option) => option.textContent?.includes('Official Safe Wallet')))
})

test('picking a wallet that is not installed opens ConnectingWalletConnect with the listing', async () => {
  setup()
  await openList()
  quietMissingView()
  options()[5]?.click()
  await settle()
  const top = routerState.history.value.at(-1)
  assert.is(top?.view, 'ConnectingWalletConnect')
  assert.equal(top?.data, { wallet: wallets[5] })
})

test('images: only rendered rows get a logo, set a frame after the row shows, over an initial that stays its size', async () => {
  wallets = makeWallets(100, (index) => (index === 1 ? { image_id: undefined } : {}))
  setup()
  await openList()
  const images = (): HTMLImageElement[] => Array.from(listbox().querySelectorAll('img'))
  assert.ok(images().length > 0 && images().length < 20, `${images().length} images`)
  const image = options()[0]?.querySelector('img')
  // Decoded off the frame, at a fixed size, transparent to the accessibility tree.
  assert.is(image?.getAttribute('decoding'), 'async')
  assert.is(image?.getAttribute('width'), '40')
  assert.is(image?.getAttribute('height'), '40')
  assert.is(image?.getAttribute('alt'), '')
  // The initial sits under the logo, in the same box, before and after it loads.
  assert.is(image?.parentElement?.querySelector('[aria-hidden="true"]')?.textContent, 'W')
  await waitFor(() => images().every((element) => element.getAttribute('src')))
  const src = new URL(image?.getAttribute('src') ?? '')
  assert.is(src.pathname, '/getWalletImage/img-0')
  assert.is(src.searchParams.get('projectId'), 'test-project')
  assert.is(options()[1]?.querySelector('img'), null)
  assert.is(options()[1]?.querySelector('[aria-hidden="true"]')?.textContent, 'W')
  image?.dispatchEvent(new Event('load'))
  assert.ok(image?.hasAttribute('data-loaded'), 'a loaded logo shows over the initial')
  image?.dispatchEvent(new Event('error'))
  await settle()
  assert.is(options()[0]?.querySelector('img'), null, 'a broken image gives way to the initial')
  assert.is(options()[0]?.querySelector('[aria-hidden="true"]')?.textContent, 'W')
})

test('rows a fast scroll passes never ask for their logo; where it stops, or scrolling slowly, rows get theirs', async () => {
  setup()
  await openList()
  const asked = new Set<string>()
  const descriptor = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    ...descriptor,
    set(value: string) {
      asked.add(new URL(value).pathname)
      descriptor.set!.call(this, value)
    },
  })
  // Frames run by hand.
  const requestFrame = globalThis.requestAnimationFrame
  const callbacks: FrameRequestCallback[] = []
  globalThis.requestAnimationFrame = (callback) => callbacks.push(callback)
  const frame = (): void => callbacks.splice(0).forEach((callback) => callback(performance.now()))
  const rowShown = (index: number): boolean => options().some((row) => row.dataset['index'] === String(index))
  try {
    // A frame the real clock may still have asked for comes first.
    await settle(10)
    const element = listbox()
    // A fling: two rows a frame, down to row 40. The rows it passes never ask for their logo.
    for (let step = 1; step <= 20; step++) {
      element.scrollTop = step * 2 * ROW
      element.dispatchEvent(new Event('scroll'))
      await settle()
      frame()
    }
    for (let index = 0; index < 5; index++) frame()
    for (const index of [16, 20, 33])
      assert.not.ok(asked.has(`/getWalletImage/img-${index}`), `row ${index} flew past: no request for its logo`)
    // Where it stopped, the rows in view get theirs, a few a frame.
    await waitFor(() => {
      frame()
      return asked.has('/getWalletImage/img-40') && asked.has('/getWalletImage/img-46')
    })

    // Back up slowly, half a row a frame: the rows coming into view get their logo.
    for (let top = 40 * ROW; top >= 37 * ROW; top -= ROW / 2) {
      element.scrollTop = top
      element.dispatchEvent(new Event('scroll'))
      await settle()
      frame()
    }
    assert.ok(rowShown(33))
    await waitFor(() => {
      frame()
      return asked.has('/getWalletImage/img-33')
    })
  } finally {
    globalThis.requestAnimationFrame = requestFrame
    Object.defineProperty(HTMLImageElement.prototype, 'src', descriptor)
  }
})

test('while a search is on its way the list stays, marked busy, until the answer replaces it', async () => {
  setup()
  await openList()
  const manual = createManualClock()
  const restoreClock = setClock(manual)
  let release = (): void => undefined
  try {
    const input = labelled<HTMLInputElement>('Search wallet')
    const rows = options().length
    typeInto(input, 'Wallet 12')
    await settle()
    // The typing pause: the rows stay where they were (the modal does not shrink to a message).
    assert.is(listbox().getAttribute('aria-label'), 'Wallets')
    assert.is(listbox().getAttribute('aria-busy'), 'true')
    assert.is(options().length, rows)
    assert.is(summary(), 'Searching…')
    gate = new Promise<void>((resolve) => (release = resolve))
    manual.advance(300)
    await waitFor(() => listRequests().some((request) => request.query.get('search') === 'Wallet 12'))
    await settle(10)
    assert.is(listbox().getAttribute('aria-label'), 'Wallets', 'the request is on its way: the list stays')
    assert.is(options().length, rows)
    gate = undefined
    release()
    await waitFor(() => listbox().getAttribute('aria-label') === 'Search results')
    assert.is(listbox().getAttribute('aria-busy'), null)
    assert.equal(options().map(nameOf), ['Wallet 12'])
    assert.is(summary(), '1 found')

    // Typing on: the results stay, busy, until the next answer.
    typeInto(input, 'Wallet 13')
    await settle()
    assert.is(listbox().getAttribute('aria-label'), 'Search results')
    assert.is(listbox().getAttribute('aria-busy'), 'true')
    assert.equal(options().map(nameOf), ['Wallet 12'])
    assert.is(summary(), 'Searching…')
    manual.advance(300)
    await waitFor(() => summary() === '1 found')
    assert.equal(options().map(nameOf), ['Wallet 13'])
    assert.is(listbox().getAttribute('aria-busy'), null)
  } finally {
    release()
    gate = undefined
    restoreClock()
  }
})

test('search waits until typing stops, asks for 100 matches, and clearing returns to the loaded list without refetching', async () => {
  setup()
  await openList()
  const manual = createManualClock()
  const restoreClock = setClock(manual)
  try {
    const input = labelled<HTMLInputElement>('Search wallet')
    assert.is(input.type, 'search')
    typeInto(input, 'Wallet 1')
    await settle()
    manual.advance(200)
    typeInto(input, 'Wallet 12')
    await settle()
    manual.advance(299)
    await settle()
    assert.is(listRequests().length, 1, 'no search before 300 ms without typing')
    manual.advance(1)
    await waitFor(() => options().length === 1)
    const searches = listRequests().filter((request) => request.query.has('search'))
    assert.is(searches.length, 1, 'one request for the pause, none for the keys before')
    assert.is(searches[0]?.query.get('search'), 'Wallet 12')
    assert.is(searches[0]?.query.get('entries'), '100')
    assert.is(searches[0]?.query.get('page'), '1')
    assert.is(searches[0]?.query.get('chains'), CHAINS)
    assert.equal(options().map(nameOf), ['Wallet 12'])
    assert.is(listbox().getAttribute('aria-label'), 'Search results')
    assert.is(summary(), '1 found')

    typeInto(input, 'zebra')
    await settle()
    manual.advance(300)
    await waitFor(() => summary() === 'No wallet found')
    assert.is(modalShadow().querySelector('[role="listbox"]'), null)

    const before = listRequests().length
    typeInto(input, '')
    await waitFor(() => options().length > 0)
    manual.advance(1000)
    await settle(10)
    assert.is(listRequests().length, before, 'the paged list is shown again from memory')
    assert.is(nameOf(options()[0]!), 'Wallet 0, recommended')
    assert.is(summary(), '100 wallets')
  } finally {
    restoreClock()
  }
})

test('a failed page shows "Could not load wallets" and keeps the loaded rows; Try again asks for the same page', async () => {
  setup()
  await openList()
  failNext = 1
  await scrollTo(30 * ROW)
  const alert = await waitFor(() => modalShadow().querySelector('[role="alert"]'))
  assert.ok(alert.textContent?.includes('Could not load wallets'))
  assert.equal(pagesAsked(), [1, 2])
  assert.ok(
    options().some((row) => nameOf(row) === 'Wallet 30'),
    'what was loaded stays',
  )
  await scrollTo(31 * ROW)
  await settle(10)
  assert.equal(pagesAsked(), [1, 2], 'no automatic retry on scroll')
  button('Try again').click()
  await waitFor(() => options().some((row) => row.dataset['index'] === '40'))
  assert.equal(pagesAsked(), [1, 2, 2])
  assert.is(modalShadow().querySelector('[role="alert"]'), null)
})

test('a failed first page and a failed search both offer Try again', async () => {
  setup()
  failNext = 1
  await openAt('AllWallets')
  ;(await waitFor(() => findButton('Try again'))).click()
  await waitFor(() => options().length > 0)
  assert.equal(pagesAsked(), [1, 1])
  const manual = createManualClock()
  const restoreClock = setClock(manual)
  try {
    typeInto(labelled<HTMLInputElement>('Search wallet'), 'Wallet 7')
    await settle()
    failNext = 1
    manual.advance(300)
    ;(await waitFor(() => findButton('Try again'))).click()
    await waitFor(() => options().length === 11)
    assert.equal(options().slice(0, 2).map(nameOf), ['Wallet 7', 'Wallet 70'])
    assert.is(modalShadow().querySelector('[role="alert"]'), null)
  } finally {
    restoreClock()
  }
})

test('the loaded list is kept: opening the view again asks the API for nothing', async () => {
  setup()
  await openList()
  closeModal()
  await settle()
  await openList()
  assert.equal(pagesAsked(), [1])
  assert.is(summary(), '100 wallets')
})

test('a reply of the wrong shape counts as a failed page', async () => {
  setup()
  malformed = { count: 'many', data: [{ id: 5, name: null }] }
  await openAt('AllWallets')
  const alert = await waitFor(() => modalShadow().querySelector('[role="alert"]'))
  assert.ok(alert.textContent?.includes('Could not load wallets'))
  malformed = undefined
  wallets = makeWallets(3)
  button('Try again').click()
  await waitFor(() => options().length === 3)
})

test('keyboard: one row is tabbable; arrows, Home/End and PageUp/PageDown move focus and scroll; Enter picks', async () => {
  setup()
  await openList()
  const tabbable = getFocusable(modalShadow().querySelector('[role="dialog"]')!).filter(
    (element) => element.getAttribute('role') === 'option',
  )
  assert.is(tabbable.length, 1, 'Tab reaches the list once')
  assert.is(tabbable[0]?.dataset['index'], '0')
  tabbable[0]?.focus()
  const focusedIndex = () => (focused() as HTMLElement | null)?.dataset['index']

  press('ArrowDown')
  await settle()
  assert.is(focusedIndex(), '1')
  assert.is(
    options()
      .filter((row) => row.tabIndex === 0)
      .map((row) => row.dataset['index'])
      .join(),
    '1',
    'the tab stop follows focus',
  )
  assert.is(focused()?.getAttribute('aria-selected'), 'true')

  press('End')
  await settle()
  assert.is(focusedIndex(), '39', 'the last loaded row')
  assert.is(listbox().scrollTop, 40 * ROW - 7 * ROW, 'scrolled so the row is just in view')
  await waitFor(() => pagesAsked().length === 2, 2000)

  press('Home')
  await settle()
  assert.is(focusedIndex(), '0')
  assert.is(listbox().scrollTop, 0)

  press('PageDown')
  await settle()
  assert.is(focusedIndex(), '6')
  press('PageDown')
  await settle()
  assert.is(focusedIndex(), '12')
  assert.is(listbox().scrollTop, 13 * ROW - 7 * ROW)
  press('PageUp')
  await settle()
  assert.is(focusedIndex(), '6')
  assert.is(listbox().scrollTop, 6 * ROW, 'scrolled up to show it at the top')
  press('ArrowUp')
  await settle()
  assert.is(focusedIndex(), '5')

  // Scrolled away with the wheel, the focused row stays rendered so focus is not lost.
  await scrollTo(30 * ROW)
  assert.is(focusedIndex(), '5')

  quietMissingView()
  const enter = press('Enter')
  await settle()
  assert.is(enter.defaultPrevented, true)
  assert.equal(routerState.history.value.at(-1), { view: 'ConnectingWalletConnect', data: { wallet: wallets[5] } })
})

test.run()
