// Issue 32, every view in Chromium: the pseudo-locale (accented, ~40 % longer, bracketed; the
// tests' own, given as the `messages` option) and German (`?locale=de`, the longest texts) walk the
// views a visitor reaches, not connected (Connect, socials, a social sign-in closed early, email,
// All Wallets and its search, WalletConnect's QR code, Connecting, a declined connection) and
// connected with the injected test wallet (the sign-in prompt and its error, Account and its toast,
// smart sessions, Networks, Send, Activity with a transaction, Receive, Buy, Swap and its review,
// Pay and its error). At each view: no text left in English in the pseudo-locale (names and data
// excepted, tests/e2e/i18n-walk.mjs says by which rule) and no text overflowing its box. One page
// per locale and state walks the views in sequence; the failure names each view and text at fault.
import { answerWallet, expect, modal, openDapp, sandboxConfig, test } from './helpers.mjs'
import { back, catalogue, closeModal, expectScanToCatch, namesOf, sayer, viewChecker } from './i18n-walk.mjs'
import { pseudoMessages, PSEUDO_OPEN } from '../helpers/pseudo-locale.mjs'

/** The page in a locale: the pseudo-locale through the `messages` option, a shipped one through `?locale=`. */
async function openInLocale(page, locale, path) {
  const messages = await catalogue(locale)
  if (locale === 'pseudo') {
    const flat = pseudoMessages(await catalogue('en'))
    await page.addInitScript((value) => {
      window.__SIGKIT_TEST_MESSAGES__ = value
    }, flat)
  }
  const query = locale === 'pseudo' ? '' : `locale=${locale}`
  const joined = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path
  await openDapp(page, joined)
  return sayer(messages)
}

/** The wallet rows' names the modal lists (from the sandbox's wallet list: names, not language). */
async function listedWalletNames(page) {
  const rows = await modal(page).locator('li button, [role="option"]').allInnerTexts()
  return rows.map((text) => text.split('\n')[0].trim()).filter(Boolean)
}

/** Not connected: Connect, socials, email, All Wallets and search, WalletConnect, Connecting, a declined connection. */
async function walkNotConnected(page, say, check, wallets) {
  const dialog = modal(page)
  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('heading', { name: say('titles.connect') })).toBeVisible()
  await expect(dialog.getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
  await expectScanToCatch(page, [])
  wallets.push(...(await listedWalletNames(page)))
  await check('Connect')

  await dialog.getByRole('textbox', { name: say('email.email') }).fill('visitor@example.com')
  await check('Connect (email entered)')

  await dialog.getByRole('button', { name: say('social.more') }).click()
  await expect(dialog.getByRole('heading', { name: say('titles.allSocials') })).toBeVisible()
  await check('All socials')
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Google', exact: true }).click(),
  ])
  await expect(dialog.getByRole('heading', { name: say('titles.signIn') })).toBeVisible()
  await check('Connecting social')
  await popup.close()
  await expect(dialog.getByRole('alert')).toContainText(say('social.windowClosed'))
  await check('Connecting social (window closed alert)')
  await back(page, say)
  await back(page, say)

  await dialog.getByRole('button', { name: say('connect.allWallets') }).click()
  await expect(dialog.getByRole('option').first()).toBeVisible()
  wallets.push(...(await listedWalletNames(page)))
  await check('All Wallets')
  await dialog.getByRole('searchbox').fill('zzzz')
  await expect(dialog.getByText(say('allWallets.noneFound'))).toBeVisible()
  await check('All Wallets (nothing found)')
  await dialog.getByRole('searchbox').fill('Wallet')
  await expect(dialog.getByRole('option').first()).toBeVisible()
  wallets.push(...(await listedWalletNames(page)))
  await check('All Wallets (search results)')
  await back(page, say)

  await dialog.getByRole('button', { name: 'WalletConnect' }).click()
  await expect(dialog.getByRole('img', { name: say('connecting.qrLabelAny') })).toBeVisible({ timeout: 15_000 })
  await check('WalletConnect QR code')
  await back(page, say)

  await dialog.getByRole('button', { name: /SigKit Test Wallet/ }).click()
  await expect(dialog.getByText(say('connecting.acceptRequest'))).toBeVisible()
  await check('Connecting')
  await answerWallet(page, 'Connect', false)
  await expect(dialog.getByText(say('connecting.declinedHeading'))).toBeVisible()
  await check('Connecting (declined)')
  await closeModal(page, say)
}

/**
 * Connected on `/?siwx=optional&sessions=on` with a smart session granted: the sign-in prompt (a
 * declined signature), Account, its toast, smart sessions, Networks, Send (a transaction), Activity,
 * Receive, Buy, then on Localhost L2 Swap and its review, and Pay (declined).
 */
