// Headless (AppKit's headless API) end to end: demo/headless.html draws its own connect screen over
// appKit.getWalletList / fetchWallets / prefetchWalletConnectUri / connectWallet on the CDN build,
// its QR code with sigkit/qr and its own connections list with getConnections / switchConnection /
// deleteConnection. An installed wallet connects, a real WalletConnect wallet (WalletKit, in this
// Node process) pairs through the sandbox's relay from the URI read back from the QR code, the two
// are listed, switched, signed with and disconnected, and nothing of the modal is ever requested.
import { readFileSync } from 'node:fs'
import { verifyMessage } from 'viem'
import {
  answerWallet,
  decodeQr,
  expect,
  expectRestoredWithoutPrompt,
  INJECTED_NAME,
  recordWalletCalls,
  sandboxConfig,
  SECOND_ADDRESS,
  SECOND_KEY,
  seriousAxeViolations,
  test,
  switchToConnection,
  WC_NAME,
  sandboxWalletConnectWallet,
} from './helpers.mjs'

/** The CDN build's files that hold the modal (shell, views, kit, styles), as URL paths. */
function modalFiles() {
  const meta = JSON.parse(readFileSync(new URL('../../dist/cdn/meta.json', import.meta.url), 'utf8'))
  return Object.entries(meta.outputs)
    .filter(
      ([path, output]) =>
        path.endsWith('.js') &&
        Object.keys(output.inputs).some((input) =>
          /^src\/ui\/(modal\/|kit\/|views\/.*\.tsx$|theme\/stitches)|@stitches|preact\/compat/.test(input),
        ),
    )
    .map(([path]) => path.replace(/^dist\/cdn\//, '/cdn/'))
}

async function openHeadless(page) {
  const log = { errors: [], requested: [] }
  page.on('pageerror', (error) => log.errors.push(String(error?.stack ?? error)))
  page.on('request', (request) => log.requested.push(new URL(request.url()).pathname))
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  )
  await page.goto('/headless.html')
  return log
}

const firstWallets = (page) => page.getByTestId('first-wallets').getByRole('button')
const qrCode = (page) => page.getByRole('img', { name: 'WalletConnect QR code' })
const connectionRows = (page) => page.getByRole('list', { name: 'Connections' }).getByRole('listitem')
const short = (address) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** Shows the pairing code and returns the URI its QR code decodes to, checked against the page's text. */
async function scanPairingCode(page) {
  await page.getByRole('button', { name: 'Show the pairing code' }).click()
  await expect(qrCode(page)).toBeVisible({ timeout: 15_000 })
  const uri = await decodeQr(page, qrCode(page))
  expect(uri, 'the QR code decodes to a pairing URI').toMatch(/^wc:[0-9a-f]{64}@2\?/)
  // The same URI as text, for a desktop wallet, and in the API.
  await expect(page.getByTestId('wc-uri')).toHaveText(uri)
  expect(await page.evaluate(() => window.appKit.getWalletConnectUri().wcUri)).toBe(uri)
  return uri
}
const allWallets = (page) => page.getByTestId('all-wallets').getByRole('button')

test('the page lists installed wallets first, then the API top wallets; search and paging; no modal code loads', async ({
  page,
}) => {
  const log = await openHeadless(page)
  await expect(firstWallets(page).first()).toHaveText(/SigKit Test Wallet \(installed\)/, { timeout: 15_000 })
  // The first screen fills up with the wallet API's top wallets after the installed one.
  await expect.poll(() => firstWallets(page).count()).toBeGreaterThan(1)
  // The full list: one page of 40, the count from the API; "More wallets" loads the next page.
  await expect(page.getByTestId('wallet-count')).toHaveText(/^\d+ of \d+ wallets$/, { timeout: 15_000 })
  const firstPage = await allWallets(page).count()
  expect(firstPage).toBeGreaterThanOrEqual(40)
  await page.getByRole('button', { name: 'More wallets' }).click()
  await expect.poll(() => allWallets(page).count()).toBeGreaterThan(firstPage)
  // A search replaces the list with the API's answer for the term.
  const name = (await allWallets(page).nth(5).textContent()).trim()
  await page.getByLabel('Search wallets').fill(name)
  await expect(allWallets(page).filter({ hasText: name }).first()).toBeVisible()
  await expect.poll(() => allWallets(page).count()).toBeLessThan(firstPage)

  expect(await seriousAxeViolations(page)).toEqual([])
  const modal = new Set(modalFiles())
  expect(modal.size, 'the build has modal files to look for').toBeGreaterThan(3)
  expect(log.requested.filter((path) => modal.has(path))).toEqual([])
  expect(log.errors).toEqual([])
})

test('an installed wallet connects through connectWallet', async ({ page }) => {
  const log = await openHeadless(page)
  const installed = firstWallets(page).filter({ hasText: 'SigKit Test Wallet' })
  await expect(installed).toBeVisible({ timeout: 15_000 })
  await installed.click()
  await answerWallet(page, 'Connect')
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.getByTestId('account-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const modal = new Set(modalFiles())
  expect(log.requested.filter((path) => modal.has(path))).toEqual([])
  expect(log.errors).toEqual([])
})

test('a WalletConnect wallet pairs from the QR code of the prefetched URI; the modal never loads', async ({
  page,
  request,
  context,
}) => {
  const config = await sandboxConfig(request)
  const wallet = await sandboxWalletConnectWallet(config)
  try {
    const log = await openHeadless(page)
    const uri = await scanPairingCode(page)
    // The text copies as it is.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy the pairing URI' }).click()
    await expect(page.getByTestId('copy-status')).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri)
    // Hidden with resetWalletConnectUri, drawn again from the URI shown next (the same pairing,
    // still unexpired), which the wallet then scans.
    await page.getByRole('button', { name: 'Hide the pairing code' }).click()
    await expect(qrCode(page)).toBeHidden()
    await expect(page.getByTestId('wc-uri')).toHaveText('')
    const scanned = await scanPairingCode(page)
    await wallet.pair(scanned)
    await wallet.approveNextSession()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(page.getByTestId('account-address')).toHaveText(wallet.evmAddress)
    // Connected: the code is gone.
    await expect(qrCode(page)).toBeHidden()
    const modal = new Set(modalFiles())
    expect(log.requested.filter((path) => modal.has(path))).toEqual([])
    expect(log.requested, 'the encoder came with sigkit/qr').toContain('/cdn/qr.js')
    expect(log.errors).toEqual([])
  } finally {
    await wallet.stop()
  }
})

test("the page's own connections list: two wallets, switch (the provider signs as the first), disconnect one, reload restores the other without a prompt", async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const first = config.accounts.wallet
  const wallet = await sandboxWalletConnectWallet(config, { privateKey: SECOND_KEY })
  try {
    expect(wallet.evmAddress).toBe(SECOND_ADDRESS)
    await page.addInitScript(recordWalletCalls)
    const log = await openHeadless(page)
    const address = page.getByTestId('account-address')
    const rows = connectionRows(page)
    await expect(page.getByTestId('connections-empty')).toHaveText('No wallet connected.')

    // The injected wallet: one row, active, nothing to switch to.
    const installed = firstWallets(page).filter({ hasText: INJECTED_NAME })
    await expect(installed).toBeVisible({ timeout: 15_000 })
    await installed.click()
    await answerWallet(page, 'Connect')
    await expect(address).toHaveText(first)
    await expect(rows).toHaveCount(1)
    await expect(rows.nth(0)).toContainText(INJECTED_NAME)
    await expect(rows.nth(0)).toContainText(short(first))
    await expect(rows.nth(0)).toContainText('Active')
    await expect(rows.nth(0).getByRole('button', { name: /^Switch to/ })).toHaveCount(0)
    await expect(page.getByTestId('connections-empty')).toBeHidden()

    // The WalletConnect wallet beside it, paired from the URI read back from the QR code.
    await wallet.pair(await scanPairingCode(page))
    await wallet.approveNextSession()
    await expect(address).toHaveText(SECOND_ADDRESS, { timeout: 15_000 })
    await expect(page.getByTestId('account-changed')).toHaveText(`Account changed to ${SECOND_ADDRESS}`)
    const network = await page.evaluate(() => window.appKit.getCaipNetwork()?.name)
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText(WC_NAME)
    await expect(rows.nth(0)).toContainText(`${short(SECOND_ADDRESS)} on ${network}`)
    await expect(rows.nth(0)).toContainText('Active')
    await expect(rows.nth(1)).toContainText(INJECTED_NAME)
    await expect(rows.nth(1)).toContainText(`${short(first)} on ${network}`)
    await expect(rows.nth(1)).not.toContainText('Active')
    // The injected wallet's icon from its announcement (an allowed scheme); the WalletConnect test
    // wallet's session metadata has none, so no image.
    expect(await rows.nth(1).locator('img').getAttribute('src')).toMatch(/^(https?:\/\/|data:image\/)/)
    await expect(rows.nth(0).locator('img')).toHaveCount(0)
    expect(await seriousAxeViolations(page)).toEqual([])

    // Switch to the first: no wallet asked; the page sees the account change, and the dapp's
    // provider now signs as the first account (checked here against the signature).
    await switchToConnection(page, rows, 1, INJECTED_NAME)
    await expect(address).toHaveText(first)
    await expect(page.getByTestId('account-changed')).toHaveText(`Account changed to ${first}`)
    await expect(rows.nth(1).getByRole('button', { name: `Switch to ${WC_NAME}` })).toBeVisible()
    const message = 'Signed on the headless page by the first wallet'
    await page.getByRole('textbox', { name: 'Message' }).fill(message)
    await page.getByRole('button', { name: 'Sign with the active wallet' }).click()
    await answerWallet(page, 'Sign message')
    const result = page.getByTestId('sign-result')
    await expect(result).toHaveAttribute('data-signature', /^0x[0-9a-f]{130}$/)
    const signature = await result.getAttribute('data-signature')
    expect(await verifyMessage({ address: first, message, signature }), `signed by ${first}`).toBe(true)
    expect(await verifyMessage({ address: SECOND_ADDRESS, message, signature })).toBe(false)

    // Disconnect the WalletConnect wallet: the injected one stays, still active.
    await page.getByRole('button', { name: `Disconnect ${WC_NAME}` }).click()
    await expect(rows).toHaveCount(1)
    await expect(rows.nth(0)).toContainText(INJECTED_NAME)
    await expect(address).toHaveText(first)
    await expect.poll(() => wallet.sessions().length, { message: 'the wallet saw its session end' }).toBe(0)

    // A reload restores the injected wallet alone, without asking it to connect.
    await page.reload()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(address).toHaveText(first)
    await expect(rows).toHaveCount(1)
    await expect(rows.nth(0)).toContainText(INJECTED_NAME)
    await expect(rows.nth(0)).toContainText('Active')
    await expectRestoredWithoutPrompt(page)
    expect(await seriousAxeViolations(page)).toEqual([])

    const modal = new Set(modalFiles())
    expect(log.requested.filter((path) => modal.has(path))).toEqual([])
    expect(log.errors).toEqual([])
  } finally {
    await wallet.stop()
  }
})
