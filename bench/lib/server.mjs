// The bench's page server: the built bench pages, SigKit's dist/ (React build) and dist/cdn/
// (CDN build), both from the run's copy, and an HTML shell that loads one module. 127.0.0.1, a
// free port, no caching.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'

const TYPES = {
  '.js': 'text/javascript',
  '.html': 'text/html',
  '.json': 'application/json',
  '.map': 'application/json',
}

/**
 * The HTML shell: `/page.html?module=/bench/react/balance.js` (the module's URL path). The page
 * has no favicon request and nothing else to load, so every script request is the bench's own.
 */
function shell(modulePath) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>SigKit bench</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b}</style></head>
<body><main id="app"></main><script type="module" src="${modulePath.replace(/[^\w/.-]/g, '')}"></script></body></html>
`
}

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
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/page.html') {
      // `isolate=1`: cross-origin isolated, so performance.now() has 5 µs steps instead of 100 µs.
      // Only for pages that load nothing from another origin (COEP would block it).
      const isolation = url.searchParams.has('isolate')
        ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
        : {}
      response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store', ...isolation })
      response.end(shell(url.searchParams.get('module') ?? ''))
      return
    }
    const mount = mounts.find(([prefix]) => url.pathname.startsWith(prefix))
    const file = mount && resolve(mount[1], decodeURIComponent(url.pathname.slice(mount[0].length)))
    const info = file && file.startsWith(mount[1] + sep) ? await stat(file).catch(() => undefined) : undefined
    if (!info?.isFile()) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': 'no-store',
    })
    createReadStream(file).pipe(response)
  })
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready))
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}
