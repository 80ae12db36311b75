// The EVM slice end to end in Chromium, against the sandbox the demo server runs: the React demo
// page, the SigKit Test Wallet (an EIP-6963 wallet that asks in its own prompt), two anvil chains
// and the API emulator. Serial: the tests share the chains, the wallet account and the
// emulator's fault switches.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  answerWallet,
  chainBalance,
  connectTestWallet,
  emulator,
  expect,
  modal,
  openDapp,
  sandboxConfig,
  sendFromWidget,
  signOnPage,
  test,
  walletPrompt,
} from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

test('connect, balances from the chain, switch through add-chain, send, sign, decline, reload, disconnect', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const wallet = config.accounts.wallet
  const log = await openDapp(page)

  await connectTestWallet(page)
  await expect(page.getByTestId('account-address')).toHaveText(wallet)
  // The balance the hooks show is the chain's, to the wei.
  await expect(page.getByTestId('account-balance')).toHaveText(`${await chainBalance(config, wallet)} ETH`)

  // The Account view: identity from the name table, native balance and both tokens.
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await expect(dialog.getByText('sigkit-tester.eth')).toBeVisible()
  const tokens = dialog.getByRole('tabpanel')
  await expect(tokens.getByText('USD Coin')).toBeVisible()
  await expect(tokens.getByText('SigKit Token')).toBeVisible()
  await expect(tokens).toContainText('1,250.5')

  // Switch to 31338: the wallet does not know it yet, so SigKit adds it (wallet_addEthereumChain).
  await dialog
    .getByRole('button', { name: /Localhost/ })
    .first()
    .click()
  await dialog.getByRole('button', { name: /Localhost L2/ }).click()
  await answerWallet(page, 'Add network')
  await expect(page.getByTestId('network-name')).toHaveText('Localhost L2 (chain 31338)')
  await expect(page.getByTestId('account-balance')).toHaveText(`${await chainBalance(config, wallet, 31338)} ETH`)
  // The switch went back to the Account view; close it to use the page.
  await expect(dialog.getByRole('tabpanel')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // And back from the dapp's own button (useAppKitNetwork), now a plain wallet_switchEthereumChain.
  await page.getByRole('button', { name: 'Switch to Localhost', exact: true }).click()
  await answerWallet(page, 'Switch network')
  await expect(page.getByTestId('network-name')).toHaveText('Localhost (chain 31337)')

  // Send 0.01 ETH from the widget's Send view; the balance updates by itself.
  const before = await chainBalance(config, wallet)
  await sendFromWidget(page, config.accounts.recipient, '0.01')
  await expect.poll(() => chainBalance(config, wallet), { message: 'the transaction is mined' }).not.toBe(before)
  const after = await chainBalance(config, wallet)
  expect(Number(before) - Number(after)).toBeGreaterThanOrEqual(0.01)
  await expect(page.getByTestId('account-balance')).toHaveText(`${after} ETH`)

  // Sign a message (verified against the address on the page), then decline one.
  await page.keyboard.press('Escape')
  await signOnPage(page)
  await page.getByRole('button', { name: 'Sign message' }).click()
  await answerWallet(page, 'Sign message', false)
  await expect(page.getByRole('alert').filter({ hasText: 'Signature declined' })).toBeVisible()

  // A reload restores the session with no wallet prompt.
  await page.reload()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.getByTestId('account-address')).toHaveText(wallet)
  await expect(walletPrompt(page)).toHaveCount(0)
  expect(await page.evaluate(() => window.sigkitTestWallet.pending.length)).toBe(0)

  // Disconnect from the Account view.
  await page.locator('appkit-button').click()
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  await expect(page.locator('appkit-button')).toContainText('Connect Wallet')
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})

test('a failing balance route: toast, 30 s retry block, the native balance still works', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const api = await emulator(request, config)
  await api.setFault('balance', '500')
  try {
    const log = await openDapp(page)
    await connectTestWallet(page)
    await expect(page.getByRole('alert').filter({ hasText: 'Token Balance Unavailable' })).toBeVisible()
    // Nothing else breaks: the native balance comes from the chain.
    await expect(page.getByTestId('account-balance')).toHaveText(
      `${await chainBalance(config, config.accounts.wallet)} ETH`,
    )
    // Within the retry block a refresh does not ask the balance route again.
    const asked = await api.requestCount('balance')
    await page.getByRole('button', { name: 'Refresh balance' }).click()
    await page.waitForTimeout(500)
    expect(await api.requestCount('balance')).toBe(asked)
    expect(log.errors).toEqual([])
  } finally {
    await api.clearFaults()
  }
})

