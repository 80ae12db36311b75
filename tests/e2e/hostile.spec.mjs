// The modal against a compromised or spoofed hosted API (issue 31): the emulator's 'hostile' mode
// (demo/sandbox/hostile.mjs) turns the real answers of the routes the views read into markup, bidi
// and zero-width characters, 10 KB names, links with refused schemes, odd picture URLs and
// wrong-typed list items; picture routes answer an SVG with a script. A visitor walks Connect, All
// Wallets (scroll, search, a listed wallet's QR code and links), connects the injected test
// wallet, then Account (tokens), Activity, Swap (token list) and Buy. Nothing may run, open or
// navigate: no page error, no dialog, no popup, no request or navigation to a refused scheme; each
// view's DOM holds no script, handler or refused link, its text no hidden character and no 10 KB
// string, and markup shows as text; axe stays clean.
import {
  connectTestWallet,
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
  'onrampUrl',
]

/** Schemes nothing from outside may open, request or navigate to. */
const REFUSED = /^\s*(javascript|data|vbscript|file|blob):/i

test.beforeAll(async ({ request }) => {
  await setOnrampFeature(request, true)
  const api = await emulator(request, await sandboxConfig(request))
  for (const route of HOSTILE_ROUTES) await api.setFault(route, 'hostile')
})
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
  const watchNavigations = (target) =>
    target.on('framenavigated', (frame) => {
      if (REFUSED.test(frame.url())) effects.push(`navigation: ${frame.url().slice(0, 100)}`)
    })
  watchNavigations(page)
  page.context().on('page', (opened) => {
    if (REFUSED.test(opened.url())) effects.push(`popup: ${opened.url().slice(0, 100)}`)
    watchNavigations(opened)
    opened.on('dialog', (dialog) => effects.push(`${dialog.type()} dialog in a popup: ${dialog.message()}`))
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

/**
 * A view as hostile data leaves it: a safe DOM and, with `axe`, no serious axe violation (one run
 * per view: a run takes seconds on a loaded machine, so a view already checked is not run again).
 */
async function expectSafeView(page, view, { axe = true } = {}) {
  expect(await unsafeDom(page), `${view}: the DOM`).toEqual([])
  if (axe) expect(await seriousAxeViolations(page), `${view}: axe`).toEqual([])
}

/** The demo page opened with {@link watchEffects} on, the emulator's switches and the modal's dialog. */
async function openWatchedDapp(page, request) {
  const api = await emulator(request, await sandboxConfig(request))
  const effects = watchEffects(page)
  await openDapp(page)
  return { api, dialog: modal(page), effects }
}

test('Connect and All Wallets over hostile wallet lists: nothing runs, opens or navigates; the DOM stays safe', async ({
  page,
  request,
}) => {
  const { api, dialog, effects } = await openWatchedDapp(page, request)

  // Connect (on a desktop, the installed wallets and the All Wallets row).
  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('button', { name: /SigKit Test Wallet/ })).toBeVisible()
  await expectSafeView(page, 'Connect', { axe: false })

  // All Wallets: scroll down a few pages, then search.
  await dialog.getByRole('button', { name: /^All Wallets/ }).click()
  const list = dialog.getByRole('listbox', { name: 'Wallets' })
  await expect(list.getByRole('option').nth(1)).toBeVisible()
  expect(await api.requestCount('wallets'), 'the wallet list was asked for').toBeGreaterThan(0)
  await expect(list, 'markup in a name shows as text').toContainText('<script>alert(1)</script>')
  await expectSafeView(page, 'All Wallets')
  await list.hover()
  // Three steps of 1,200 px pass the first page of 40 wallets (56 px each).
  for (let step = 0; step < 3; step++) await page.mouse.wheel(0, 1200)
  await expect.poll(() => api.requestCount('wallets'), { message: 'a second page was asked for' }).toBeGreaterThan(1)
  await expectSafeView(page, 'All Wallets, scrolled', { axe: false })
  await dialog.getByRole('searchbox', { name: 'Search wallet' }).pressSequentially('nova', { delay: 20 })
  const results = dialog.getByRole('listbox', { name: 'Search results' })
  await expect(results.getByRole('option').first()).toBeVisible()
  await expectSafeView(page, 'All Wallets, searched', { axe: false })

  // A listed wallet's connecting view: its QR code, and its app and web links (all refused here).
  await results.getByRole('option').first().click()
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible({ timeout: 15_000 })
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible()
  await expectSafeView(page, 'a listed wallet, connecting')

  expect(effects, 'what the hostile answers made the browser do').toEqual([])
})

test('Account (Tokens, Activity) over hostile balances, identity and history: nothing runs, opens or navigates', async ({
  page,
  request,
}) => {
  const { api, dialog, effects } = await openWatchedDapp(page, request)

  // Account shows hostile balances and a hostile identity.
  await connectTestWallet(page)
  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')
  await expect(dialog.getByRole('tabpanel'), 'markup in a name shows as text').toContainText(
    '<script>alert(1)</script>Ether',
  )
  expect(await api.requestCount('balance'), 'balances were asked for').toBeGreaterThan(0)
  await expectSafeView(page, 'Account, Tokens')

  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await expect(dialog.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
  expect(await api.requestCount('history'), 'the history was asked for').toBeGreaterThan(0)
  await expectSafeView(page, 'Account, Activity')

  expect(effects, 'what the hostile answers made the browser do').toEqual([])
})

test('Swap and Buy over hostile tokens, currencies, quotes and provider URL: nothing runs, opens or navigates', async ({
  page,
  request,
}) => {
  const { api, dialog, effects } = await openWatchedDapp(page, request)
  await connectTestWallet(page)

  // Swap: the token picker lists the hostile token list.
  await openSwapFromAccount(page)
  await dialog.getByRole('button', { name: 'Select the token to receive' }).click()
  await expect(dialog.getByRole('list', { name: 'Tokens' }).getByRole('button').first()).toBeVisible()
  expect(await api.requestCount('convertTokens'), 'the token list was asked for').toBeGreaterThan(0)
  await expectSafeView(page, 'Swap, token list')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Buy: hostile currencies, quotes and provider URL.
  await openBuy(page, 'Coinbase')
  await dialog.getByLabel('Amount').fill('50')
  await expect(dialog.locator('[data-purchase-amount]')).toHaveText('49 USDC')
  expect(await api.requestCount('onrampOptions'), 'the options were asked for').toBeGreaterThan(0)
  expect(await api.requestCount('onrampQuote'), 'a quote was asked for').toBeGreaterThan(0)
  await expectSafeView(page, 'Buy')
  // The provider's URL is a refused link: the blank window opened for it goes nowhere and closes.
  const popupOpened = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Continue with Coinbase' }).click()
  const popup = await popupOpened
  await expect(dialog.getByText(/^Coinbase could not be opened: /)).toBeVisible()
  await expect.poll(() => popup.isClosed(), { message: 'the blank window is closed' }).toBe(true)
  expect(await api.requestCount('onrampUrl'), 'the URL was asked for').toBeGreaterThan(0)
  expect(await unsafeDom(page), 'Buy, the provider refused: the DOM').toEqual([])

  expect(effects, 'what the hostile answers made the browser do').toEqual([])
})
