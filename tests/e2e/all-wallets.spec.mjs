// The All Wallets view in Chromium over the sandbox's wallet list (demo/sandbox/wallets.mjs,
// served by the API emulator): paging as the list scrolls, search after the typing pause, the
// installed test wallet first, the keyboard, and a DOM that keeps a bounded number of rows.
//
// Until the Connect view links to it, the view is opened through the public API: the CDN page
// exposes its AppKit instance as window.appKit (the React page exposes nothing for this).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { generateWallets, queryWallets } from '../../demo/sandbox/wallets.mjs'
import { emulator, expect, modal, sandboxConfig, test } from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Rows the DOM holds (wallet rows and loading placeholders), whatever the list's length. */
const MAX_ROWS = 60

/** What the emulator answers for the dapp's networks, computed from the same fixture. */
function expectedList(config, search = '') {
  const chains = config.chains.map((chain) => `eip155:${chain.chainId}`)
  return queryWallets(generateWallets(), { page: 1, entries: 10_000, chains, search })
}

async function openAllWallets(page) {
  const log = { errors: [] }
  page.on('pageerror', (error) => log.errors.push(String(error?.stack ?? error)))
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  )
  await page.goto('/cdn.html')
  await page.waitForFunction(() => window.appKit !== undefined)
  await page.evaluate(() => window.appKit.open({ view: 'AllWallets' }))
  await expect(modal(page).getByRole('heading', { name: 'All Wallets' })).toBeVisible()
  await expect(modal(page).getByRole('listbox', { name: 'Wallets' })).toBeVisible()
  return log
}

/** Number of row elements inside the listbox's spacer. */
function renderedRows(page) {
  return page.evaluate(() => {
    const root = document.querySelector('sigkit-modal')?.shadowRoot
    return root?.querySelector('[role="listbox"]')?.firstElementChild?.childElementCount ?? -1
  })
}

async function expectBoundedRows(page, step) {
  const rows = await renderedRows(page)
  expect(rows, `rows in the DOM ${step}`).toBeGreaterThan(0)
  expect(rows, `rows in the DOM ${step}`).toBeLessThan(MAX_ROWS)
}

test('the list pages in as it scrolls to the last wallet, with a bounded number of rows', async ({ page, request }) => {
  // Some 35 wheel steps, each 200 to 500 ms on a 2-core machine (every logo request stops at the
  // route filter in the test process): 17 to 20 s here, the longest test; three times the limit.
  test.slow()
  const config = await sandboxConfig(request)
  const expected = expectedList(config)
  expect(expected.count, 'the fixture has more wallets than one page').toBeGreaterThan(80)
  const pages = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (url.origin === config.apiUrl && url.pathname === '/getWallets' && !url.searchParams.has('search'))
      pages.push(Number(url.searchParams.get('page')))
  })
  const log = await openAllWallets(page)
  const dialog = modal(page)
  const list = dialog.getByRole('listbox', { name: 'Wallets' })

  await expect(dialog.getByText(`${expected.count} wallets`)).toBeVisible()
  // The installed test wallet comes first, marked so; the rest follow in the API's order.
  await expect(list.getByRole('option').first()).toHaveAccessibleName('SigKit Test Wallet, installed')
  await expect(list.getByRole('option', { name: /^SigKit Test Wallet/ })).toContainText('Installed')
  await expect(list.getByRole('option').nth(1)).toHaveAccessibleName(new RegExp(`^${expected.data[1].name}`))
  await expectBoundedRows(page, 'at the top')
  // Only rendered rows have an image, decoded off the frame at a fixed size, from the wallet API host.
  const image = list.getByRole('option').nth(1).locator('img')
  await expect(image).toHaveAttribute('decoding', 'async')
  await expect(image).toHaveAttribute('width', '40')
  await expect(image).toHaveAttribute('height', '40')
  await expect(image).toHaveAttribute(
    'src',
    new RegExp(`^${config.apiUrl}/getWalletImage/${expected.data[1].image_id}\\?`),
  )
  await expect.poll(() => image.evaluate((element) => element.complete && element.naturalWidth > 0)).toBe(true)

  // Scroll with the wheel, step by step, until the last wallet shows.
  const last = list.getByRole('option', { name: expected.data.at(-1).name })
  await list.hover()
  const steps = Math.ceil((expected.count * 56) / 1200) + 20
  for (let step = 0; step < steps && !(await last.isVisible()); step++) {
    await page.mouse.wheel(0, 1200)
    await page.waitForTimeout(50)
    await expectBoundedRows(page, `after wheel step ${step + 1}`)
  }
  await expect(last).toBeVisible()
  await expect(last).toHaveAttribute('aria-posinset', String(expected.count))
  await expect(last).toHaveAttribute('aria-setsize', String(expected.count))
  await expectBoundedRows(page, 'at the end')

  // Each page was asked for once (counted from the requests: the page's resource timing buffer
  // fills up with wallet images long before the list ends).
  expect(pages).toEqual(Array.from({ length: Math.ceil(expected.count / 40) }, (_, index) => index + 1))
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})

