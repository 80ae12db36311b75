// The dapp page the embedded-wallet integration tests drive: SigKit from source (its modal
// included, WalletConnect stubbed) on its own origin, set up from a real sandbox exactly as the
// demo pages are, in Debian's Chromium; `sk` runs a function in the page against its handle.
import { chromium, type Browser, type Page } from '@playwright/test'
import * as esbuild from 'esbuild'
import { createServer, type Server } from 'node:http'
import { cssTextPlugin } from '../../../build/css-text.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { CHROMIUM_ARGS, chromiumPath } from '../secure-frame/helpers'

/** The page's bundle: SigKit from source, WalletConnect stubbed (not part of these tests). */
async function bundlePage(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: ['tests/integration/embedded/page-entry.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    logLevel: 'error',
    define: {
      __SIGKIT_VERSION__: '"0.0.0-test"',
      'process.env.NODE_ENV': '"production"',
    },
    plugins: [
      cssTextPlugin,
      {
        name: 'no-walletconnect',
        setup(build) {
          build.onResolve({ filter: /^@walletconnect\/universal-provider$/ }, () => ({
            path: 'stub',
            namespace: 'stub',
          }))
          build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export const UniversalProvider = {}' }))
        },
      },
    ],
  })
  return result.outputFiles[0]!.text
}

/** A sandbox anvil chain as a network the page's switchNetwork takes. */
export const sandboxNetwork = (id: number, rpcUrl: string) => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

/** A started harness: the sandbox, the page's origin, and (with Chromium) the page. */
export interface Harness {
  sandbox: Awaited<ReturnType<typeof startSandbox>>
  origin: string
  browser: Browser | undefined
  page: Page
  pageErrors: string[]
  /** Runs `fn(sk, arg)` in the page (`sk`: the handle page-entry.ts puts on window). */
  sk<T>(fn: (sk: any, arg: any) => T | Promise<T>, arg?: unknown): Promise<T>
  /** Opens the page (again) and waits for its handle. */
  open(path?: string): Promise<void>
  stop(): Promise<void>
}

/** Starts the sandbox (with `sandboxOptions`), the page's server and Chromium on the page. */
export async function startHarness(sandboxOptions: Parameters<typeof startSandbox>[0]): Promise<Harness> {
  const sandbox = await startSandbox(sandboxOptions)
  const script = await bundlePage()
  let port = 0
  const html = () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embedded wallet dapp</title>
<script>window.__SIGKIT_SANDBOX__ = ${JSON.stringify(sandbox.sandboxConfig())}</script>
<script type="module" src="/page.js"></script></head>
<body><main><h1>Embedded wallet dapp</h1></main>
<iframe id="stranger" src="http://localhost:${port}/stranger" title="Another origin"></iframe></body></html>`
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const [type, body] =
      path === '/page.js'
        ? ['text/javascript', script]
        : path === '/stranger'
          ? ['text/html', '<!doctype html><title>stranger</title><p>Another origin</p>']
          : ['text/html', html()]
    response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
  const origin = `http://127.0.0.1:${port}`
  const pageErrors: string[] = []
  let browser: Browser | undefined
  let page = undefined as unknown as Page
  const harness: Harness = {
    sandbox,
    origin,
    get browser() {
      return browser
    },
    get page() {
      return page
    },
    pageErrors,
    sk: (fn, arg) =>
      page.evaluate(
        ([source, value]) => new Function('sk', 'arg', `return (${source})(sk, arg)`)((window as any).sk, value),
        [fn.toString(), arg] as const,
      ),
    async open(path = '/') {
      await page.goto(`${origin}${path}`)
      await page.waitForFunction(() => 'sk' in window)
    },
    async stop() {
      await browser?.close().catch(() => undefined)
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await sandbox.stop()
    },
  }
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  page = await browser.newPage()
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await harness.open()
  return harness
}
