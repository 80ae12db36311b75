// On-ramp end to end in Chromium: the React demo page, the SigKit Test Wallet, and the sandbox's
// local provider pages behind the API emulator. The purchases land on Localhost L2 (31338) so the
// other specs' balances on 31337 stay as the sandbox seeded them. Serial: the tests share the
// emulator's feature switches and faults.
import { formatUnits, parseUnits } from 'viem'
import {
  connectOnL2,
  emulator,
  expect,
  openBuy,
  resetFeatures,
  sandboxConfig,
  seriousAxeViolations,
  setOnrampFeature,
  test,
  tokenBalanceOf,
} from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ request }) => setOnrampFeature(request, true))
test.afterAll(async ({ request }) => {
  await resetFeatures(request)
  await (await emulator(request, await sandboxConfig(request))).clearFaults()
})

test('buy 50 USD of USDC through the local provider: USDC rises on chain and the view shows the success', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const log = await connectOnL2(page)
  const dialog = await openBuy(page, 'Coinbase')
  await expect(dialog.getByLabel('You buy')).toHaveValue('USDC')
  await expect(dialog.getByLabel('You pay in')).toHaveValue('USD')
  await expect(dialog.getByText('From 10.00 to 7500.00 USD')).toBeVisible()
  await dialog.getByLabel('Amount').fill('5')
  await expect(dialog.getByRole('alert')).toHaveText('The minimum with card is 10.00 USD')
  await dialog.getByLabel('Amount').fill('50')
  // 50 − 0.75 fee − 0.25 network fee at 1 USD per USDC.
  await expect(dialog.locator('[data-purchase-amount]')).toHaveText('49 USDC')
  await expect(dialog.getByRole('definition').filter({ hasText: '0.75 USD' })).toBeVisible()
  expect(await seriousAxeViolations(page)).toEqual([])

  const before = await tokenBalanceOf(config, 'USDC', config.accounts.wallet)
  const popupOpened = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Continue with Coinbase' }).click()
  const popup = await popupOpened
  await popup.waitForURL(/\/onramp\/coinbase\?/)
  await expect(popup.locator('#order')).toContainText(`Wallet${config.accounts.wallet}AssetUSDC`)
  await expect(popup.locator('#order')).toContainText('Networksandbox-31338')
  await expect(popup.getByLabel('Amount (USD)')).toHaveValue('50')
  await expect(dialog.locator('[data-purchase="waiting"]')).toBeVisible()
  await popup.getByRole('button', { name: 'Pay' }).click()
  await expect(popup.getByRole('status')).toContainText('Purchase complete: 49 USDC')

  await expect(dialog.locator('[data-purchase="success"]')).toHaveText(
    'Purchase complete: 49 USDC arrived in your wallet.',
    { timeout: 15_000 },
  )
  const after = await tokenBalanceOf(config, 'USDC', config.accounts.wallet)
  expect(after - before).toBe(parseUnits('49', 6))
  expect(await seriousAxeViolations(page)).toEqual([])
  // Back on Account, the token list shows the new balance: the view refreshed it from the chain.
  await dialog.getByRole('button', { name: 'Back to account' }).click()
  const shown = Number(formatUnits(after, 6)).toLocaleString('en-US', { maximumFractionDigits: 4 })
  await expect(dialog.getByRole('tabpanel')).toContainText(shown)
  expect(log.errors).toEqual([])
})

test('options and quote faults: the built-in currencies and the mock quote, each with its estimate note', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const api = await emulator(request, config)
  await api.setFault('onrampOptions', '500')
  await api.setFault('onrampQuote', '429')
  try {
    await connectOnL2(page)
    const dialog = await openBuy(page, 'Meld.io')
    await expect(dialog.getByRole('note')).toContainText(
      "Estimate: the provider's currencies could not be loaded, so a built-in list is shown.",
    )
    await expect(dialog.getByLabel('You buy').locator('option')).toHaveText(['USDC · USD Coin', 'ETH · Ether'])
    await expect(dialog.getByLabel('You pay in').locator('option')).toHaveText(['USD', 'EUR'])
    expect(await api.requestCount('onrampOptions')).toBeGreaterThan(0)
    // The quote call fails too: every amount is the one asked, in the payment currency.
    await dialog.getByLabel('Amount').fill('40')
    await expect(dialog.locator('[data-estimate="quote"]')).toHaveText(
      "Estimate: the quote is unavailable, so the amounts below are not the provider's.",
    )
    await expect(dialog.locator('[data-purchase-amount]')).toHaveText('40 USD')
    await expect(dialog.getByRole('term')).toHaveText(['Total', 'You get'])
    expect(await seriousAxeViolations(page)).toEqual([])
  } finally {
    await api.clearFaults()
  }
})
