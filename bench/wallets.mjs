// Wallet list: the real All Wallets view (through the published builds) against a plain,
// non-virtualised grid of the same data, over the sandbox's API emulator serving 600 or 5000
// wallets. See bench/pages/wallets.tsx.
import { generateWallets } from '../demo/sandbox/wallets.mjs'
import { startApiEmulator } from '../demo/sandbox/api.mjs'
import { median, round } from './modal.mjs'

const PAGES = { react: '/bench/react/wallets.js', cdn: '/bench/preact/wallets.js' }
const TERMS = ['amber', 'nova', 'cobalt']

/**
 * Exactly `count` wallets (the test wallet and `count - 1` generated ones), each listing the
 * bench page's network, so the dapp's chain filter keeps them all.
 */
export function benchWallets(count) {
  return generateWallets({ count: count - 1 }).map((wallet) => ({
    ...wallet,
    chains: [...new Set([...wallet.chains, 'eip155:1'])],
  }))
}

/** Emulators serving each list size, started once and shared by the runs. */
export async function startWalletEmulators(sizes) {
  return Object.fromEntries(
    await Promise.all(sizes.map(async (size) => [size, await startApiEmulator({ wallets: benchWallets(size) })])),
  )
}

async function scrollWithoutLogos({ browser, server, module, api, frames, size }) {
  const page = await browser.newPage()
  await page.route(/\/getWalletImage\//, (route) => route.abort())
  await page.goto(`${server.url}/page.html?module=${module}`)
  await page.waitForFunction(() => window.bench?.wallets)
  await page.evaluate((api) => window.bench.wallets.setup(api), api)
  await page.evaluate(() => window.bench.wallets.warmModal())
  await page.evaluate((size) => window.bench.wallets.firstRender('real', size), size)
  const scroll = await page.evaluate(
    ([frames, size]) => window.bench.wallets.scrollToEnd('real', frames, size),
    [frames, size],
  )
  await page.close()
  return scroll
}

export async function benchWalletList({ browser, server, emulators, quick, log }) {
  const sizes = Object.keys(emulators).map(Number)
  const runs = quick ? 1 : 3
  const terms = quick ? TERMS.slice(0, 1) : TERMS
  const frames = quick ? 30 : 240
  const results = []
  for (const size of sizes) {
    for (const [build, module] of Object.entries(PAGES)) {
      const samples = { real: [], grid: [] }
      for (let run = 0; run < runs; run++) {
        const page = await browser.newPage()
        const errors = []
        page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)))
        await page.goto(`${server.url}/page.html?module=${module}`)
        await page.waitForFunction(() => window.bench?.wallets)
        await page.evaluate((api) => window.bench.wallets.setup(api), emulators[size].url)
        // The visitor reaches All Wallets from the Connect view: the modal itself is loaded.
        await page.evaluate(() => window.bench.wallets.warmModal?.())
        for (const target of ['real', 'grid']) {
          log(`    ${build} ${size} run ${run + 1}: ${target}`)
          const sample = {}
          sample.first = await page.evaluate(
            ([target, size]) => window.bench.wallets.firstRender(target, size),
            [target, size],
          )
          sample.search = []
          for (const term of terms) {
            await page.evaluate(([target, term]) => window.bench.wallets.armSearch(target, term), [target, term])
            await page.keyboard.type(term)
            sample.search.push(await page.evaluate(() => window.bench.wallets.searchResult()))
            await page.keyboard.press('Control+A')
            await page.keyboard.press('Backspace')
            await page.evaluate((target) => window.bench.wallets.listBack(target), target)
          }
          sample.scroll = await page.evaluate(
            ([target, frames, size]) => window.bench.wallets.scrollToEnd(target, frames, size),
            [target, frames, size],
          )
          await page.evaluate((target) => window.bench.wallets.close(target), target)
          samples[target].push(sample)
        }
        if (errors.length) throw new Error(`wallets ${build} ${size}: ${errors.join('\n')}`)
        await page.close()
      }
      // The same scroll once more with the wallet logos' requests blocked, on a page of its own:
      // tells what the logos cost (the grid shows none).
      const withoutLogos = quick
        ? undefined
        : await scrollWithoutLogos({ browser, server, module, api: emulators[size].url, frames, size })
      for (const target of ['real', 'grid']) {
        const all = samples[target]
        const pick = (get) => round(median(all.flatMap(get)))
        results.push({
          build,
          wallets: size,
          impl: target === 'real' ? 'AllWallets' : 'grid',
          runs: all.length,
          firstRenderMs: pick((s) => s.first.firstRenderMs),
          firstRenderAfterDataMs: pick((s) => s.first.afterDataMs),
          firstRows: pick((s) => s.first.rows),
          keystrokePaintMs: pick((s) => s.search.map((x) => x.keystrokePaintMs)),
          keystrokePaintMaxMs: round(Math.max(...all.flatMap((s) => s.search.map((x) => x.keystrokePaintMaxMs)))),
          searchResultsMs: pick((s) => s.search.map((x) => x.resultsMs)),
          searchWaitedMs: pick((s) => s.search.map((x) => x.waitedMs)),
          searchAfterWaitMs: pick((s) => s.search.map((x) => x.afterWaitMs)),
          searchRenderMs: pick((s) => s.search.map((x) => x.renderMs)),
          searchResults: pick((s) => s.search.map((x) => x.results)),
          scrollFrameP50Ms: pick((s) => s.scroll.frameP50Ms),
          scrollFrameP95Ms: pick((s) => s.scroll.frameP95Ms),
          scrollFrameMaxMs: pick((s) => s.scroll.frameMaxMs),
          scrollDroppedFrames: pick((s) => s.scroll.droppedFrames),
          scrollFrames: frames,
          lastShownMs: pick((s) => s.scroll.lastShownMs),
          domNodesFirst: pick((s) => s.first.domNodes),
          domNodesEnd: pick((s) => s.scroll.domNodes),
          ...(target === 'real' && withoutLogos
            ? {
                scrollNoLogosFrameP95Ms: withoutLogos.frameP95Ms,
                scrollNoLogosDroppedFrames: withoutLogos.droppedFrames,
              }
            : {}),
        })
      }
      log(`  wallet list: ${build}, ${size} wallets done`)
    }
  }
  return results
}
