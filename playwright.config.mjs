// Playwright in the system's Chromium, or the one npm installed (never `npx playwright install`:
// it downloads a browser).
// Run through `npm test -- e2e`, or `npx playwright test --config playwright.config.mjs`
// after `node build.mjs`.
import { defineConfig } from '@playwright/test'
import { createServer } from 'node:net'
import { availableParallelism } from 'node:os'
import { CHROMIUM_ARGS, chromiumPath } from './tests/helpers/chromium.mjs'

// CHROMIUM_PATH, the system's, or the one npm installed (tests/helpers/chromium.mjs).
const executablePath = chromiumPath()

/** A port nobody listens on right now (the demo server takes it a moment later). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

// Each worker has its own demo server and sandbox (its own chains, accounts, API emulator and
// fault switches), so a fault or a balance change in one spec never reaches a spec running beside
// it; tests/e2e/helpers.mjs points each worker's baseURL at its own server. A worker (Chromium,
// two anvil chains, Solana, the relay) keeps about two cores busy: on a 2-core machine one worker
// is as fast as two and steadier, so the default is one per two cores (SIGKIT_E2E_WORKERS sets it).
const workers = Number(process.env.SIGKIT_E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2))
// Workers load this file again: they reuse the ports the main process chose.
process.env.SIGKIT_E2E_PORTS ||= (await Promise.all(Array.from({ length: workers }, freePort))).join(',')
const ports = process.env.SIGKIT_E2E_PORTS.split(',').map(Number)

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.mjs',
  outputDir: '.tmp/playwright/results',
  workers,
  // In CI a failed test runs once more: a landing is judged on one run, and a test that fails
  // only on a loaded machine should not throw the rest away. npm test names every such test
  // ('flaky') in its summary, so it is seen and fixed rather than hidden.
  retries: process.env.CI ? 1 : 0,
  // The longest flows take 10 to 14 s on a 2-core machine; CI's may be twice as slow.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  forbidOnly: true,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || '.tmp/playwright/report.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${ports[0]}`,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  // One demo server per worker, started one after the other (each bundles the demo pages into
  // dist/demo at start): the sandbox (two anvil chains, Solana, the relay, the API emulator and the
  // secure frame) on free ports, so runs never collide.
  webServer: ports.map((port) => ({
    command: `node demo/serve.mjs ${port}`,
    env: { API_PORT: '0', ANVIL_PORT: '0', ANVIL_L2_PORT: '0', SOLANA_PORT: '0' },
    url: `http://127.0.0.1:${port}/cdn.html`,
    reuseExistingServer: false,
    // Each bundles the demo pages and starts anvil, Solana and the secure frame: ~10 s alone,
    // 20 s or more while another server starts beside it on a busy 2-core machine.
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
})
