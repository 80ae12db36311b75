// Pay (sigkit/pay) end to end in Chromium: the demo dapp's usePay asks for USDC on Localhost L2,
// the SigKit Test Wallet sends it, and the chain itself is read to check what moved. Serial: the
// tests share the wallet's L2 balance and the emulator's feature switches.
import { createSolanaRpc } from '@solana/kit'
import { createPublicClient, decodeEventLog, erc20Abi, http, parseUnits } from 'viem'
import {
  answerWallet,
  connectOnL2,
  expect,
  modal,
  resetFeatures,
  sandboxConfig,
  seriousAxeViolations,
  setOnrampFeature,
  test,
  tokenBalanceOf,
  walletPrompt,
} from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

test.afterAll(async ({ request }) => resetFeatures(request))

test("Pay 5 USDC to the recipient: the dapp's promise resolves with a hash whose receipt moves 5 USDC", async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const log = await connectOnL2(page)
  const recipient = config.accounts.recipient
  const before = await tokenBalanceOf(config, 'USDC', recipient)
  await page.getByRole('button', { name: 'Pay 5 USDC on Localhost L2' }).click()
  const dialog = modal(page)
  const summary = dialog.getByRole('definition')
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('5 USDC')
  await expect(summary.filter({ hasText: 'Localhost L2' })).toBeVisible()
  await expect(dialog.locator('[data-pay-balance]')).toContainText('USDC')
  expect(await seriousAxeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Pay 5 USDC' }).click()
  await answerWallet(page, 'Send transaction')
  await expect(page.getByTestId('pay-status')).toHaveText('success', { timeout: 15_000 })
  const hash = await page.getByTestId('pay-hash').textContent()
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  await expect(dialog.locator('[data-pay-result="success"]')).toContainText('Paid 5 USDC')

  const chain = config.chains.find((item) => item.chainId === 31338)
  const usdc = config.tokens[31338].find((item) => item.symbol === 'USDC')
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const receipt = await client.getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  const transfer = receipt.logs
    .filter((entry) => entry.address.toLowerCase() === usdc.address.toLowerCase())
    .map((entry) => decodeEventLog({ abi: erc20Abi, data: entry.data, topics: entry.topics }))
    .find((event) => event.eventName === 'Transfer')
  expect(transfer.args.from.toLowerCase()).toBe(config.accounts.wallet.toLowerCase())
  expect(transfer.args.to.toLowerCase()).toBe(recipient.toLowerCase())
  expect(transfer.args.value).toBe(parseUnits('5', 6))
  expect((await tokenBalanceOf(config, 'USDC', recipient)) - before).toBe(parseUnits('5', 6))
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click()
  expect(log.errors).toEqual([])
})

test('a payment the wallet rejects ends with the reason', async ({ page }) => {
  await connectOnL2(page)
  await page.getByRole('button', { name: 'Pay 5 USDC on Localhost L2' }).click()
  await modal(page).getByRole('button', { name: 'Pay 5 USDC' }).click()
  await answerWallet(page, 'Send transaction', false)
  await expect(page.getByTestId('pay-error')).toHaveText('rejected: The wallet rejected the payment')
  await expect(modal(page).getByRole('alert')).toHaveText('The wallet rejected the payment')
})

test('CDN build: /cdn/pay.js drives the page\'s own modal; closing it rejects with "closed"', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const errors = []
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  )
  await page.goto('/cdn.html')
  await page.locator('appkit-button').click()
  await modal(page)
    .getByRole('button', { name: /SigKit Test Wallet/ })
    .click()
  await answerWallet(page, 'Connect')
  await expect(modal(page)).toBeHidden()
  const usdc = config.tokens[31337].find((item) => item.symbol === 'USDC')
  await page.evaluate(
    ([recipient, address]) => {
      window.payOutcome = import('/cdn/pay.js').then(({ openPay, PayError }) =>
        openPay({
          recipient,
          amount: '1',
          asset: {
            network: 'eip155:31337',
            asset: address,
            metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
          },
        }).then(
          (result) => ({ hash: result.hash }),
          (error) => ({ isPayError: error instanceof PayError, reason: error.reason }),
        ),
      )
    },
    [config.accounts.recipient, usdc.address],
  )
  const dialog = modal(page)
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('1 USDC')
  const held = Number(await tokenBalanceOf(config, 'USDC', config.accounts.wallet, 31337)) / 1e6
  await expect(dialog.locator('[data-pay-balance]')).toHaveText(`${held} USDC`)
  await expect(dialog.getByRole('button', { name: 'Pay 1 USDC' })).toBeVisible()
  await page.keyboard.press('Escape')
  expect(await page.evaluate(() => window.payOutcome)).toEqual({ isPayError: true, reason: 'closed' })
  expect(errors).toEqual([])
})

