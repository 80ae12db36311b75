// The embedded wallet end to end in Chromium (issue 14): the demo page with the project's email
// feature on (the API emulator's switch), the sandbox's secure frame on its own origin, its mailbox
// and faucet. Email → code from the mailbox → connected on EVM with the anvil balance → 0.01 ETH
// sent and approved in the frame's own screen inside the modal → the new balance on chain; the same
// account on Solana; a reload keeps the session; messages imitating the frame from other windows
// are ignored; the page cannot read the key. Serial: the steps share one login.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chainBalance, expect, mailedCode, modal, openDapp, resetFeatures, sandboxConfig, test } from './helpers.mjs'
import { answerSecureFrame, secureFrame } from '../helpers/secure-frame.mjs'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious or critical axe violations in the page, shadow roots included (as in evm.spec.mjs). */
async function seriousViolations(target) {
  await target.addScriptTag({ content: axeSource })
  const results = await target.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test.describe.configure({ mode: 'serial' })

const EMAIL = `e2e-${Date.now()}@example.com`
/** @type {any} */
let config
/** @type {import('@playwright/test').Page} */
let page
/** @type {{ evm: string, owner: string, solana: string }} evm: the smart account the widget shows; owner: its EOA */
const account = { evm: '', owner: '', solana: '' }

async function setEmailFeature(request, on) {
  const response = await request.post(`${config.apiUrl}/__sandbox/features`, { data: { email: on } })
  expect(response.ok()).toBe(true)
}

/** The `count`th code mailed to `email` (the sandbox's mailbox route). */
async function latestCode(request, count, email = EMAIL) {
  return mailedCode(request, config, email, count)
}

/** Types a mailed code into the six boxes, one digit at a time. */
async function typeCode(code) {
  await modal(page).getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
  await page.keyboard.type(code)
}

/** The email the account signs in with (the email-change test changes it). */
let signedInEmail = EMAIL

test.beforeAll(async ({ browser, request }) => {
  config = await sandboxConfig(request)
  await setEmailFeature(request, true)
  page = await browser.newPage()
})

test.afterAll(async ({ request }) => {
  // The other specs run against the emulator's defaults.
  await resetFeatures(request)
  await page?.close()
})

test('email → code from the mailbox → connected on EVM with the balance from anvil', async ({ request }) => {
  const log = await openDapp(page)
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  const field = dialog.getByRole('textbox', { name: 'Email' })
  await expect(field, 'the project config turned email on').toBeVisible()
  await field.fill(EMAIL)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm Email' })).toBeVisible()
  await expect(dialog).toContainText(EMAIL)
  const code = await latestCode(request, 1)
  // A code pasted anywhere fills all six boxes and is sent.
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
  await page.evaluate((text) => {
    const target = document.querySelector('sigkit-modal').shadowRoot.activeElement
    const event = new Event('paste', { bubbles: true, cancelable: true })
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } })
    target.dispatchEvent(event)
  }, code)
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  // The account the frame made for this email (its keys stay in the frame; addresses are public).
  const { accounts } = await (await request.get(`${config.secureFrameUrl}/__sandbox/accounts`)).json()
  const mine = accounts.find((entry) => entry.email === EMAIL)
  expect(mine, 'the frame made an account for the email').toBeTruthy()
  // The widget asks for a smart account on EVM (its default): the frame's, owned by the account's
  // EOA. The faucet funded both.
  account.evm = mine.funded.smartAccounts[config.chains[0].chainId].address
  account.owner = mine.addresses.evm
  account.solana = mine.addresses.solana
  await expect(page.getByTestId('account-address')).toHaveText(account.evm)
  await expect(page.getByTestId('account-balance')).toHaveText(`${await chainBalance(config, account.evm)} ETH`)
  expect(await chainBalance(config, account.evm)).toBe('10')

  // The Account view shows the email.
  await page.locator('appkit-button').click()
  await expect(dialog.getByText(EMAIL)).toBeVisible()
  await page.keyboard.press('Escape')
  expect(log.errors).toEqual([])
})

