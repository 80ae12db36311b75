// WalletConnect end to end: the modal's QR code decodes (jsQR, in the page) to a URI that a real
// WalletConnect wallet (WalletKit, in this Node process) pairs with through the sandbox's relay;
// approving connects the dapp, which then shows the chain's balance.
import {
  chainBalance,
  decodeQr,
  expect,
  modal,
  openDapp,
  sandboxConfig,
  scanWalletConnectQr,
  seriousAxeViolations,
  test,
  sandboxWalletConnectWallet,
} from './helpers.mjs'

/** The sandbox's config and a WalletConnect test wallet on its relay and chains. */
async function startSandboxWallet(request) {
  const config = await sandboxConfig(request)
  return { config, wallet: await sandboxWalletConnectWallet(config) }
}

test('pick WalletConnect: the QR decodes to the pairing URI, the wallet approves, the balance shows', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  expect(config.relayUrl, 'the sandbox runs a relay').toBeTruthy()
  const wallet = await sandboxWalletConnectWallet(config)
  try {
    const log = await openDapp(page)
    await wallet.pair(await scanWalletConnectQr(page))
    await wallet.approveNextSession()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(page.getByTestId('account-address')).toHaveText(wallet.evmAddress)
    await expect(page.getByTestId('account-balance')).toHaveText(`${await chainBalance(config, wallet.evmAddress)} ETH`)
    expect(log.errors, 'uncaught errors on the page').toEqual([])
  } finally {
    await wallet.stop()
  }
})

test('closing the modal while the pairing waits frees the button; the wallet approving later still connects', async ({
  page,
  request,
}) => {
  const { wallet } = await startSandboxWallet(request)
  try {
    const log = await openDapp(page)
    const button = page.locator('appkit-button').getByRole('button')
    await button.click()
    await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    await expect(modal(page).getByRole('img', { name: /QR code/ })).toBeVisible({ timeout: 15_000 })
    const uri = await decodeQr(page)

    // The visitor scanned the code, then closed the modal before approving in the wallet.
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await expect(button).toHaveText('Connect Wallet')
    await expect(button).not.toHaveAttribute('aria-busy', 'true')

    await wallet.pair(uri)
    await wallet.approveNextSession()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(page.getByTestId('account-address')).toHaveText(wallet.evmAddress)
    // The button names the account: the identity service knows this address as sigkit-tester.eth
    // (the sandbox's name table), which replaces the short address once it has answered.
    await expect(button).toContainText('sigkit-tester.eth')
    expect(log.errors, 'uncaught errors on the page').toEqual([])
  } finally {
    await wallet.stop()
  }
})

test('Connect lists WalletConnect first and All Wallets last; All Wallets opens the full list', async ({ page }) => {
  await openDapp(page)
  await page.locator('appkit-button').click()
  const wallets = modal(page).getByRole('list', { name: 'Wallets' }).getByRole('button')
  await expect(wallets.first()).toHaveAccessibleName('WalletConnect')
  await expect(wallets.last()).toHaveAccessibleName('All Wallets')
  await wallets.last().click()
  await expect(modal(page).getByRole('heading', { name: 'All Wallets' })).toBeVisible()
  await expect(modal(page).getByRole('listbox', { name: 'Wallets' })).toBeVisible()
})

test('basic mode: WalletConnect opens its basic view, the QR with the other wallets under it; axe-clean, keyboard usable', async ({
  page,
  request,
}) => {
  const { wallet } = await startSandboxWallet(request)
  try {
    const log = await openDapp(page, '/?basic=on')
    await page.locator('appkit-button').click()
    await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    await expect(modal(page).getByRole('img', { name: 'QR code to connect with a WalletConnect wallet' })).toBeVisible({
      timeout: 15_000,
    })
    const others = modal(page).getByRole('list', { name: 'Other wallets' })
    await expect(others.getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
    await expect(others.getByRole('button', { name: 'WalletConnect' })).toHaveCount(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    // Keyboard: Tab reaches the other wallets from the QR view's buttons.
    await modal(page).getByRole('button', { name: 'Copy link' }).focus()
    let reached = false
    for (let step = 0; step < 6 && !reached; step++) {
      await page.keyboard.press('Tab')
      reached = await others
        .getByRole('button', { name: /SigKit Test Wallet/ })
        .evaluate((element) => element.matches(':focus'))
    }
    expect(reached, 'Tab reaches the test wallet row').toBe(true)
    // The QR still pairs: a wallet scanning it connects the dapp.
    const uri = await decodeQr(page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(uri)
    await wallet.approveNextSession()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(page.getByTestId('account-address')).toHaveText(wallet.evmAddress)
    expect(log.errors, 'uncaught errors on the page').toEqual([])
  } finally {
    await wallet.stop()
  }
})
