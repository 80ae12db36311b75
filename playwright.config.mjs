// Playwright in the system's Chromium, or the one npm installed (never `npx playwright install`:
// it downloads a browser).
// Run through `npm test -- e2e`, or `npx playwright test --config playwright.config.mjs`
// after `node build.mjs`.
import { defineConfig } from '@playwright/test'
import { createServer } from 'node:net'
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

// Workers load this file again: they reuse the port the main process chose.
process.env.SIGKIT_E2E_PORT ||= String(await freePort())
const port = Number(process.env.SIGKIT_E2E_PORT)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.mjs',
  outputDir: '.tmp/playwright/results',
  // One worker: the spec files share one sandbox (chains, the wallet account, the emulator's fault
  // switches), so a fault set by one test must not reach another running beside it.
  workers: 1,
  retries: 0,
  // The longest flows take 10 to 14 s on a 2-core machine; CI's may be twice as slow.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  forbidOnly: true,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE || '.tmp/playwright/report.json' }],
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  webServer: {
    // The sandbox (two anvil chains, Solana and the API emulator) on free ports, so runs never collide.
    command: `node demo/serve.mjs ${port}`,
    env: { API_PORT: '0', ANVIL_PORT: '0', ANVIL_L2_PORT: '0', SOLANA_PORT: '0' },
    url: `${baseURL}/cdn.html`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
