// Leak measurement shared by the leak bench (bench/leaks.mjs) and its e2e test
// (tests/e2e/leaks.spec.mjs): open and close the modal, connect and disconnect a wallet, many
// times, and read what the page holds before and after through the Chrome DevTools Protocol.
//
//   const cdp = await page.context().newCDPSession(page)
//   await warmUp(page, 'sigkit')
//   const before = await memoryFigures(page, cdp)
//   await page.evaluate(leakCycles, { kind: 'sigkit', opens: 200, connects: 50 })
//   const after = await memoryFigures(page, cdp)
//   growth(before, after)                     // { heapBytes, nodes, listeners, walletListeners, documents }
//
// The figures, each after a full garbage collection (HeapProfiler.collectGarbage, three times, as
// a FinalizationRegistry or a weak map can free more on the next pass):
//   heapBytes        Runtime.getHeapUsage usedSize: the page's live JS heap
//   nodes            Memory.getDOMCounters nodes: DOM nodes alive in the renderer (shadow roots
//                    included; nodes that are detached but still referenced count too)
//   listeners        Memory.getDOMCounters jsEventListeners: event listeners on DOM targets
//                    (window, document, elements), what an un-removed addEventListener leaves
//   documents        Memory.getDOMCounters documents (an iframe never removed shows here)
//   walletListeners  the injected test wallet's own EIP-1193 listeners (accountsChanged,
//                    chainChanged, disconnect, connect): what a provider.on without its
//                    removeListener leaves, which no DOM counter sees
//
// The first open loads the modal's chunks and the first connect the chain code, and once the
// Connect view has painted the page loads the later views and prepares WalletConnect in idle
// time, so the figures are taken after a few warm-up cycles and once the page's network has been
// quiet for a second.

/** The test wallet's events a dapp subscribes to (demo/test-wallet/emitter.js counts them). */
const WALLET_EVENTS = ['accountsChanged', 'chainChanged', 'disconnect', 'connect']

/**
 * In the page: `opens` times open the modal and close it, then `connects` times connect the test
 * wallet through the modal and disconnect. `kind` is 'sigkit' (a page with SigKit's button and
 * the test wallet injected with `autoApprove` on; `window.appKit`, or the demo page's controls) or 'baseline' (bench/pages/leaks-baseline.js:
 * `window.baseline` with the same four steps done with a plain <dialog> and the wallet's provider
 * directly). Each step waits for what it does to show (the dialog in or out of the DOM, the
 * account set or cleared), with a deadline: a step that never ends fails the run.
 * Self-contained: Playwright serialises it into the page.
 * @param {{ kind: 'sigkit' | 'baseline', opens: number, connects: number }} options
 */
export async function leakCycles({ kind, opens, connects }) {
  const STEP_TIMEOUT_MS = 15_000
  const until = (what, check) =>
    new Promise((resolve, reject) => {
      const started = performance.now()
      const poll = () => {
        let value
        try {
          value = check()
        } catch (error) {
          return reject(error)
        }
        if (value) return resolve(value)
        if (performance.now() - started > STEP_TIMEOUT_MS) return reject(new Error(`leak cycle: ${what} timed out`))
        setTimeout(poll, 5)
      }
      poll()
    })
  const shadow = () => document.querySelector('sigkit-modal')?.shadowRoot
  const dialog = () => shadow()?.querySelector('[role="dialog"]')
  // Through `window.appKit` where the page exposes it (the bench pages, the CDN demo page), else
  // through the page's controls, as a visitor would (the React demo page): the button, Escape,
  // the page's own Disconnect button and account status.
  const { appKit } = window
  const pageButton = (name) => [...document.querySelectorAll('button')].find((button) => button.textContent === name)
  const status = () => document.querySelector('[data-testid="account-status"]')?.textContent
  const ui = {
    open: () => document.querySelector('appkit-button')?.shadowRoot?.querySelector('button')?.click(),
    close: () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    connected: () => status() === 'connected',
    disconnect: () => pageButton('Disconnect').click(),
  }
  const api = {
    open: () => void appKit.open(),
    close: () => appKit.close(),
    connected: () => Boolean(appKit.getAddress('eip155')),
    disconnect: () => appKit.disconnect(),
  }
  const use = appKit ? api : ui
  const sigkit = {
    async open() {
      use.open()
      await until('modal open', () => dialog()?.querySelector('section[data-method="wallet"] button'))
    },
    async close() {
      use.close()
      await until('modal closed', () => !dialog())
    },
    async connect() {
      use.open()
      const entry = await until('test wallet entry', () =>
        [...(dialog()?.querySelectorAll('button') ?? [])].find((button) =>
          button.textContent?.includes('SigKit Test Wallet'),
        ),
      )
      entry.click()
      await until('connected', use.connected)
      // The modal closes itself once connected; a view still showing is closed as a visitor would.
      if (dialog()) use.close()
      await until('modal closed after connecting', () => !dialog())
    },
    async disconnect() {
      await use.disconnect()
      await until('disconnected', () => !use.connected() && !dialog())
    },
  }
  const steps = kind === 'sigkit' ? sigkit : window.baseline
  for (let i = 0; i < opens; i++) {
    await steps.open()
    await steps.close()
  }
  for (let i = 0; i < connects; i++) {
    await steps.connect()
    await steps.disconnect()
  }
}

