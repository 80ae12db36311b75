// Activity, NFTs and Receive end to end in Chromium, against the sandbox the demo server runs: a
// send from the modal shows at the top of Activity; a 120-transaction history scrolls page by page
// with a DOM that does not grow; a failing history route shows the toast and a retry that works;
// Receive shows a QR code that decodes (jsQR, in the page) to the address. Serial: the tests share
// the chains, the wallet account and the emulator's fault switches.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { answerWallet, connectTestWallet, emulator, expect, modal, openDapp, sandboxConfig, test } from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

const jsQR = readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8')

/** Connects, opens the Account view and picks a tab. */
async function openTab(page, name) {
  await connectTestWallet(page)
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('tab', { name }).click()
  return dialog.getByRole('tabpanel')
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious or critical axe violations in the page, shadow roots included. */
async function seriousViolations(page) {
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

const rows = (panel) => panel.getByRole('listitem').filter({ hasText: 'ago' })

test('send 0.01 ETH in the modal: Activity shows it at the top with its amount and how long ago', async ({ page }) => {
  const log = await openDapp(page)
  const panel = await openTab(page, 'Activity')
  await expect(rows(panel).first()).toBeVisible()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await dialog.getByLabel('Amount').fill('0.01')
  await dialog.getByLabel('Receiver address').fill((await sandboxConfig(page.request)).accounts.recipient)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await answerWallet(page, 'Send transaction')
  // Back on the Account view, still on the Activity tab: the send leads the list.
  const top = rows(dialog.getByRole('tabpanel')).first()
  await expect(top).toContainText('-0.01 ETH')
  await expect(top).toContainText('Sent')
  await expect(top).toContainText(/\d+ (sec|min) ago/)
  await expect(top).not.toContainText('Pending')
  expect(await seriousViolations(page), 'Account view, Activity tab').toEqual([])
  expect(log.errors).toEqual([])
})

test('a 120-transaction history scrolls page by page; the DOM stays the same size', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const sent = await request.post(`${config.apiUrl}/__sandbox/activity`, {
    data: { chainId: 'eip155:31337', count: 120 },
  })
  expect(sent.ok()).toBe(true)
  const api = await emulator(request, config)
  await openDapp(page)
  const panel = await openTab(page, 'Activity')
  await expect(rows(panel).first()).toContainText('-<0.001 ETH')
  const asked = await api.requestCount('history')
  const scroller = panel.getByRole('group', { name: 'Transactions' })
  const sizes = []
  // To the end, one viewport at a time, as a visitor scrolls: the pages load on the way.
  for (let step = 0; step < 80; step++) {
    await scroller.evaluate((element) => element.scrollBy(0, element.clientHeight))
    sizes.push(await panel.evaluate((element) => element.querySelectorAll('*').length))
    if (await panel.getByText('+1,250.5 USDC').isVisible()) break
  }
  // The oldest transaction (the start-up USDC funding) is reached: every page came in.
  await expect(panel.getByText('+1,250.5 USDC')).toBeVisible()
  expect(await api.requestCount('history')).toBeGreaterThanOrEqual(asked + 2)
  expect(Math.max(...sizes), `DOM nodes in the panel while scrolling: ${sizes.join(', ')}`).toBeLessThan(250)
  expect(await rows(panel).count()).toBeLessThan(20)
})

test('a failing history route: the toast, then Retry shows the list', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const api = await emulator(request, config)
  await api.setFault('history', '500', { times: 1 })
  try {
    await openDapp(page)
    const panel = await openTab(page, 'Activity')
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch transactions' })).toBeVisible()
    await expect(panel).toContainText('Failed to fetch transactions')
    await panel.getByRole('button', { name: 'Retry' }).click()
    await expect(rows(panel).first()).toBeVisible()
  } finally {
    await api.clearFaults()
  }
})

test('NFTs lists the held ones with pictures, spam hidden; Receive shows a QR code that decodes to the address', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await openDapp(page)
  const panel = await openTab(page, 'NFTs')
  await expect(panel.getByText('SigKit Pals #1')).toBeVisible()
  await expect(panel.getByText('Claim Your Reward')).toHaveCount(0)
  expect(await seriousViolations(page), 'Account view, NFTs tab').toEqual([])
  expect(
    await panel
      .locator('img')
      .first()
      .evaluate((image) => image.naturalWidth > 0),
  ).toBe(true)

  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
  const address = await page.getByTestId('account-address').textContent()
  await expect(dialog.getByText(address)).toBeVisible()
  await page.addScriptTag({ content: jsQR })
  const decoded = await page.evaluate(async () => {
    const svg = document
      .querySelector('sigkit-modal')
      .shadowRoot.querySelector('svg[role="img"][aria-label^="QR code"]')
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 400
    const context = canvas.getContext('2d')
    context.fillStyle = '#fff'
    context.fillRect(0, 0, 400, 400)
    context.drawImage(image, 20, 20, 360, 360)
    return window.jsQR(context.getImageData(0, 0, 400, 400).data, 400, 400)?.data ?? null
  })
  expect(decoded).toBe(address)
  expect(await seriousViolations(page), 'Receive view').toEqual([])
  await dialog.getByRole('button', { name: 'Copy address' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
})
