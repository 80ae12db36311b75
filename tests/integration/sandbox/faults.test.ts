// Fault injection and the request log, from JS and over HTTP (/__sandbox/), so UI and client
// tests can exercise every failure path the hosted APIs can produce.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { fetchJson, postJson } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let api: string
let balanceUrl: string

test.before(async () => {
  sandbox = await startSandbox()
  api = sandbox.apiUrl
  balanceUrl = `${api}/v1/account/${sandbox.accounts.wallet}/balance?currency=usd&chainId=eip155:31337&projectId=p`
})
test.after(() => sandbox?.stop())
test.before.each(async () => {
  sandbox.faults.clear()
  sandbox.clearRequests()
})

const healthyBalance = async () => {
  const { status, body } = await fetchJson(balanceUrl)
  assert.is(status, 200)
  assert.ok(Array.isArray(body.balances) && body.balances.length === 3, 'healthy balance answer')
}

test('500: the route fails with a JSON error until cleared', async () => {
  sandbox.faults.set({ route: 'balance', mode: '500' })
  for (let i = 0; i < 3; i++) {
    const { status, body, headers } = await fetchJson(balanceUrl)
    assert.is(status, 500)
    assert.type(body.error, 'string')
    assert.is(headers.get('access-control-allow-origin'), '*', 'faults keep CORS so browsers can see them')
  }
  // Other routes are unaffected.
  assert.is((await fetchJson(`${api}/v1/identity/${sandbox.accounts.wallet}`)).status, 200)
  sandbox.faults.clear('balance')
  await healthyBalance()
})

test("rate: that share of the route's requests fails, evenly spread, over HTTP too", async () => {
  const response = await postJson(`${api}/__sandbox/faults`, { route: 'balance', mode: '500', rate: 0.2 })
  assert.is(response.status, 200)
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) statuses.push((await fetchJson(balanceUrl)).status)
  assert.equal(statuses, [200, 200, 200, 200, 500, 200, 200, 200, 200, 500])
  assert.is((await postJson(`${api}/__sandbox/faults`, { route: 'balance', mode: '500', rate: 1.5 })).status, 400)
  assert.throws(() => sandbox.faults.set({ route: 'rpc', mode: '500', rate: 0 }), /rate must be/)
})

test('429 sets Retry-After: 1 (readable cross-origin)', async () => {
  sandbox.faults.set({ route: 'identity', mode: '429', times: 1 })
  const response = await fetch(`${api}/v1/identity/${sandbox.accounts.wallet}`)
  assert.is(response.status, 429)
  assert.is(response.headers.get('retry-after'), '1')
  assert.match(response.headers.get('access-control-expose-headers') ?? '', /retry-after/i)
  assert.type((await response.json()).error, 'string')
})

test('slow: answers normally after delayMs', async () => {
  sandbox.faults.set({ route: 'price', mode: 'slow', delayMs: 400, times: 1 })
  const started = Date.now()
  const { status, body } = await postJson(`${api}/v1/fungible/price`, {
    currency: 'usd',
    addresses: [`eip155:31337:${sandbox.tokens[31337]![0]!.address}`],
  })
  const took = Date.now() - started
  assert.is(status, 200)
  assert.is(body.fungibles[0].symbol, 'USDC')
  assert.ok(took >= 390, `took ${took} ms`)
  // Without delayMs the default is 3 s: just check what is in force, not wait it out.
  assert.equal(sandbox.faults.set({ route: 'price', mode: 'slow' }), {
    route: 'price',
    mode: 'slow',
    remaining: null,
    delayMs: 3000,
  })
})

test('malformed: 200 with JSON of the wrong shape', async () => {
  sandbox.faults.set({ route: 'balance', mode: 'malformed', times: 1 })
  const { status, body } = await fetchJson(balanceUrl)
  assert.is(status, 200)
  assert.ok(
    !Array.isArray(body.balances) || body.balances.some((item: any) => typeof item.symbol !== 'string'),
    JSON.stringify(body),
  )
  sandbox.faults.set({ route: 'config', mode: 'malformed', times: 1 })
  const config = await fetchJson(`${api}/appkit/v1/config`)
  assert.is(config.status, 200)
  assert.not.ok(Array.isArray(config.body.features))
  await healthyBalance()
})

test('invalid-json: 200 with a JSON content type and a body that does not parse', async () => {
  sandbox.faults.set({ route: 'wallets', mode: 'invalid-json', times: 1 })
  const response = await fetch(`${api}/getWallets?page=1&entries=40`)
  assert.is(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /json/)
  const text = await response.text()
  assert.throws(() => JSON.parse(text))
  assert.is((await fetchJson(`${api}/getWallets?page=1&entries=40`)).status, 200)
})

