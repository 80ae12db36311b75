// Names end to end in Chromium (issue 29): a visitor signs in by email (the sandbox's secure frame
// and its mailbox), chooses a name in the Account view with the keyboard, approves the signature in
// the frame's own screen, and sees RegisterAccountNameSuccess; the button shows the name, also
// after a reload (from the stored identity cache, and from the identity route once it is gone); a
// second account (the test wallet) refuses an unknown name, then sends 0.01 ETH to the name, and
// the first account's balance on chain rose by exactly 0.01 ETH. axe on both new views and on the
// Send view's resolved receiver. Serial: the steps share one account and its name.
import { parseEther } from 'viem'
import {
  answerWallet,
  chainBalance,
  connectTestWallet,
  expect,
  mailedCode,
  modal,
  openDapp,
  resetFeatures,
  sandboxConfig,
  seriousAxeViolations,
  test,
} from './helpers.mjs'
import { answerSecureFrame, secureFrame } from '../helpers/secure-frame.mjs'

test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const EMAIL = `names-${stamp}@example.com`
/** A name nobody has: letters and digits, as the form takes them. */
const BASE = `e2e${stamp}`
const NAME = `${BASE}.reown.id`

/** @type {any} */
let config
/** @type {import('@playwright/test').Page} */
let page
/** The address the widget shows for the email account (its smart account on the anvil chain). */
let address = ''

test.beforeAll(async ({ browser, request }) => {
  config = await sandboxConfig(request)
  // The emulator's defaults have email on; a spec before this one may have changed them.
  await resetFeatures(request)
  page = await browser.newPage()
})

test.afterAll(async () => {
  await page?.close()
})

test('email login → choose a name with the keyboard → approve in the frame → RegisterAccountNameSuccess', async ({
  request,
}) => {
  const log = await openDapp(page)
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog.getByRole('textbox', { name: 'Email' }).fill(EMAIL)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm Email' })).toBeVisible()
  const code = await mailedCode(request, config, EMAIL)
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
  await page.keyboard.type(code)
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  const { accounts } = await (await request.get(`${config.secureFrameUrl}/__sandbox/accounts`)).json()
  address = accounts.find((entry) => entry.email === EMAIL).funded.smartAccounts[config.chains[0].chainId].address
  await expect(page.getByTestId('account-address')).toHaveText(address)
  await expect(page.getByTestId('account-name')).toHaveText('—')

  // The Account view offers a name to this account, which has none.
  await page.locator('appkit-button').click()
  const offer = dialog.getByRole('button', { name: 'Choose a name' })
  await expect(offer).toBeVisible()
  await offer.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('heading', { name: 'Choose Name' })).toBeVisible()

  // Keyboard only from here: the field, its live texts, a suggestion, Enter to register.
  const field = dialog.getByRole('textbox', { name: 'Name' })
  await field.focus()
  await page.keyboard.type('e2e')
  await expect(dialog.getByRole('status').filter({ hasText: 'Name must be at least 4 characters long' })).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.type('!')
  await expect(dialog.getByRole('status').filter({ hasText: 'The value is not a valid username' })).toBeVisible()
  await page.keyboard.press('Backspace')
  await page.keyboard.type(stamp)
  await expect(field).toHaveValue(BASE)
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  // Suggestions from the service, for what was typed last: the name itself, free.
  const suggestion = dialog.getByRole('button', { name: `${NAME} Available` })
  await expect(suggestion).toBeVisible()
  expect(await seriousAxeViolations(page), 'RegisterAccountName').toEqual([])
  await page.keyboard.press('Enter')

  // The frame's own approval screen shows the message the wallet signs.
  await expect(dialog.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
  await expect(secureFrame(page).getByRole('heading', { name: 'Sign message' })).toBeVisible()
  await expect(secureFrame(page).getByText(`"name":"${NAME}"`)).toBeVisible()
  await answerSecureFrame(page, 'Approve', { title: 'Sign message' })

  await expect(dialog.getByRole('heading', { name: 'Name Chosen' })).toBeVisible({ timeout: 15_000 })
  await expect(dialog.getByText(NAME, { exact: true })).toBeVisible()
  expect(await seriousAxeViolations(page), 'RegisterAccountNameSuccess').toEqual([])
  await dialog.getByRole('button', { name: 'Done' }).click()
  // Back on the account: the name in place of the address, no second offer.
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect(dialog.getByText(NAME, { exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Choose a name' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.locator('appkit-button')).toContainText(NAME)
  await expect(page.getByTestId('account-name')).toHaveText(NAME)

  // The name service has it, for this address.
  const record = await (await request.get(`${config.apiUrl}/v1/profile/account/${NAME}`)).json()
  expect(Object.values(record.addresses).map((entry) => entry.address.toLowerCase())).toEqual([address.toLowerCase()])
  expect(log.errors).toEqual([])
})

test('after a reload the button shows the name: from the stored cache, and from the identity route without it', async () => {
  await page.reload()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.locator('appkit-button')).toContainText(NAME)
  await expect(page.getByTestId('account-name')).toHaveText(NAME)
  expect(await page.evaluate(() => localStorage.getItem('@sigkit/identity_cache'))).toContain(NAME)

  await page.evaluate(() => localStorage.removeItem('@sigkit/identity_cache'))
  await page.reload()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.locator('appkit-button')).toContainText(NAME)
})

test('a second account sends 0.01 ETH to the name: the first account got exactly 0.01 ETH on chain', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const other = await context.newPage()
  try {
    const log = await openDapp(other)
    await connectTestWallet(other)
    const before = parseEther(await chainBalance(config, address))

    await other.locator('appkit-button').click()
    const dialog = modal(other)
    await dialog.getByRole('button', { name: 'Send' }).click()
    await dialog.getByLabel('Amount').fill('0.01')
    const receiver = dialog.getByLabel('Receiver address')

    // An unknown name: the spec's fallback text, and what was typed stays.
    await receiver.fill(`nobody${stamp}.reown.id`)
    await expect(dialog.getByRole('alert')).toHaveText('Error resolving name')
    await expect(receiver).toHaveValue(`nobody${stamp}.reown.id`)
    await expect(receiver).toHaveAttribute('aria-invalid', 'true')

    // The name: its address shown with the name and picture before anything is sent.
    await receiver.fill(NAME)
    const card = dialog.locator('[data-receiver]')
    await expect(card).toContainText(NAME)
    await expect(card.locator('[data-receiver-address]')).toHaveText(new RegExp(`^${address}$`, 'i'))
    await expect(card.locator('img')).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\//)
    expect(await seriousAxeViolations(other), 'Send with a resolved name').toEqual([])

    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await answerWallet(other, 'Send transaction')
    await expect
      .poll(async () => parseEther(await chainBalance(config, address)), { message: 'the transfer is mined' })
      .not.toBe(before)
    expect(parseEther(await chainBalance(config, address)) - before).toBe(parseEther('0.01'))
    expect(log.errors).toEqual([])
  } finally {
    await context.close()
  }
})
