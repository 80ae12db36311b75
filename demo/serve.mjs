#!/usr/bin/env node
// Demo server for the demo pages and the e2e tests: static files plus the local sandbox (two
// anvil chains, a local Solana network and the API emulator, demo/sandbox/), no dependencies
// beyond the sandbox's.
//
//   node demo/serve.mjs [port] [--static]
//
//   /                    demo/index.html      /<name>.html   demo/<name>.html
//   /cdn/…               dist/cdn/…           /dist/…        dist/…
//   /test-wallet/…       demo/test-wallet/…    /app/…         demo/app/… (shared page code)
// The React page (demo/app/main.tsx) is bundled into dist/demo/app.js at start, and the
// WalletConnect test wallet page (demo/walletconnect-wallet.html) into
// dist/demo/walletconnect-wallet.js.
//   /sandbox-config.json the sandbox's URLs, tokens and accounts (404 with --static)
//   /sandbox-config.js   the same as `window.__SIGKIT_SANDBOX__ = {…}` (`= null` with --static)
//
// Strict Content-Security-Policy (docs/csp.md): a page asked for with `?csp=strict` (e.g.
// /cdn.html?csp=strict) comes with a `content-security-policy` header, no 'unsafe-inline' and no
// 'unsafe-eval', that allows the sandbox's hosts only; `?csp=nonce` adds a fresh nonce to its
// style-src and puts it in the page as `<meta property="csp-nonce" nonce="…">`, which the pages
// pass to `createAppKit({ nonce })`. Without `?csp` nothing changes.
//
// Ports (0 = any free port):
//   page          [port] argument or PORT, default 5173
//   API emulator  API_PORT, default 5174
//   chains        ANVIL_PORT (31337, default 8545) and ANVIL_L2_PORT (31338, default 8546)
//   WC relay      RELAY_PORT, default 5175 (0 when API_PORT is 0 and RELAY_PORT is unset, so a
//                 run that free-picks its ports never collides with a running demo)
//   Solana RPC    SOLANA_PORT, default 8899, HTTP and its WebSocket on the same port (0 when
//                 API_PORT is 0 and SOLANA_PORT is unset, as for the relay)
//   Secure frame  SECURE_FRAME_PORT, default 5176 (0 when API_PORT is 0 and it is unset): the
//                 embedded wallet's frame on its own origin (/sdk) and the dev mailbox (/mailbox)
// Data: SANDBOX_DATA_DIR, the folder the sandbox keeps data in across restarts (the name service's
// names.json), default .tmp/sandbox-data; when API_PORT is 0 and it is unset, a temporary folder
// removed on exit (a test run starts with no names and leaves none in the demo's folder).
// --static serves files only: no chains, no emulator.
//
// Listens on 127.0.0.1 only. Nothing is cached, so a rebuild shows up on reload. Ctrl+C stops
// the chains too.
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { dirname, extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startSandbox } from './sandbox/index.mjs'
import { buildDemoApp } from './build-app.mjs'
import { buildWalletConnectWalletPage } from './walletconnect-wallet/build.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** URL prefix → folder. Longest prefix first. */
const MOUNTS = [
  ['/cdn/', join(root, 'dist', 'cdn')],
  ['/dist/', join(root, 'dist')],
  ['/test-wallet/', join(root, 'demo', 'test-wallet')],
  // Shared page code the CDN page imports as it is (the React page bundles it).
  ['/app/', join(root, 'demo', 'app')],
]

/** The file a URL path maps to, or undefined (404). Never leaves the mounted folder. */
function fileFor(pathname) {
  for (const [prefix, folder] of MOUNTS) {
    if (pathname.startsWith(prefix)) return inside(folder, pathname.slice(prefix.length))
  }
  if (pathname === '/') return join(root, 'demo', 'index.html')
  // Only top-level demo pages: demo/ also holds this server and, later, sandbox code.
  if (/^\/[\w.-]+\.html$/.test(pathname)) return inside(join(root, 'demo'), pathname.slice(1))
  return undefined
}

function inside(folder, relativePath) {
  const file = resolve(folder, relativePath)
  return file.startsWith(folder + sep) ? file : undefined
}

