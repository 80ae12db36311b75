// Both builds under a strict Content-Security-Policy (docs/csp.md), as banks and exchanges run
// them: the demo server sends the policy as a response header (`?csp=strict`, demo/serve.mjs):
// no 'unsafe-inline', no 'unsafe-eval', only the sandbox's hosts. Every flow runs with zero
// `securitypolicyviolation` events (in the page and its frames) and no CSP error in the console,
// and the modal is styled. Each flow starts from a fresh page; Swap and Buy run on Localhost L2, as
// their own specs do, so 31337's balances stay as the sandbox seeded them.
import {
  answerWallet,
  chainBalance,
  connectOnL2,
  connectTestWallet,
  expect,
  loginWithEmail,
  modal,
  openBuy,
  openDapp,
  resetFeatures,
  sandboxConfig,
  sendFromWidget,
  setOnrampFeature,
  signOnPage,
  test,
} from './helpers.mjs'

test.beforeAll(async ({ request }) => setOnrampFeature(request, true))
test.afterAll(async ({ request }) => resetFeatures(request))

/**
 * Records every CSP violation of the page and its frames from before the first script runs: the
 * `securitypolicyviolation` events (composed, so those from shadow roots reach the document) and
 * Chromium's console reports ("Refused to …", which also name blocked `eval`).
 */
async function watchPolicy(page) {
  const violations = []
  await page.exposeFunction('reportCspViolation', (text) => violations.push(text))
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      window.reportCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  )
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      violations.push(message.text())
  })
  return violations
}

/** Opens a demo page under the strict policy, checking the header really came with it. */
async function openUnderPolicy(page, path) {
  const violations = await watchPolicy(page)
  const served = page.waitForResponse((response) => response.request().resourceType() === 'document')
  const log = await openDapp(page, path)
  const policy = (await served).headers()['content-security-policy']
  expect(policy).toContain("style-src 'self'")
  expect(policy).not.toContain('unsafe-')
  return { log, violations }
}

/** The modal's card wears its stylesheet: the dark theme's background and the modal's width. */
async function expectStyledModal(page) {
  const dialog = modal(page)
  await expect(dialog).toBeVisible()
  const style = await dialog.evaluate((card) => ({
    background: getComputedStyle(card).backgroundColor,
    width: card.offsetWidth,
  }))
  expect(style).toEqual({ background: 'rgb(20, 20, 20)', width: 360 })
}

/** `<appkit-button>`'s button wears its stylesheet (the accent colour), not the browser's grey. */
async function expectStyledButton(page) {
  const background = await page
    .locator('appkit-button')
    .locator('button')
    .evaluate((button) => getComputedStyle(button).backgroundColor)
  expect(background).toBe('rgb(31, 111, 235)')
}

test('the watcher sees a violation: an inline <style> on the page under the policy is reported', async ({ page }) => {
  const { violations } = await openUnderPolicy(page, '/cdn.html?csp=strict')
  await page.evaluate(() =>
    document.head.append(Object.assign(document.createElement('style'), { textContent: 'p{}' })),
  )
  await expect.poll(() => violations.length).toBeGreaterThan(0)
})

test('React page: connect, the styled modal, send and sign with no violation', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const wallet = config.accounts.wallet
  const { log, violations } = await openUnderPolicy(page, '/?csp=strict')
  await expectStyledButton(page)
  await page.locator('appkit-button').click()
  await expectStyledModal(page)
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  await connectTestWallet(page)

  const before = await chainBalance(config, wallet)
  await sendFromWidget(page, config.accounts.recipient, '0.01')
  await expect.poll(() => chainBalance(config, wallet), { message: 'the transaction is mined' }).not.toBe(before)
  await page.keyboard.press('Escape')
  await signOnPage(page)
  expect(violations).toEqual([])
  expect(log.errors).toEqual([])
})

test('React page: Swap with no violation', async ({ page }) => {
  const violations = await watchPolicy(page)
  const log = await connectOnL2(page, '/?csp=strict')
  await page.getByRole('button', { name: 'Swap 0.1 ETH for USDC' }).click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Review swap' }).click()
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await answerWallet(page, 'Send transaction')
  await expect(page.getByRole('status').filter({ hasText: 'Swapped 0.1 ETH for USDC' })).toBeVisible()
  expect(violations).toEqual([])
  expect(log.errors).toEqual([])
})

test('React page: Buy (the on-ramp) with no violation', async ({ page }) => {
  const violations = await watchPolicy(page)
  const log = await connectOnL2(page, '/?csp=strict')
  const dialog = await openBuy(page, 'Coinbase')
  await dialog.getByLabel('Amount').fill('50')
  await expect(dialog.locator('[data-purchase-amount]')).toHaveText('49 USDC')
  const popupOpened = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Continue with Coinbase' }).click()
  const popup = await popupOpened
  await popup.getByRole('button', { name: 'Pay' }).click()
  await expect(dialog.locator('[data-purchase="success"]')).toHaveText(
    'Purchase complete: 49 USDC arrived in your wallet.',
    { timeout: 15_000 },
  )
  expect(violations).toEqual([])
  expect(log.errors).toEqual([])
})

test('React page: the email login through the secure frame with no violation', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const { log, violations } = await openUnderPolicy(page, '/?csp=strict')
  await loginWithEmail(page, request, config, `csp-${Date.now()}@sigkit.test`)
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  expect(violations).toEqual([])
  expect(log.errors).toEqual([])
})

test('CDN page: the styled button, the styled modal and a connection, with no violation', async ({ page }) => {
  const { log, violations } = await openUnderPolicy(page, '/cdn.html?csp=strict')
  await expectStyledButton(page)
  await page.locator('appkit-button').click()
  await expectStyledModal(page)
  await modal(page)
    .getByRole('button', { name: /SigKit Test Wallet/ })
    .click()
  await answerWallet(page, 'Connect')
  await expect(modal(page)).toBeHidden()
  await page.locator('appkit-button').click()
  await expect(modal(page).getByRole('button', { name: 'Disconnect' })).toBeVisible()
  await expectStyledModal(page)
  expect(violations).toEqual([])
  expect(log.errors).toEqual([])
})

test("CDN page in a browser without constructable stylesheets: <style> elements with the site's nonce", async ({
  page,
}) => {
  // As Safari before 16.4: shadow roots have no adoptedStyleSheets.
  await page.addInitScript(() => delete ShadowRoot.prototype.adoptedStyleSheets)
  const { log, violations } = await openUnderPolicy(page, '/cdn.html?csp=nonce')
  await expectStyledButton(page)
  await page.locator('appkit-button').click()
  await expectStyledModal(page)
  const nonces = await page.evaluate(() =>
    ['appkit-button', 'sigkit-modal'].map(
      (host) => document.querySelector(host).shadowRoot.querySelector('style').nonce,
    ),
  )
  const pageNonce = await page.evaluate(() => document.querySelector('meta[property="csp-nonce"]').nonce)
  expect(nonces).toEqual([pageNonce, pageNonce])
  expect(violations).toEqual([])
  expect(log.errors).toEqual([])
})
