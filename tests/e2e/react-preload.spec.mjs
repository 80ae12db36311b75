// The React build's preload on the React demo page: once the page is idle it loads the first open
// and rehearses its render off the page (src/ui/modal/rehearse.tsx), with nothing visible, no
// hosted call and no focus change; the click then renders the Connect view in its own task.
import { clickAndCountWalletRows, expect, openDapp, test } from './helpers.mjs'

// Records each rehearsal: the document it renders into is made by createHTMLDocument, and its
// root's container is the first element made there. When the rehearsal's click reaches that
// container, what the dialog held then is recorded.
const WATCH_REHEARSALS = `(() => {
  window.__rehearsals = []
  const { implementation } = document
  const createHTMLDocument = implementation.createHTMLDocument.bind(implementation)
  implementation.createHTMLDocument = (title) => {
    const own = createHTMLDocument(title)
    const createElement = own.createElement.bind(own)
    let container
    own.createElement = (tag, options) => {
      const element = createElement(tag, options)
      if (!container) {
        container = element
        const rehearsal = {}
        window.__rehearsals.push(rehearsal)
        container.addEventListener('click', () => {
          const dialog = container.querySelector('[role="dialog"]')
          rehearsal.title = dialog?.querySelector('h2')?.textContent
          rehearsal.walletRows = dialog?.querySelectorAll('li button').length ?? 0
          rehearsal.inPage = document.contains(dialog)
        })
      }
      return element
    }
    return own
  }
})()`

test('once the page is idle the preload rehearses the Connect dialog off the page, with no hosted call and focus left alone; the click renders Connect in its task', async ({
  page,
}) => {
  const requests = []
  page.on('request', (request) => requests.push(request.url()))
  await page.addInitScript(WATCH_REHEARSALS)
  const log = await openDapp(page)
  await expect.poll(() => page.evaluate(() => window.__rehearsals.length), { message: 'rehearsed once idle' }).toBe(1)

  const [rehearsal] = await page.evaluate(() => window.__rehearsals)
  expect(rehearsal.title).toBe('Connect Wallet')
  expect(rehearsal.walletRows, 'the rehearsal rendered wallet rows').toBeGreaterThan(0)
  expect(rehearsal.inPage, "the rehearsal's dialog is not in the page").toBe(false)
  expect(
    await page.evaluate(() => ({
      focused: document.activeElement?.localName,
      dialogs: document.querySelector('sigkit-modal')?.shadowRoot?.querySelectorAll('[role="dialog"]').length ?? 0,
    })),
  ).toEqual({ focused: 'body', dialogs: 0 })
  const apiOrigin = await page.evaluate(() => new URL(window.__SIGKIT_SANDBOX__.apiUrl).origin)
  expect(
    requests.filter((url) => new URL(url).origin === apiOrigin),
    'hosted API calls before the first open',
  ).toEqual([])

  expect(await clickAndCountWalletRows(page), 'wallet rows rendered in the click task').toBeGreaterThan(0)
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  expect(await page.evaluate(() => window.__rehearsals.length), 'a click on a preloaded modal does not rehearse').toBe(
    1,
  )
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})
