// The secure frame reloading under the widget (issue 31, soak), in Chromium against the sandbox's
// frame: its page reloads itself (`location.reload()` inside the frame: what a crashed frame
// reloaded, or the secure site navigating its own page, looks like from the dapp: the same iframe
// and window, a new page that knows nothing of the old one's requests, the frame's login kept in
// its storage). A signature waiting for approval then settles with an EIP-1193 code instead of
// hanging, the new page is set up again, and the wallet keeps signing and reading.
import type { Frame, Page } from '@playwright/test'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, toHex, verifyMessage, type Hex } from 'viem'
import { eventually, nthMail } from '../secure-frame/helpers'
import { startHarness, type Harness } from './harness'
import { answerSecureFrame, secureFrame } from '../../helpers/secure-frame.mjs'

const EMAIL = 'frame-reload@example.com'
/** Longer than a reload and the new page's READY + 500 ms on a busy machine; a hung request outlives it. */
const SETTLE_MS = 15_000

let harness: Harness
let sandbox: Harness['sandbox']
let page: Page

test.before(async () => {
  // EOA accounts: the signatures are checked with ecrecover (viem's verifyMessage).
  harness = await startHarness({ secureFrame: { smartAccounts: false } })
  sandbox = harness.sandbox
  page = harness.page
  await page.evaluate(() => {
    ;(window as any).unhandled = []
    window.addEventListener('unhandledrejection', (event) =>
      (window as any).unhandled.push(String(event.reason?.message ?? event.reason)),
    )
  })
})

test.after(async () => {
  await harness?.stop()
})

const sk: Harness['sk'] = (fn, arg) => harness.sk(fn, arg)
const frameReplies = () => sk((s) => [...s.frameReplies] as string[])

/** Starts a provider request in the page; `settled()` gives its outcome, or `{ hung: true }` after SETTLE_MS. */
async function start(method: string, params: unknown) {
  const key = `request${Math.random().toString(36).slice(2)}`
  await page.evaluate(
    ([name, m, p]) => {
      ;(window as any)[name] = (window as any).sk.request('eip155', m, p).then(
        (value: unknown) => ({ value }),
        (error: { message: string; code?: number }) => ({ error: { message: error.message, code: error.code } }),
      )
    },
    [key, method, params] as const,
  )
  return () =>
    page.evaluate(
      ([name, ms]) =>
        Promise.race([
          (window as any)[name],
          new Promise((resolve) => setTimeout(() => resolve({ hung: true }), ms as number)),
        ]),
      [key, SETTLE_MS] as const,
    ) as Promise<{ value?: any; error?: { message: string; code?: number }; hung?: true }>
}

/** The frame's page reloads itself; the evaluation may end with its page. */
async function reloadFrame(): Promise<void> {
  const frame = page.frame({ name: 'w3m-secure-iframe' }) as Frame
  await frame.evaluate(() => location.reload()).catch(() => undefined)
}

let address = '' as Hex

test('signed in by email through the frame', async () => {
  assert.is(await sk((s, email) => s.embedded.startEmailLogin(email), EMAIL), 'VERIFY_OTP')
  const mail = await nthMail(sandbox.secureFrameUrl, EMAIL, 1)
  await sk((s, code) => s.embedded.verifyOtp(code).then(() => s.finishLogin()), mail.code)
  const account = await sk((s) => s.account('eip155'))
  assert.is(account.status, 'connected')
  address = account.address
})

test('the frame reloads while a signature waits for approval: it settles with -32603, and the next one verifies', async () => {
  const pending = await start('personal_sign', [toHex('Before the reload'), address])
  await secureFrame(page).getByRole('button', { name: 'Approve' }).waitFor()
  const before = (await frameReplies()).length
  await reloadFrame()
  assert.equal(await pending(), {
    error: { message: 'The secure frame reloaded before it answered', code: -32603 },
  })
  await eventually(async () => !(await sk((s) => s.modal())).open, 'the approval screen to close')
  // The new page was set up as a first one is, and the session brought into it.
  await eventually(async () => (await frameReplies()).slice(before).includes('GET_USER_SUCCESS'), 'GET_USER', 10_000)
  const replies = (await frameReplies()).slice(before)
  for (const reply of ['SYNC_DAPP_DATA_SUCCESS', 'GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS', 'IS_CONNECTED_SUCCESS'])
    assert.ok(replies.includes(reply), `${reply} after the reload: ${replies.join(', ')}`)

  const message = 'After the reload'
  const signed = await start('personal_sign', [toHex(message), address])
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  const { value, error } = await signed()
  assert.is(error, undefined)
  assert.ok(await verifyMessage({ address, message, signature: value }), 'signed by the account')
  assert.equal(await sk((s) => s.account('eip155')), { address, status: 'connected', user: { email: EMAIL } })
})

test('a read asked while the frame reloads settles (the balance, or -32603), and the next read is the chain balance', async () => {
  const chain = createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
  const balance = await chain.getBalance({ address: address as Hex })
  const before = (await frameReplies()).length
  await reloadFrame()
  const during = await (await start('eth_getBalance', [address, 'latest']))()
  assert.ok(
    (during.value !== undefined && BigInt(during.value) === balance) || during.error?.code === -32603,
    JSON.stringify(during),
  )
  // Once the session is back in the new page (GET_USER), reads are answered again.
  await eventually(async () => (await frameReplies()).slice(before).includes('GET_USER_SUCCESS'), 'GET_USER', 10_000)
  const after = await (await start('eth_getBalance', [address, 'latest']))()
  assert.is(BigInt(after.value), balance)
  assert.equal(await page.evaluate(() => (window as any).unhandled), [], 'no unhandled rejection in the page')
  assert.equal(harness.pageErrors, [])
})

test.run()