test('a 0.01 ETH send is approved inside the frame, shown in the modal; the new balance is on chain', async () => {
  const recipient = config.accounts.recipient
  const before = {
    from: await chainBalance(config, account.evm),
    owner: await chainBalance(config, account.owner),
    to: await chainBalance(config, recipient),
  }
  await page.getByLabel('Amount (ETH)').fill('0.01')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
  // The frame's own screen, on its origin, over the view: the dapp never renders what is signed.
  await expect(secureFrame(page).getByRole('heading', { name: 'Send transaction' })).toBeVisible()
  await expect(secureFrame(page).getByText(recipient)).toBeVisible()
  await answerSecureFrame(page, 'Approve', { title: 'Send transaction' })
  await expect(dialog, 'the stack was empty: the modal closes').toBeHidden()
  await expect(page.getByTestId('send-status')).toContainText('Confirmed in block', { timeout: 15_000 })
  expect(Number(await chainBalance(config, recipient)) - Number(before.to)).toBeCloseTo(0.01, 10)
  // The smart account sent the value; its owner EOA paid the gas.
  expect(Number(before.from) - Number(await chainBalance(config, account.evm))).toBeCloseTo(0.01, 10)
  expect(Number(await chainBalance(config, account.owner))).toBeLessThan(Number(before.owner))
  await expect(page.getByTestId('account-balance')).toHaveText(`${await chainBalance(config, account.evm)} ETH`)
})

test('the same account on Solana: switching the network shows its Solana address, no second login', async () => {
  const { solana } = config
  await page.getByRole('button', { name: `Switch to ${solana.name}`, exact: true }).click()
  await expect(page.getByTestId('network-name')).toContainText(solana.name)
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  const address = page.getByTestId('account-address')
  await expect(address).toHaveText(account.solana)
  await expect(page.getByTestId('account-balance')).toHaveText('10 SOL')
  // Signing on Solana goes through the frame's approval screen too.
  await page.getByRole('button', { name: 'Sign with Solana' }).click()
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })
  await expect(page.getByTestId('solana-sign-result')).toContainText('Signature verified')
  await page.getByRole('button', { name: 'Switch to Localhost', exact: true }).click()
  await expect(page.getByTestId('account-address')).toHaveText(account.evm)
})

test('a reload keeps the session: restored through the frame without a new code', async ({ request }) => {
  const mails = (await (await request.get(`${config.secureFrameUrl}/__sandbox/mailbox?email=${EMAIL}`)).json()).mails
  await page.reload()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.getByTestId('account-address')).toHaveText(account.evm)
  const after = (await (await request.get(`${config.secureFrameUrl}/__sandbox/mailbox?email=${EMAIL}`)).json()).mails
  expect(after.length, 'no code was asked for').toBe(mails.length)
})

test('messages imitating the frame, from another origin or another window of its origin, are ignored', async () => {
  // Two strangers: the API emulator's origin, and the frame's own origin in another window.
  await page.evaluate(
    ([api, frame]) => {
      for (const [name, src] of [
        ['stranger-origin', `${api}/__sandbox/features`],
        ['stranger-window', `${frame}/mailbox`],
      ]) {
        const element = document.createElement('iframe')
        element.name = name
        element.src = src
        document.body.append(element)
      }
    },
    [config.apiUrl, config.secureFrameUrl],
  )
  for (const name of ['stranger-origin', 'stranger-window']) {
    await expect.poll(() => page.frame({ name })?.url() ?? '').toContain('http')
    const stranger = page.frame({ name })
    await stranger.waitForLoadState()
    await stranger.evaluate(() => {
      const forged = [
        { type: '@w3m-frame/READY', payload: { version: '4' } },
        { type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: '1', payload: { isConnected: false } },
        {
          type: '@w3m-frame/GET_USER_SUCCESS',
          id: '2',
          payload: {
            address: '0x000000000000000000000000000000000000dEaD',
            chainId: 31337,
            email: 'mallory@evil.example',
          },
        },
        { type: '@w3m-frame/SIGN_OUT_SUCCESS', id: '3' },
      ]
      for (const message of forged) window.parent.postMessage(message, '*')
    })
  }
  // Nothing changed (no listener reads anything but a reply from the frame's own window); a wait
  // lets any late effect show.
  await page.waitForTimeout(1000)
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.getByTestId('account-address')).toHaveText(account.evm)
  // The strangers are the test's, not the page's: gone before the next test's accessibility check.
  await page.evaluate(() => document.querySelectorAll('iframe[name^="stranger"]').forEach((frame) => frame.remove()))
})

