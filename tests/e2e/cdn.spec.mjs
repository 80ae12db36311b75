// The CDN build on a plain page (demo/cdn.html): nothing loads before the visitor asks, the
// button opens an accessible dialog with the Connect view, and the keyboard works. In another
// language, the locale's texts come in the same round as the code that shows them (issue 32).
import { readFileSync } from 'node:fs'
import { answerWallet, clickAndCountWalletRows, demoServerURL, expect, resetFeatures, test } from './helpers.mjs'
import { catalogue } from './i18n-walk.mjs'

/** Files the size budget counts, as URL paths on the demo server (dist/cdn/x → /cdn/x). */
function budgetedFiles() {
  const manifestUrl = new URL('../../dist/.size/manifest.json', import.meta.url)
  const { cdn } = JSON.parse(readFileSync(manifestUrl, 'utf8')).builds
  const toPath = (file) => file.replace(/^dist\/cdn\//, '/cdn/')
  return {
    initial: new Set(cdn.initial.files.map(toPath)),
    firstOpen: new Set(cdn.firstOpen.files.map(toPath)),
    // What a preload adds to the first-open set: the warm-up of the modal's type.
    preload: new Set(cdn.preload.files.map(toPath)),
    // Fetched in idle time after the first open: the wallets' views and WalletConnect's code.
    idlePrefetch: new Set(cdn.idlePrefetch.files.map(toPath)),
    /** A locale's texts: its first-open file, and each feature's file by namespace. */
    locale: (tag) => ({
      firstOpen: cdn.locales[tag].files.map(toPath),
      parts: Object.fromEntries(
        Object.entries(cdn.locales[tag].parts).map(([namespace, part]) => [namespace, part.files.map(toPath)]),
      ),
    }),
  }
}

/** The CDN build's files, as URL paths on the demo server: what a round of them lacks, and which holds a module. */
function cdnFiles() {
  const meta = JSON.parse(readFileSync(new URL('../../dist/cdn/meta.json', import.meta.url), 'utf8'))
  const toPath = (file) => file.replace(/^dist\/cdn\//, '/cdn/')
  const outputs = Object.entries(meta.outputs)
  const imports = new Map(
    outputs.map(([file, output]) => [
      toPath(file),
      output.imports.filter((item) => item.kind === 'import-statement').map((item) => toPath(item.path)),
    ]),
  )
  return {
    /**
     * What the files in `round` (held back, not yet run) import that was neither asked for with
     * them nor loaded before: each is asked for only once its importer arrives, a round later.
     */
    missingFrom: (round, loadedBefore) => {
      const there = new Set([...round, ...loadedBefore])
      return round.flatMap((path) => (imports.get(path) ?? []).filter((imported) => !there.has(imported)))
    },
    /** The file whose entry is `module` (a source path). */
    fileOf: (module) => toPath(outputs.find(([, output]) => output.entryPoint === module)[0]),
  }
}

/**
 * Holds back every SigKit script the page asks for from now on (or those `only` picks by path),
 * until `release()`: while held, none of them runs, so a file asked for meanwhile was asked for by
 * code already running, in the same round as the held ones.
 */
async function holdScripts(page, only = () => true) {
  const held = []
  const sigkitScript = (url) => url.pathname.startsWith('/cdn/')
  const path = (route) => new URL(route.request().url()).pathname
  const hold = (route) => (only(path(route)) ? held.push(route) : route.fallback())
  await page.route(sigkitScript, hold)
  return {
    paths: () => held.map(path),
    async release() {
      await page.unroute(sigkitScript, hold)
      await Promise.all(held.splice(0).map((route) => route.fallback()))
    },
  }
}

const describe = (request) => `${request.method()} ${request.url()} (${request.resourceType()})`

// The first-open budget counts the Connect view without the email and social sections, which load
// with their features: this spec turns them off in the project config (the emulator starts with a
// hosted project's defaults, both on) and puts the defaults back after.
test.beforeAll(async ({ request }) => {
  const config = await (await request.get('/sandbox-config.json')).json()
  const response = await request.post(`${config.apiUrl}/__sandbox/features`, {
    data: { email: false, social_login: { isEnabled: false, config: [] } },
  })
  expect(response.ok()).toBe(true)
})
test.afterAll(async ({ request }) => resetFeatures(request))

/**
 * Open demo/cdn.html and wait until the page is idle. Every request is recorded; any request
 * that would leave 127.0.0.1 (the page and the sandbox's chains and API emulator) is aborted so
 * the test never depends on the internet.
 */
async function openDemo(page, path = '/cdn.html') {
  const origin = demoServerURL()
  const log = { origin, requests: [], errors: [] }
  page.on('request', (request) => log.requests.push(request))
  page.on('pageerror', (error) => log.errors.push(String(error?.stack ?? error)))
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  )
  await page.goto(path)
  await page.waitForFunction(() => customElements.get('appkit-button') !== undefined)
  await settle(page)
  return log
}

/**
 * Wait until no request has been in flight for 500 ms, at most 5 s: a request that never
 * completes (e.g. a fetch whose body nobody reads) must show up in the request log as a
 * failure, not hang the test.
 */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})
}

