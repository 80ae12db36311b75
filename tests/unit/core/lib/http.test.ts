import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import { buildUrl, createHttpClient, withQueryRetry } from '../../../../src/core/lib/http'
import { sendJson, startServer } from '../../helpers/server'
import type { TestServer } from '../../helpers/server'

let server: TestServer

test.before(async () => {
  server = await startServer((req, res) => {
    if (req.path === '/fail') return sendJson(res, 500, { error: 'boom' })
    if (req.path === '/missing') return sendJson(res, 404, { error: 'nope' })
    if (req.path === '/blob') {
      res.setHeader('content-type', 'image/png')
      return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    }
    sendJson(res, 200, {
      method: req.method,
      path: req.path,
      query: Object.fromEntries(req.query),
      body: req.json ?? null,
      header: req.headers['x-test'] ?? null,
    })
  })
})
test.after(() => server.close())
test.before.each(() => {
  server.requests.length = 0
})

interface Echo {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  header: string | null
}

test('GET returns parsed JSON and sends params, dropping empty ones', async () => {
  const client = createHttpClient({ baseUrl: server.url })
  const echo = await client.get<Echo>({
    path: '/getWallets',
    params: { page: 1, search: '', badge: undefined, chains: null, include: ['a', 'b'], exclude: [] },
  })
  assert.is(echo.method, 'GET')
  assert.is(echo.path, '/getWallets')
  assert.equal(echo.query, { page: '1', include: 'a,b' })
})

test('clientId is appended to every request when set', async () => {
  const client = createHttpClient({ baseUrl: server.url, clientId: 'client-9' })
  const echo = await client.get<Echo>({ path: '/x', params: { a: 'b' } })
  assert.equal(echo.query, { a: 'b', clientId: 'client-9' })
  const noClient = createHttpClient({ baseUrl: server.url })
  assert.equal((await noClient.get<Echo>({ path: '/x' })).query, {})
})

test('POST, PUT and DELETE send JSON bodies', async () => {
  const client = createHttpClient({ baseUrl: `${server.url}/` })
  const body = { address: '0xabc', amounts: [1, 2] }
  for (const method of ['post', 'put', 'delete'] as const) {
    const echo = await client[method]<Echo>({ path: 'v1/profile/account', body })
    assert.is(echo.method, method.toUpperCase())
    assert.is(echo.path, '/v1/profile/account', 'base and path are joined with one slash')
    assert.equal(echo.body, body)
  }
  assert.match(String(server.requests[0]?.headers['content-type']), 'application/json')
})

test('client headers and request headers are sent, the request one winning', async () => {
  const client = createHttpClient({ baseUrl: server.url, headers: { 'x-test': 'client' } })
  assert.is((await client.get<Echo>({ path: '/h' })).header, 'client')
  assert.is((await client.get<Echo>({ path: '/h', headers: { 'x-test': 'request' } })).header, 'request')
})

test('getBlob returns the bytes as a Blob', async () => {
  const blob = await createHttpClient({ baseUrl: server.url }).getBlob({ path: '/blob' })
  assert.instance(blob, Blob)
  assert.equal([...new Uint8Array(await blob.arrayBuffer())], [0x89, 0x50, 0x4e, 0x47])
})

test("non-OK responses throw 'HTTP status code: {status}'", async () => {
  const client = createHttpClient({ baseUrl: server.url })
  for (const [path, status] of [
    ['/fail', 500],
    ['/missing', 404],
  ] as const) {
    try {
      await client.get({ path })
      assert.unreachable('should throw')
    } catch (error) {
      assert.is((error as Error).message, `HTTP status code: ${status}`)
    }
  }
  assert.is(server.requests.length, 2, 'the client itself never retries')
})

test('an aborted request rejects', async () => {
  const controller = new AbortController()
  controller.abort()
  let rejected = false
  await createHttpClient({ baseUrl: server.url })
    .get({ path: '/x', signal: controller.signal })
    .catch(() => (rejected = true))
  assert.ok(rejected)
})

test('buildUrl joins base, path and query', () => {
  assert.is(
    buildUrl('https://a.example/api/', '/v1/x', { q: 'a b' }, 'c'),
    'https://a.example/api/v1/x?q=a+b&clientId=c',
  )
  assert.is(buildUrl('https://a.example', 'e', {}), 'https://a.example/e')
})

test('withQueryRetry makes 3 attempts with 1 s then 2 s back-off and rethrows the last error', async () => {
  const sleeps: number[] = []
  let calls = 0
  try {
    await withQueryRetry(
      async () => {
        calls++
        throw new Error(`failure ${calls}`)
      },
      { sleep: async (ms) => void sleeps.push(ms) },
    )
    assert.unreachable('should throw')
  } catch (error) {
    assert.is((error as Error).message, 'failure 3')
  }
  assert.is(calls, 3)
  assert.equal(sleeps, [1000, 2000])
})

test('withQueryRetry returns the first success', async () => {
  let calls = 0
  const sleeps: number[] = []
  const value = await withQueryRetry(
    async () => {
      if (++calls < 2) throw new Error('flaky')
      return 'ok'
    },
    { sleep: async (ms) => void sleeps.push(ms) },
  )
  assert.is(value, 'ok')
  assert.is(calls, 2)
  assert.equal(sleeps, [1000])
})

test('withQueryRetry against a real failing endpoint', async () => {
  const client = createHttpClient({ baseUrl: server.url })
  await withQueryRetry(() => client.get({ path: '/fail' }), { sleep: async () => {} }).catch(() => undefined)
  assert.is(server.requests.length, 3)
})

test('back-off doubles up to 30 s', async () => {
  const sleeps: number[] = []
  await withQueryRetry(async () => Promise.reject(new Error('x')), {
    attempts: 8,
    sleep: async (ms) => void sleeps.push(ms),
  }).catch(() => undefined)
  assert.equal(sleeps, [1000, 2000, 4000, 8000, 16000, 30000, 30000])
})

test('shouldRetry=false stops at once', async () => {
  let calls = 0
  await withQueryRetry(async () => Promise.reject(new Error(`${++calls}`)), {
    shouldRetry: () => false,
    sleep: async () => {},
  }).catch(() => undefined)
  assert.is(calls, 1)
})

test('without an injected sleep, back-off waits on the core clock', async () => {
  const manual = createManualClock()
  const restore = setClock(manual)
  const flush = () => new Promise((resolve) => setImmediate(resolve))
  let calls = 0
  const result = withQueryRetry(async () => {
    if (++calls < 3) throw new Error('x')
    return calls
  })
  await flush()
  assert.is(calls, 1)
  manual.advance(999)
  await flush()
  assert.is(calls, 1)
  manual.advance(1)
  await flush()
  assert.is(calls, 2)
  manual.advance(2000)
  assert.is(await result, 3)
  restore()
})

test.run()
