// The modal against a compromised or spoofed hosted API (issue 31): the emulator's 'hostile' mode
// (demo/sandbox/hostile.mjs) turns the real answers of the routes the views read into markup, bidi
// and zero-width characters, 10 KB names, links with refused schemes, odd picture URLs and
// wrong-typed list items; picture routes answer an SVG with a script. A visitor walks Connect, All
// Wallets (scroll, search), connects the injected test wallet, then Account (tokens), Activity,
// Swap (token list) and Buy. Nothing may run, open or navigate: no page error, no dialog, no popup,
// no request or navigation to a refused scheme; each view's DOM holds no script, handler or
// refused link, and its text no hidden character; axe stays clean.
import {
  answerWallet,
  emulator,
  expect,
  modal,
  openBuy,
  openDapp,
  openSwapFromAccount,
  resetFeatures,
  sandboxConfig,
  seriousAxeViolations,
  setOnrampFeature,
  test,
} from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

/** The routes the walked views read, each answering its real answer turned hostile. */
const HOSTILE_ROUTES = [
  'wallets',
  'walletImage',
  'tokenImage',
  'assetImage',
  'currencyImage',
  'balance',
  'identity',
  'history',
  'convertTokens',
  'convertQuotes',
  'onrampOptions',
  'onrampQuote',
]

/** Schemes nothing from outside may open, request or navigate to. */
const REFUSED = /^\s*(javascript|data|vbscript|file|blob):/i

test.beforeAll(async ({ request }) => setOnrampFeature(request, true))
test.afterAll(async ({ request }) => {
  await resetFeatures(request)
  await (await emulator(request, await sandboxConfig(request))).clearFaults()
})

/**
 * Records what hostile data could make the browser do: page errors, alert/confirm/prompt dialogs
 * (dismissed), popups, and requests or frame navigations to a refused scheme. Pictures the page
 * draws itself as `data:image/…` are not refused requests.
 */
function watchEffects(page) {
  const effects = []
  page.on('pageerror', (error) => effects.push(`page error: ${String(error).slice(0, 200)}`))
  page.on('dialog', async (dialog) => {
    effects.push(`${dialog.type()} dialog: ${dialog.message().slice(0, 100)}`)
    await dialog.dismiss()
  })
  page.context().on('page', (opened) => effects.push(`popup: ${opened.url().slice(0, 100)}`))
  page.on('framenavigated', (frame) => {
    if (REFUSED.test(frame.url())) effects.push(`navigation: ${frame.url().slice(0, 100)}`)
  })
  page.on('request', (sent) => {
    if (REFUSED.test(sent.url()) && !/^data:image\/(png|gif|jpeg|webp)[;,]/i.test(sent.url()))
      effects.push(`request: ${sent.url().slice(0, 100)}`)
  })
  return effects
}

/**
 * What hostile data must not leave in SigKit's shadow roots (the modal's and <appkit-button>'s):
 * script, frame or plug-in elements, `on…` attributes, links or pictures with a scheme other than
 * http(s) (or an app scheme, for links; an inline image, for pictures), hidden characters (bidi
 * controls, zero-width, tag and control characters) or a 10 KB text. Returns the problems found.
 */
function unsafeDom(page) {
  return page.evaluate(() => {
    const problems = []
    const refused = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'intent:']
    const scheme = (url) => {
      try {
        return new URL(url).protocol
      } catch {
        return null
      }
    }
    const hidden =
      // eslint-disable-next-line no-control-regex
      /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C\uFEFF\u2060-\u2064\u00AD\u180E\u034F\u0000-\u0008\u000E-\u001F\u007F]|[\u{E0000}-\u{E007F}]/u
    for (const host of ['sigkit-modal', 'appkit-button']) {
      const root = document.querySelector(host)?.shadowRoot
      if (!root) continue
      for (const element of root.querySelectorAll('script, iframe, object, embed, frame'))
        problems.push(`${host}: <${element.localName}>`)
      for (const element of root.querySelectorAll('*')) {
        for (const attribute of element.attributes)
          if (/^on/i.test(attribute.name)) problems.push(`${host}: <${element.localName} ${attribute.name}>`)
        const href = element.getAttribute('href') ?? element.getAttribute('xlink:href')
        if (href !== null && element.localName !== 'use') {
          const protocol = scheme(href)
          if (protocol === null || refused.includes(protocol.toLowerCase()))
            problems.push(`${host}: <${element.localName} href="${href.slice(0, 60)}">`)
        }
        const src = element.getAttribute('src')
        if (src !== null) {
          const protocol = scheme(src)
          const allowed = protocol === 'http:' || protocol === 'https:' || /^data:image\//i.test(src)
          if (!allowed) problems.push(`${host}: <${element.localName} src="${src.slice(0, 60)}">`)
        }
        if (element.localName === 'style') continue
        for (const node of element.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue
          const text = node.textContent ?? ''
          if (hidden.test(text)) problems.push(`${host}: hidden character in ${JSON.stringify(text.slice(0, 80))}`)
          if (text.length > 1_000) problems.push(`${host}: a ${text.length}-character text`)
        }
        for (const name of ['aria-label', 'title', 'alt']) {
          const text = element.getAttribute(name)
          if (text !== null && hidden.test(text))
            problems.push(`${host}: hidden character in ${name}=${JSON.stringify(text.slice(0, 80))}`)
        }
      }
    }
    return problems
  })
}

