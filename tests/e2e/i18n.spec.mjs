// Issue 32 in Chromium: the pseudo-locale (accented, ~40 % longer, bracketed; the tests' own, given
// as the `messages` option) on the Connect and All Wallets views: every visible text is translated
// (names excepted) and none overflows its box; right to left (`?locale=ar`, a stand-in while ar.ts
// is being written: English texts, Arabic direction): the close button at the physical left, back
// at the right, text right-aligned, axe clean, screenshots kept.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, modal, openDapp, test } from './helpers.mjs'
import { pseudoMessages, PSEUDO_OPEN } from '../helpers/pseudo-locale.mjs'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** A locale's catalogue, read from the source the way the build reads it (esbuild). */
async function catalogue(tag) {
  const esbuild = await import('esbuild')
  const { outputFiles } = await esbuild.build({
    entryPoints: [`src/i18n/messages/${tag}.ts`],
    bundle: true,
    write: false,
    format: 'esm',
  })
  const url = `data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`
  const loaded = await import(url)
  return loaded.en ?? loaded.default
}

/** Visible text nodes of the dialog that are not pseudo-translated, nor a name the page shows as it is. */
async function untranslated(page, names) {
  return modal(page).evaluate(
    (dialog, { open, names }) => {
      const found = []
      const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim()
        const element = node.parentElement
        if (!text || !element || element.closest('[aria-hidden="true"]') || !element.checkVisibility()) continue
        if (text.includes(open) || names.some((name) => text === name) || !/\p{L}{2}/u.test(text)) continue
        found.push(text)
      }
      return found
    },
    { open: PSEUDO_OPEN, names },
  )
}

/** Elements of the dialog whose text overflows without an ellipsis and a title that has it whole. */
async function overflowing(page) {
  return modal(page).evaluate((dialog) =>
    [...dialog.querySelectorAll('*')]
      .filter((element) => element.checkVisibility() && element.scrollWidth > element.clientWidth + 1)
      .filter(
        (element) => getComputedStyle(element).overflowX !== 'auto' && getComputedStyle(element).overflowX !== 'scroll',
      )
      .filter((element) => !(getComputedStyle(element).textOverflow === 'ellipsis' && element.title))
      // A visually hidden label (a 1 px clipped box) is read, not seen.
      .filter((element) => element.clientWidth > 1 && element.textContent.trim())
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent.trim().slice(0, 60)}`),
  )
}

async function seriousViolations(page) {
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('pseudo-locale: Connect and All Wallets show no untranslated text, and no text overflows', async ({ page }) => {
  const messages = pseudoMessages(await catalogue('en'))
  await page.addInitScript((value) => {
    window.__SIGKIT_TEST_MESSAGES__ = value
  }, messages)
  await openDapp(page)
  const button = page.locator('appkit-button')
  await expect(button).toContainText(PSEUDO_OPEN)
  await button.click()
  await expect(modal(page)).toBeVisible()
  const names = await modal(page).locator('li button span').allInnerTexts()
  expect(await untranslated(page, ['SigKit Test Wallet', 'WalletConnect', ...names])).toEqual([])
  expect(await overflowing(page)).toEqual([])
  await modal(page)
    .getByRole('button', { name: /^⟦Áļļ Ŵáļļéţš/ })
    .click()
  await expect(modal(page).getByRole('status').first()).toContainText(PSEUDO_OPEN)
  const listed = await modal(page).getByRole('option').allInnerTexts()
  const walletNames = listed.flatMap((text) => text.split('\n')).map((text) => text.trim())
  expect(await untranslated(page, walletNames)).toEqual([])
  expect(await overflowing(page)).toEqual([])
})

test('right to left in Arabic: mirrored header, right-aligned text, axe clean', async ({ page }, testInfo) => {
  const ar = await catalogue('ar')
  await openDapp(page, '/?locale=ar')
  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await expect(dialog).toBeVisible()
  expect(await dialog.evaluate((element) => element.closest('[dir]')?.getAttribute('dir'))).toBe('rtl')
  expect(await dialog.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('ar')
  await testInfo.attach('connect-rtl', { body: await dialog.screenshot(), contentType: 'image/png' })
  await dialog.getByRole('button', { name: ar.connect.allWallets }).click()
  const close = await dialog.getByRole('button', { name: ar.modal.close }).boundingBox()
  const back = await dialog.getByRole('button', { name: ar.modal.back }).boundingBox()
  const card = await dialog.boundingBox()
  expect(close.x - card.x).toBeLessThan(card.width / 2)
  expect(back.x - card.x).toBeGreaterThan(card.width / 2)
  expect(
    await dialog
      .getByRole('status')
      .first()
      .evaluate((element) => getComputedStyle(element).direction),
  ).toBe('rtl')
  expect(await seriousViolations(page)).toEqual([])
})
