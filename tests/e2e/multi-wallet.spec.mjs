// Several wallets at once (issue 33, AppKit's multi-wallet) end to end on the React demo page: the
// injected test wallet connects, the Account view's "Add wallet" connects a real WalletConnect
// wallet (WalletKit, in this Node process, on anvil's account #1) beside it through the sandbox's
// relay; both are listed, switching moves the dapp's provider from one to the other (each
// signature checked here in Node against the account that should have signed), disconnecting one
// leaves the other, and a reload restores it without asking the wallet to connect.
import { verifyMessage } from 'viem'
import {
  answerWallet,
  connectTestWallet,
  decodeQr,
  expect,
  INJECTED_NAME,
  expectModalClosed,
  expectRestoredWithoutPrompt,
  modal,
  openDapp,
  recordWalletCalls,
  sandboxConfig,
  SECOND_ADDRESS,
  SECOND_KEY,
  seriousAxeViolations,
  test,
  switchToConnection,
  walletPrompt,
  WC_NAME,
  sandboxWalletConnectWallet,
} from './helpers.mjs'

/** The Account view's list of wallets connected at once, opened from <appkit-button>. */
async function openWalletList(page) {
  await page.locator('appkit-button').click()
  const wallets = modal(page).getByRole('region', { name: 'Connected wallets' })
  await expect(wallets).toBeVisible()
  return wallets
}

/**
 * Signs `message` with the demo's "Sign message" (viem over useAppKitProvider('eip155')), and
 * checks the whole signature here against `address`, apart from the page's own check.
 */
async function signAndVerify(page, message, address, approveInWallet) {
  await page.getByLabel('Message', { exact: true }).fill(message)
  await page.getByRole('button', { name: 'Sign message' }).click()
  if (approveInWallet) await answerWallet(page, 'Sign message')
  const result = page.getByTestId('sign-result')
  await expect(result).toContainText('Signature verified', { timeout: 15_000 })
  const signature = await result.getAttribute('data-signature')
  expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  expect(await verifyMessage({ address, message, signature }), `signed by ${address}`).toBe(true)
}