/** True when the focused element (looking through open shadow roots) is inside a dialog. */
function focusIsInsideDialog(page) {
  return page.evaluate(() => {
    const dialogs = new Set()
    const collect = (root) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.getAttribute('role') === 'dialog' || element.localName === 'dialog') dialogs.add(element)
        if (element.shadowRoot) collect(element.shadowRoot)
      }
    }
    collect(document)
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    for (let node = active; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
      if (dialogs.has(node)) return true
    }
    return false
  })
}

/** localName of document.activeElement: the <appkit-button> host when focus is in its shadow root. */
const focusedHost = (page) => page.evaluate(() => document.activeElement?.localName ?? null)

/** Escape closes the dialog, focus is back on <appkit-button>, and the page threw nothing. */
async function closeWithEscape(page, dialog, log) {
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect.poll(() => focusedHost(page), { message: 'focus returns to <appkit-button>' }).toBe('appkit-button')
  expect(log.errors, 'uncaught errors on the page').toEqual([])
}

test('with preloadOnIdle off, loads nothing before the click; the click opens the Connect view; Escape closes it', async ({
  page,
}) => {
  const log = await openDemo(page, '/cdn.html?preload=off')
  const { initial, firstOpen, idlePrefetch } = budgetedFiles()

  const beforeClick = [...log.requests]
  const notAllowed = beforeClick.filter((request) => {
    const url = new URL(request.url())
    if (url.origin !== log.origin) return true
    if (url.pathname === '/cdn.html') return request.resourceType() !== 'document'
    if (url.pathname === '/app/cdn.css') return request.resourceType() !== 'stylesheet'
    if (request.resourceType() !== 'script' || !url.pathname.endsWith('.js')) return true
    // The page's own scripts (and its stylesheet, above): the sandbox config, the test wallet (an
    // extension's content script stand-in), the page's code and shared options; then SigKit itself.
    return !['/cdn/', '/test-wallet/', '/app/', '/sandbox-config.js'].some((prefix) => url.pathname.startsWith(prefix))
  })
  expect(notAllowed.map(describe), 'requests before the click (only the page and its scripts may load)').toEqual([])
  const uncounted = beforeClick
    .map((r) => new URL(r.url()).pathname)
    .filter((p) => p.startsWith('/cdn/') && !initial.has(p))
  expect(uncounted, 'scripts loaded at page load but missing from the initial size budget').toEqual([])
  expect(log.errors, 'uncaught errors on the page').toEqual([])

  await page.locator('appkit-button').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()

  await settle(page)
  const firstOpenScripts = log.requests
    .slice(beforeClick.length)
    .map((request) => new URL(request.url()))
    .filter((url) => url.origin === log.origin && url.pathname.startsWith('/cdn/'))
    .map((url) => url.pathname)
  const notBudgeted = firstOpenScripts.filter(
    (path) => !initial.has(path) && !firstOpen.has(path) && !idlePrefetch.has(path),
  )
  expect(
    notBudgeted,
    'scripts loaded by the first open but not counted in the size budget (add their lazy module to FIRST_OPEN_MODULES in build.mjs)',
  ).toEqual([])

  await closeWithEscape(page, dialog, log)
})

