// Social login end to end in Chromium (issue 15): the React demo page with the project's socials
// on, the sandbox's secure frame with its OAuth and Farcaster stand-ins and its smart accounts on
// anvil. Google in a real popup → connected as the smart account with the username shown → a send
// from the smart account lands on anvil (its balance falls by exactly the amount; the EOA pays the
// gas; the contract is deployed on that first use) → switch to the EOA → the address changes. The
// popup closed by the visitor → the message and a retry. Farcaster through its QR code and the
// stand-in page. SIWX required with a smart account: the session's signature verifies on chain
// (ERC-1271). Serial: the steps share one page.
import {
  chainBalance,
  decodeQr,
  expect,
  expectModalClosed,
  modal,
  openDapp,
  resetFeatures,
  sandboxConfig,
  seriousAxeViolations,
  test,
} from './helpers.mjs'
import { answerSecureFrame, secureFrame } from '../helpers/secure-frame.mjs'

test.describe.configure({ mode: 'serial' })

const PROVIDERS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']
const USERNAME = `e2e.${Date.now()}`
/** @type {any} */
let config
/** @type {import('@playwright/test').Page} */
let page
const account = { smart: '', eoa: '' }

async function setSocialFeature(request, isEnabled) {
  const response = await request.post(`${config.apiUrl}/__sandbox/features`, {
    data: { social_login: { isEnabled, config: isEnabled ? PROVIDERS : [] } },
  })
  expect(response.ok()).toBe(true)
}

/** Code deployed at `address` on the first anvil chain ('0x' when none). */
async function codeAt(address) {
  const response = await fetch(config.chains[0].rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] }),
  })
  return (await response.json()).result
}

/** Clicks "Continue with <name>" and signs in on the provider's stand-in page in the popup. */
async function signInWithPopup(target, name, username) {
  const [popup] = await Promise.all([
    target.waitForEvent('popup'),
    modal(target)
      .getByRole('button', { name: `Continue with ${name}` })
      .click(),
  ])
  const field = popup.getByRole('textbox', { name: 'Username' })
  await field.fill(username)
  await popup.getByRole('button', { name: `Continue as ${username}` }).click()
  // Closed by the widget once it has the answer (a 'close' wait could start after the fact).
  await expect.poll(() => popup.isClosed(), { message: 'the popup closes' }).toBe(true)
}

test.beforeAll(async ({ browser, request }) => {
  config = await sandboxConfig(request)
  await setSocialFeature(request, true)
  page = await browser.newPage()
})

test.afterAll(async ({ request }) => {
  // The other specs run against the emulator's defaults.
  await resetFeatures(request)
  await page?.close()
})

test('Google in a popup → connected as the smart account, the username shown', async () => {
  const log = await openDapp(page)
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await signInWithPopup(page, 'Google', USERNAME)
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  account.smart = (await page.getByTestId('account-address').textContent()) ?? ''
  expect(account.smart).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // Funded by the sandbox's faucet, not yet deployed: the contract comes with its first use.
  expect(await chainBalance(config, account.smart)).toBe('10')
  expect(await codeAt(account.smart)).toBe('0x')

  await page.locator('appkit-button').click()
  await expect(dialog.getByText(USERNAME)).toBeVisible()
  await expect(dialog.getByText('Smart account', { exact: true })).toBeVisible()
  expect(await seriousAxeViolations(page), 'Account view of an embedded smart account').toEqual([])
  await page.keyboard.press('Escape')
  expect(log.errors).toEqual([])
})

test('a send from the smart account lands on anvil: its balance falls by exactly the amount', async () => {
  const recipient = config.accounts.recipient
  const before = { smart: await chainBalance(config, account.smart), to: await chainBalance(config, recipient) }
  await page.getByLabel('Amount (ETH)').fill('0.01')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(secureFrame(page).getByRole('heading', { name: 'Send transaction' })).toBeVisible()
  await answerSecureFrame(page, 'Approve', { title: 'Send transaction' })
  await expect(page.getByTestId('send-status')).toContainText('Confirmed in block', { timeout: 20_000 })
  expect(Number(await chainBalance(config, recipient)) - Number(before.to)).toBeCloseTo(0.01, 10)
  // The EOA pays the gas: the smart account loses the amount and nothing more.
  expect(Number(before.smart) - Number(await chainBalance(config, account.smart))).toBeCloseTo(0.01, 12)
  expect(await codeAt(account.smart), 'deployed on first use').not.toBe('0x')
  await expect(page.getByTestId('account-balance')).toHaveText(`${await chainBalance(config, account.smart)} ETH`)
})