test('two wallets at once: add from the Account view, switch (each signs as itself), disconnect one, reload restores the other without a prompt', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const first = config.accounts.wallet
  expect(first.toLowerCase()).not.toBe(SECOND_ADDRESS.toLowerCase())
  const wallet = await sandboxWalletConnectWallet(config, { privateKey: SECOND_KEY })
  try {
    expect(wallet.evmAddress).toBe(SECOND_ADDRESS)
    const proposals = []
    wallet.on('proposal', (proposal) => proposals.push(proposal))
    await page.addInitScript(recordWalletCalls)
    const log = await openDapp(page)
    const address = page.getByTestId('account-address')
    const button = page.locator('appkit-button').getByRole('button')

    // The injected wallet first.
    await connectTestWallet(page)
    await expect(address).toHaveText(first)

    // "Add wallet" opens Connect for the namespace; the WalletConnect wallet pairs from its QR code.
    let wallets = await openWalletList(page)
    await expect(wallets.getByRole('listitem'), 'one wallet: no list yet').toHaveCount(0)
    await wallets.getByRole('button', { name: 'Add wallet' }).click()
    await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    await expect(modal(page).getByRole('img', { name: /QR code/ })).toBeVisible({ timeout: 15_000 })
    await wallet.pair(await decodeQr(page))
    await wallet.approveNextSession()
    // The new wallet is the active one: the page's account and the button follow it.
    await expect(address).toHaveText(SECOND_ADDRESS, { timeout: 15_000 })
    await expectModalClosed(page)
    await expect(button).toContainText(`${SECOND_ADDRESS.slice(0, 6)}…${SECOND_ADDRESS.slice(-4)}`)

    // Both listed, the new one active; the Account view with two wallets is axe-clean.
    wallets = await openWalletList(page)
    const rows = wallets.getByRole('listitem')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText(WC_NAME)
    await expect(rows.nth(0)).toContainText('Active')
    await expect(rows.nth(1)).toContainText(INJECTED_NAME)
    await expect(rows.nth(1).getByRole('button', { name: `Switch to ${INJECTED_NAME}` })).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])

    // Switch to the injected wallet: no wallet asked, the page's provider signs as #0.
    await switchToConnection(page, rows, 1, INJECTED_NAME)
    await expect(address).toHaveText(first)
    await page.keyboard.press('Escape')
    await expectModalClosed(page)
    await expect(button).toContainText('sigkit-tester.eth')
    await signAndVerify(page, 'Signed by the first wallet', first, true)

    // And to the WalletConnect wallet: the same provider now signs as #1, through the relay.
    wallets = await openWalletList(page)
    await wallets.getByRole('button', { name: `Switch to ${WC_NAME}` }).click()
    await expect(address).toHaveText(SECOND_ADDRESS)
    await page.keyboard.press('Escape')
    await expectModalClosed(page)
    await expect(button).toContainText(`${SECOND_ADDRESS.slice(0, 6)}…${SECOND_ADDRESS.slice(-4)}`)
    const answeredBefore = wallet.requests().length
    await signAndVerify(page, 'Signed by the second wallet', SECOND_ADDRESS, false)
    expect(
      wallet
        .requests()
        .slice(answeredBefore)
        .map((handled) => handled.method),
      'the WalletConnect wallet signed it',
    ).toContain('personal_sign')
    await expect(walletPrompt(page)).toHaveCount(0)

    // A reload with both connected restores both, the active one still first, asking no wallet:
    // the injected one its accounts, the WalletConnect one its stored session (no new proposal),
    // which still signs.
    await page.reload()
    await expect(page.getByTestId('account-status')).toHaveText('connected')
    await expect(address).toHaveText(SECOND_ADDRESS)
    wallets = await openWalletList(page)
    await expect(wallets.getByRole('listitem')).toHaveCount(2)
    await expect(wallets.getByRole('listitem').nth(0)).toContainText(WC_NAME)
    await expect(wallets.getByRole('listitem').nth(1)).toContainText(INJECTED_NAME)
    const calls = await page.evaluate(() => window.__walletCalls)
    expect(calls, 'the injected wallet restored from the accounts it has').toContain('eth_accounts')
    expect(calls, 'no prompt to connect').not.toContain('eth_requestAccounts')
    expect(wallet.sessions(), 'the same WalletConnect session').toHaveLength(1)
    expect(proposals, 'the WalletConnect wallet was asked to connect once').toHaveLength(1)
    await page.keyboard.press('Escape')
    await expectModalClosed(page)
    await signAndVerify(page, 'Signed by the second wallet after a reload', SECOND_ADDRESS, false)
    await expect(walletPrompt(page)).toHaveCount(0)

    // Disconnect the active one (the WalletConnect wallet): the injected one stays and is active.
    wallets = await openWalletList(page)
    await wallets.getByRole('button', { name: `Disconnect ${WC_NAME}`, exact: true }).click()
    await expect(address).toHaveText(first)
    await expect(page.getByTestId('account-status')).toHaveText('connected')
    await expect.poll(() => wallet.sessions().length, { message: 'the wallet saw its session end' }).toBe(0)
    await expect(wallets.getByRole('listitem')).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expectModalClosed(page)
    await expect(button).toContainText('sigkit-tester.eth')

    // A reload restores the injected wallet alone, without asking it to connect.
    await page.reload()
    await expect(page.getByTestId('account-status')).toHaveText('connected')
    await expect(address).toHaveText(first)
    await expect(button).toContainText('sigkit-tester.eth')
    await expectRestoredWithoutPrompt(page)
    expect(await page.evaluate(() => window.sigkitTestWallet.pending.length)).toBe(0)
    wallets = await openWalletList(page)
    await expect(wallets.getByRole('listitem'), 'the disconnected wallet is not restored').toHaveCount(0)
    expect(log.errors, 'uncaught errors on the page').toEqual([])
  } finally {
    await wallet.stop()
  }
})