async function handle(request, response) {
  // A dapp on another origin (a developer's own app on its own port) may load the test wallet,
  // the sandbox config and the builds: every file here is public test material.
  response.setHeader('access-control-allow-origin', '*')
  if (request.method === 'OPTIONS') {
    response.writeHead(204, { 'access-control-allow-methods': 'GET, HEAD', 'access-control-max-age': '600' }).end()
    return
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD, OPTIONS' }).end()
    return
  }
  let pathname
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
  } catch {
    response.writeHead(400).end('Bad request')
    return
  }
  if (pathname === '/sandbox-config.json' || pathname === '/sandbox-config.js') {
    sendSandboxConfig(request, response, pathname.endsWith('.js'))
    return
  }
  const file = fileFor(pathname)
  const info = file && (await stat(file).catch(() => undefined))
  if (!file || !info?.isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${pathname}\n`)
    return
  }
  const csp = new URL(request.url ?? '/', 'http://localhost').searchParams.get('csp')
  if (extname(file) === '.html' && (csp === 'strict' || csp === 'nonce')) {
    await sendWithPolicy(request, response, file, csp === 'nonce')
    return
  }
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': 'no-store',
  })
  if (request.method === 'HEAD') response.end()
  else createReadStream(file).pipe(response)
}

/**
 * A page under the strict policy: the header, and with `withNonce` a fresh nonce in the policy's
 * style-src and in the page's `<meta property="csp-nonce">`.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} file
 * @param {boolean} withNonce
 */
async function sendWithPolicy(request, response, file, withNonce) {
  const nonce = withNonce ? randomBytes(16).toString('base64') : undefined
  let html = await readFile(file, 'utf8')
  if (nonce) html = html.replace('<head>', `<head>\n    <meta property="csp-nonce" nonce="${nonce}" />`)
  response.writeHead(200, {
    'content-type': CONTENT_TYPES['.html'],
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy': strictPolicy(sandbox?.sandboxConfig(), nonce),
  })
  response.end(request.method === 'HEAD' ? undefined : html)
}

/**
 * The policy of docs/csp.md with the sandbox's hosts in place of the hosted ones: the API emulator
 * (API, wallet API, RPC proxy, Verify: fetches, wallet images, Verify's attestation frame), the
 * chains' and Solana's RPC (the test wallet and the network reads), the relay, the secure frame.
 * @param {ReturnType<Awaited<ReturnType<typeof startSandbox>>['sandboxConfig']> | undefined} config
 * @param {string} [nonce]
 */
function strictPolicy(config, nonce) {
  const rpc = config ? [...config.chains.map((chain) => chain.rpcUrl), config.solana.rpcUrl, config.solana.wsUrl] : []
  const api = config ? [config.apiUrl] : []
  const frames = config ? [config.secureFrameUrl, ...api] : ["'none'"]
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
    ["img-src 'self' data: blob:", ...api].join(' '),
    ["connect-src 'self'", ...api, ...rpc, ...(config ? [config.relayUrl] : [])].join(' '),
    ['frame-src', ...frames].join(' '),
  ].join('; ')
}

/**
 * /sandbox-config.json and /sandbox-config.js: built on each request from the running sandbox.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {boolean} asScript
 */
function sendSandboxConfig(request, response, asScript) {
  const config = sandbox ? sandbox.sandboxConfig() : null
  if (!asScript && !config) {
    response.writeHead(404, { 'content-type': CONTENT_TYPES['.json'], 'cache-control': 'no-store' })
    response.end(`${JSON.stringify({ error: 'No sandbox: the demo server runs with --static' })}\n`)
    return
  }
  // With --static the script still loads (as null), so a page can tell "no sandbox" apart from
  // a broken server without a console error.
  const body = asScript
    ? `window.__SIGKIT_SANDBOX__ = ${JSON.stringify(config, null, 2)};\n`
    : `${JSON.stringify(config, null, 2)}\n`
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[asScript ? '.js' : '.json'],
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  })
  response.end(request.method === 'HEAD' ? undefined : body)
}

/**
 * A port from the command line or the environment; 0 = any free port.
 * @param {string} name what the port is for (in the error message)
 * @param {string} requested
 */
function parsePort(name, requested) {
  const value = Number(requested)
  if (requested.trim() === '' || !Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`Invalid ${name} "${requested}". Usage: node demo/serve.mjs [port] [--static]  (0 = any free port)`)
    process.exit(2)
  }
  return value
}

const args = process.argv.slice(2)
const staticOnly = args.includes('--static')
const unknownFlags = args.filter((arg) => arg.startsWith('--') && arg !== '--static')
if (unknownFlags.length > 0) {
  console.error(`Unknown option ${unknownFlags.join(', ')}. Usage: node demo/serve.mjs [port] [--static]`)
  process.exit(2)
}
const positional = args.filter((arg) => !arg.startsWith('--'))
const port = parsePort('port', positional[0] ?? process.env.PORT ?? '5173')
const apiPort = parsePort('API_PORT', process.env.API_PORT ?? '5174')
const chainPorts = [
  parsePort('ANVIL_PORT', process.env.ANVIL_PORT ?? '8545'),
  parsePort('ANVIL_L2_PORT', process.env.ANVIL_L2_PORT ?? '8546'),
]
const relayPort = parsePort('RELAY_PORT', process.env.RELAY_PORT ?? (apiPort === 0 ? '0' : '5175'))
const solanaPort = parsePort('SOLANA_PORT', process.env.SOLANA_PORT ?? (apiPort === 0 ? '0' : '8899'))
const dataDir = process.env.SANDBOX_DATA_DIR || (apiPort === 0 ? undefined : join(root, '.tmp', 'sandbox-data'))
const secureFramePort = parsePort('SECURE_FRAME_PORT', process.env.SECURE_FRAME_PORT ?? (apiPort === 0 ? '0' : '5176'))

/** @type {Awaited<ReturnType<typeof startSandbox>> | undefined} */
let sandbox
let shuttingDown = false

/** Stop the sandbox (anvil processes must not outlive the demo), then exit. */
async function shutDown(code) {
  if (shuttingDown) return
  shuttingDown = true
  // Do not wait forever on a stuck child; anvil.mjs also kills its children on exit.
  const timeout = new Promise((resolve) => setTimeout(resolve, 3000).unref())
  await Promise.race([sandbox?.stop(), timeout]).catch(() => undefined)
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutDown(0))

try {
  await Promise.all([buildDemoApp(), buildWalletConnectWalletPage()])
} catch (error) {
  console.error(
    `Could not build the demo dapp (did \`node build.mjs\` run?): ${error instanceof Error ? error.message : error}`,
  )
  await shutDown(1)
}

