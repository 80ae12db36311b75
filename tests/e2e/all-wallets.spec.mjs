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
  // Only rendered rows have an image, and each loads lazily from the wallet API host.
  const image = list.getByRole('option').nth(1).locator('img')
  await expect(image).toHaveAttribute('loading', 'lazy')
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