test('switching to the EOA: the address and the balance follow, and back', async () => {
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Switch to EOA' }).click()
  await expect(dialog.getByText('EOA', { exact: true })).toBeVisible()
  const address = page.getByTestId('account-address')
  await expect(address).not.toHaveText(account.smart)
  account.eoa = (await address.textContent()) ?? ''
  expect(account.eoa).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(await codeAt(account.eoa), 'an EOA has no code').toBe('0x')
  // The EOA paid the gas of the deployment and the send.
  expect(Number(await chainBalance(config, account.eoa))).toBeLessThan(10)
  await expect(page.getByTestId('account-balance')).toHaveText(`${await chainBalance(config, account.eoa)} ETH`)
  // The choice is kept for the namespace across a reload.
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.getByTestId('account-address')).toHaveText(account.eoa)
  await page.locator('appkit-button').click()
  await dialog.getByRole('button', { name: 'Switch to smart account' }).click()
  await expect(page.getByTestId('account-address')).toHaveText(account.smart)
  await page.keyboard.press('Escape')
})

test('a signature from the smart account verifies on chain (ERC-1271)', async () => {
  await page.getByRole('button', { name: 'Sign message' }).click()
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  await expect(page.getByTestId('sign-result')).toContainText('Signature verified')
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})

test('the visitor closes the popup: a clear message and a retry, never a spinner', async () => {
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Continue with Google' }).click(),
  ])
  await expect(dialog.getByText('Continue in the Google window')).toBeVisible()
  await popup.getByRole('textbox', { name: 'Username' }).waitFor()
  await popup.close()
  await expect(dialog.getByRole('alert')).toHaveText('The sign-in window was closed before you signed in')
  expect(await seriousAxeViolations(page), 'ConnectingSocial with its error').toEqual([])
  const [again] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Try again' }).click(),
  ])
  await again.getByRole('textbox', { name: 'Username' }).fill(USERNAME)
  await again.getByRole('button', { name: `Continue as ${USERNAME}` }).click()
  await expect(dialog).toBeHidden()
  // The same username is the same account.
  await expect(page.getByTestId('account-address')).toHaveText(account.smart)
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})

test('Farcaster: the QR code opens the stand-in, its approval connects with the username', async ({ browser }) => {
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(dialog.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeVisible()
  expect(await seriousAxeViolations(page), 'ConnectingFarcaster').toEqual([])
  const url = await decodeQr(page)
  expect(url).toContain(`${config.secureFrameUrl}/farcaster/`)
  const phone = await browser.newPage()
  try {
    await phone.goto(url)
    await phone.getByRole('textbox', { name: 'Username' }).fill('e2e-fc')
    await phone.getByRole('button', { name: 'Approve' }).click()
  } finally {
    await phone.close()
  }
  await expect(dialog).toBeHidden({ timeout: 15_000 })
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await page.locator('appkit-button').click()
  await expect(dialog.getByText('e2e-fc')).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})

test('SIWX required with a smart account: the session is signed in the frame and verifies on chain', async () => {
  await openDapp(page, '/?siwx=required')
  const status = page.getByTestId('sign-in-status')
  await expect(status).toHaveText('Not connected (sign-in required)')
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await signInWithPopup(page, 'Google', USERNAME)
  await expect(dialog.getByRole('heading', { name: /wants you to sign in/ })).toBeVisible()
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  // Once the demo has checked the signature through the chain (a contract call on anvil).
  await expectModalClosed(page, { timeout: 15_000 })
  // The demo keeps a session only when viem's verifyMessage through the chain accepts it; the
  // signer is a contract account (ERC-1271), deployed for this signature if it was not before.
  const address = (await page.getByTestId('account-address').textContent()) ?? ''
  await expect(status).toHaveText(new RegExp(`^Signed in as ${address} on eip155:31337`, 'i'))
  expect(await codeAt(address), 'a smart account signed in').not.toBe('0x')
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
})