async function walkConnected(page, say, check) {
  const dialog = modal(page)
  await page.locator('appkit-button').click()
  await dialog.getByRole('button', { name: /SigKit Test Wallet/ }).click()
  await answerWallet(page, 'Connect')
  await expect(
    dialog.getByRole('heading', { name: say('siwx.wantsSignIn', { app: 'SigKit demo dapp' }) }),
  ).toBeVisible()
  await check('Sign-in prompt')
  await dialog.getByRole('button', { name: say('siwx.sign'), exact: true }).click()
  await answerWallet(page, 'Sign message', false)
  await expect(dialog.getByRole('alert')).toBeVisible()
  await check('Sign-in prompt (signature declined alert)')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await check('Button (connected)')

  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('heading', { name: say('titles.account') })).toBeVisible()
  await expect(dialog.getByRole('button', { name: say('smartSessions.manage') })).toBeVisible()
  await check('Account')
  await dialog
    .getByRole('button', { name: say('common.copyAddress') })
    .first()
    .click()
  await expect(page.getByRole('status').filter({ hasText: say('common.addressCopied') })).toBeVisible()
  await check('Account (address copied toast)')

  await dialog.getByRole('button', { name: say('smartSessions.manage') }).click()
  await expect(dialog.getByRole('heading', { name: say('titles.smartSessions') })).toBeVisible()
  await expect(
    dialog.getByRole('button', { name: say('smartSessions.revokeLabel', { name: 'E2E Game' }) }).first(),
  ).toBeVisible()
  await check('Smart sessions')
  await back(page, say)

  // The network button is named by the network (label in name); its title says what it does.
  await dialog.getByTitle(say('account.chooseNetwork')).click()
  await expect(dialog.getByRole('heading', { name: say('titles.chooseNetwork') })).toBeVisible()
  await check('Networks')
  await back(page, say)

  await dialog.getByRole('button', { name: say('account.send'), exact: true }).click()
  await expect(dialog.getByLabel(say('common.amount'))).toBeVisible()
  await check('Send')
  const config = await sandboxConfig(page.request)
  await dialog.getByLabel(say('common.amount')).fill('0.001')
  await dialog.getByLabel(say('send.receiver')).fill(config.accounts.recipient)
  await check('Send (filled)')
  await dialog.getByRole('button', { name: say('send.send'), exact: true }).click()
  await answerWallet(page, 'Send transaction')
  await expect(dialog.getByRole('tabpanel')).toBeVisible({ timeout: 15_000 })
  await dialog.getByRole('tab', { name: say('account.activity') }).click()
  await expect(dialog.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible({ timeout: 15_000 })
  await check('Account, Activity with a transaction')
  await dialog.getByRole('tab', { name: say('account.nfts') }).click()
  await check('Account, NFTs')

  await dialog.getByRole('button', { name: say('account.receive'), exact: true }).click()
  await expect(dialog.getByRole('heading', { name: say('titles.receive') })).toBeVisible()
  await check('Receive')
  await back(page, say)

  await dialog.getByRole('button', { name: say('account.buy'), exact: true }).click()
  const providers = dialog.getByRole('list', { name: say('onramp.providers') })
  await expect(providers.getByRole('button').first()).toBeVisible()
  await check('Buy (providers)')
  await providers.getByRole('button', { name: /^Coinbase/ }).click()
  await expect(dialog.getByLabel(say('common.amount'))).toBeVisible()
  await dialog.getByLabel(say('common.amount')).fill('5')
  await expect(dialog.getByRole('alert')).toBeVisible()
  await check('Buy (amount below the minimum)')
  await closeModal(page, say)

  await page.getByRole('button', { name: 'Switch to Localhost L2', exact: true }).click()
  await answerWallet(page, 'Add network')
  await expect(page.getByTestId('network-name')).toHaveText('Localhost L2 (chain 31338)')
  // The sign-in prompt comes again for the new network (optional): dismissed.
  await expect(
    dialog.getByRole('heading', { name: say('siwx.wantsSignIn', { app: 'SigKit demo dapp' }) }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Swap 0.1 ETH for USDC' }).click()
  await expect(dialog.getByRole('button', { name: say('swap.review') })).toBeEnabled({ timeout: 15_000 })
  await check('Swap')
  await dialog.getByRole('button', { name: say('swap.review') }).click()
  await expect(dialog.getByRole('button', { name: say('swap.swap'), exact: true })).toBeVisible()
  await check('Swap review')
  await closeModal(page, say)

  await page.getByRole('button', { name: 'Pay 5 USDC on Localhost L2' }).click()
  const pay = dialog.getByRole('button', { name: say.pattern('pay.pay') })
  await expect(pay).toBeVisible()
  await check('Pay')
  await pay.click()
  await answerWallet(page, 'Send transaction', false)
  await expect(dialog.getByRole('alert')).toBeVisible()
  await check('Pay (rejected alert)')
  await closeModal(page, say)
}

/** Grants a smart session to the test wallet's account in the sandbox, so Account lists one. */
async function grantSmartSession(request, config) {
  const account = `eip155:${config.chains[0].chainId}:${config.accounts.wallet}`
  const granted = await request.post(`${config.apiUrl}/v1/sessions/${account}?projectId=sigkit-sandbox`, {
    data: {
      permission: { permissionType: 'contract-call', data: '0xabc', required: true, onChainValidated: false },
      project: { name: 'E2E Game' },
    },
  })
  expect(granted.ok()).toBe(true)
}

for (const locale of ['pseudo', 'de']) {
  const untranslated = locale === 'pseudo'
  const what = untranslated ? 'no untranslated text and no overflow' : 'no overflow'

  test(`${locale}: every view before connecting shows ${what}`, async ({ page, request }) => {
    const say = await openInLocale(page, locale, '/')
    const config = await sandboxConfig(request)
    const wallets = []
    // The wallets listed as the view is read (All Wallets renders rows as they scroll into view).
    const names = async () => namesOf(config, [...wallets, ...(await listedWalletNames(page))])
    const { check, problems } = viewChecker(page, { untranslated, names })
    if (untranslated) await expect(page.locator('appkit-button')).toContainText(PSEUDO_OPEN)
    await check('Button')
    await walkNotConnected(page, say, check, wallets)
    expect(problems).toEqual([])
  })

  test(`${locale}: every view once connected shows ${what}`, async ({ page, request }) => {
    const config = await sandboxConfig(request)
    await grantSmartSession(request, config)
    const say = await openInLocale(page, locale, '/?siwx=optional&sessions=on')
    const { check, problems } = viewChecker(page, {
      untranslated,
      names: () => namesOf(config, ['SigKit Test Wallet', 'E2E Game']),
    })
    await walkConnected(page, say, check)
    expect(problems).toEqual([])
  })
}