test('search shows the matching wallets after the typing pause; clearing it brings the list back', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const expected = expectedList(config, 'nova')
  expect(expected.count).toBeGreaterThan(0)
  const log = await openAllWallets(page)
  const dialog = modal(page)
  const searches = []
  page.on('request', (sent) => {
    const url = new URL(sent.url())
    if (url.pathname === '/getWallets' && url.searchParams.has('search')) searches.push(url.searchParams)
  })

  const input = dialog.getByRole('searchbox', { name: 'Search wallet' })
  await input.pressSequentially('nova', { delay: 40 })
  const results = dialog.getByRole('listbox', { name: 'Search results' })
  await expect(dialog.getByText(`${expected.count} found`)).toBeVisible()
  // The results are virtualised too: the rows on screen are the first matches, in order.
  const first = results.getByRole('option').first()
  await expect(first).toHaveAccessibleName(new RegExp(`^${expected.data[0].name}`))
  await expect(first).toHaveAttribute('aria-setsize', String(expected.count))
  const shown = await results
    .getByRole('option')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? row.textContent))
  shown.forEach((name, index) => expect(name).toMatch(new RegExp(`^${expected.data[index].name}`)))
  expect(searches.length, 'one request after the pause, none per key').toBe(1)
  expect(searches[0].get('search')).toBe('nova')
  expect(searches[0].get('entries')).toBe('100')

  await input.fill('no such wallet anywhere')
  await expect(dialog.getByText('No wallet found')).toBeVisible()
  await expect(dialog.getByRole('listbox')).toHaveCount(0)

  const listRequests = searches.length
  await input.fill('')
  await expect(dialog.getByRole('listbox', { name: 'Wallets' }).getByRole('option').first()).toHaveAccessibleName(
    'SigKit Test Wallet, installed',
  )
  await expectBoundedRows(page, 'back on the full list')
  expect(searches.length).toBe(listRequests)
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})

/** Where each wallet row, its name and its logo box sit, in pixels from the list's corner. */
function rowBoxes(page) {
  return page.evaluate(() => {
    const list = document.querySelector('sigkit-modal')?.shadowRoot?.querySelector('[role="listbox"]')
    const origin = list?.getBoundingClientRect() ?? { x: 0, y: 0 }
    const box = (element) => {
      const { x, y, width, height } = element.getBoundingClientRect()
      return [x - origin.x, y - origin.y, width, height].map(Math.round).join(' ')
    }
    return Array.from(list?.querySelectorAll('[role="option"]') ?? [], (row) => ({
      row: box(row),
      name: box(row.querySelector(':scope > span:nth-of-type(2)') ?? row),
      logo: box(row.firstElementChild ?? row),
    }))
  })
}

test('a logo arriving moves nothing: the initial holds its place until it covers it', async ({ page }) => {
  /** Logo requests held until released, so the rows can be measured before and after. */
  let release
  const held = new Promise((resolve) => (release = resolve))
  await page.route(/\/getWalletImage\//, async (route) => {
    await held
    await route.continue()
  })
  await openAllWallets(page)
  const list = modal(page).getByRole('listbox', { name: 'Wallets' })
  const image = list.getByRole('option').nth(1).locator('img')
  // The logo is asked for (a frame after the row shows) but has not arrived: the initial shows.
  await expect(image).toHaveAttribute('src', /\/getWalletImage\//)
  const initial = list.getByRole('option').nth(1).locator('[aria-hidden="true"]')
  await expect(initial).toBeVisible()
  await expect(initial).toHaveText(/^\S$/)
  // The modal's opening animation over, so only the logo could move anything.
  await modal(page).evaluate((dialog) =>
    Promise.all(
      dialog
        .getRootNode()
        .getAnimations()
        .map((animation) => animation.finished),
    ),
  )
  const before = await rowBoxes(page)
  release()
  await expect.poll(() => image.evaluate((element) => element.complete && element.naturalWidth > 0)).toBe(true)
  await expect(image).toHaveAttribute('data-loaded', '')
  await expect(image).toHaveCSS('opacity', '1')
  await expect(initial).toBeHidden()
  expect(await rowBoxes(page)).toEqual(before)
  // Every logo on screen is exactly the initial's box: 40 × 40.
  const sizes = await list
    .locator('img')
    .evaluateAll((images) =>
      images.map((element) => `${element.getBoundingClientRect().width}x${element.getBoundingClientRect().height}`),
    )
  expect(new Set(sizes)).toEqual(new Set(['40x40']))
})

