// The widget's embedded-wallet connector against the sandbox's reference secure frame, in Debian's
// Chromium: a dapp page (SigKit from source, its modal included) on its own origin embeds the frame
// on the frame's origin. Email login with the code from the mailbox route, both namespaces, safe
// and approval requests (approved in the frame's own screen, shown inside ApproveTransaction),
// a refused method, a stranger imitating the frame, reload, sign-out. Chromium missing: skipped.
import type { Browser, Page } from '@playwright/test'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseEther, toHex, verifyMessage, type Hex } from 'viem'
import { eventually, nthMail, sleep } from '../secure-frame/helpers'
import { sandboxNetwork, startHarness, type Harness } from './harness'
import { answerSecureFrame, secureFrame } from '../../helpers/secure-frame.mjs'

const EMAIL = 'widget@example.com'

let harness: Harness
let sandbox: Harness['sandbox']
let browser: Browser | undefined
let page: Page

test.before(async () => {
  // The widget asks for smart accounts on EVM by default; these tests check the EOA the frame
  // lists, so the frame offers none (smart accounts: social.test.ts, tests/integration/secure-frame).
  harness = await startHarness({ secureFrame: { smartAccounts: false } })
  sandbox = harness.sandbox
  browser = harness.browser
  page = harness.page
})

test.after(async () => {
  await harness?.stop()
})

const sk: Harness['sk'] = (fn, arg) => harness.sk(fn, arg)

/** Starts a provider request in the page without waiting; `settled()` gives its outcome. */
async function start(namespace: string, method: string, params: unknown) {
  await page.evaluate(
    ([ns, m, p]) => {
      ;(window as any).outcome = (window as any).sk.request(ns, m, p).then(
        (value: unknown) => ({ value }),
        (error: { message: string; code?: number }) => ({ error: { message: error.message, code: error.code } }),
      )
    },
    [namespace, method, params] as const,
  )
  return () => page.evaluate(() => (window as any).outcome) as Promise<{ value?: any; error?: any }>
}

const user = { evm: '' as Hex, solana: '' }

test('email → the code from the mailbox → both namespaces connected through the frame', async () => {
  assert.is(await sk((s, email) => s.embedded.startEmailLogin(email), EMAIL), 'VERIFY_OTP')
  const mail = await nthMail(sandbox.secureFrameUrl, EMAIL, 1)
  await sk((s, code) => s.embedded.verifyOtp(code).then(() => s.finishLogin()), mail.code)
  const evm = await sk((s) => s.account('eip155'))
  const solana = await sk((s) => s.account('solana'))
  const [listed] = sandbox.secureFrame.accounts()
  assert.equal(evm, { address: listed?.addresses.evm, status: 'connected', user: { email: EMAIL } })
  assert.equal(solana, { address: listed?.addresses.solana, status: 'connected', user: { email: EMAIL } })
  user.evm = evm.address
  user.solana = solana.address
  // The iframe is the frame's page on the frame's origin, hidden until something needs approval.
  const src = await page.locator('iframe[name="w3m-secure-iframe"]').getAttribute('src')
  const url = new URL(src!)
  assert.is(url.origin, sandbox.secureFrameUrl)
  assert.is(url.pathname, '/sdk')
  assert.equal([...url.searchParams.keys()], ['projectId', 'chainId', 'version', 'enableLogger', 'rpcUrl'])
  assert.is(await page.locator('iframe[name="w3m-secure-iframe"]').isVisible(), false)
})

test('safe methods go through the frame; chain and accounts are answered by the widget', async () => {
  assert.is(await sk((s) => s.request('eip155', 'eth_chainId')), '0x7a69')
  assert.equal(await sk((s) => s.request('eip155', 'eth_accounts')), [user.evm])
  const balance = await sk((s, address) => s.request('eip155', 'eth_getBalance', [address, 'latest']), user.evm)
  assert.is(BigInt(balance as string), parseEther('10'), 'funded by the sandbox faucet')
  assert.equal(await sk((s) => s.modal()), { open: false, view: 'Connect', toast: '' })
})

test('personal_sign: ApproveTransaction shows the frame over the modal; approved there, it verifies', async () => {
  const message = 'Signed in the secure frame'
  const settled = await start('eip155', 'personal_sign', [toHex(message), user.evm])
  await eventually(async () => (await sk((s) => s.modal())).view === 'ApproveTransaction', 'ApproveTransaction')
  const box = await page.locator('iframe[name="w3m-secure-iframe"]').boundingBox()
  assert.ok(box && box.width > 200 && box.height > 200, 'the frame is shown inside the view')
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  const { value } = await settled()
  assert.ok(await verifyMessage({ address: user.evm, message, signature: value }))
  await eventually(async () => !(await sk((s) => s.modal())).open, 'the modal to close (stack empty)')
  assert.is(await page.locator('iframe[name="w3m-secure-iframe"]').isVisible(), false)
})

test('switching to the L2 goes through the frame (SWITCH_NETWORK): the chain answer follows', async () => {
  const network = sandboxNetwork
  const [l1, l2] = sandbox.chains
  await sk((s, target) => s.appKit.switchNetwork(target), network(31338, l2!.rpcUrl))
  assert.is(await sk((s) => s.request('eip155', 'eth_chainId')), '0x7a6a')
  const balance = await sk((s, address) => s.request('eip155', 'eth_getBalance', [address, 'latest']), user.evm)
  assert.is(BigInt(balance as string), parseEther('10'), 'the faucet funded the L2 too')
  await sk((s, target) => s.appKit.switchNetwork(target), network(31337, l1!.rpcUrl))
  assert.is(await sk((s) => s.request('eip155', 'eth_chainId')), '0x7a69')
})

