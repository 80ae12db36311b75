// Swaps end to end in Chromium: the React demo page, the SigKit Test Wallet, and the sandbox's AMM
// behind the API emulator's convert routes. The swaps run on Localhost L2 (31338) so the other
// specs' balances on 31337 stay as the sandbox seeded them. Serial: the tests share the L2
// account and its allowance (a rejected approval must leave it at zero for the next test).
import { parseUnits } from 'viem'
import {
  answerWallet,
  connectOnL2,
  connectTestWallet,
  expect,
  modal,
  openDapp,
  openSwapFromAccount,
  sandboxConfig,
  test,
  tokenBalanceOf,
} from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ request }) => {
  // Swaps are on in the emulator's defaults; say so here too, so the spec does not depend on them.
  const config = await sandboxConfig(request)
  const response = await request.post(`${config.apiUrl}/__sandbox/features`, {
    data: { swaps: { isEnabled: true, config: ['1inch'] } },
  })
  expect(response.ok()).toBe(true)
})

/** A token balance of the wallet on L2, in base units, read from anvil. */
const tokenBalance = (config, symbol) => tokenBalanceOf(config, symbol, config.accounts.wallet)

/** "296.07948 USDC" → base units. */
const baseUnits = (text, decimals) => parseUnits(text.split(' ')[0].replaceAll(',', ''), decimals)

/** Picks a token through the picker. */
async function pickToken(dialog, side, symbol) {
  await dialog.getByRole('button', { name: side }).click()
  await dialog.getByLabel(/Token to (pay with|receive)/).fill(symbol)
  await dialog
    .getByRole('list', { name: 'Tokens' })
    .getByRole('button', { name: new RegExp(`^${symbol} `) })
    .click()
}

test('swap 0.1 ETH → USDC (opened with swap arguments): USDC rises by at least the minimum shown', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const log = await connectOnL2(page)
  await page.getByRole('button', { name: 'Swap 0.1 ETH for USDC' }).click()
  const dialog = modal(page)
  await expect(dialog.getByLabel('You pay')).toHaveValue('0.1')
  await expect(dialog.getByRole('button', { name: 'Token to receive: USDC' })).toBeVisible()
  await expect(dialog.locator('[data-minimum]')).toContainText('USDC')
  await expect(dialog.locator('[data-usd-from]')).toContainText('$')
  await dialog.getByRole('button', { name: 'Review swap' }).click()
  const minimum = baseUnits(await dialog.locator('[data-minimum]').textContent(), 6)
  expect(minimum).toBeGreaterThan(0n)
  const before = await tokenBalance(config, 'USDC')
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await answerWallet(page, 'Send transaction')
  await expect(page.getByRole('status').filter({ hasText: 'Swapped 0.1 ETH for USDC' })).toBeVisible()
  const after = await tokenBalance(config, 'USDC')
  expect(after - before).toBeGreaterThanOrEqual(minimum)
  // Back on Account with the new balance.
  await expect(dialog.getByRole('tabpanel')).toContainText(
    (Number(after) / 1e6).toLocaleString('en-US', { maximumFractionDigits: 4 }),
  )
  expect(log.errors).toEqual([])
})

test('a rejected approval keeps the review and the form as they were', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  await connectOnL2(page)
  const dialog = await openSwapFromAccount(page)
  await pickToken(dialog, /Token to pay/, 'USDC')
  await pickToken(dialog, 'Select the token to receive', 'SKT')
  await dialog.getByLabel('You pay').fill('25')
  await expect(dialog.locator('[data-minimum]')).toContainText('SKT')
  await dialog.getByRole('button', { name: 'Review swap' }).click()
  const before = await tokenBalance(config, 'USDC')
  await dialog.getByRole('button', { name: 'Approve USDC and swap' }).click()
  await answerWallet(page, 'Send transaction', false)
  await expect(dialog.getByRole('alert')).toHaveText('You declined the approval in your wallet. Nothing was sent.')
  await expect(dialog.getByRole('button', { name: 'Approve USDC and swap' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Edit' }).click()
  await expect(dialog.getByLabel('You pay')).toHaveValue('25')
  await expect(dialog.getByRole('button', { name: 'Token to pay: USDC' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Token to receive: SKT' })).toBeVisible()
  expect(await tokenBalance(config, 'USDC')).toBe(before)
})

test('USDC → SKT: the approval first, then the swap; SKT rises by at least the minimum', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  await connectOnL2(page)
  const dialog = await openSwapFromAccount(page)
  await pickToken(dialog, /Token to pay/, 'USDC')
  await pickToken(dialog, 'Select the token to receive', 'SKT')
  await dialog.getByLabel('You pay').fill('25')
  await expect(dialog.locator('[data-minimum]')).toContainText('SKT')
  await dialog.getByRole('button', { name: 'Review swap' }).click()
  const minimum = baseUnits(await dialog.locator('[data-minimum]').textContent(), 18)
  const before = { usdc: await tokenBalance(config, 'USDC'), skt: await tokenBalance(config, 'SKT') }
  await dialog.getByRole('button', { name: 'Approve USDC and swap' }).click()
  await answerWallet(page, 'Send transaction')
  await answerWallet(page, 'Send transaction')
  await expect(page.getByRole('status').filter({ hasText: 'Swapped 25 USDC for SKT' })).toBeVisible()
  expect(await tokenBalance(config, 'USDC')).toBe(before.usdc - 25_000_000n)
  expect((await tokenBalance(config, 'SKT')) - before.skt).toBeGreaterThanOrEqual(minimum)
})

test('a swap on a network without swaps says "Network not supported for Swaps"', async ({ page, request }) => {
  const { solana } = await sandboxConfig(request)
  await openDapp(page)
  await page.getByRole('button', { name: `Switch to ${solana.name}`, exact: true }).click()
  await connectTestWallet(page)
  await expect(page.getByTestId('account-address')).toHaveText(solana.accounts.wallet)
  // The Account view offers no Swap on Solana; a dapp can still open the view.
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Swap 0.1 ETH for USDC' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Network not supported for Swaps')
  await expect(dialog.getByRole('button', { name: 'Switch network' })).toBeVisible()
})
