// Headless (AppKit's headless API) end to end: demo/headless.html draws its own connect screen over
// appKit.getWalletList / fetchWallets / prefetchWalletConnectUri / connectWallet on the CDN build.
// An installed wallet connects, a real WalletConnect wallet (WalletKit, in this Node process) pairs
// from the prefetched URI through the sandbox's relay, and nothing of the modal is ever requested.
import { readFileSync } from 'node:fs'
import { createWalletConnectWallet } from '../../demo/walletconnect-wallet/node.mjs'
import { answerWallet, expect, sandboxConfig, seriousAxeViolations, test } from './helpers.mjs'

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

test('a WalletConnect wallet pairs from the prefetched URI; the modal never loads', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const rpcUrls = Object.fromEntries(config.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  const wallet = await createWalletConnectWallet({ relayUrl: config.relayUrl, evm: { rpcUrls } })
  try {
    const log = await openHeadless(page)
    await page.getByRole('button', { name: 'Show the pairing code' }).click()
    await expect(page.getByTestId('wc-uri')).toHaveText(/^wc:/, { timeout: 15_000 })
    const uri = await page.getByTestId('wc-uri').textContent()
    expect(await page.evaluate(() => window.appKit.getWalletConnectUri().wcUri)).toBe(uri)
    await wallet.pair(uri)
    await wallet.approveNextSession()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(page.getByTestId('account-address')).toHaveText(wallet.evmAddress)
    const modal = new Set(modalFiles())
    expect(log.requested.filter((path) => modal.has(path))).toEqual([])
    expect(log.errors).toEqual([])
  } finally {
    await wallet.stop()
  }
})