test('while a search is on its way the list keeps its height; the results replace it', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const expected = expectedList(config, 'nova')
  let release
  const held = new Promise((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/getWallets' && url.searchParams.has('search'),
    async (route) => {
      await held
      await route.continue()
    },
  )
  await openAllWallets(page)
  const dialog = modal(page)
  const list = dialog.getByRole('listbox', { name: 'Wallets' })
  await expect(list.getByRole('option').first()).toBeVisible()
  const height = async () => Math.round((await dialog.boundingBox()).height)
  // The card animates to its content's height (150 ms), and a loaded machine can still be mid-way
  // when the first row shows: take the height once two readings 100 ms apart agree.
  let opened
  await expect
    .poll(
      async () => {
        const now = await height()
        const settled = now === opened
        opened = now
        return settled
      },
      { intervals: [100] },
    )
    .toBe(true)

  await dialog.getByRole('searchbox', { name: 'Search wallet' }).pressSequentially('nova', { delay: 40 })
  await expect(dialog.getByText('Searching…')).toBeVisible()
  // Through the typing pause and the request, the rows stay (marked busy) and nothing shrinks.
  await expect(list).toHaveAttribute('aria-busy', 'true')
  expect(await height()).toBe(opened)
  await page.waitForTimeout(500)
  await expect(dialog.getByText('Searching…')).toBeVisible()
  expect(await height()).toBe(opened)

  release()
  const results = dialog.getByRole('listbox', { name: 'Search results' })
  await expect(results.getByRole('option').first()).toHaveAccessibleName(new RegExp(`^${expected.data[0].name}`))
  await expect(results).not.toHaveAttribute('aria-busy', 'true')
  await expect(dialog.getByText(`${expected.count} found`)).toBeVisible()
  if (expected.count >= 7) expect(await height()).toBe(opened)
})

test('keyboard: Tab reaches the list once; arrows, End and Home move through it; Enter picks', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const expected = expectedList(config)
  await openAllWallets(page)
  const dialog = modal(page)
  const list = dialog.getByRole('listbox', { name: 'Wallets' })
  await expect(list.getByRole('option').first()).toBeVisible()

  await dialog.getByRole('searchbox', { name: 'Search wallet' }).focus()
  await page.keyboard.press('Tab')
  const focusedOption = list.locator('[role="option"]:focus')
  await expect(focusedOption).toHaveAccessibleName('SigKit Test Wallet, installed')
  await page.keyboard.press('ArrowDown')
  await expect(focusedOption).toHaveAttribute('aria-posinset', '2')
  await page.keyboard.press('End')
  await expect(focusedOption).toHaveAttribute('aria-posinset', '40')
  await expect(focusedOption).toBeInViewport()
  // Wait for that page: a PageDown pressed before it is in has nowhere to go.
  await expect(list.locator('[role="option"][aria-posinset="41"]')).toBeAttached()
  await page.keyboard.press('PageDown')
  // End brought the next page near: PageDown can go past the first 40 once it is in.
  await expect(focusedOption).not.toHaveAttribute('aria-posinset', '40')
  await expectBoundedRows(page, 'after End and PageDown')
  await page.keyboard.press('Home')
  await expect(focusedOption).toHaveAttribute('aria-posinset', '1')
  await expect(focusedOption).toBeInViewport()
  // Tab leaves the list for the next control rather than walking through every row.
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('searchbox', { name: 'Search wallet' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(focusedOption).toHaveAttribute('aria-posinset', '1')

  // Enter on a wallet that is not installed goes on to connect it (the WalletConnect view).
  await page.keyboard.press('ArrowDown')
  await expect(focusedOption).toHaveAccessibleName(new RegExp(`^${expected.data[1].name}`))
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('heading', { name: 'All Wallets' })).toBeHidden()
  await expect(dialog.getByRole('listbox')).toHaveCount(0)
})

test('a failed page shows the error under the rows already loaded; Try again loads it', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const api = await emulator(request, config)
  await openAllWallets(page)
  const dialog = modal(page)
  const list = dialog.getByRole('listbox', { name: 'Wallets' })
  await expect(list.getByRole('option').first()).toBeVisible()
  try {
    await api.setFault('wallets', '500', { times: 1 })
    // Near the end of page 1: page 2 is asked for, and fails.
    await list.evaluate((element) => {
      element.scrollTop = 30 * 56
    })
    await expect(dialog.getByRole('alert')).toContainText('Could not load wallets')
    // What was loaded stays: the end of page 1 is still there, page 2's rows are not.
    await expect(list.locator('[aria-posinset="30"]')).toBeVisible()
    await expect(list.locator('[aria-posinset="40"]')).toBeAttached()
    await expect(list.locator('[aria-posinset="41"]')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await expect(list.locator('[aria-posinset="41"]')).toBeAttached()
  } finally {
    await api.clearFaults()
  }
})

test('axe finds no serious or critical violation in All Wallets', async ({ page }) => {
  await openAllWallets(page)
  await expect(modal(page).getByRole('option').first()).toBeVisible()
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
})
