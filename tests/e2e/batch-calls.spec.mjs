// EIP-5792 batched calls end to end in Chromium: on the wagmi demo page an email login gives the
// embedded wallet's smart account, and wagmi's useSendCalls (through sigkit/wagmi and SigKit's
// provider) sends wrap + approve + swap as one atomic batch. The secure frame lists every call
// for approval; once approved, the chain shows both effects (the router's allowance consumed, the
// WETH swapped for USDC) and ONE transaction: the smart account's executeBatch.
import { createPublicClient, erc20Abi, http, parseEther } from 'viem'
import { expect, loginWithEmail, modal, openDapp, sandboxConfig, seriousAxeViolations, test } from './helpers.mjs'
import { answerSecureFrame, secureFrame } from '../helpers/secure-frame.mjs'

const EMAIL = `batch-${Date.now()}@example.com`

test.afterAll(async ({ request }) => {
  const config = await sandboxConfig(request)
  await request.delete(`${config.apiUrl}/__sandbox/features`)
})

test('useSendCalls from an embedded smart account: wrap, approve and swap in one transaction', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const features = await request.post(`${config.apiUrl}/__sandbox/features`, { data: { email: true } })
  expect(features.ok()).toBe(true)
  const log = await openDapp(page, '/wagmi.html')

  await loginWithEmail(page, request, config, EMAIL)
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected')

  const chain = config.chains[0]
  const { router, weth } = config.amm[chain.chainId]
  const usdc = config.tokens[chain.chainId].find((token) => token.symbol === 'USDC').address
  const { accounts } = await (await request.get(`${config.secureFrameUrl}/__sandbox/accounts`)).json()
  const smart = accounts.find((entry) => entry.email === EMAIL).funded.smartAccounts[chain.chainId].address
  await expect(page.getByTestId('wagmi-address')).toHaveText(new RegExp(`^${smart}$`, 'i'))
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const read = (address, functionName, args) => client.readContract({ address, abi: erc20Abi, functionName, args })
  const ethBefore = await client.getBalance({ address: smart })
  expect(await read(usdc, 'balanceOf', [smart])).toBe(0n)

  await page.getByRole('button', { name: 'Wrap, approve and swap 0.01 ETH for USDC in one batch with wagmi' }).click()
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
  const frame = secureFrame(page)
  // The frame's approval screen lists every call of the batch.
  for (const label of ['Call 1', 'Call 2', 'Call 3'])
    await expect(frame.getByText(label, { exact: true })).toBeVisible()
  expect(await seriousAxeViolations(page), 'ApproveTransaction').toEqual([])
  await answerSecureFrame(page, 'Approve', { title: 'Send calls' })

  await expect(page.getByTestId('calls-status')).toHaveText('success', { timeout: 30_000 })
  const hashes = (await page.getByTestId('calls-hashes').textContent()).trim().split(' ')
  expect(hashes).toHaveLength(1)
  const transaction = await client.getTransaction({ hash: hashes[0] })
  expect(transaction.to.toLowerCase()).toBe(smart.toLowerCase())
  const receipt = await client.getTransactionReceipt({ hash: hashes[0] })
  expect(receipt.status).toBe('success')

  // Both effects, on the chain: the approval was spent by the swap, the WETH became USDC.
  expect(await read(weth, 'allowance', [smart, router])).toBe(0n)
  expect(await read(weth, 'balanceOf', [smart])).toBe(0n)
  expect(await read(usdc, 'balanceOf', [smart])).toBeGreaterThan(0n)
  expect(ethBefore - (await client.getBalance({ address: smart }))).toBe(parseEther('0.01'))
  expect(log.errors).toEqual([])
})
