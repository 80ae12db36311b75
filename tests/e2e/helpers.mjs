// Shared steps of the sandbox e2e tests: the demo page, the test wallet's prompt, the modal,
// and reading the chain directly to compare with what the page shows.
import { createWalletConnectWallet } from '../../demo/walletconnect-wallet/node.mjs'
import { expect, test as base } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createPublicClient, erc20Abi, formatEther, http } from 'viem'

/**
 * Playwright's test with each worker on its own demo server and sandbox (playwright.config.mjs
 * starts one per worker): pages and `request` resolve relative URLs against this worker's.
 */
export const test = base.extend({
  baseURL: async ({}, use, testInfo) => use(demoServerURL(testInfo.parallelIndex)),
})

/** The demo server of the worker with this parallel index (by default, the running test's). */
export function demoServerURL(parallelIndex = test.info().parallelIndex) {
  const ports = (process.env.SIGKIT_E2E_PORTS ?? '').split(',')
  if (!ports[parallelIndex])
    throw new Error(`No demo server for worker ${parallelIndex}: run through playwright.config.mjs`)
  return `http://127.0.0.1:${ports[parallelIndex]}`
}

/** The sandbox the demo server runs (its chains, API emulator and accounts). */
export async function sandboxConfig(request) {
  const response = await request.get('/sandbox-config.json')
  expect(response.ok(), 'the demo server runs the sandbox').toBe(true)
  return response.json()
}

/** ETH balance of an address on a sandbox chain, read from anvil, as formatEther prints it. */
export async function chainBalance(config, address, chainId = 31337) {
  const chain = config.chains.find((item) => item.chainId === chainId)
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  return formatEther(await client.getBalance({ address }))
}

/** Opens the React demo page; records page errors and keeps every request on 127.0.0.1. */
export async function openDapp(page, path = '/') {
  const log = { errors: [] }
  page.on('pageerror', (error) => log.errors.push(String(error?.stack ?? error)))
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  )
  await page.goto(path)
  await expect(page.locator('appkit-button')).toBeVisible()
  return log
}

/** The test wallet's approve/reject prompt (its own shadow root, like an extension popup). */
export function walletPrompt(page) {
  return page.locator('sigkit-test-wallet-prompt').getByRole('alertdialog')
}

/** Waits for the wallet prompt asking `action`, then clicks Approve or Reject. */
export async function answerWallet(page, action, approve = true) {
  const prompt = walletPrompt(page)
  await expect(prompt).toBeVisible()
  await expect(prompt).toContainText(action)
  await prompt.getByRole('button', { name: approve ? 'Approve' : 'Reject' }).click()
  await expect(prompt).toBeHidden()
}

/** The modal dialog (inside SigKit's shadow root). */
export const modal = (page) => page.getByRole('dialog')

/**
 * Waits for the modal to close; when it stays open, the failure says what it shows (a reopened
 * view, an error message), which the matcher's own message does not.
 */
export async function expectModalClosed(page, options = {}) {
  try {
    await expect(modal(page)).toBeHidden(options)
  } catch (error) {
    const shown = await modal(page)
      .innerText({ timeout: 1_000 })
      .catch(() => '(unreadable)')
    throw new Error(`The modal stayed open, showing: ${shown.replace(/\s+/g, ' ').slice(0, 200)}`, { cause: error })
  }
}

/** Connects the SigKit Test Wallet through the modal and waits for the page to say so. */
export async function connectTestWallet(page) {
  await page.locator('appkit-button').click()
  await modal(page)
    .getByRole('button', { name: /SigKit Test Wallet/ })
    .click()
  await answerWallet(page, 'Connect')
  await expect(page.getByTestId('account-status')).toHaveText('connected')
}

/** Sends `amount` ETH to `receiver` from the widget's Send view (Account → Send), approved in the wallet. */
export async function sendFromWidget(page, receiver, amount) {
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Send' }).click()
  await dialog.getByLabel('Amount').fill(amount)
  await dialog.getByLabel('Receiver address').fill(receiver)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await answerWallet(page, 'Send transaction')
}

/** The demo page's "Sign message" (useAppKitProvider), approved, verified against the address. */
export async function signOnPage(page) {
  await page.getByRole('button', { name: 'Sign message' }).click()
  await answerWallet(page, 'Sign message')
  await expect(page.getByTestId('sign-result')).toContainText('Signature verified')
}

/** Opens Swap from the Account view's feature row. */
export async function openSwapFromAccount(page) {
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(dialog.getByLabel('You pay')).toBeVisible()
  return dialog
}

