#!/usr/bin/env node
// Static server for the demo pages and the e2e tests, no dependencies.
//
//   node demo/serve.mjs [port]        (or PORT=…; default 5173; 0 picks a free port)
//
//   /            demo/index.html      /<name>.html   demo/<name>.html
//   /cdn/…       dist/cdn/…           /dist/…        dist/…
//
// Listens on 127.0.0.1 only. Nothing is cached, so a rebuild shows up on reload.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { dirname, extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

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
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  let pathname
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
  } catch {
    response.writeHead(400).end('Bad request')
    return
  }
  const file = fileFor(pathname)
  const info = file && (await stat(file).catch(() => undefined))
  if (!file || !info?.isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${pathname}\n`)
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

const requested = process.argv[2] ?? process.env.PORT ?? '5173'
const port = Number(requested)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port "${requested}". Usage: node demo/serve.mjs [port]  (0 = any free port)`)
  process.exit(2)
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
  process.exit(1)
})

server.listen(port, '127.0.0.1', () => {
  const base = `http://127.0.0.1:${server.address().port}`
  console.log(`SigKit demo: ${base}/`)
  console.log(`  CDN page    ${base}/cdn.html`)
  console.log(`  CDN build   ${base}/cdn/sigkit.js`)
  console.log(`  React build ${base}/dist/index.js`)
})

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
