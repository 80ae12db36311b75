// Issue 32 in Chromium, right to left: the modal in Arabic (`?locale=ar`, the shipped catalogue) on
// Connect, All Wallets, Account (connected) and Swap. In each: the modal root carries dir="rtl" and
// lang="ar", the close button sits at the physical left and Back at the right, text is aligned to
// the right, an address reads left to right inside the Arabic text, axe finds no serious
// violation; screenshots of Connect, Account and Swap are kept as the test's attachments (and in
// its output folder). Every view in the pseudo-locale and in German: i18n-walk.spec.mjs.
import { answerWallet, connectTestWallet, expect, modal, openDapp, seriousAxeViolations, test } from './helpers.mjs'
import { catalogue } from './i18n-walk.mjs'

/**
 * Records every text the modal shows from now on (text nodes added or changed in its shadow root),
 * so a test can tell what a view showed before its final state.
 */
function recordShownTexts(page) {
  return page.locator('sigkit-modal').evaluate((host) => {
    const shown = (globalThis.__shownTexts = [])
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) shown.push(node.textContent)
      else for (const child of node.childNodes) walk(child)
    }
    new MutationObserver((records) => {
      for (const record of records)
        if (record.type === 'characterData') shown.push(record.target.textContent)
        else record.addedNodes.forEach(walk)
    }).observe(host.shadowRoot, { subtree: true, childList: true, characterData: true })
  })
}

/** The dialog's header buttons: `close` must be in the physical left half, `back` (when shown) in the right. */
async function expectMirroredHeader(dialog, ar, { back = true } = {}) {
  const card = await dialog.boundingBox()
  const close = await dialog.getByRole('button', { name: ar.modal.close, exact: true }).first().boundingBox()
  expect(close.x + close.width / 2 - card.x, 'close at the physical left').toBeLessThan(card.width / 2)
  if (!back) return
  const backButton = await dialog.getByRole('button', { name: ar.modal.back, exact: true }).boundingBox()
  expect(backButton.x + backButton.width / 2 - card.x, 'back at the physical right').toBeGreaterThan(card.width / 2)
}

/**
 * Where a box's first text sits in it: the box's right edge to the text's (`right`) and its left
 * edge to the text's (`left`), from the text's rendered rectangle (a Range), so the alignment is
 * measured, not read from a style. In a row of a name and an amount, the name comes first.
 */
function textMargins(locator) {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    let node = walker.nextNode()
    while (node && !node.textContent.trim()) node = walker.nextNode()
    const range = document.createRange()
    range.selectNodeContents(node)
    const text = range.getBoundingClientRect()
    const box = element.getBoundingClientRect()
    return { left: text.left - box.left, right: box.right - text.right, text: node.textContent.trim() }
  })
}

/** The box's first text sits at its right (the start side in right-to-left). */
async function expectRightAligned(locator, what) {
  const { left, right, text } = await textMargins(locator)
  expect(right, `${what}: "${text}" at the right (right margin ${right}, left ${left})`).toBeLessThan(left)
}

/**
 * A Latin text inside the Arabic one (an address, a name, an amount with its symbol) reads left to
 * right: its first characters sit left of its last ones.
 */
async function expectReadsLeftToRight(locator, what) {
  await expect(locator).toBeVisible()
  const order = await locator.evaluate((element) => {
    const range = document.createRange()
    const text = element.textContent
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    const nodes = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent.trim()) nodes.push(node)
    const first = nodes[0]
    const last = nodes.at(-1)
    range.setStart(first, first.textContent.indexOf(first.textContent.trim()[0]))
    range.setEnd(first, range.startOffset + 1)
    const start = range.getBoundingClientRect().left
    const end = last.textContent.trimEnd().length
    range.setStart(last, end - 1)
    range.setEnd(last, end)
    return { text: text.trim(), start, end: range.getBoundingClientRect().left }
  })
  expect(order.start, `${what} "${order.text}" reads left to right`).toBeLessThan(order.end)
}