test('by default the first-open code loads once the page is idle, and hovering preloads it too; no hosted call before the click', async ({
  page,
}) => {
  const { initial, firstOpen, preload, idlePrefetch } = budgetedFiles()
  const scriptsBeforeClick = (log) =>
    log.requests
      .map((request) => new URL(request.url()))
      .filter((url) => url.origin === log.origin && url.pathname.startsWith('/cdn/'))
      .map((url) => url.pathname)

  // Idle preload: the whole first-open set is there before anyone clicks, and only it.
  const log = await openDemo(page)
  const before = scriptsBeforeClick(log)
  expect(
    [...firstOpen].filter((path) => !before.includes(path)),
    'first-open scripts not preloaded once the page was idle',
  ).toEqual([])
  expect(
    [...preload].filter((path) => !before.includes(path)),
    "the preload's type warm-up not loaded once the page was idle",
  ).toEqual([])
  expect(
    before.filter((path) => !initial.has(path) && !firstOpen.has(path) && !preload.has(path)),
    'scripts loaded before the click beyond page load, the first-open set and its preload',
  ).toEqual([])
  const apiOrigin = await page.evaluate(() => new URL(window.__SIGKIT_SANDBOX__.apiUrl).origin)
  expect(
    log.requests.filter((request) => new URL(request.url()).origin === apiOrigin).map(describe),
    'hosted API calls before the first open',
  ).toEqual([])
  const count = log.requests.length
  // Preloaded, the click renders in its own task.
  expect(await clickAndCountWalletRows(page), 'wallet rows rendered in the click task').toBeGreaterThan(0)
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  expect(
    log.requests
      .slice(count)
      .filter((request) => new URL(request.url()).pathname.startsWith('/cdn/'))
      .filter((request) => !idlePrefetch.has(new URL(request.url()).pathname))
      .map(describe),
    'scripts the click still had to fetch (what loads in idle time after it aside)',
  ).toEqual([])

  // Hover preload with the idle preload off: pointing at the button fetches the first-open set.
  const hoverPage = await page.context().newPage()
  const hoverLog = await openDemo(hoverPage, '/cdn.html?preload=off')
  expect(scriptsBeforeClick(hoverLog).filter((path) => firstOpen.has(path))).toEqual([])
  await hoverPage.locator('appkit-button').hover()
  await expect
    .poll(() => [...firstOpen].filter((path) => !scriptsBeforeClick(hoverLog).includes(path)), {
      message: 'first-open scripts fetched on hover',
    })
    .toEqual([])
  await hoverPage.close()
})

