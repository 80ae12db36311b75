// The AppKit quickstart moved to SigKit (tests/fixtures/appkit-quickstart), as Vite and webpack
// build it with no config for SigKit, on its own origin beside the sandbox: the QR code shows, a
// WalletConnect wallet pairs, wagmi's hooks read and sign through it, and no request leaves
// 127.0.0.1 (WalletConnect's Verify goes to `endpoints.verify`, wagmi's reads to SigKit's RPC).
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { verifyMessage } from 'viem'
import { prepareQuickstart } from '../helpers/quickstart.mjs'
import {
  chainBalance,
  emulator,
  expect,
  sandboxConfig,
  sandboxWalletConnectWallet,
  scanWalletConnectQr,
  test,
} from './helpers.mjs'

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css' }

/**
 * Serves a build folder on a port of its own. Its page names the sandbox at the demo's default
 * origin (as a developer beside `npm run demo` writes it); this run's sandbox is elsewhere.
 */
async function serveBuild(folder, sandboxOrigin) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const file = normalize(join(folder, path === '/' ? 'index.html' : path))
    if (!file.startsWith(folder)) return response.writeHead(404).end()
    try {
      let body = await readFile(file)
      if (file.endsWith('index.html'))
        body = Buffer.from(body.toString().replaceAll('http://127.0.0.1:5173', sandboxOrigin))
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }
}

/** @type {Awaited<ReturnType<typeof prepareQuickstart>>} */
let app

test.beforeAll(async () => {
  // Packs and, when SigKit changed since the build suite made it, installs and builds the app.
  test.setTimeout(300_000)
  app = await prepareQuickstart()
})

for (const bundler of ['vite', 'webpack']) {
  test(`${bundler} build: the QR code shows, a WalletConnect wallet pairs, wagmi reads and signs, all on 127.0.0.1`, async ({
    page,
    request,
    baseURL,
  }) => {
    const config = await sandboxConfig(request)
    const api = await emulator(request, config)
    const before = { verify: await api.requestCount('verifyAttestation'), rpc: (await api.requests('rpc')).length }
    const server = await serveBuild(bundler === 'vite' ? app.viteDist : app.webpackDist, baseURL)
    const wallet = await sandboxWalletConnectWallet(config)
    const outside = []
    const errors = []
    page.on('pageerror', (error) => errors.push(String(error)))
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => {
        outside.push(route.request().url())
        return route.abort()
      },
    )
    try {
      await page.goto(server.url)
      await wallet.pair(await scanWalletConnectQr(page))
      await wallet.approveNextSession()
      await expect(page.getByTestId('status')).toHaveText('connected', { timeout: 15_000 })
      await expect(page.getByTestId('address')).toHaveText(wallet.evmAddress)
      await expect(page.getByTestId('connector')).toHaveText('SigKit')
      await expect(page.getByTestId('balance')).toHaveText(await chainBalance(config, wallet.evmAddress))

      await page.getByRole('button', { name: 'Sign message' }).click()
      const signature = await page.getByTestId('signature').textContent({ timeout: 15_000 })
      const message = 'Hello from the AppKit quickstart'
      expect(await verifyMessage({ address: wallet.evmAddress, message, signature })).toBe(true)

      // Verify asked the sandbox (endpoints.verify), and wagmi's reads went through SigKit's RPC.
      expect(await api.requestCount('verifyAttestation')).toBeGreaterThan(before.verify)
      const rpc = (await api.requests('rpc')).slice(before.rpc)
      expect(rpc.some((entry) => entry.url.includes('projectId=quickstart-project-id'))).toBe(true)
      expect(outside, 'requests that left 127.0.0.1').toEqual([])
      expect(errors, 'page errors').toEqual([])
    } finally {
      await wallet.stop()
      server.close()
    }
  })
}
