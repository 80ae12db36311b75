// Social login, Farcaster, account types and the email change (issue 15): the widget's code from
// source in Chromium against the sandbox's reference frame, with its provider stand-ins and its
// smart accounts on anvil. The popup opens from the flow, the stand-in answers from the frame's
// origin, the frame signs as the smart account and anvil checks it (ERC-1271); the redirect flow
// leaves the page and finishes on the page load that comes back. Chromium missing: skipped.
import type { Page } from '@playwright/test'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, toHex, type Hex } from 'viem'
import { eventually, nthMail } from '../secure-frame/helpers'
import { startHarness, type Harness } from './harness'
import { answerSecureFrame } from '../../helpers/secure-frame.mjs'

const USERNAME = 'ada.integration'

let harness: Harness
let page: Page
const account = { smart: '' as Hex, eoa: '' as Hex }

test.before(async () => {
  harness = await startHarness({})
  page = harness.page
})
test.after(async () => {
  await harness?.stop()
})

const sk: Harness['sk'] = (fn, arg) => harness.sk(fn, arg)
const chain = () => harness.sandbox.sandboxConfig().chains[0]!
const reader = () => createPublicClient({ transport: http(chain().rpcUrl) })

/** The account the frame's faucet funded for `identity`: its EOA and its smart account on the first chain. */
async function fundedAccount(identity: string): Promise<{ eoa: Hex; smart: Hex }> {
  const { accounts } = await (await fetch(`${harness.sandbox.secureFrameUrl}/__sandbox/accounts`)).json()
  const entry = accounts.find((item: { email: string }) => item.email === identity)
  assert.ok(entry, `the frame made an account for ${identity}`)
  return { eoa: entry.addresses.evm, smart: entry.funded?.smartAccounts?.[chain().chainId]?.address }
}

/** Starts a provider request in the page without waiting; `settled()` gives its outcome. */
async function start(method: string, params: unknown) {
  await page.evaluate(
    ([m, p]) => {
      ;(window as any).outcome = (window as any).sk.request('eip155', m, p).then(
        (value: unknown) => ({ value }),
        (error: { message: string }) => ({ error: error.message }),
      )
    },
    [method, params] as const,
  )
  return () => page.evaluate(() => (window as any).outcome) as Promise<{ value?: any; error?: string }>
}

test('the popup flow: the stand-in answers from the frame origin, the smart account is connected', async () => {
  const [popup] = await Promise.all([page.waitForEvent('popup'), sk((s) => s.flow.startSocialLogin('google'))])
  await popup.getByRole('textbox', { name: 'Username' }).fill(USERNAME)
  await popup.getByRole('button', { name: `Continue as ${USERNAME}` }).click()
  await eventually(async () => (await sk((s) => s.account('eip155'))).status === 'connected', 'connected')
  Object.assign(account, await fundedAccount(`google:${USERNAME}`))
  assert.ok(account.smart, 'the faucet funded a smart account')
  const evm = await sk((s) => s.account('eip155'))
  assert.equal(evm, { address: account.smart, status: 'connected', user: { username: USERNAME } })
  const details = await sk((s) => s.accountDetails('eip155'))
  assert.equal(details.connectedWalletInfo, { name: 'Google', identifier: USERNAME, social: 'google' })
  assert.is(details.preferredAccountType, 'smartAccount')
  assert.equal(
    details.allAccounts.map((entry: { type: string }) => entry.type),
    ['smartAccount', 'eoa'],
  )
  // Solana has no smart accounts: the EOA, the same login.
  assert.is((await sk((s) => s.account('solana'))).status, 'connected')
  assert.ok(popup.isClosed(), 'the popup closed once it answered')
})

test('a signature from the smart account verifies on chain, by its contract (ERC-1271)', async () => {
  const message = 'Signed by a smart account'
  const settled = await start('personal_sign', [toHex(message), account.smart])
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  const { value } = await settled()
  assert.ok(await reader().verifyMessage({ address: account.smart, message, signature: value }))
  assert.not.equal(await reader().getCode({ address: account.smart }), undefined, 'deployed on first use')
})

test('SET_PREFERRED_ACCOUNT: the EOA, then back; the dapp sees each address', async () => {
  await sk((s) => s.embeddedAccount.setPreferredAccountType('eoa'))
  assert.is((await sk((s) => s.account('eip155'))).address, account.eoa)
  assert.equal(await sk((s) => s.request('eip155', 'eth_accounts')), [account.eoa])
  // The frame signs as the EOA now: a plain ecrecover accepts it.
  const settled = await start('personal_sign', [toHex('as the EOA'), account.eoa])
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  const { value } = await settled()
  assert.ok(await reader().verifyMessage({ address: account.eoa, message: 'as the EOA', signature: value }))
  assert.is(await page.evaluate(() => localStorage.getItem('@sigkit/preferred_account_types')), '{"eip155":"eoa"}')
  await sk((s) => s.embeddedAccount.setPreferredAccountType('smartAccount'))
  assert.is((await sk((s) => s.account('eip155'))).address, account.smart)
})

