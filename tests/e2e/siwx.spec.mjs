// Sign in with the wallet (SIWX) in Chromium: the demo page opened with ?siwx=required or
// ?siwx=optional uses sigkit/siwx's localStorage config (signatures verified before a session is
// kept), with the SigKit Test Wallet on the sandbox chain.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { answerWallet, expect, modal, openDapp, sandboxConfig, test } from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Clicks the button and picks the test wallet; the wallet asks to connect. */
async function connect(page) {
  await page.locator('appkit-button').click()
  await modal(page)
    .getByRole('button', { name: /SigKit Test Wallet/ })
    .click()
  await answerWallet(page, 'Connect')
}

test('required sign-in: the sign view cannot be dismissed; signing keeps the session across a reload; cancelling disconnects', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const log = await openDapp(page, '/?siwx=required')
  const status = page.getByTestId('sign-in-status')
  await expect(status).toHaveText('Not connected (sign-in required)')

  await connect(page)
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: 'SigKit demo dapp wants you to sign in' })).toBeVisible()
  await expect(dialog).toContainText('cancelling disconnects your wallet')
  // Focus is inside the dialog, on one of its controls.
  expect(await dialog.evaluate((element) => element.contains(element.getRootNode().activeElement))).toBe(true)

  // Required: Escape and the close button leave it open.
  await page.keyboard.press('Escape')
  await expect(dialog.getByRole('heading', { name: /wants you to sign in/ })).toBeVisible()
  const close = dialog.getByRole('button', { name: /close/i })
  if (await close.count()) {
    await close.first().click()
    await expect(dialog.getByRole('heading', { name: /wants you to sign in/ })).toBeVisible()
  }

  // axe on the sign view, once the refusals' shake has ended (mid-shake the card's text can sit
  // over the backdrop, which axe reads as low contrast).
  await page.waitForFunction(() =>
    document
      .querySelector('sigkit-modal')
      .shadowRoot.getAnimations()
      .every((animation) => animation.effect?.getTiming().iterations === Infinity),
  )
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  expect(
    results.violations
      .filter((violation) => ['serious', 'critical'].includes(violation.impact))
      .map((violation) => violation.id),
  ).toEqual([])

  // A declined signature keeps the view and says so; then sign.
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await answerWallet(page, 'Sign message', false)
  await expect(dialog.getByRole('alert').filter({ hasText: 'Signature declined' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await answerWallet(page, 'Sign message')
  await expect(dialog).toBeHidden()
  await expect(status).toHaveText(new RegExp(`^Signed in as ${config.accounts.wallet} on eip155:31337`, 'i'))

  // The session and the connection come back after a reload, with no prompt and no sign view.
  await page.reload()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(status).toHaveText(/^Signed in as /)
  await expect(dialog).toBeHidden()

  // Disconnecting signs out (the local config's default); the next connection asks again.
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(status).toHaveText('Not connected (sign-in required)')
  expect(await page.evaluate(() => localStorage.getItem('@sigkit/siwx_sessions'))).toBeNull()
  await connect(page)
  await expect(dialog.getByRole('heading', { name: /wants you to sign in/ })).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  expect(log.errors).toEqual([])
})

test('optional sign-in: Escape closes the sign view and the wallet stays connected, not signed in', async ({
  page,
}) => {
  await openDapp(page, '/?siwx=optional')
  await connect(page)
  const dialog = modal(page)
  await expect(dialog.getByRole('heading', { name: /wants you to sign in/ })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(page.getByTestId('sign-in-status')).toHaveText('Not signed in (sign-in optional)')
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
})