/** Opens Buy from the Account view's feature row and chooses a provider. */
export async function openBuy(page, provider) {
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click()
  const list = dialog.getByRole('list', { name: 'On-ramp providers' })
  await expect(list.getByRole('button')).toHaveText(['CoinbaseFees 1-2%', 'Meld.ioFees 1-2%'])
  await list.getByRole('button', { name: new RegExp(`^${provider}`) }).click()
  await expect(dialog.getByLabel('Amount')).toBeVisible()
  return dialog
}

/** What the sandbox API emulator saw for a route, or a fault set on it. */
export async function emulator(request, config) {
  const base = config.apiUrl
  return {
    async setFault(route, mode, extra = {}) {
      const response = await request.post(`${base}/__sandbox/faults`, { data: { route, mode, ...extra } })
      expect(response.ok()).toBe(true)
    },
    async clearFaults() {
      await request.delete(`${base}/__sandbox/faults`)
    },
    async requestCount(route) {
      return (await this.requests(route)).length
    },
    /** What the route received: `{ route, method, url, time }` each. */
    async requests(route) {
      const response = await request.get(`${base}/__sandbox/requests?route=${route}`)
      const body = await response.json()
      return Array.isArray(body) ? body : (body.requests ?? [])
    },
  }
}

/** A token's balance of an address on a sandbox chain, in base units, read from anvil. */
export async function tokenBalanceOf(config, symbol, address, chainId = 31338) {
  const chain = config.chains.find((item) => item.chainId === chainId)
  const token = config.tokens[chainId].find((item) => item.symbol === symbol)
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  return client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
}

/** The demo page (`path`), the test wallet connected, then switched to Localhost L2 (which the wallet adds). */
export async function connectOnL2(page, path = '/') {
  const log = await openDapp(page, path)
  await connectTestWallet(page)
  await page.getByRole('button', { name: 'Switch to Localhost L2', exact: true }).click()
  await answerWallet(page, 'Add network')
  await expect(page.getByTestId('network-name')).toHaveText('Localhost L2 (chain 31338)')
  return log
}

/**
 * Puts the emulator's project config back to the features it started with (a hosted project's
 * defaults: email, socials, swaps, on-ramp, activity on), undoing what a spec switched.
 */
export async function resetFeatures(request) {
  const config = await sandboxConfig(request)
  const response = await request.delete(`${config.apiUrl}/__sandbox/features`)
  expect(response.ok()).toBe(true)
}

/** Turns the on-ramp (both providers) on or off in the emulator's remote configuration. */
export async function setOnrampFeature(request, isEnabled) {
  const config = await sandboxConfig(request)
  const response = await request.post(`${config.apiUrl}/__sandbox/features`, {
    data: { onramp: { isEnabled, config: isEnabled ? ['coinbase', 'meld'] : [] } },
  })
  expect(response.ok()).toBe(true)
}

/** The `count`th login code the sandbox's secure frame mailed to `email` (its mailbox route), once it is there. */
export async function mailedCode(request, config, email, count = 1, { timeout } = {}) {
  let mails = []
  await expect
    .poll(
      async () =>
        (mails = (await (await request.get(`${config.secureFrameUrl}/__sandbox/mailbox?email=${email}`)).json()).mails)
          .length,
      { message: `mail ${count} to ${email}`, ...(timeout ? { timeout } : {}) },
    )
    .toBeGreaterThanOrEqual(count)
  return mails[count - 1].code
}

/**
 * Signs in through the modal's email section on a page already open: the email, the code from the
 * sandbox's mailbox (polled for 30 s: the frame is slow to mail on a loaded machine), the modal
 * closing. Email login must be on (`/__sandbox/features`).
 */
export async function loginWithEmail(page, request, config, email) {
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const code = await mailedCode(request, config, email, 1, { timeout: 30_000 })
  for (const [index, digit] of [...code].entries())
    await dialog.getByRole('textbox', { name: `Digit ${index + 1} of 6` }).fill(digit)
  // The frame verifies the code, then core connects both namespaces through it.
  await expect(dialog).toBeHidden({ timeout: 30_000 })
}

let axeSource
/** Serious or critical axe violations in the page, shadow roots included. */
export async function seriousAxeViolations(page) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

const jsQR = readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8')

/**
 * Draws a QR code's SVG (the modal's, or the one `svg` locates) on a canvas and decodes it with
 * jsQR, in the page.
 */
