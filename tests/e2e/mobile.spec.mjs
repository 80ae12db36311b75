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
  // A deep link to an app that is not installed goes nowhere in a test browser: record it instead,
  // with whether the page still had the tap's user activation when it navigated.
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

  // Opening the list on a phone starts the pairing at once, so its URI is ready before the tap.
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