if (!staticOnly) {
  try {
    // The emulator's project config has a hosted project's default features on (email, socials,
    // swaps, on-ramp, activity), so the demo shows every section.
    sandbox = await startSandbox({ apiPort, chainPorts, relayPort, solanaPort, secureFramePort, dataDir })
    // The secure frame's code is bundled on its first request (4 s on a busy 2-core machine, all
    // of it inside the first email login's wait): bundle it now, while nobody waits for it.
    sandbox.secureFrame.build().catch((error) => console.error('[secure frame] bundle failed:', error))
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const inUse = /EADDRINUSE|address already in use|answers chain/i.test(message)
    console.error(`Could not start the sandbox: ${message}`)
    if (inUse)
      console.error(
        'A port is taken: set API_PORT, ANVIL_PORT, ANVIL_L2_PORT, RELAY_PORT, SOLANA_PORT or SECURE_FRAME_PORT (0 = any free port), or pass --static',
      )
    await shutDown(1)
  }
}

const server = createServer((request, response) => {
  handle(request, response).catch((error) => {
    console.error(error)
    if (!response.headersSent) response.writeHead(500)
    response.end()
  })
})

server.on('error', (error) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use: pass another one (0 = any free port)` : error)
  shutDown(1)
})

server.listen(port, '127.0.0.1', () => {
  const base = `http://127.0.0.1:${server.address().port}`
  const lines = [
    ['Demo dapp', `${base}/`],
    ['CDN page', `${base}/cdn.html`],
    ['CDN build', `${base}/cdn/sigkit.js`],
    ['React build', `${base}/dist/index.js`],
    ['Test wallet', `${base}/test-wallet/`],
    ['WC wallet', `${base}/walletconnect-wallet.html`],
  ]
  if (sandbox) {
    lines.push(['Sandbox config', `${base}/sandbox-config.json  (and /sandbox-config.js)`])
    lines.push(['API emulator', `${sandbox.apiUrl}  (endpoints.api, walletApi, rpc, pulse)`])
    for (const chain of sandbox.chains) lines.push([`Chain ${chain.chainId}`, `${chain.rpcUrl}  ${chain.name} (anvil)`])
    lines.push([
      'Solana RPC',
      `${sandbox.solana.rpcUrl}  ${sandbox.solana.name} (litesvm; WebSocket ${sandbox.solana.wsUrl})`,
    ])
    lines.push(['WC relay', `${sandbox.relayUrl}  (WalletConnect relayUrl)`])
    lines.push(['Secure frame', `${sandbox.secureFrameUrl}/sdk  (embedded wallet frame; its origin is secureFrameUrl)`])
    lines.push(['Mailbox', `${sandbox.secureFrame.mailboxUrl}  (login codes and device links)`])
    lines.push(['Sandbox data', `${sandbox.api.names.file}  (registered names, kept across restarts)`])
  } else {
    lines.push(['Sandbox', 'off (--static)'])
  }
  console.log(`SigKit demo: ${base}/`)
  for (const [what, url] of lines) console.log(`  ${what.padEnd(14)} ${url}`)
})
