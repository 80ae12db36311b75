// The widget and the sandbox's secure frame in Chromium, for the frame events beyond login: the
// account facts GET_USER carries (smart account deployed, address labels), INIT_SMART_ACCOUNT
// when the visitor picks an undeployed smart account (deployed on anvil), GET_CHAIN_ID on restore,
// the frame gone from the page ('W3mFrame:
// iframe is not set'), and a frame that refuses the page's origin ('Unverified Domain' alert).
import type { Page } from '@playwright/test'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, http, type Hex } from 'viem'
import { eventually, nthMail } from '../secure-frame/helpers'
import { sandboxNetwork, startHarness, type Harness } from './harness'

const EMAIL = 'frame-events@example.com'

let harness: Harness
let sandbox: Harness['sandbox']
let page: Page

test.before(async () => {
  harness = await startHarness({})
  sandbox = harness.sandbox
  page = harness.page
})

test.after(async () => {
  await harness?.stop()
})

const sk: Harness['sk'] = (fn, arg) => harness.sk(fn, arg)
const replies = () => sk((s) => [...s.frameReplies] as string[])
const account = { smart: '' as Hex, eoa: '' as Hex }

test('GET_USER facts reach the account state: the smart account is not deployed yet; each address is labelled', async () => {
  assert.is(await sk((s, email) => s.embedded.startEmailLogin(email), EMAIL), 'VERIFY_OTP')
  const mail = await nthMail(sandbox.secureFrameUrl, EMAIL, 1)
  await sk((s, code) => s.embedded.verifyOtp(code).then(() => s.finishLogin()), mail.code)
  const details = await sk((s) => s.accountDetails('eip155'))
  assert.is(details.preferredAccountType, 'smartAccount')
  account.smart = details.allAccounts.find((entry: { type: string }) => entry.type === 'smartAccount').address
  account.eoa = details.allAccounts.find((entry: { type: string }) => entry.type === 'eoa').address
  const facts = await sk((s) => s.accountFacts('eip155'))
  assert.is(facts.smartAccountDeployed, false)
  assert.equal(facts.addressLabels, { [account.smart]: 'Smart Account', [account.eoa]: 'EOA' })
  const chain = sandbox.chains[0]!
  const code = await createPublicClient({ transport: http(chain.rpcUrl) }).getCode({ address: account.smart })
  assert.ok(!code || code === '0x', 'no code at the smart account yet')
})

test('picking the smart account sends INIT_SMART_ACCOUNT: the frame deploys it on anvil and the state says so', async () => {
  await sk((s) => s.embeddedAccount.setPreferredAccountType('eoa'))
  assert.is((await sk((s) => s.account('eip155'))).address, account.eoa)
  assert.not.ok((await replies()).includes('INIT_SMART_ACCOUNT_SUCCESS'), 'not for the EOA')
  await sk((s) => s.embeddedAccount.setPreferredAccountType('smartAccount'))
  assert.is((await sk((s) => s.account('eip155'))).address, account.smart)
  assert.ok((await replies()).includes('INIT_SMART_ACCOUNT_SUCCESS'))
  assert.is((await sk((s) => s.accountFacts('eip155'))).smartAccountDeployed, true)
  const chain = sandbox.chains[0]!
  const code = await createPublicClient({ transport: http(chain.rpcUrl) }).getCode({ address: account.smart })
  assert.ok(code && code.length > 2, 'the smart account has code on anvil')
  // Deployed: picking it again asks nothing more.
  const before = (await replies()).filter((type) => type === 'INIT_SMART_ACCOUNT_SUCCESS').length
  await sk((s) => s.embeddedAccount.setPreferredAccountType('smartAccount'))
  assert.is((await replies()).filter((type) => type === 'INIT_SMART_ACCOUNT_SUCCESS').length, before)
})

test("restore asks the frame's chain (GET_CHAIN_ID) and comes back on it", async () => {
  const [l1, l2] = sandbox.chains
  const network = sandboxNetwork
  await sk((s, target) => s.appKit.switchNetwork(target), network(31338, l2!.rpcUrl))
  assert.is(await sk((s) => s.request('eip155', 'eth_chainId')), '0x7a6a')
  await harness.open()
  await eventually(async () => (await sk((s) => s.account('eip155'))).status === 'connected', 'restored')
  assert.ok((await replies()).includes('GET_CHAIN_ID_SUCCESS'))
  assert.match((await sk((s) => s.accountFacts('eip155'))).caipAddress, /^eip155:31338:/)
  assert.is(await sk((s) => s.request('eip155', 'eth_chainId')), '0x7a6a')
  await sk((s, target) => s.appKit.switchNetwork(target), network(31337, l1!.rpcUrl))
})

test("the frame removed from the page: the next request fails with 'W3mFrame: iframe is not set'", async () => {
  await page.evaluate(() => document.querySelector('iframe[name="w3m-secure-iframe"]')?.remove())
  const outcome = await sk(
    (s, address) =>
      s.request('eip155', 'eth_getBalance', [address, 'latest']).then(
        () => 'answered',
        (error: Error) => error.message,
      ),
    account.eoa,
  )
  assert.is(outcome, 'W3mFrame: iframe is not set')
})

test("a frame that refuses the page's origin: 'Unverified Domain' opens the error alert; the login fails", async () => {
  await sk((s) => s.appKit.disconnect().catch(() => undefined))
  sandbox.secureFrame.treatAsUnverified(harness.origin)
  try {
    await harness.open()
    const outcome = await sk(
      (s, email) =>
        s.embedded.startEmailLogin(email).then(
          () => 'sent',
          (error: Error) => error.message,
        ),
      'refused@example.com',
    )
    assert.match(outcome, /^Unverified Domain: /)
    assert.equal(await sk((s) => s.alert()), { code: 'SK103', message: 'Unverified Domain' })
  } finally {
    sandbox.secureFrame.treatAsUnverified(harness.origin, false)
  }
})

test.run()