test('a reload restores the social session: provider, username and account type', async () => {
  await harness.open()
  await eventually(async () => (await sk((s) => s.account('eip155'))).status === 'connected', 'restored')
  assert.is((await sk((s) => s.account('eip155'))).address, account.smart)
  const details = await sk((s) => s.accountDetails('eip155'))
  assert.is(details.connectedWalletInfo.social, 'google')
  assert.is(details.connectedWalletInfo.identifier, USERNAME)
  await sk((s) => s.appKit.disconnect())
  assert.is((await sk((s) => s.account('eip155'))).status, 'disconnected')
})

test('Farcaster: the URI is the stand-in page; approving it there connects with the username', async () => {
  const url = await sk((s) => s.social.farcasterLoginUri())
  assert.ok(url.startsWith(`${harness.sandbox.secureFrameUrl}/farcaster/`), url)
  await page.evaluate(() => {
    ;(window as any).farcaster = (window as any).sk.social
      .approvedInFarcaster()
      .then((login: unknown) => (window as any).sk.finishLogin(login))
      .then(
        () => 'connected',
        (error: Error) => error.message,
      )
  })
  const phone = await harness.browser!.newPage()
  await phone.goto(url)
  await phone.getByRole('textbox', { name: 'Username' }).fill('ada-fc')
  await phone.getByRole('button', { name: 'Approve' }).click()
  await phone.close()
  assert.is(await page.evaluate(() => (window as any).farcaster), 'connected')
  assert.equal((await sk((s) => s.account('eip155'))).user, { username: 'ada-fc' })
  await sk((s) => s.appKit.disconnect())
})

test('update email: a code to the current address, one to the new; the same account signs in with it', async () => {
  const before = 'before@example.com'
  const after = 'after@example.com'
  await sk((s, email) => s.embedded.startEmailLogin(email), before)
  await sk(
    (s, code) => s.embedded.verifyOtp(code).then(() => s.finishLogin()),
    (await nthMail(harness.sandbox.secureFrameUrl, before, 1)).code,
  )
  const address = (await sk((s) => s.account('solana'))).address
  assert.is(await sk((s, email) => s.embeddedAccount.updateEmail(email), after), 'VERIFY_PRIMARY_OTP')
  const primary = await nthMail(harness.sandbox.secureFrameUrl, before, 2)
  await sk((s, code) => s.embeddedAccount.verifyCurrentEmailCode(code), primary.code)
  const secondary = await nthMail(harness.sandbox.secureFrameUrl, after, 1)
  assert.is(await sk((s, code) => s.embeddedAccount.verifyNewEmailCode(code), secondary.code), after)
  assert.equal((await sk((s) => s.account('eip155'))).user, { email: after })
  await sk((s) => s.appKit.disconnect())
  // Signing in with the new address gives back the same keys.
  await sk((s, email) => s.embedded.startEmailLogin(email), after)
  await sk(
    (s, code) => s.embedded.verifyOtp(code).then(() => s.finishLogin()),
    (await nthMail(harness.sandbox.secureFrameUrl, after, 2)).code,
  )
  assert.is((await sk((s) => s.account('solana'))).address, address)
  await sk((s) => s.appKit.disconnect())
})

test('no popup possible: the page leaves for the provider and finishes the login when it comes back', async () => {
  // A blocked popup: window.open gives nothing.
  await page.evaluate(() => {
    window.open = () => null
    ;(window as any).sk.flow.startSocialLogin('github')
  })
  await page.waitForURL(/\/oauth\/github\?state=/)
  await page.getByRole('textbox', { name: 'Username' }).fill('redirected')
  await page.getByRole('button', { name: 'Continue as redirected' }).click()
  await page.waitForURL((url) => url.origin === harness.origin)
  await page.waitForFunction(() => 'sk' in window)
  await eventually(async () => (await sk((s) => s.account('eip155'))).status === 'connected', 'connected')
  assert.equal((await sk((s) => s.account('eip155'))).user, { username: 'redirected' })
  assert.not.match(page.url(), /result_uri/, 'the result is taken out of the address bar')
  assert.equal(harness.pageErrors, [], 'no uncaught errors in the page')
})

test.run()
