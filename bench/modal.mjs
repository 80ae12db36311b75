// Modal open: from the click on <appkit-button> to the Connect view painted, on a cold page (the
// modal's chunks not loaded yet) and warm (opened and closed once before), at 1x and 6x CPU
// throttling (CDP Emulation.setCPUThrottlingRate, a low-end phone), for both builds; and the
// bytes of JavaScript the page loaded before the click and by the modal's first paint.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Pages per build (served by bench/lib/server.mjs; see bench/pages/modal-*.{js,tsx}). */
const PAGES = {
  cdn: '/page.html?module=/bench/cdn/modal-cdn.js',
  react: '/page.html?module=/bench/modal-react/modal.js',
}

/**
 * In the page: arms the measurement of the next open. Resolves with the click's time and when
 * the Connect view (its wallet section) and its first wallet entry were in the DOM and painted.
 */
function armOpen() {
  const { whenFound, nextFrame } = window.benchMeasure
  const shadow = () => document.querySelector('sigkit-modal')?.shadowRoot
  const roots = () => [document.body, ...(shadow() ? [shadow()] : [])]
  const dialogWith = (selector) => {
    const dialog = shadow()?.querySelector('[role="dialog"]')
    return dialog && shadow().getElementById('sk-dialog-title')?.textContent === 'Connect Wallet'
      ? dialog.querySelector(selector)
      : null
  }
  let clickAt
  document.addEventListener('click', (event) => (clickAt = event.timeStamp), { capture: true, once: true })
  window.__benchOpen = (async () => {
    const view = await whenFound(roots, () => dialogWith('section[data-method="wallet"]'))
    const viewPainted = await nextFrame()
    const wallets = await whenFound(roots, () => dialogWith('section[data-method="wallet"] button'))
    const walletsPainted = wallets.at <= viewPainted ? viewPainted : await nextFrame()
    return { clickAt, viewAt: view.at, viewPainted, walletsAt: wallets.at, walletsPainted }
  })()
}

/** In the page: script resources, with their sizes and when they finished. */
function scripts() {
  return performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
    .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.decodedBodySize, end: entry.responseEnd }))
}

export async function benchModal({ browser, server, emulator, distDir, pagesDir, measureScript, quick, log }) {
  const rates = [1, 6]
  const iterations = quick ? 1 : 7
  const gzipOf = new Map()
  /** Gzip size of a served script (the bench server does not compress; a CDN would). */
  const gzipSize = (path) => {
    if (!gzipOf.has(path)) {
      const file = path.startsWith('/bench/')
        ? join(pagesDir, path.slice('/bench/'.length))
        : join(distDir, path.replace(/^\/dist\//, '/'))
      let size = 0
      try {
        size = gzipSync(readFileSync(file), { level: 9 }).length
      } catch {
        size = Number.NaN
      }
      gzipOf.set(path, size)
    }
    return gzipOf.get(path)
  }
  const bytes = (list) => ({
    files: list.length,
    bytes: list.reduce((sum, item) => sum + item.bytes, 0),
    gzip: list.reduce((sum, item) => sum + gzipSize(item.path), 0),
  })
  const results = []
  for (const build of ['cdn', 'react']) {
    for (const rate of rates) {
      const samples = { cold: [], warm: [] }
      let coldBytes
      for (let i = 0; i < iterations; i++) {
        const context = await browser.newContext()
        await context.addInitScript({ path: measureScript })
        const page = await context.newPage()
        const errors = []
        page.on('pageerror', (error) => errors.push(String(error)))
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate })
        await page.goto(`${server.url}${PAGES[build]}&api=${encodeURIComponent(emulator.url)}`)
        await page.waitForFunction(() => document.querySelector('appkit-button')?.shadowRoot?.querySelector('button'))
        await page.waitForLoadState('networkidle')
        const before = await page.evaluate(scripts)

        for (const phase of ['cold', 'warm']) {
          if (phase === 'warm') {
            await page.keyboard.press('Escape')
            await page.waitForFunction(
              () => !document.querySelector('sigkit-modal')?.shadowRoot?.querySelector('[role="dialog"]'),
            )
            await page.waitForLoadState('networkidle')
            await page.waitForTimeout(200)
          }
          await page.evaluate(armOpen)
          await page.locator('appkit-button').click()
          const open = await page.evaluate(() => window.__benchOpen)
          const loaded = await page.evaluate(scripts)
          // When the last script the open needed had arrived (0 when it needed none).
          const fetched = loaded
            .filter((item) => item.end > open.clickAt && item.end <= open.walletsPainted)
            .map((item) => item.end - open.clickAt)
          samples[phase].push({
            viewMs: open.viewPainted - open.clickAt,
            walletsMs: open.walletsPainted - open.clickAt,
            scriptsMs: fetched.length ? Math.max(...fetched) : 0,
          })
          if (phase === 'cold' && i === 0) {
            const byPaint = loaded.filter((item) => item.end <= open.walletsPainted)
            const loadedBefore = new Set(before.map((item) => item.path))
            coldBytes = {
              beforeClick: bytes(before),
              byFirstPaint: bytes(byPaint),
              addedByOpen: bytes(byPaint.filter((item) => !loadedBefore.has(item.path))),
            }
          }
        }
        if (errors.length) throw new Error(`${build} page errors: ${errors.join('\n')}`)
        await context.close()
      }
      const pick = (phase, field) => median(samples[phase].map((sample) => sample[field]))
      for (const phase of ['cold', 'warm']) {
        results.push({
          build,
          cpu: rate,
          page: phase,
          iterations: samples[phase].length,
          viewPaintedMs: round(pick(phase, 'viewMs')),
          walletsPaintedMs: round(pick(phase, 'walletsMs')),
          lastScriptMs: round(pick(phase, 'scriptsMs')),
          samples: samples[phase].map((sample) => round(sample.walletsMs)),
          ...(phase === 'cold' ? { js: coldBytes } : {}),
        })
      }
      log(`  modal open: ${build} at ${rate}x done`)
    }
  }
  return results
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

export const round = (value) => Math.round(value * 100) / 100