test('Pay with a short balance offers a top-up (on-ramp) or another network; closing ends the request', async ({
  page,
  request,
}) => {
  await setOnrampFeature(request, true)
  await connectOnL2(page)
  await page.getByRole('button', { name: 'Pay 100000 USDC on Localhost L2' }).click()
  const dialog = modal(page)
  await expect(dialog.locator('[data-pay-short]')).toContainText(/Your balance is short by [\d.]+ USDC\./)
  const short = Number((await dialog.locator('[data-pay-short]').textContent()).match(/short by ([\d.]+)/)[1])
  await expect(dialog.getByRole('button', { name: /^Pay / })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Switch network' })).toBeVisible()
  expect(await seriousAxeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Buy USDC' }).click()
  const providers = dialog.getByRole('list', { name: 'On-ramp providers' })
  await providers.getByRole('button', { name: /^Coinbase/ }).click()
  // The amount view starts with the difference, in USD (USDC is worth 1 USD), rounded up to cents.
  await expect(dialog.getByLabel('Amount')).toHaveValue((Math.ceil(short * 100) / 100).toFixed(2))
  await expect(page.getByTestId('pay-status')).toHaveText('pending')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('pay-error')).toHaveText('closed: The payment was cancelled: the modal was closed')
})

test('Solana: Pay 0.01 SOL from the CDN page asks for a Solana connection, then the recipient gets it on chain', async ({
  page,
  request,
}) => {
  const { solana } = await sandboxConfig(request)
  const { wallet, recipient } = solana.accounts
  const rpc = createSolanaRpc(solana.rpcUrl)
  const lamports = async (address) => (await rpc.getBalance(address, { commitment: 'confirmed' }).send()).value
  const errors = []
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  )
  await page.goto('/cdn.html')
  await page.locator('appkit-button').click()
  await modal(page)
    .getByRole('button', { name: /SigKit Test Wallet/ })
    .click()
  await answerWallet(page, 'Connect')
  await expect(modal(page)).toBeHidden()
  const before = await lamports(recipient)
  const walletBefore = await lamports(wallet)
  await page.evaluate(
    ([to, network]) => {
      window.payOutcome = import('/cdn/pay.js').then(({ openPay }) =>
        openPay({
          recipient: to,
          amount: '0.01',
          asset: { network, asset: 'native', metadata: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
        }).then(
          (result) => ({ hash: result.hash }),
          (error) => ({ reason: error.reason, message: error.message }),
        ),
      )
    },
    [recipient, solana.caipNetworkId],
  )
  const dialog = modal(page)
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('0.01 SOL')
  // Connected on EVM only: the payment asks for a Solana connection, then comes back to it.
  await dialog.getByRole('button', { name: 'Connect a wallet to pay' }).click()
  await dialog.getByRole('button', { name: /SigKit Test Wallet/ }).click()
  await answerWallet(page, 'Connect')
  const prompt = walletPrompt(page)
  await expect(dialog.locator('[data-pay-balance]')).toContainText('SOL')
  await dialog.getByRole('button', { name: 'Pay 0.01 SOL' }).click()
  // Before the wallet asks, the payment loads the Solana sending code and builds the transaction
  // (a blockhash from the local SVM): seen past 5 s once on a loaded machine.
  await expect(prompt).toBeVisible({ timeout: 15_000 })
  await prompt.getByRole('button', { name: 'Approve' }).click()
  const outcome = await page.evaluate(() => window.payOutcome)
  expect(outcome.reason, outcome.message).toBeUndefined()
  // The hash is the transaction's signature on the local SVM, which moved 0.01 SOL to the recipient.
  const { value: statuses } = await rpc.getSignatureStatuses([outcome.hash]).send()
  expect(statuses[0]?.err ?? null).toBeNull()
  expect((await lamports(recipient)) - before).toBe(10_000_000n)
  expect(walletBefore - (await lamports(wallet)), 'paid with the fee').toBeGreaterThanOrEqual(10_000_000n)
  expect(errors).toEqual([])
})
