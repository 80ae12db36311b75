// The bench's page server: the built bench pages, SigKit's dist/ (React build) and dist/cdn/
// (CDN build), both from the run's copy, and an HTML shell that loads one module. 127.0.0.1, a
// free port, no caching.
//
// Text files go out gzipped (level 9) to a browser that accepts it, as a CDN or an app's server
// would send them: what crosses an emulated slow network (bench/modal.mjs) is then the gzip
// bytes the benches report, not the raw files, which are 3 to 4 times larger.
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.json': 'application/json',
  '.map': 'application/json',
}

/**
 * The HTML shell: `/page.html?module=/bench/react/balance.js` (the module's URL path), or
 * `/page.html?inline=/bench/cdn/modal-cdn.js` (that module's text inside the page, as a dapp
 * using the CDN build writes it: no request of its own before SigKit's). The page has no favicon
 * request and nothing else to load, so every script request is the bench's own.
 */
function shell({ modulePath, inlineModule }) {
  const script =
    inlineModule === undefined
      ? `<script type="module" src="${modulePath.replace(/[^\w/.-]/g, '')}"></script>`
      : `<script type="module">\n${inlineModule.replaceAll('</script', '<\\/script')}\n</script>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>SigKit bench</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b}</style></head>
<body><main id="app"></main>${script}</body></html>
`
}

const COMPRESSIBLE = new Set(['.js', '.html', '.json', '.map'])

/**
 * @param {{ distDir: string, pagesDir: string }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startPageServer({ distDir, pagesDir }) {
  const mounts = [
    ['/bench/', pagesDir],
    ['/cdn/', join(distDir, 'cdn')],
    ['/dist/', distDir],
  ]
  /** The file a URL path names under one of the mounts, if it exists. */
  const fileOf = async (pathname) => {
    const mount = mounts.find(([prefix]) => pathname.startsWith(prefix))
    const file = mount && resolve(mount[1], decodeURIComponent(pathname.slice(mount[0].length)))
    const info = file && file.startsWith(mount[1] + sep) ? await stat(file).catch(() => undefined) : undefined
    return info?.isFile() ? file : undefined
  }
  /** Gzipped bodies by file: the run's copies do not change while it runs. */
  const gzipped = new Map()
  /** Sends `body` (of a file `cacheKey`, when it is one), gzipped when the browser accepts it. */
  const send = (request, response, { type, body, headers = {}, cacheKey }) => {
    const gzip = COMPRESSIBLE.has(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
    let bytes = body
    if (gzip) {
      bytes = gzipped.get(cacheKey) ?? gzipSync(body, { level: 9 })
      if (cacheKey) gzipped.set(cacheKey, bytes)
    }
    response.writeHead(200, {
      'content-type': TYPES[type] ?? 'application/octet-stream',
      'content-length': bytes.length,
      'cache-control': 'no-store',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      ...headers,
    })
    response.end(bytes)
  }
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/page.html') {
      // `isolate=1`: cross-origin isolated, so performance.now() has 5 µs steps instead of 100 µs.
      // Only for pages that load nothing from another origin (COEP would block it).
      const isolation = url.searchParams.has('isolate')
        ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
        : {}
      const inline = url.searchParams.get('inline')
      const inlineFile = inline === null ? undefined : await fileOf(inline)
      if (inline !== null && !inlineFile) {
        response.writeHead(404).end()
        return
      }
      const page = shell({
        modulePath: url.searchParams.get('module') ?? '',
        inlineModule: inlineFile && (await readFile(inlineFile, 'utf8')),
      })
      send(request, response, { type: '.html', body: Buffer.from(page), headers: isolation })
      return
    }
    const file = await fileOf(url.pathname)
    if (!file) {
      response.writeHead(404).end()
      return
    }
    send(request, response, { type: extname(file), body: await readFile(file), cacheKey: file })
  })
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready))
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}