/** The dialog's screenshot, attached to the test and written to its output folder. */
async function keepScreenshot(dialog, testInfo, name) {
  const path = testInfo.outputPath(`${name}.png`)
  await dialog.screenshot({ path })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

test('right to left in Arabic: Connect, All Wallets, Account and Swap mirrored, right-aligned, addresses left to right, axe clean', async ({
  page,
}, testInfo) => {
  const ar = await catalogue('ar')
  const log = await openDapp(page, '/?locale=ar')
  const dialog = modal(page)

  // Connect.
  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('heading', { name: ar.titles.connect })).toBeVisible()
  expect(await dialog.evaluate((element) => element.closest('[dir]')?.getAttribute('dir'))).toBe('rtl')
  expect(await dialog.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('ar')
  await expectMirroredHeader(dialog, ar, { back: false })
  await keepScreenshot(dialog, testInfo, 'connect-ar')
  expect(await seriousAxeViolations(page)).toEqual([])

  // All Wallets: Back at the right, its count right-aligned.
  await dialog.getByRole('button', { name: ar.connect.allWallets }).click()
  await expect(dialog.getByRole('option').first()).toBeVisible()
  await expectMirroredHeader(dialog, ar)
  const count = dialog.getByRole('status').first()
  expect(await count.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl')
  expect(await seriousAxeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: ar.modal.close, exact: true }).first().click()
  await expect(dialog).toBeHidden()

  // Account, connected with the test wallet.
  await page.locator('appkit-button').click()
  await dialog.getByRole('button', { name: /SigKit Test Wallet/ }).click()
  await answerWallet(page, 'Connect')
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('heading', { name: ar.titles.account })).toBeVisible()
  await expect(dialog.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible({ timeout: 15_000 })
  await expectMirroredHeader(dialog, ar, { back: false })
  // The profile's name or address (its title the address).
  await expectReadsLeftToRight(dialog.locator('bdi[title^="0x"]').first(), 'the account')
  await expectReadsLeftToRight(dialog.locator('[data-balance]'), 'the balance')
  await expectRightAligned(dialog.getByRole('tabpanel').getByRole('listitem').first(), 'the first token row')
  await keepScreenshot(dialog, testInfo, 'account-ar')
  expect(await seriousAxeViolations(page)).toEqual([])

  // Swap, on Localhost L2 where the sandbox swaps.
  await dialog.getByRole('button', { name: ar.modal.close, exact: true }).first().click()
  await page.getByRole('button', { name: 'Switch to Localhost L2', exact: true }).click()
  await answerWallet(page, 'Add network')
  await expect(page.getByTestId('network-name')).toHaveText('Localhost L2 (chain 31338)')
  // Swap's Arabic texts are loaded with the Swap view's code (a file of their own in the CDN build):
  // the view never shows its English texts first.
  const en = await catalogue('en')
  await recordShownTexts(page)
  // Opened with its arguments (ETH → USDC, 0.1), as a dapp does: a quote to show.
  await page.getByRole('button', { name: 'Swap 0.1 ETH for USDC' }).click()
  await expect(dialog.getByLabel(ar.swap.youPay)).toHaveValue('0.1')
  const shown = await page.evaluate(() => globalThis.__shownTexts)
  expect(shown.filter((text) => Object.values(en.swap).includes(text.trim()))).toEqual([])
  expect(shown).toContain(ar.swap.youPay)
  await expectMirroredHeader(dialog, ar, { back: false })
  await expect(dialog.getByRole('button', { name: ar.swap.review })).toBeEnabled({ timeout: 15_000 })
  // The quote's rate ("1 ETH = … USDC") reads left to right inside the Arabic row.
  await expectReadsLeftToRight(dialog.locator('dd bdi').filter({ hasText: '=' }), 'the rate')
  await expectRightAligned(dialog.getByText(ar.swap.youPay, { exact: true }).first().locator('..'), 'the "You pay" row')
  await keepScreenshot(dialog, testInfo, 'swap-ar')
  expect(await seriousAxeViolations(page)).toEqual([])
  expect(log.errors).toEqual([])
})
