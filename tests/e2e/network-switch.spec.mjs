// Network switching through the modal in Chromium, against the sandbox (SPEC §4): the SwitchNetwork
// view asks the SigKit Test Wallet (its own approval prompt) and waits; a refusal shows "Switch
// declined" with Try again; an approval goes back to Account with the wallet's provider really on
// the new chain. Also the modal's animation durations and width (SPEC §2) as the browser computes
// them, and prefers-reduced-motion turning them off.
import {
  answerWallet,
  connectTestWallet,
  expect,
  modal,
  openDapp,
  seriousAxeViolations,
  test,
  walletPrompt,
} from './helpers.mjs'

/** The chain id the wallet's own provider reports (not SigKit's state). */
const walletChainId = (page) => page.evaluate(() => window.sigkitTestWallet.provider.request({ method: 'eth_chainId' }))

test('SwitchNetwork asks the wallet: declined, Try again, approved; the provider is on the new chain', async ({
  page,
}) => {
  const log = await openDapp(page)
  await connectTestWallet(page)
  expect(await walletChainId(page)).toBe('0x7a69')

  await page.locator('appkit-button').click()
  const dialog = modal(page)
  await dialog
    .getByRole('button', { name: /Localhost/ })
    .first()
    .click()
  await dialog.getByRole('button', { name: /Localhost L2/ }).click()
  // The view that waits on the wallet, while the wallet's prompt is up.
  await expect(dialog.getByRole('heading', { name: 'Approve in wallet' })).toBeVisible()
  await expect(dialog.locator('#sk-dialog-title')).toHaveText('Localhost L2')
  await expect(walletPrompt(page)).toBeVisible()
  expect(await seriousAxeViolations(page), 'SwitchNetwork while the wallet is asked').toEqual([])
  await answerWallet(page, 'Add network', false)
  await expect(dialog.getByRole('heading', { name: 'Switch declined' })).toBeVisible()
  const retry = dialog.getByRole('button', { name: 'Try again' })
  await expect(retry).toBeFocused()
  expect(await walletChainId(page)).toBe('0x7a69')
  await expect(page.getByTestId('network-name')).toHaveText('Localhost (chain 31337)')

  await retry.click()
  await answerWallet(page, 'Add network')
  // Back to the view the list was opened from.
  await expect(dialog.getByRole('tabpanel')).toBeVisible()
  await expect(page.getByTestId('network-name')).toHaveText('Localhost L2 (chain 31338)')
  expect(await walletChainId(page)).toBe('0x7a6a')

  // Back from the waiting view returns to the list; the wallet's later answer still switches.
  await dialog
    .getByRole('button', { name: /Localhost L2/ })
    .first()
    .click()
  await dialog.getByRole('button', { name: /^Localhost$/ }).click()
  await expect(walletPrompt(page)).toBeVisible()
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog.locator('#sk-dialog-title')).toHaveText('Choose Network')
  await answerWallet(page, 'Switch network')
  await expect.poll(() => walletChainId(page)).toBe('0x7a69')
  await expect(page.getByTestId('network-name')).toHaveText('Localhost (chain 31337)')
  await expect(dialog.locator('#sk-dialog-title')).toHaveText('Choose Network')
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})

/** The modal's card, title and current view frame, with what the browser computed for them. */
function modalStyles(page) {
  return page.evaluate(() => {
    const root = document.querySelector('sigkit-modal').shadowRoot
    const card = root.querySelector('[role="dialog"]')
    const title = root.getElementById('sk-dialog-title')
    // The frame the current view renders in: the content's child that holds the view's buttons.
    const content = card.firstElementChild
    const frame = [...content.children].find((child) => child.querySelector('ul, button:not([aria-label])'))
    const seconds = (value) => parseFloat(value)
    const cardStyle = getComputedStyle(card)
    return {
      // The layout width: the card's opening animation scales it, which getBoundingClientRect
      // would measure mid-way (352.8 px once on a slow machine).
      width: card.offsetWidth,
      maxWidth: cardStyle.maxWidth,
      heightTransition: cardStyle.transitionProperty === 'height' ? seconds(cardStyle.transitionDuration) : -1,
      title: seconds(getComputedStyle(title).animationDuration),
      titleAnimated: getComputedStyle(title).animationName !== 'none',
      view: seconds(getComputedStyle(frame).animationDuration),
      viewAnimated: getComputedStyle(frame).animationName !== 'none',
    }
  })
}

test('the modal is 360 px wide; header text 120 ms, height 150 ms, views 150 ms', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openDapp(page)
  await page.locator('appkit-button').click()
  await expect(modal(page).getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
  const styles = await modalStyles(page)
  expect(styles).toEqual({
    width: 360,
    maxWidth: '360px',
    heightTransition: 0.15,
    title: 0.12,
    titleAnimated: true,
    view: 0.15,
    viewAnimated: true,
  })
})

test('prefers-reduced-motion: the same modal without its animations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openDapp(page)
  await page.locator('appkit-button').click()
  await expect(modal(page).getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
  const styles = await modalStyles(page)
  expect(styles.heightTransition).toBeLessThan(0.001)
  expect(styles.title).toBeLessThan(0.001)
  expect(styles.view).toBeLessThan(0.001)
  expect(styles.maxWidth).toBe('360px')
})