export async function decodeQr(page, svg) {
  await page.addScriptTag({ content: jsQR })
  const element = svg
    ? await svg.elementHandle()
    : await page.evaluateHandle(() =>
        document.querySelector('sigkit-modal').shadowRoot.querySelector('svg[role="img"][aria-label^="QR code"]'),
      )
  return element.evaluate(async (svg) => {
    const source = new XMLSerializer().serializeToString(svg)
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 400
    const context = canvas.getContext('2d')
    context.fillStyle = '#fff'
    context.fillRect(0, 0, 400, 400)
    context.drawImage(image, 20, 20, 360, 360)
    const { data } = context.getImageData(0, 0, 400, 400)
    return window.jsQR(data, 400, 400)?.data ?? null
  })
}

/**
 * Opens the modal with <appkit-button>, picks WalletConnect and returns the pairing URI its QR code
 * decodes to (checked to be one).
 */
export async function scanWalletConnectQr(page) {
  await page.locator('appkit-button').click()
  await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
  await expect(modal(page).getByRole('img', { name: /QR code/ })).toBeVisible({ timeout: 15_000 })
  const uri = await decodeQr(page)
  expect(uri, 'the QR code decodes to a pairing URI').toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/**
 * Clicks <appkit-button>'s button and counts the Connect view's wallet rows once the click's
 * microtasks have run: a preloaded modal renders in the click's own task, with no chunk or
 * import() left to wait for.
 */
export function clickAndCountWalletRows(page) {
  return page.evaluate(async () => {
    document.querySelector('appkit-button').shadowRoot.querySelector('button').click()
    await Promise.resolve()
    const dialog = document.querySelector('sigkit-modal')?.shadowRoot?.querySelector('[role="dialog"]')
    return dialog?.querySelectorAll('section[data-method="wallet"] li').length ?? 0
  })
}

export { expect }

/**
 * After a reload: the injected test wallet was restored from the accounts it has (`eth_accounts`),
 * never asked to connect, and shows no prompt. Needs {@link recordWalletCalls}.
 */
export async function expectRestoredWithoutPrompt(page) {
  const calls = await page.evaluate(() => window.__walletCalls)
  expect(calls, 'restored from the accounts the wallet has').toContain('eth_accounts')
  expect(calls, 'no prompt to connect').not.toContain('eth_requestAccounts')
  await expect(walletPrompt(page)).toHaveCount(0)
}

/**
 * Switches to another connected wallet by its row's "Switch to <name>" button (the modal's Wallets
 * list or a page's own list): the row then comes first and active, and no wallet was asked anything
 * (no prompt, no `eth_requestAccounts`). Needs {@link recordWalletCalls}.
 */
export async function switchToConnection(page, rows, index, name) {
  const callsBefore = (await page.evaluate(() => window.__walletCalls)).length
  await rows
    .nth(index)
    .getByRole('button', { name: `Switch to ${name}` })
    .click()
  await expect(rows.nth(0)).toContainText(name)
  await expect(rows.nth(0)).toContainText('Active')
  await expect(walletPrompt(page)).toHaveCount(0)
  const calls = (await page.evaluate(() => window.__walletCalls)).slice(callsBefore)
  expect(calls, 'switching asks the wallet for nothing').not.toContain('eth_requestAccounts')
}

/**
 * A WalletConnect test wallet (demo/walletconnect-wallet) on the sandbox's relay and EVM chains: the
 * key it is given (`privateKey`), else its own; `approve` decides its requests (all, by default).
 */
export function sandboxWalletConnectWallet(config, { privateKey, approve } = {}) {
  const rpcUrls = Object.fromEntries(config.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  return createWalletConnectWallet({
    relayUrl: config.relayUrl,
    evm: { ...(privateKey && { privateKey }), rpcUrls },
    ...(approve && { approve }),
  })
}

/** Anvil's account #1 (the test wallet holds #0): a second address the sandbox's chains fund. */
export const SECOND_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
export const SECOND_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The wallet names the two test wallets announce (injected) and send in their session (WalletConnect). */
export const INJECTED_NAME = 'SigKit Test Wallet'
export const WC_NAME = 'SigKit WalletConnect Test Wallet'

/** Before any page script: every EIP-1193 method the page asks the injected wallet, in order. */
export function recordWalletCalls() {
  window.__walletCalls = []
  window.addEventListener(
    'eip6963:announceProvider',
    (event) => {
      const provider = event.detail?.provider
      if (!provider || provider.__recorded) return
      const request = provider.request.bind(provider)
      provider.request = (args) => (window.__walletCalls.push(args?.method), request(args))
      provider.__recorded = true
    },
    true,
  )
}