test('rejecting in the frame is a 4001; closing the modal on a pending request is a 4001 too', async () => {
  const rejected = await start('eip155', 'personal_sign', ['0x6869', user.evm])
  await answerSecureFrame(page, 'Reject', { title: 'Sign message' })
  assert.is((await rejected()).error?.code, 4001)
  const closed = await start('eip155', 'personal_sign', ['0x6869', user.evm])
  await secureFrame(page).getByRole('button', { name: 'Approve' }).waitFor()
  await sk((s) => s.appKit.close())
  assert.is((await closed()).error?.code, 4001)
  // The frame was told (RPC_ABORT): its screen is idle again.
  await eventually(
    async () => (await secureFrame(page).getByRole('button', { name: 'Approve' }).count()) === 0,
    'the frame idle',
  )
})

test('a method outside both lists never reaches the frame: refused, and the modal says so', async () => {
  const { error } = await (await start('eip155', 'eth_sign', [user.evm, '0x00']))()
  assert.equal(error, { message: 'Requested RPC call is not allowed', code: 4200 })
  await eventually(async () => (await sk((s) => s.modal())).toast === 'Action not allowed', 'the notice')
  await sk((s) => s.appKit.close())
})

test('Solana: solana_signMessage approved in the frame verifies against the Solana account', async () => {
  const { getBase58Decoder, getBase58Encoder, getPublicKeyFromAddress, verifySignature, address } =
    await import('@solana/kit')
  const bytes = new TextEncoder().encode('Solana through the widget')
  const settled = await start('solana', 'solana_signMessage', {
    message: getBase58Decoder().decode(bytes),
    pubkey: user.solana,
  })
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  const { value } = await settled()
  const key = await getPublicKeyFromAddress(address(user.solana))
  assert.ok(await verifySignature(key, getBase58Encoder().encode(value.signature) as any, bytes))
})

test('messages from another origin imitating the frame are dropped and counted; nothing changes', async () => {
  const before = await sk((s) => s.embedded.frameStats().dropped)
  const stranger = page.frames().find((item) => item.url().includes('/stranger'))!
  await stranger.evaluate(() => {
    const forged = [
      { type: '@w3m-frame/READY', payload: { version: '4' } },
      { type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: 'x', payload: { isConnected: false } },
      {
        type: '@w3m-frame/GET_USER_SUCCESS',
        id: 'y',
        payload: {
          address: '0x000000000000000000000000000000000000dEaD',
          chainId: 31337,
          email: 'mallory@evil.example',
        },
      },
    ]
    for (const message of forged) window.parent.postMessage(message, '*')
  })
  await eventually(async () => (await sk((s) => s.embedded.frameStats().dropped)) >= before + 3, 'the drops counted')
  await sleep(5500) // a heartbeat later
  assert.equal(await sk((s) => s.account('eip155')), { address: user.evm, status: 'connected', user: { email: EMAIL } })
})

test('a reload restores the session through the frame without asking again', async () => {
  const mails = (await (await fetch(`${sandbox.secureFrameUrl}/__sandbox/mailbox?email=${EMAIL}`)).json()).mails.length
  await page.reload()
  await page.waitForFunction(() => 'sk' in window)
  await eventually(async () => (await sk((s) => s.account('eip155'))).status === 'connected', 'restored', 10_000)
  assert.is((await sk((s) => s.account('solana'))).address, user.solana)
  const after = (await (await fetch(`${sandbox.secureFrameUrl}/__sandbox/mailbox?email=${EMAIL}`)).json()).mails.length
  assert.is(after, mails, 'no new code was sent')
})

test("the page's own JavaScript cannot reach the keys: another origin's storage, nothing secret posted", async () => {
  const fromPage = await page.evaluate(() => {
    const element = document.querySelector<HTMLIFrameElement>('iframe[name="w3m-secure-iframe"]')!
    let frameStorage: string
    try {
      frameStorage = String(element.contentWindow!.localStorage.length)
    } catch (error) {
      frameStorage = (error as Error).name
    }
    return { frameStorage, own: JSON.stringify({ ...localStorage }) }
  })
  assert.is(fromPage.frameStorage, 'SecurityError')
  const keys = JSON.parse(
    (await page
      .frame({ name: 'w3m-secure-iframe' })!
      .evaluate((email) => localStorage.getItem(`sigkit-frame:keys:${email}`), EMAIL))!,
  )
  assert.not.ok(fromPage.own.toLowerCase().includes(keys.evm.slice(2).toLowerCase()))
  assert.not.ok(fromPage.own.includes(keys.solana))
})

test('disconnect signs out through the frame and ends both namespaces', async () => {
  await sk((s) => s.appKit.disconnect('eip155'))
  assert.is((await sk((s) => s.account('eip155'))).status, 'disconnected')
  assert.is((await sk((s) => s.account('solana'))).status, 'disconnected')
  const connected = await page.evaluate(() => localStorage.getItem('@sigkit-wallet/email_login_used'))
  assert.is(connected, null)
  assert.equal(
    await sk((s) => s.embedded.startEmailLogin('nobody').catch((error: Error) => error.message)),
    'Invalid email. Try again.',
  )
  assert.equal(harness.pageErrors, [], 'no uncaught errors in the page')
})

test.run()
