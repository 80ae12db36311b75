// Embedded mode in Chromium (SPEC §2, AppKit's `enableEmbedded`): the modal renders inline in the
// page's <appkit-modal> element, in the page's flow, with no dialog over the page; the visitor
// connects the SigKit Test Wallet there and the same place then shows the account.
import { answerWallet, expect, openDapp, seriousAxeViolations, test } from './helpers.mjs'

test('enableEmbedded: Connect shows inside <appkit-modal>, the wallet connects there, and the account follows', async ({
  page,
}) => {
  const log = await openDapp(page, '/?embedded=on')
  // The element may come after createAppKit, as a React render would add it.
  await page.evaluate(() => {
    const host = document.createElement('appkit-modal')
    host.id = 'inline-wallet'
    document.body.prepend(host)
  })
  const inline = page.locator('#inline-wallet').getByRole('region')
  await expect(inline.getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
  await expect(page.getByRole('dialog'), 'nothing covers the page').toHaveCount(0)
  await expect(inline.getByRole('button', { name: 'Close' })).toHaveCount(0)
  expect(await seriousAxeViolations(page), 'the page with the inline Connect view').toEqual([])

  await inline.getByRole('button', { name: /SigKit Test Wallet/ }).click()
  await answerWallet(page, 'Connect')
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await expect(inline.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await seriousAxeViolations(page), 'the page with the inline Account view').toEqual([])
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})
