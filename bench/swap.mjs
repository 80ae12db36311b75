// Swap open (issue 17): `appKit.open({ view: 'Swap' })` → the Swap form painted, for both builds,
// on the modal-open pages (bench/pages/modal-*.{js,tsx}), at 1x (and 6x in full runs):
//
//   cold   the first open of Swap on the page: its chunk (src/features/swaps) not loaded yet
//   warm   the second open, after closing the modal
//
// The form needs a connected EVM account (disconnected, the view says 'Connect a wallet'): an
// injected test wallet (EIP-6963, below) answers the account and chain 31337 itself, without a
// chain, and is connected through the modal before the first Swap open. The API emulator has swaps
// on; its convert routes need the sandbox's anvil chains, which the bench does not start, so the
// token list and gas price routes are answered by the bench (a fixed list), and the view stays on
// its form. Times run from the open() call to the next frame after the form (<form> with the
// amount field) is in the modal's shadow root (bench/pages/measure.ts: nextFrame).
import { newPage, quiet, median, round } from './modal.mjs'

const PAGES = {
  cdn: '/page.html?inline=/bench/cdn/modal-cdn.js',
  react: '/page.html?module=/bench/modal-react/modal.js',
}
const CHAIN = 'eip155:31337'

/** Init script: a wallet announced through EIP-6963 that connects at once, on chain 31337. */
const BENCH_WALLET = `(() => {
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const listeners = new Map()
  const provider = {
    async request({ method }) {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [address]
        case 'eth_chainId':
          return '0x7a69'
        case 'net_version':
          return '31337'
        case 'wallet_switchEthereumChain':
        case 'wallet_revokePermissions':
          return null
        case 'eth_getBalance':
          return '0x0'
        default:
          throw Object.assign(new Error('Bench Wallet: ' + method + ' is not supported'), { code: 4200 })
      }
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
      return provider
    },
    removeListener(event, listener) {
      listeners.set(event, (listeners.get(event) ?? []).filter((item) => item !== listener))
      return provider
    },
  }
  const icon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#36f"/></svg>')
  const detail = Object.freeze({
    info: Object.freeze({ uuid: '2f0b7c52-8d0e-4c1e-9a59-5a4f3b1d6e01', name: 'Bench Wallet', icon, rdns: 'dev.sigkit.bench' }),
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
})()`

/** The convert routes' answers for chain 31337: ETH and one token, a gas price. */
const CONVERT = {
  '/v1/convert/tokens': {
    tokens: [
      { name: 'Ether', symbol: 'ETH', address: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, decimals: 18 },
      { name: 'USD Coin', symbol: 'USDC', address: `${CHAIN}:0x5fbdb2315678afecb367f032d93f642f64180aa3`, decimals: 6 },
    ].map((token) => ({ ...token, logoUri: '', eip2612: false })),
  },
  '/v1/convert/gas-price': { standard: '1000000000', fast: '1200000000', instant: '1500000000' },
}

/**
 * In the page: opens Swap and resolves with the open() call's time and when the form was in the
 * DOM and painted. A notice instead of the form (not connected, swaps off, network not supported)
 * rejects: that is not the view this bench measures.
 */
function openSwap() {
  const { whenFound, nextFrame } = window.benchMeasure
  const shadow = () => document.querySelector('sigkit-modal')?.shadowRoot
  const roots = () => [document.body, ...(shadow() ? [shadow()] : [])]
  const dialog = () =>
    shadow()?.getElementById('sk-dialog-title')?.textContent === 'Swap'
      ? shadow().querySelector('[role="dialog"]')
      : null
  const formOrNotice = () => {
    const form = dialog()?.querySelector('#sk-swap-amount')?.closest('form')
    const notices = ['Connect a wallet to swap', 'Swaps are turned off for this app', 'Network not supported for Swaps']
    const notice = [...(dialog()?.querySelectorAll('[role="alert"]') ?? [])].find((item) =>
      notices.includes(item.textContent),
    )
    return form ?? notice
  }
  return (async () => {
    const openAt = performance.now()
    void window.appKit.open({ view: 'Swap' })
    const { found, at } = await whenFound(roots, formOrNotice, 30_000)
    const painted = await nextFrame()
    if (found.tagName !== 'FORM') throw new Error(`Swap shows "${found.textContent}" instead of its form`)
    return { openAt, formAt: at, painted }
  })()
}

