// Leaks (issue 31, point 5): the modal opened and closed 200 times, then the injected test wallet
// (demo/test-wallet, autoApprove on) connected through the modal and disconnected 50 times, on
// the modal-open pages of both builds (bench/pages/modal-*.{js,tsx}), and the same steps on a
// baseline page (bench/pages/leaks-baseline.js: a plain <dialog> built and removed, the wallet's
// provider asked directly). After a warm-up cycle (the first open loads the modal's chunks) and
// again at the end, each after a full garbage collection: the JS heap, DOM nodes, DOM event
// listeners, documents and the wallet's own listeners (bench/lib/leaks.mjs). Quick runs (which
// only prove the case runs) do 10 opens and 4 connects on the CDN page alone; the e2e
// test that asserts the bounds (tests/e2e/leaks.spec.mjs) does 30 and 10 on both demo pages.
//
// The pages talk to an API emulator without chains (the bench's modal emulator): balance reads
// fail and the Account view shows so, which is what a page on a flaky network holds too; and to
// the sandbox's WalletConnect relay, so the pairing WalletConnect prepares in idle time completes
// (unreachable, its retries would churn the heap through the run).
import * as esbuild from 'esbuild'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { WARM_UP, exceededBounds, growth, leakCycles, memoryFigures, warmUp } from './lib/leaks.mjs'
import { closePage, newPage, quiet } from './modal.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const PAGES = {
  baseline: { path: '/page.html?inline=/bench/cdn/leaks-baseline.js', kind: 'baseline' },
  cdn: { path: '/page.html?inline=/bench/cdn/modal-cdn.js', kind: 'sigkit' },
  react: { path: '/page.html?module=/bench/modal-react/modal.js', kind: 'sigkit' },
}

/**
 * The demo's test wallet as an init script: its config first, then the wallet, autoApprove on.
 * `sandbox`: the sandbox config it reads (chains, accounts); by default one chain whose RPC is
 * the API emulator's `rpc` route.
 */
export async function testWalletScript(api, sandbox = defaultWalletSandbox(api)) {
  const { outputFiles } = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['demo/test-wallet/inject.js'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  })
  return [
    `window.__SIGKIT_SANDBOX__ = ${JSON.stringify(sandbox)};`,
    outputFiles[0].text,
    'window.sigkitTestWallet.autoApprove = true;',
  ].join('\n')
}

function defaultWalletSandbox(api) {
  return { chains: [{ chainId: 31337, name: 'Local chain', rpcUrl: `${api}/v1/?chainId=eip155:31337` }] }
}

/**
 * @param {{ browser: import('@playwright/test').Browser, server: { url: string }, emulator: { url: string },
 *   relay: { url: string }, measureScript: string, quick: boolean, log: (line: string) => void }} context
 */
export async function benchLeaks(context) {
  const { server, emulator, relay, quick, log } = context
  const counts = quick ? { opens: 10, connects: 4 } : { opens: 200, connects: 50 }
  const builds = quick ? ['cdn'] : Object.keys(PAGES)
  const wallet = await testWalletScript(emulator.url)
  const results = []
  for (const build of builds) {
    const { path, kind } = PAGES[build]
    const { context: browserContext, page, errors } = await newPage(context, { cpu: 1 })
    await browserContext.addInitScript({ content: wallet })
    const cdp = await browserContext.newCDPSession(page)
    await page.goto(
      `${server.url}${path}&api=${encodeURIComponent(emulator.url)}&relay=${encodeURIComponent(relay.url)}`,
    )
    await page.waitForFunction((kind) => (kind === 'sigkit' ? window.appKit : window.baseline), kind)
    await quiet(page)
    await warmUp(page, kind)
    const before = await memoryFigures(page, cdp)
    const started = Date.now()
    await page.evaluate(leakCycles, { kind, ...counts })
    const seconds = (Date.now() - started) / 1000
    const after = await memoryFigures(page, cdp)
    if (errors.length) throw new Error(`leaks ${build} page errors: ${errors.join('\n')}`)
    await closePage(browserContext)
    const grown = growth(before, after)
    const row = {
      build,
      ...counts,
      warmUp: WARM_UP,
      seconds,
      before,
      after,
      growth: grown,
      exceeded: exceededBounds(grown),
    }
    results.push(row)
    log(
      `  leaks: ${build}, ${counts.opens} opens and ${counts.connects} connects in ${seconds.toFixed(1)} s: ` +
        `heap ${(grown.heapBytes / 1024).toFixed(1)} KB, nodes ${grown.nodes}, listeners ${grown.listeners}, ` +
        `documents ${grown.documents}, wallet listeners ${grown.walletListeners}` +
        (row.exceeded.length ? ` (over the bounds: ${row.exceeded.join('; ')})` : ''),
    )
  }
  return results
}
