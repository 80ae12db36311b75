// Activity scroll: the real Activity list (windowed, paged 50 at a time) scrolled to the end
// through 100 and 1000 transactions, for both builds: frame times, and the list's DOM nodes on
// every frame against the same rows all rendered. See bench/pages/activity.tsx.
//
// The page is bundled here, from source, into the run's pages folder (bench/lib/pages.mjs
// bundles the other pages): React for the React build, the CDN build's aliases (Preact) for the
// CDN build.
import * as esbuild from 'esbuild'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cdnAliasPlugin } from '../build/cdn-aliases.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const PAGES = { react: '/bench/activity-react/activity.js', cdn: '/bench/activity-preact/activity.js' }

/** Bundles bench/pages/activity.tsx twice into `pagesDir` (minified, production, as an app's bundler would). */
async function buildActivityPages(pagesDir) {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    absWorkingDir: root,
    entryPoints: { activity: 'bench/pages/activity.tsx' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', __SIGKIT_VERSION__: JSON.stringify(version) },
  }
  await Promise.all([
    esbuild.build({ ...common, outdir: join(pagesDir, 'activity-react') }),
    esbuild.build({ ...common, outdir: join(pagesDir, 'activity-preact'), plugins: [cdnAliasPlugin] }),
  ])
}

/**
 * @param {{ browser: import('@playwright/test').Browser, server: { url: string }, pagesDir: string,
 *   quick: boolean, log: (line: string) => void }} context
 */
export async function benchActivity({ browser, server, pagesDir, quick, log }) {
  await buildActivityPages(pagesDir)
  const options = quick ? { sizes: [1000], frames: 60 } : { sizes: [100, 1000], frames: 240 }
  const results = []
  for (const [build, module] of Object.entries(PAGES)) {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)))
    await page.goto(`${server.url}/page.html?isolate=1&module=${module}`)
    await page.waitForFunction(() => window.bench?.activity)
    const rows = await page.evaluate((options) => window.bench.activity(options), options)
    if (errors.length) throw new Error(`activity ${build}: ${errors.join('\n')}`)
    for (const row of rows) {
      results.push({ build, ...row })
      log(
        `  activity scroll: ${build}, ${row.transactions} transactions: DOM nodes ${row.domNodesFirst} first, ` +
          `${row.domNodesMax} at most (all rows rendered: ${row.plainListDomNodes}); frame p95 ${row.frameP95Ms} ms, ` +
          `${row.droppedFrames} of ${row.frames} over 25 ms`,
      )
    }
    await page.close()
  }
  return results
}