test('times: the first N requests fail, then the route is back to normal', async () => {
  sandbox.faults.set({ route: 'balance', mode: '500', times: 2 })
  assert.is((await fetchJson(balanceUrl)).status, 500)
  assert.equal(sandbox.faults.list(), [{ route: 'balance', mode: '500', remaining: 1, delayMs: 3000 }])
  assert.is((await fetchJson(balanceUrl)).status, 500)
  assert.equal(sandbox.faults.list(), [])
  await healthyBalance()
  await healthyBalance()
})

test('every route name takes a fault (rpc, images, analytics, errors, origins too)', async () => {
  const calls: Record<string, () => Promise<Response>> = {
    rpc: () =>
      fetch(`${api}/v1/?chainId=eip155:31337`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      }),
    walletImage: () => fetch(`${api}/getWalletImage/sigkit-test-wallet`),
    analytics: () => fetch(`${api}/getAnalyticsConfig`),
    errors: () => fetch(`${api}/e`, { method: 'POST', body: '{}' }),
    origins: () => fetch(`${api}/projects/v1/origins`),
    config: () => fetch(`${api}/appkit/v1/config`),
    wallets: () => fetch(`${api}/getWallets`),
    identity: () => fetch(`${api}/v1/identity/${sandbox.accounts.wallet}`),
    price: () => fetch(`${api}/v1/fungible/price`, { method: 'POST', body: JSON.stringify({ addresses: [] }) }),
    balance: () => fetch(balanceUrl),
  }
  for (const [route, call] of Object.entries(calls)) {
    sandbox.faults.set({ route, mode: '500', times: 1 })
    assert.is((await call()).status, 500, route)
    assert.is((await call()).status, 200, `${route} recovers`)
  }
  assert.throws(() => sandbox.faults.set({ route: 'nope', mode: '500' }), /Unknown route/)
  assert.throws(() => sandbox.faults.set({ route: 'balance', mode: 'explode' }), /Unknown fault mode/)
})

test('faults over HTTP: POST /__sandbox/faults sets, DELETE clears, bad input → 400', async () => {
  const set = await postJson(`${api}/__sandbox/faults`, { route: 'balance', mode: '429', times: 5 })
  assert.is(set.status, 200)
  assert.equal(set.body.faults, [{ route: 'balance', mode: '429', remaining: 5, delayMs: 3000 }])
  assert.is((await fetchJson(balanceUrl)).status, 429)
  const cleared = await fetchJson(`${api}/__sandbox/faults`, { method: 'DELETE' })
  assert.equal(cleared.body.faults, [])
  await healthyBalance()
  assert.is((await postJson(`${api}/__sandbox/faults`, { route: 'balance', mode: 'bogus' })).status, 400)
  assert.is((await postJson(`${api}/__sandbox/faults`, { route: 'bogus', mode: '500' })).status, 400)
  assert.is((await postJson(`${api}/__sandbox/faults`, { route: 'balance', mode: '500', times: 0 })).status, 400)
})

test('request log: per route, with method, URL and time; from JS and over HTTP; clearable', async () => {
  const before = Date.now()
  await fetchJson(balanceUrl)
  await fetchJson(balanceUrl)
  sandbox.faults.set({ route: 'balance', mode: '500', times: 1 })
  await fetchJson(balanceUrl) // failed requests are logged too
  await fetchJson(`${api}/getWallets?page=2`)
  const balanceCalls = sandbox.requests('balance')
  assert.is(balanceCalls.length, 3)
  for (const entry of balanceCalls) {
    assert.is(entry.method, 'GET')
    assert.is(entry.url, balanceUrl.slice(api.length))
    assert.ok(entry.time >= before && entry.time <= Date.now())
  }
  assert.equal(
    sandbox.requests('wallets').map((entry) => entry.url),
    ['/getWallets?page=2'],
  )
  assert.is(sandbox.requests().length, 4)

  const overHttp = await fetchJson(`${api}/__sandbox/requests?route=balance`)
  assert.equal(overHttp.body.requests, balanceCalls)
  await fetchJson(`${api}/__sandbox/requests`, { method: 'DELETE' })
  assert.is(sandbox.requests().length, 0)
  assert.is((await fetchJson(`${api}/__sandbox/requests`)).body.requests.length, 0, 'control routes are not logged')
})

test.run()
