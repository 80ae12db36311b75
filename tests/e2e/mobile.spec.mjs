// Phones: with an iPhone profile, tapping a wallet in All Wallets opens its deep link with the
// encoded pairing URI in that same tap (iOS Safari blocks a navigation that follows an await).
import { devices } from '@playwright/test'
import { generateWallets, queryWallets } from '../../demo/sandbox/wallets.mjs'
import { expect, modal, sandboxConfig, test } from './helpers.mjs'

const iPhone = devices['iPhone 13']
test.use({
  userAgent: iPhone.userAgent,
  viewport: iPhone.viewport,
  deviceScaleFactor: iPhone.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
})

/**
 * Opens the CDN demo page. A deep link to an app that is not installed goes nowhere in a test
 * browser: `window.open` records it instead (in `window.__opened`), with whether the page still had
 * the tap's user activation when it navigated.
 */
async function openRecordingLinks(page) {
  await page.addInitScript(() => {
    window.__opened = []
    window.open = (href, target) => {
      window.__opened.push({ href: String(href), target, duringTap: navigator.userActivation?.isActive ?? null })
      return null
    }
  })
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  )
  await page.goto('/cdn.html')
  await page.waitForFunction(() => window.appKit !== undefined)
}

test('iPhone: tapping a wallet navigates to its deep link with the encoded URI, inside the tap', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  // A wallet of the dapp's networks with a custom-scheme deep link, from the emulator's fixture.
  const chains = config.chains.map((chain) => `eip155:${chain.chainId}`)
  const wallet = queryWallets(generateWallets(), { page: 1, entries: 10_000, chains }).data.find(
    (item) => item.mobile_link?.endsWith('://') && !item.rdns,
  )
  const scheme = wallet.mobile_link
  await openRecordingLinks(page)

  // Opening the list on a phone starts the pairing once its first rows have painted, so the URI
  // is ready before the tap.
  const relay = page.waitForEvent('websocket', (socket) => socket.url().startsWith(config.relayUrl))
  await page.evaluate(() => window.appKit.open({ view: 'AllWallets' }))
  const socket = await relay
  await socket.waitForEvent('framesent', (frame) => String(frame.payload).includes('wc_proposeSession'))

  await modal(page).getByRole('searchbox', { name: 'Search wallet' }).fill(wallet.name)
  await modal(page).getByRole('option', { name: wallet.name, exact: true }).tap()

  await expect.poll(() => page.evaluate(() => window.__opened.length)).toBe(1)
  const [opened] = await page.evaluate(() => window.__opened)
  expect(opened.target).toBe('_self')
  expect(opened.duringTap, 'navigated inside the tap').toBe(true)
  expect(opened.href.startsWith(`${scheme}wc?uri=wc%3A`), opened.href).toBe(true)
  const uri = decodeURIComponent(opened.href.slice(`${scheme}wc?uri=`.length))
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/)
  await expect(modal(page).getByRole('heading', { name: wallet.name })).toBeVisible()
})

test('iPhone: Connect lists the recommended wallets with their logos; the pairing starts after they painted; a tap opens the deep link', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const chains = config.chains.map((chain) => `eip155:${chain.chainId}`)
  await openRecordingLinks(page)

  /** When each logo (by image id) first finished loading. */
  const logoLoadedAt = new Map()
  page.on('requestfinished', (finished) => {
    const imageId = /\/getWalletImage\/([^?]+)/.exec(finished.url())?.[1]
    if (imageId && !logoLoadedAt.has(imageId)) logoLoadedAt.set(decodeURIComponent(imageId), Date.now())
  })
  /** When the relay socket opened, and whether the session proposal went through it. */
  let relayOpenedAt
  let proposed = false
  page.on('websocket', (socket) => {
    if (!socket.url().startsWith(config.relayUrl)) return
    relayOpenedAt ??= Date.now()
    socket.on('framesent', (frame) => {
      if (String(frame.payload).includes('wc_proposeSession')) proposed = true
    })
  })

  await page.locator('appkit-button').click()
  const wallets = modal(page).getByRole('list', { name: 'Wallets' })
  // The emulator's ranking for the dapp's networks; the test wallet is installed in this page, so
  // its injected entry stands for it.
  const expected = queryWallets(generateWallets(), { page: 1, entries: 20, chains })
    .data.filter((wallet) => wallet.rdns !== 'dev.sigkit.testwallet')
    .slice(0, 4)
  for (const wallet of expected)
    await expect(wallets.getByRole('button', { name: wallet.name, exact: true })).toBeVisible()
  // Each row's visible name (a row without a logo also shows an initial, hidden from readers).
  const names = await wallets
    .getByRole('button')
    .evaluateAll((rows) => rows.map((row) => row.lastElementChild?.textContent?.trim()))
  const first = names.indexOf(expected[0].name)
  expect(names.slice(first, first + 4), 'in the ranking order').toEqual(expected.map((wallet) => wallet.name))
  expect(
    names.filter((name) => name === 'SigKit Test Wallet'),
    'listed once',
  ).toHaveLength(1)
  expect(names.at(-1), 'All Wallets closes the list').toBe('All Wallets')
  for (const wallet of expected) {
    const logo = wallets.getByRole('button', { name: wallet.name, exact: true }).locator('img')
    await expect.poll(() => logo.evaluate((image) => image.complete && image.naturalWidth > 0)).toBe(true)
  }

  // Only once those logos are in does the pairing start; its URI is then ready for the tap.
  await expect.poll(() => relayOpenedAt).toBeDefined()
  for (const wallet of expected) {
    const loadedAt = logoLoadedAt.get(wallet.image_id)
    expect(loadedAt, `${wallet.name}'s logo loaded`).toBeDefined()
    expect(relayOpenedAt, `the relay opened after ${wallet.name}'s logo`).toBeGreaterThanOrEqual(loadedAt)
  }
  await expect.poll(() => proposed).toBe(true)

  const linked = expected.find((wallet) => wallet.mobile_link?.endsWith('://'))
  await wallets.getByRole('button', { name: linked.name, exact: true }).tap()
  await expect.poll(() => page.evaluate(() => window.__opened.length)).toBe(1)
  const [opened] = await page.evaluate(() => window.__opened)
  expect(opened.target).toBe('_self')
  expect(opened.duringTap, 'navigated inside the tap').toBe(true)
  expect(opened.href.startsWith(`${linked.mobile_link}wc?uri=wc%3A`), opened.href).toBe(true)
  await expect(modal(page).getByRole('heading', { name: linked.name })).toBeVisible()
})
