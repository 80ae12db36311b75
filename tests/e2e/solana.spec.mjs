// Solana end to end in Chromium: the demo page, the SigKit Test Wallet's Solana side (a Wallet
// Standard wallet with the same name as its EVM side, so listed once), and the sandbox's local
// Solana network (LiteSVM behind a JSON-RPC server) with its USDC mint. Serial: the tests share
// the Solana accounts.
import { createSolanaRpc } from '@solana/kit'
import { answerWallet, expect, modal, openDapp, sandboxConfig, test, walletPrompt } from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

/** SOL balance of an address read from the sandbox's RPC, as SigKit prints it (no trailing zeros). */
async function solBalance(solana, address) {
  const { value } = await createSolanaRpc(solana.rpcUrl).getBalance(address, { commitment: 'confirmed' }).send()
  const fraction = (value % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return `${value / 1_000_000_000n}${fraction ? `.${fraction}` : ''}`
}

const networkLabel = (solana) => `${solana.name} (chain ${solana.caipNetworkId.slice('solana:'.length)})`

/** Picks the sandbox's Solana network from the dapp's own buttons, then connects the test wallet there. */
async function connectOnSolana(page, solana) {
  await page.getByRole('button', { name: `Switch to ${solana.name}`, exact: true }).click()
  await expect(page.getByTestId('network-name')).toHaveText(networkLabel(solana))
  await page.locator('appkit-button').click()
  const wallets = modal(page).getByRole('button', { name: /SigKit Test Wallet/ })
  await expect(wallets, 'one entry for a wallet with an EVM and a Solana provider').toHaveCount(1)
  await wallets.click()
  await answerWallet(page, 'Connect')
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.getByTestId('account-address')).toHaveText(solana.accounts.wallet)
}

test('Solana: connect, SOL and USDC balances from the SVM, send 0.1 SOL, sign a message', async ({ page, request }) => {
  const { solana } = await sandboxConfig(request)
  const { wallet, recipient } = solana.accounts
  const log = await openDapp(page)
  await connectOnSolana(page, solana)
  await expect(page.getByTestId('account-balance')).toHaveText(`${await solBalance(solana, wallet)} SOL`)

  // The Account view lists SOL and the SPL token from the balance route.
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  const tokens = dialog.getByRole('tabpanel')
  await expect(tokens.getByText('USD Coin')).toBeVisible()
  await expect(tokens).toContainText('1,250.5')
  await expect(tokens.getByText('Solana', { exact: true })).toBeVisible()

  // Send 0.1 SOL from the widget; the wallet shows what it signs; the balance follows by itself.
  const before = await solBalance(solana, wallet)
  const recipientBefore = await solBalance(solana, recipient)
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog.getByLabel('Receiver address')).toHaveAttribute('placeholder', 'Solana address')
  await dialog.getByLabel('Amount').fill('0.1')
  await dialog.getByLabel('Receiver address').fill(recipient)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(walletPrompt(page)).toContainText('0.1 SOL')
  await answerWallet(page, 'Send transaction')
  // After a Solana send the view is replaced with Account (SPEC §4).
  await expect(dialog.getByRole('tabpanel')).toBeVisible()
  await expect.poll(() => solBalance(solana, recipient), { message: 'the transfer lands' }).not.toBe(recipientBefore)
  expect(Math.round((Number(await solBalance(solana, recipient)) - Number(recipientBefore)) * 1e9)).toBe(100_000_000)
  const after = await solBalance(solana, wallet)
  expect(Number(before) - Number(after)).toBeGreaterThanOrEqual(0.1)
  await expect(page.getByTestId('account-balance')).toHaveText(`${after} SOL`)

  // Sign with the Solana account (solana_signMessage, base58), verified against the address.
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Sign with Solana' }).click()
  await answerWallet(page, 'Sign message')
  await expect(page.getByTestId('solana-sign-result')).toContainText('Signature verified')

  // A reload restores the Solana session with no prompt.
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveText(wallet)
  await expect(walletPrompt(page)).toHaveCount(0)
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})

test('EVM and Solana connected together; the active namespace switches both ways', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const { solana } = config
  const log = await openDapp(page)
  await connectOnSolana(page, solana)

  // Pick an EVM network in the modal: not connected there, so SwitchActiveChain, then Connect for EVM.
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog
    .getByRole('button', { name: new RegExp(solana.name) })
    .first()
    .click()
  await dialog.getByRole('button', { name: /^Localhost$/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Switch to Localhost' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Connect an EVM wallet' }).click()
  await dialog.getByRole('button', { name: /SigKit Test Wallet/ }).click()
  await answerWallet(page, 'Connect')
  await expect(page.getByTestId('account-address')).toHaveText(config.accounts.wallet)
  await expect(page.getByTestId('network-name')).toHaveText('Localhost (chain 31337)')

  // Back to Solana: connected there already, so no wallet prompt and no SwitchActiveChain.
  await page.locator('appkit-button').click()
  await dialog
    .getByRole('button', { name: /Localhost/ })
    .first()
    .click()
  await dialog.getByRole('button', { name: new RegExp(solana.name) }).click()
  await expect(page.getByTestId('account-address')).toHaveText(solana.accounts.wallet)
  await expect(page.getByTestId('network-name')).toHaveText(networkLabel(solana))
  await expect(walletPrompt(page)).toHaveCount(0)

  // And to EVM again, the same way.
  await expect(dialog.getByRole('tabpanel')).toBeVisible()
  await dialog
    .getByRole('button', { name: new RegExp(solana.name) })
    .first()
    .click()
  await dialog.getByRole('button', { name: /^Localhost$/ }).click()
  await expect(page.getByTestId('account-address')).toHaveText(config.accounts.wallet)
  await expect(walletPrompt(page)).toHaveCount(0)

  // Disconnect (the switch went back to the Account view) ends both.
  await dialog.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  await page.reload()
  await expect(page.locator('appkit-button')).toContainText('Connect Wallet')
  await expect(walletPrompt(page)).toHaveCount(0)
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})