test('a malformed balance response is ignored: the token list stays', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const api = await emulator(request, config)
  await openDapp(page)
  await connectTestWallet(page)
  await page.locator('appkit-button').click()
  const tokens = modal(page).getByRole('tabpanel')
  await expect(tokens.getByText('USD Coin')).toBeVisible()
  await api.setFault('balance', 'malformed')
  try {
    const asked = await api.requestCount('balance')
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect.poll(() => api.requestCount('balance')).toBeGreaterThan(asked)
    await expect(tokens.getByText('USD Coin')).toBeVisible()
    await expect(modal(page).getByRole('alert')).toHaveCount(0)
  } finally {
    await api.clearFaults()
  }
})

/** Serious or critical axe violations in the page, shadow roots included. */
async function seriousViolations(page) {
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('axe finds no serious or critical violation in the Connect and Account views', async ({ page }) => {
  await openDapp(page)
  await page.locator('appkit-button').click()
  await expect(modal(page).getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
  expect(await seriousViolations(page), 'Connect view').toEqual([])

  await modal(page)
    .getByRole('button', { name: /SigKit Test Wallet/ })
    .click()
  await answerWallet(page, 'Connect')
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await page.locator('appkit-button').click()
  await expect(modal(page).getByRole('tabpanel').getByText('USD Coin')).toBeVisible()
  expect(await seriousViolations(page), 'Account view').toEqual([])
})

test('keyboard only: connect, approve, open the account, switch network, disconnect', async ({ page }) => {
  await openDapp(page)
  const focusedName = () =>
    page.evaluate(() => {
      let active = document.activeElement
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
      // Only controls count: the dialog itself takes focus too, and its text names everything in it.
      if (!active?.matches('button, a[href], input, select, textarea, [role="tab"]')) return `<${active?.localName}>`
      return (active.getAttribute('aria-label') || active.textContent || '').trim()
    })
  /** Tabs forward until the focused control's name matches, at most `limit` times. */
  async function tabTo(pattern, limit = 15) {
    for (let i = 0; i <= limit; i++) {
      if (pattern.test(await focusedName())) return
      if (i < limit) await page.keyboard.press('Tab')
    }
    throw new Error(`no focusable control matching ${pattern} (last: ${await focusedName()})`)
  }

  // The React page defines <appkit-button> lazily: wait for it before the first Tab.
  await page.waitForFunction(() => customElements.get('appkit-button') !== undefined)
  await page.keyboard.press('Tab')
  await expect.poll(() => page.evaluate(() => document.activeElement?.localName)).toBe('appkit-button')
  await page.keyboard.press('Enter')
  // Wallets are listed once discovery (its own chunk) has run.
  await expect(modal(page).getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
  await tabTo(/SigKit Test Wallet/)
  await page.keyboard.press('Enter')
  // The wallet's prompt takes focus on its Approve button, as an extension popup would.
  await expect(walletPrompt(page)).toBeVisible()
  await expect.poll(focusedName).toBe('Approve')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('account-status')).toHaveText('connected')

  // Back to the widget button (focus returned to the page), open the Account view.
  await page.locator('appkit-button').focus()
  await page.keyboard.press('Enter')
  await expect(modal(page).getByRole('tabpanel')).toBeVisible()
  await tabTo(/Localhost$/)
  await page.keyboard.press('Enter')
  // The header changes at once; the view's own controls appear when its chunk has rendered.
  await expect(modal(page).getByRole('button', { name: 'Localhost L2' })).toBeVisible()
  await tabTo(/^Localhost L2$/)
  await page.keyboard.press('Enter')
  await expect(walletPrompt(page)).toBeVisible()
  await expect.poll(focusedName).toBe('Approve')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('network-name')).toContainText('31338')

  if (!(await modal(page).isVisible())) {
    await page.locator('appkit-button').focus()
    await page.keyboard.press('Enter')
  }
  await tabTo(/^Disconnect$/, 25)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})
