// Balance refresh: the real Account token list (signals) against the store-subscription
// baseline, in the same page and run, for both builds. See bench/pages/balance.tsx.

/** Page per build: the React flavour and the CDN flavour (Preact through the CDN aliases). */
const PAGES = { react: '/bench/react/balance.js', cdn: '/bench/preact/balance.js' }

export async function benchBalance({ browser, server, quick, log }) {
  const options = quick
    ? { sizes: [10, 100], iterations: 1, warmup: 0 }
    : { sizes: [10, 100, 1000], iterations: Number(process.env.BENCH_ITER ?? 21), warmup: 3 }
  const results = []
  for (const [build, module] of Object.entries(PAGES)) {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)))
    // Cross-origin isolated: timer steps of 5 µs, enough to tell 0.3 ms from 0.4 ms.
    await page.goto(`${server.url}/page.html?isolate=1&module=${module}`)
    if (!(await page.evaluate(() => crossOriginIsolated)))
      throw new Error('balance page is not cross-origin isolated (coarse timers)')
    await page.waitForFunction(() => window.bench?.balance)
    const rows = await page.evaluate((options) => window.bench.balance(options), options)
    if (errors.length) throw new Error(`balance ${build}: ${errors.join('\n')}`)
    results.push(...rows.map((row) => ({ build, ...row })))
    await page.close()
    log(`  balance refresh: ${build} done`)
  }
  return results
}
