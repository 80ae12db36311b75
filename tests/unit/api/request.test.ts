// One JSON request to a hosted API (src/api/request.ts): what the convert and name-service clients
// build on. The URL and method they send, the body they get back, and the three ways a request
// ends without an answer: a timeout, the caller's abort, and no network.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { requestJson, RequestTimeoutError } from '../../../src/api/request'

interface Sent {
  url: string
  init: RequestInit
}

/** A fetch that records what it was sent and answers with `reply`'s text and status. */
function answering(text: string, status = 200): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = []
  const fake = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} })
    return new Response(text, { status })
  }
  return { fetch: fake as typeof fetch, sent }
}

/** A fetch that never answers, but stops when its signal aborts (as a browser's does). */
const hanging = ((_url: string | URL | Request, init?: RequestInit) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
  })) as typeof fetch

test('a GET with its query (empty values left out), from a base URL with or without a slash', async () => {
  const { fetch, sent } = answering('{"ok":true}')
  const answer = await requestJson(
    { baseUrl: 'https://api.example/', timeoutMs: 1000, fetch },
    { path: '/v1/profile/reverse/0xabc', params: { projectId: 'p1', apiVersion: undefined, sender: '' } },
  )
  assert.is(sent[0]?.url, 'https://api.example/v1/profile/reverse/0xabc?projectId=p1')
  assert.is(sent[0]?.init.method, 'GET')
  assert.equal(answer.body, { ok: true })
  assert.ok(answer.parsed)
  assert.is(answer.response.status, 200)
})

test('a body is POSTed as JSON', async () => {
  const { fetch, sent } = answering('{}')
  await requestJson(
    { baseUrl: 'https://api.example', timeoutMs: 1000, fetch },
    { path: '/v1/profile/account', body: { name: 'alice.reown.id' } },
  )
  assert.is(sent[0]?.init.method, 'POST')
  assert.equal(sent[0]?.init.headers, { 'content-type': 'application/json' })
  assert.is(sent[0]?.init.body, '{"name":"alice.reown.id"}')
})

test('an empty body reads as undefined; a body that is not JSON is marked, with its status kept', async () => {
  const server = { baseUrl: 'https://api.example', timeoutMs: 1000 }
  const empty = await requestJson({ ...server, fetch: answering('', 200).fetch }, { path: '/x' })
  assert.is(empty.body, undefined)
  assert.ok(empty.parsed)
  const html = await requestJson({ ...server, fetch: answering('<html>oops</html>', 502).fetch }, { path: '/x' })
  assert.not.ok(html.parsed)
  assert.is(html.response.status, 502)
})

test('no answer within the timeout: RequestTimeoutError', async () => {
  const error = await requestJson(
    { baseUrl: 'https://api.example', timeoutMs: 20, fetch: hanging },
    { path: '/slow' },
  ).catch((caught: unknown) => caught)
  assert.instance(error, RequestTimeoutError)
})

test("the caller's abort ends it with the caller's reason, not a timeout", async () => {
  const controller = new AbortController()
  const pending = requestJson(
    { baseUrl: 'https://api.example', timeoutMs: 5000, fetch: hanging },
    { path: '/x', signal: controller.signal },
  )
  const reason = new Error('the visitor typed again')
  controller.abort(reason)
  const error = await pending.catch((caught: unknown) => caught)
  assert.is(error, reason)
})

test("no network: fetch's own error", async () => {
  const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch
  const error = await requestJson(
    { baseUrl: 'https://api.example', timeoutMs: 1000, fetch: offline },
    { path: '/x' },
  ).catch((caught: unknown) => caught)
  assert.instance(error, TypeError)
})

test.run()
