// EIP-5792 and EIP-7811 with the embedded wallet, in Chromium against the sandbox's secure frame:
// signed in by email, the widget acts for the smart account; the frame advertises asset discovery
// and atomic batches, so the token list is the frame's wallet_getAssets (read from anvil, no
// balance API call), and a wallet_sendCalls batch approved in the frame (its screen lists every
// call) is ONE executeBatch transaction: both effects on chain, one receipt in
// wallet_getCallsStatus, and a batch with a reverting call leaves nothing done. Chromium missing:
// skipped. A Chromium page, an email login and three anvil batches: @file-timeout 180 s
import type { Page } from '@playwright/test'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  encodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  parseUnits,
  toFunctionSelector,
  toHex,
  type Hex,
} from 'viem'
import { eventually, nthMail } from '../secure-frame/helpers'
import { nodeRpc, tokenBalanceOf, tokenOf } from '../eip155/helpers'
import { startHarness, type Harness } from './harness'
import { answerSecureFrame, secureFrame } from '../../helpers/secure-frame.mjs'

const EMAIL = 'batch@example.com'

let harness: Harness
let sandbox: Harness['sandbox']
let page: Page
let smart: Hex

test.before(async () => {
  harness = await startHarness({})
  sandbox = harness.sandbox
  page = harness.page
})

test.after(async () => {
  await harness?.stop()
})

const sk: Harness['sk'] = (fn, arg) => harness.sk(fn, arg)
const usdc = () => tokenOf(sandbox, 31337, 'USDC')
const transfer = (to: string, amount: string) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, parseUnits(amount, 6)] })

/** Starts a provider request in the page without waiting; `settled()` gives its outcome. */
async function start(method: string, params: unknown) {
  await page.evaluate(
    ([m, p]) => {
      ;(window as any).outcome = (window as any).sk.request('eip155', m, p).then(
        (value: unknown) => ({ value }),
        (error: { message: string; code?: number }) => ({ error: { message: error.message, code: error.code } }),
      )
    },
    [method, params] as const,
  )
  return () => page.evaluate(() => (window as any).outcome) as Promise<{ value?: any; error?: any }>
}

/** Sends USDC to the smart account from anvil's unlocked account #0, and waits for it. */
async function fundUsdc(amount: string) {
  const hash = await nodeRpc(sandbox, 31337, 'eth_sendTransaction', [
    { from: sandbox.accounts.wallet, to: usdc().address, data: transfer(smart, amount) },
  ])
  await eventually(async () => Boolean(await nodeRpc(sandbox, 31337, 'eth_getTransactionReceipt', [hash])), 'funding')
}

test('signed in by email, the smart account is connected; the frame advertises asset discovery and atomic batches', async () => {
  if (!harness.browser) return
  await sk((s, email) => s.embedded.startEmailLogin(email), EMAIL)
  const mail = await nthMail(sandbox.secureFrameUrl, EMAIL, 1)
  await sk((s, code) => s.embedded.verifyOtp(code).then(() => s.finishLogin()), mail.code)
  smart = (await sk((s) => s.account('eip155'))).address
  assert.is((await sk((s) => s.accountDetails('eip155'))).preferredAccountType, 'smartAccount')
  const capabilities = await sk((s, address) => s.request('eip155', 'wallet_getCapabilities', [address]), smart)
  assert.equal(capabilities['0x7a69'], { assetDiscovery: { supported: true }, atomic: { status: 'supported' } })
})

test('the token list is the frame’s wallet_getAssets, read from anvil now: the refresh makes no balance API call', async () => {
  if (!harness.browser) return
  await fundUsdc('25')
  const balanceCalls = sandbox.requests('balance').length
  await sk((s) => s.refreshBalances('eip155', { force: true }))
  const ether = formatEther(BigInt(await nodeRpc(sandbox, 31337, 'eth_getBalance', [smart, 'latest'])))
  assert.equal((await sk((s) => s.tokens('eip155'))).sort(), [`ETH ${ether}`, 'USDC 25'])
  assert.is(sandbox.requests('balance').length, balanceCalls)
})

test('wallet_sendCalls: the frame lists every call; approved, ONE transaction does both; getCallsStatus has its one receipt', async () => {
  if (!harness.browser) return
  const recipient = sandbox.accounts.recipient
  const usdcBefore = await tokenBalanceOf(sandbox, 31337, 'USDC', recipient)
  const ethBefore = BigInt(await nodeRpc(sandbox, 31337, 'eth_getBalance', [recipient, 'latest']))
  const settled = await start('wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: '0x7a69',
      from: smart,
      atomicRequired: true,
      calls: [
        { to: usdc().address, data: transfer(recipient, '10') },
        { to: recipient, value: toHex(12345n) },
      ],
    },
  ])
  await eventually(async () => (await sk((s) => s.modal())).view === 'ApproveTransaction', 'ApproveTransaction')
  await secureFrame(page).getByText('Call 2').waitFor()
  assert.ok(await secureFrame(page).getByText('Call 1').isVisible())
  await answerSecureFrame(page, 'Approve', { title: 'Send calls' })
  const { value, error } = await settled()
  assert.is(error, undefined)
  assert.is((await tokenBalanceOf(sandbox, 31337, 'USDC', recipient)) - usdcBefore, parseUnits('10', 6))
  assert.is(BigInt(await nodeRpc(sandbox, 31337, 'eth_getBalance', [recipient, 'latest'])) - ethBefore, 12345n)
  const status = await sk((s, id) => s.request('eip155', 'wallet_getCallsStatus', [id]), value.id)
  assert.is(status.status, 200)
  assert.is(status.atomic, true)
  assert.is(status.receipts.length, 1, 'one transaction for the batch')
  const tx = await nodeRpc(sandbox, 31337, 'eth_getTransactionByHash', [status.receipts[0].transactionHash])
  assert.is(tx.to.toLowerCase(), smart.toLowerCase(), 'sent to the smart account (executeBatch)')
  assert.is(tx.input.slice(0, 10), toFunctionSelector('executeBatch(address[],uint256[],bytes[])'))
})

test('a batch whose second call reverts does nothing at all: the first call is undone with it', async () => {
  if (!harness.browser) return
  const recipient = sandbox.accounts.recipient
  const held = await tokenBalanceOf(sandbox, 31337, 'USDC', smart)
  const before = await tokenBalanceOf(sandbox, 31337, 'USDC', recipient)
  const settled = await start('wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: '0x7a69',
      calls: [
        { to: usdc().address, data: transfer(recipient, '1') },
        // More than the account holds after the first call: the token reverts.
        { to: usdc().address, data: transfer(recipient, formatUnits(held, 6)) },
      ],
    },
  ])
  await eventually(async () => (await sk((s) => s.modal())).view === 'ApproveTransaction', 'ApproveTransaction')
  await answerSecureFrame(page, 'Approve', { title: 'Send calls' })
  const { error } = await settled()
  assert.ok(error, 'the batch failed')
  assert.is(await tokenBalanceOf(sandbox, 31337, 'USDC', recipient), before)
  assert.is(await tokenBalanceOf(sandbox, 31337, 'USDC', smart), held)
})

test.run()