test("in Japanese, the click asks for the locale's texts with the modal's files, and the Activity tab for its texts with its code", async ({
  page,
}) => {
  const ja = await catalogue('ja')
  const { firstOpen, locale } = budgetedFiles()
  const texts = locale('ja')
  const log = await openDemo(page, '/cdn.html?preload=off&locale=ja')
  const dialog = page.getByRole('dialog')

  // The click: with each file it asks for held back, the locale's texts are among them, so no
  // file of the modal had to load first to ask for them (the first open is no deeper in Japanese).
  let held = await holdScripts(page)
  await page.locator('appkit-button').click()
  await expect
    .poll(held.paths, { message: "the locale's first-open texts asked for while the modal's files are held" })
    .toEqual(expect.arrayContaining(texts.firstOpen))
  expect(
    held.paths().filter((path) => firstOpen.has(path)).length,
    "the modal's files, in the same round",
  ).toBeGreaterThan(0)
  // No file of a later round: every file the held ones import was asked for with them.
  const files = cdnFiles()
  const beforeClick = log.requests.map((request) => new URL(request.url()).pathname)
  expect(files.missingFrom(held.paths(), beforeClick), 'files a later round asks for').toEqual([])
  // The map of core's English texts, whose file imports files the features share, is not on the
  // click's path: asked for once the modal has painted in Japanese.
  const knownTexts = files.fileOf('src/i18n/known-texts.ts')
  expect(held.paths(), "the map of core's texts, before the paint").not.toContain(knownTexts)
  await held.release()
  await expect(dialog.getByRole('heading', { name: ja.titles.connect })).toBeVisible()
  await expect
    .poll(() => log.requests.map((request) => new URL(request.url()).pathname), {
      message: "the map of core's texts, after the paint",
    })
    .toContain(knownTexts)

  // A feature: its texts are asked for beside its code, not by it. Held from before the Account
  // view opens, which may preload a tab the pointer passes over.
  await dialog.getByRole('button', { name: /SigKit Test Wallet/ }).click()
  await answerWallet(page, 'Connect')
  await expect(dialog).toBeHidden()
  // Its code's own file (none of its code runs while that is held) and its Japanese texts.
  const activityCode = files.fileOf('src/features/activity/index.tsx')
  held = await holdScripts(page, (path) => path === activityCode || texts.parts.activity.includes(path))
  await page.locator('appkit-button').click()
  await expect(dialog.getByRole('heading', { name: ja.titles.account })).toBeVisible()
  const tab = dialog.getByRole('tab', { name: ja.account.activity })
  await tab.click()
  await expect
    .poll(held.paths, { message: "Activity's Japanese texts asked for while its code is held" })
    .toEqual(expect.arrayContaining(texts.parts.activity))
  expect(held.paths(), "Activity's code, in the same round").toContain(activityCode)
  await held.release()
  await expect(tab).toHaveAttribute('aria-selected', 'true')
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})

test('keyboard: Tab reaches the button, Enter opens, Tab stays inside the dialog, Escape closes', async ({ page }) => {
  const log = await openDemo(page)

  await page.keyboard.press('Tab')
  expect(await focusedHost(page), 'the first Tab focuses <appkit-button>').toBe('appkit-button')

  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  await expect.poll(() => focusIsInsideDialog(page), { message: 'opening moves focus into the dialog' }).toBe(true)

  for (let i = 1; i <= 8; i++) {
    await page.keyboard.press('Tab')
    expect(await focusIsInsideDialog(page), `focus is still inside the dialog after Tab #${i}`).toBe(true)
  }
  for (let i = 1; i <= 4; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await focusIsInsideDialog(page), `focus is still inside the dialog after Shift+Tab #${i}`).toBe(true)
  }

  await closeWithEscape(page, dialog, log)
})

test('the modal is styled inside its shadow root and follows the theme mode', async ({ page }) => {
  const log = await openDemo(page)
  const pageBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)

  await page.locator('appkit-button').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const look = () =>
    dialog.evaluate((card) => {
      const style = getComputedStyle(card)
      return { background: style.backgroundColor, width: card.getBoundingClientRect().width }
    })
  // Dark by default, 360 px wide: the theme tokens reach the card through the shadow root.
  await expect.poll(look).toEqual({ background: 'rgb(20, 20, 20)', width: 360 })

  await page.evaluate(() => window.appKit.setThemeMode('light'))
  await expect.poll(async () => (await look()).background).toBe('rgb(255, 255, 255)')
  // And nothing leaked out: the page keeps its own styles.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(pageBackground)
  expect(log.errors, 'uncaught errors on the page').toEqual([])
})