/** Warm-up: a few cycles (chunks loaded, code compiled, idle-time preloads started). */
export const WARM_UP = { opens: 3, connects: 2 }

/**
 * Runs the warm-up cycles, then waits until the page has started no request for a second (what
 * it preloads in idle time has arrived), 5 s at most (a page that polls never goes quiet).
 * @param {import('@playwright/test').Page} page
 * @param {'sigkit' | 'baseline'} kind
 */
export async function warmUp(page, kind) {
  await page.evaluate(leakCycles, { kind, ...WARM_UP })
  await page.evaluate(async () => {
    const count = () => performance.getEntriesByType('resource').length
    const started = performance.now()
    let last = count()
    let quietSince = performance.now()
    while (performance.now() - quietSince < 1000 && performance.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      if (count() !== last) {
        last = count()
        quietSince = performance.now()
      }
    }
  })
}

/**
 * The page's heap, DOM nodes, DOM event listeners, documents and test-wallet listeners after a
 * full garbage collection.
 * @param {import('@playwright/test').Page} page
 * @param {import('@playwright/test').CDPSession} cdp  a session on `page`
 */
export async function memoryFigures(page, cdp) {
  // Timers and microtasks of the last step (a closing animation's end, a late balance answer)
  // settle before the collection.
  await page.waitForTimeout(1000)
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const dom = await cdp.send('Memory.getDOMCounters')
  const walletListeners = await page.evaluate(
    (events) =>
      events.reduce((sum, event) => sum + (window.sigkitTestWallet?.provider?.listenerCount?.(event) ?? 0), 0),
    WALLET_EVENTS,
  )
  return {
    heapBytes: heap.usedSize,
    nodes: dom.nodes,
    listeners: dom.jsEventListeners,
    documents: dom.documents,
    walletListeners,
  }
}

/** What grew from `before` to `after` (negative: shrank). */
export function growth(before, after) {
  return Object.fromEntries(Object.keys(before).map((key) => [key, after[key] - before[key]]))
}

/**
 * The bounds a page must stay within over its cycles after the warm-up (bench/README.md gives the
 * figures they were set from): no more documents or test-wallet listeners than at the start; DOM
 * event listeners and nodes within a few (a transient the last step left, such as the account
 * button's balance placeholder); the JS heap within 2 MB, as V8 keeps optimising hot code and the
 * browser buffers timing entries for a while after the warm-up (0.6 to 0.9 MB over the first 30
 * opens and 10 connects, then 2 to 4 KB a cycle: compiled code, no objects of SigKit's). A
 * keydown listener left behind by each open grew the listeners by 546 and the nodes by 2608 over
 * 30 opens and 10 connects (each retains its view).
 */
export const LEAK_BOUNDS = { heapBytes: 2 * 1024 * 1024, nodes: 20, listeners: 5, documents: 0, walletListeners: 0 }

/** The bounds `grown` exceeds, as text, or [] when it stays within all of them. */
export function exceededBounds(grown, bounds = LEAK_BOUNDS) {
  return Object.entries(bounds)
    .filter(([key, bound]) => grown[key] > bound)
    .map(([key, bound]) => `${key} grew by ${grown[key]} (bound ${bound})`)
}