test('update email from the Account view: a code to the current address, one to the new, then the new email is shown', async ({
  request,
}) => {
  const next = `new-${EMAIL}`
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Update email' }).click()
  await expect(dialog.getByRole('heading', { name: 'Edit Email' })).toBeVisible()
  const field = dialog.getByRole('textbox', { name: 'New email' })
  await expect(field, 'prefilled with the current email').toHaveValue(EMAIL)
  expect(await seriousViolations(page), 'UpdateEmailWallet').toEqual([])
  await field.fill(next)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm Current Email' })).toBeVisible()
  expect(await seriousViolations(page), 'UpdateEmailPrimaryOtp').toEqual([])
  // The login took code 1; the change mails code 2 to the current address.
  await typeCode(await latestCode(request, 2))
  await expect(dialog.getByRole('heading', { name: 'Confirm New Email' })).toBeVisible()
  await typeCode(await latestCode(request, 1, next))
  await expect(page.getByText(`Your email is now ${next}`)).toBeVisible()
  await expect(dialog.getByText(next, { exact: true })).toBeVisible()
  signedInEmail = next
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('account-address')).toHaveText(account.evm)
})

test("the page's JavaScript cannot read the key: it lives in the frame origin's storage, nothing secret crosses", async () => {
  const fromPage = await page.evaluate(() => {
    const element = document.querySelector('iframe[name="w3m-secure-iframe"]')
    let frameStorage
    try {
      frameStorage = String(element.contentWindow.localStorage.length)
    } catch (error) {
      frameStorage = error.name
    }
    return { frameStorage, own: JSON.stringify({ ...localStorage }) }
  })
  expect(fromPage.frameStorage).toBe('SecurityError')
  const stored = await page
    .frame({ name: 'w3m-secure-iframe' })
    .evaluate((email) => localStorage.getItem(`sigkit-frame:keys:${email}`), signedInEmail)
  const keys = JSON.parse(stored)
  expect(fromPage.own.toLowerCase()).not.toContain(keys.evm.slice(2).toLowerCase())
  expect(fromPage.own).not.toContain(keys.solana)
  // And disconnecting signs out through the frame: both namespaces end.
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})

test('CDN build (Preact): the same email login on the plain page', async ({ browser, request }) => {
  const cdn = await browser.newPage()
  const other = `cdn-${EMAIL}`
  try {
    const log = await openDapp(cdn, '/cdn.html')
    await cdn.locator('appkit-button').click()
    const dialog = modal(cdn)
    await dialog.getByRole('textbox', { name: 'Email' }).fill(other)
    expect(await seriousViolations(cdn), 'Connect with the email section').toEqual([])
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(dialog.getByRole('heading', { name: 'Confirm Email' })).toBeVisible()
    expect(await seriousViolations(cdn), 'EmailVerifyOtp').toEqual([])
    let mails = []
    await expect
      .poll(
        async () =>
          (mails = (await (await request.get(`${config.secureFrameUrl}/__sandbox/mailbox?email=${other}`)).json())
            .mails).length,
      )
      .toBe(1)
    // Typed one digit at a time this time: each box moves on to the next.
    await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
    await cdn.keyboard.type(mails[0].code)
    await expect(dialog).toBeHidden()
    await expect.poll(() => cdn.evaluate(() => window.appKit.getIsConnectedState())).toBe(true)
    expect(log.errors).toEqual([])
  } finally {
    await cdn.close()
  }
})