/** A view as hostile data leaves it: a safe DOM and no serious axe violation. */
async function expectSafeView(page, view) {
  expect(await unsafeDom(page), `${view}: the DOM`).toEqual([])
  expect(await seriousAxeViolations(page), `${view}: axe`).toEqual([])
}

test('every view over hostile API answers: nothing runs, opens or navigates; the DOM stays safe', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const api = await emulator(request, config)
  for (const route of HOSTILE_ROUTES) await api.setFault(route, 'hostile')
  const effects = watchEffects(page)
  const log = await openDapp(page)
  const dialog = modal(page)

  // Connect (on a desktop, the installed wallets and the All Wallets row).
  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
  await expectSafeView(page, 'Connect')

  // All Wallets: scroll down a few pages, then search.
  await dialog.getByRole('button', { name: /^All Wallets/ }).click()
  const list = dialog.getByRole('listbox', { name: 'Wallets' })
  await expect(list.getByRole('option').nth(1)).toBeVisible()
  expect(await api.requestCount('wallets'), 'the wallet list was asked for').toBeGreaterThan(0)
  await expectSafeView(page, 'All Wallets')
  await list.hover()
  for (let step = 0; step < 6; step++) {
    await page.mouse.wheel(0, 1200)
    await page.waitForTimeout(50)
  }
  await expectSafeView(page, 'All Wallets, scrolled')
  await dialog.getByRole('searchbox', { name: 'Search wallet' }).pressSequentially('nova', { delay: 20 })
  await expect(dialog.getByText(/\d+ found|No wallet found/)).toBeVisible()
  await expectSafeView(page, 'All Wallets, searched')
  await dialog.getByRole('button', { name: 'Back' }).click()

  // Connect the injected test wallet; Account shows hostile balances and a hostile identity.
  await dialog.getByRole('button', { name: /SigKit Test Wallet/ }).click()
  await answerWallet(page, 'Connect')
  await expect(page.getByTestId('account-status')).toHaveText('connected')
  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')
  await expect.poll(() => api.requestCount('balance'), { message: 'balances were asked for' }).toBeGreaterThan(0)
  await expect(dialog.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
  await expectSafeView(page, 'Account, Tokens')

  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect.poll(() => api.requestCount('history'), { message: 'the history was asked for' }).toBeGreaterThan(0)
  await expect(dialog.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
  await expectSafeView(page, 'Account, Activity')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Swap: the token picker lists the hostile token list.
  await openSwapFromAccount(page)
  await dialog.getByRole('button', { name: 'Select the token to receive' }).click()
  await expect(dialog.getByRole('list', { name: 'Tokens' }).getByRole('button').first()).toBeVisible()
  expect(await api.requestCount('convertTokens'), 'the token list was asked for').toBeGreaterThan(0)
  await expectSafeView(page, 'Swap, token list')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Buy: hostile currencies and quotes.
  await openBuy(page, 'Coinbase')
  await dialog.getByLabel('Amount').fill('50')
  await expect
    .poll(() => api.requestCount('onrampOptions'), { message: 'the options were asked for' })
    .toBeGreaterThan(0)
  await expectSafeView(page, 'Buy')

  expect(effects, 'what the hostile answers made the browser do').toEqual([])
  expect(log.errors).toEqual([])
})