/** In the page: the .js files loaded so far. */
const scriptPaths = () =>
  performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
    .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.decodedBodySize }))

const dialogGone = () => !document.querySelector('sigkit-modal')?.shadowRoot?.querySelector('[role="dialog"]')

/** Connects the bench wallet through the modal, then closes it. */
async function connect(page) {
  await page.locator('appkit-button').click()
  await page
    .locator('sigkit-modal')
    .getByRole('button', { name: /Bench Wallet/ })
    .click()
  await page.waitForFunction(() => window.appKit.getAddress('eip155'), undefined, { timeout: 15_000 })
  if (!(await page.evaluate(dialogGone))) {
    await page.keyboard.press('Escape')
    await page.waitForFunction(dialogGone)
  }
  await quiet(page)
}

/**
 * @param {{ browser: import('@playwright/test').Browser, server: { url: string }, emulator: { url: string },
 *   measureScript: string, quick: boolean, log: (line: string) => void }} context
 */
export async function benchSwap(context) {
  const { server, emulator, quick, log } = context
  const rates = quick ? [1] : [1, 6]
  const iterations = quick ? 1 : 7
  const url = (build) => `${server.url}${PAGES[build]}&api=${encodeURIComponent(emulator.url)}`
  const results = []
  for (const build of Object.keys(PAGES)) {
    for (const rate of rates) {
      const samples = { cold: [], warm: [] }
      for (let i = 0; i < iterations; i++) {
        const { context: browserContext, page, errors } = await newPage(context, { cpu: rate })
        await browserContext.addInitScript({ content: BENCH_WALLET })
        await browserContext.route(
          (target) => target.origin === new URL(emulator.url).origin && target.pathname in CONVERT,
          (route) =>
            route.fulfill({
              status: 200,
              contentType: 'application/json',
              headers: { 'access-control-allow-origin': '*' },
              body: JSON.stringify(CONVERT[new URL(route.request().url()).pathname]),
            }),
        )
        await page.goto(url(build))
        await page.evaluate(() => window.__benchButton)
        await quiet(page)
        await connect(page)
        for (const phase of ['cold', 'warm']) {
          if (phase === 'warm') {
            await page.keyboard.press('Escape')
            await page.waitForFunction(dialogGone)
            await quiet(page)
            await page.waitForTimeout(200)
          }
          const before = new Set((await page.evaluate(scriptPaths)).map((item) => item.path))
          const opened = await page.evaluate(openSwap)
          const added = (await page.evaluate(scriptPaths)).filter((item) => !before.has(item.path))
          samples[phase].push({
            formInDomMs: opened.formAt - opened.openAt,
            formPaintedMs: opened.painted - opened.openAt,
            scripts: added.length,
            scriptBytes: added.reduce((sum, item) => sum + item.bytes, 0),
          })
        }
        if (errors.length) throw new Error(`swap ${build} page errors: ${errors.join('\n')}`)
        await browserContext.close()
      }
      for (const phase of ['cold', 'warm']) {
        const all = samples[phase]
        const row = {
          build,
          cpu: rate,
          page: phase,
          iterations: all.length,
          formInDomMs: round(median(all.map((sample) => sample.formInDomMs))),
          formPaintedMs: round(median(all.map((sample) => sample.formPaintedMs))),
          scriptsLoaded: Math.max(...all.map((sample) => sample.scripts)),
          scriptBytesLoaded: Math.max(...all.map((sample) => sample.scriptBytes)),
          samples: all.map((sample) => round(sample.formPaintedMs)),
        }
        results.push(row)
        log(
          `  swap open: ${build} at ${rate}x ${phase}: form painted ${row.formPaintedMs} ms ` +
            `(in the DOM ${row.formInDomMs} ms), ${row.scriptsLoaded} scripts loaded`,
        )
      }
    }
  }
  return results
}
