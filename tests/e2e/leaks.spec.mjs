// No leaks (issue 31, point 5), in Chromium on both demo pages against the sandbox: after a
// warm-up, the modal opened and closed 30 times and the injected test wallet connected through it
// and disconnected 10 times; then the JS heap, DOM nodes, DOM event listeners, documents and the
// wallet's own listeners, each after a forced garbage collection (CDP), are within
// bench/lib/leaks.mjs's bounds of where they were after the warm-up. The leak bench
// (bench/leaks.mjs, `npm run bench -- --only=leaks`) does 200 and 50 and prints the figures beside
// a plain <dialog> page's.
import { exceededBounds, growth, leakCycles, memoryFigures, warmUp } from '../../bench/lib/leaks.mjs'
import { expect, openDapp, test } from './helpers.mjs'

const CYCLES = { opens: 30, connects: 10 }

for (const [name, path] of [
  ['React demo page', '/'],
  ['CDN demo page', '/cdn.html'],
]) {
  test(`${name}: ${CYCLES.opens} opens and ${CYCLES.connects} connects leave the heap, DOM nodes and listeners within bounds`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const log = await openDapp(page, path)
    await page.evaluate(() => {
      window.sigkitTestWallet.autoApprove = true
    })
    const cdp = await page.context().newCDPSession(page)
    await warmUp(page, 'sigkit')
    const before = await memoryFigures(page, cdp)
    await page.evaluate(leakCycles, { kind: 'sigkit', ...CYCLES })
    const after = await memoryFigures(page, cdp)
    const grown = growth(before, after)
    test.info().annotations.push({ type: 'growth', description: JSON.stringify(grown) })
    expect(exceededBounds(grown), `before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`).toEqual([])
    expect(log.errors).toEqual([])
  })
}
