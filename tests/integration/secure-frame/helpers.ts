// Shared by the secure-frame tests: a plain dapp page on another origin that embeds the frame and
// speaks its protocol by hand, and small waiting helpers.
import { createServer, type Server } from 'node:http'
import * as assert from 'uvu/assert'

export { CHROMIUM_ARGS, chromiumPath } from '../../helpers/chromium.mjs'

/** A reply or event from the frame, as the page received it. */
export interface FrameMessage {
  type: string
  id?: string
  payload?: any
}

/**
 * The page a widget would be: it embeds the frame as `w3m-iframe` (first iframe) and a second
 * iframe from another origin (`localhost` instead of `127.0.0.1`) that plays a stranger.
 *   window.send(type, payload) → the reply to `@w3m-app/<type>` (matched by a random id)
 *   window.received           → every message the frame posted, in order
 *   window.ready              → the READY event
 */
function dappPage(frameOrigin: string, frameSrc: string, strangerSrc: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<title>Secure frame test dapp</title>
<script>
  const FRAME_ORIGIN = ${JSON.stringify(frameOrigin)}
  const waiters = new Map()
  window.received = []
  let readyNow
  window.ready = new Promise((resolve) => (readyNow = resolve))
  window.addEventListener('message', (event) => {
    const frame = document.getElementById('w3m-iframe')
    if (event.origin !== FRAME_ORIGIN || !frame || event.source !== frame.contentWindow) return
    const data = event.data
    window.received.push(data)
    if (data && data.type === '@w3m-frame/READY') readyNow(data)
    const waiter = data && waiters.get(data.id)
    if (waiter) {
      waiters.delete(data.id)
      waiter(data)
    }
  })
  window.send = (type, payload) =>
    new Promise((resolve) => {
      const id = crypto.randomUUID()
      waiters.set(id, resolve)
      const message = { type: '@w3m-app/' + type, id }
      if (payload !== undefined) message.payload = payload
      document.getElementById('w3m-iframe').contentWindow.postMessage(message, FRAME_ORIGIN)
    })
</script>
</head>
<body>
<iframe id="w3m-iframe" name="w3m-secure-iframe" src="${frameSrc}" title="Secure frame" style="width: 360px; height: 600px; border: 0"></iframe>
<iframe id="stranger" src="${strangerSrc}" title="Another origin"></iframe>
</body>
</html>
`
}

/**
 * Serves the dapp page at http://127.0.0.1:PORT/ and the stranger at http://localhost:PORT/stranger.
 * @param frameUrl the frame's origin (sandbox.secureFrameUrl)
 * @param query the frame URL's parameters (projectId, chainId, version, …)
 */
export async function startDappPage(frameUrl: string, query: Record<string, string>) {
  let port = 0
  const server: Server = createServer((request, response) => {
    const html =
      request.url === '/stranger'
        ? '<!doctype html><title>stranger</title><p>Another origin</p>'
        : dappPage(
            new URL(frameUrl).origin,
            `${frameUrl}/sdk?${new URLSearchParams(query)}`,
            `http://localhost:${port}/stranger`,
          )
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  assert.ok(await check(), `timed out after ${ms} ms waiting for ${what}`)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The mailbox route, as a test in another process would read it. */
export async function mailsTo(frameUrl: string, email: string): Promise<any[]> {
  const response = await fetch(`${frameUrl}/__sandbox/mailbox?email=${encodeURIComponent(email)}`)
  assert.is(response.status, 200)
  return (await response.json()).mails
}

/** The newest mail to `email` once there are `count` of them. */
export async function nthMail(frameUrl: string, email: string, count: number) {
  let mails: any[] = []
  await eventually(async () => (mails = await mailsTo(frameUrl, email)).length >= count, `mail ${count} to ${email}`)
  return mails[count - 1]
}
