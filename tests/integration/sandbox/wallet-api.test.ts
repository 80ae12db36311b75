// The wallet-API half of the emulator: remote config, origins, analytics config, error reports,
// the wallet list (paging, search, include/exclude, chains) and generated images; plus what
// every route shares (CORS, tolerated SDK query parameters, JSON 404).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { generateWallets } from '../../../demo/sandbox/wallets.mjs'
import { fetchJson, postJson } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let api: string
/** What the SDK appends to every call; every route must accept it. */
const SDK_PARAMS = 'projectId=test-project&st=appkit&sv=html-core-1.0.0&clientId=client-1'

test.before(async () => {
  sandbox = await startSandbox()
  api = sandbox.apiUrl
})
test.after(() => sandbox?.stop())

test("GET /appkit/v1/config: a hosted project's default features on (SPEC §9): email, seven socials, swaps, on-ramp with both providers, activity", async () => {
  const { status, body } = await fetchJson(`${api}/appkit/v1/config?${SDK_PARAMS}`)
  assert.is(status, 200)
  const byId = Object.fromEntries(body.features.map((feature: any) => [feature.id, feature]))
  assert.equal(Object.keys(byId).sort(), ['activity', 'email', 'onramp', 'reown_branding', 'social_login', 'swaps'])
  for (const feature of body.features) {
    assert.type(feature.isEnabled, 'boolean')
    assert.ok('config' in feature)
  }
  assert.equal(byId.email, { id: 'email', isEnabled: true, config: null })
  assert.equal(byId.social_login, {
    id: 'social_login',
    isEnabled: true,
    config: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  })
  assert.equal(byId.swaps, { id: 'swaps', isEnabled: true, config: ['1inch'] })
  assert.equal(byId.onramp, { id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] })
  assert.is(byId.activity.isEnabled, true)
})

test('features can be changed from JS and over HTTP, and DELETE /__sandbox/features puts the defaults back', async () => {
  sandbox.setFeatures({ activity: false })
  let { body } = await fetchJson(`${api}/appkit/v1/config`)
  assert.is(body.features.find((f: any) => f.id === 'activity').isEnabled, false)
  await postJson(`${api}/__sandbox/features`, { swaps: { isEnabled: false, config: [] }, activity: true, email: false })
  ;({ body } = await fetchJson(`${api}/appkit/v1/config`))
  assert.equal(
    body.features.find((f: any) => f.id === 'swaps'),
    { id: 'swaps', isEnabled: false, config: [] },
  )
  assert.is(body.features.find((f: any) => f.id === 'activity').isEnabled, true)
  assert.is(body.features.find((f: any) => f.id === 'email').isEnabled, false)
  const reset = await fetchJson(`${api}/__sandbox/features`, { method: 'DELETE' })
  assert.is(reset.status, 200)
  ;({ body } = await fetchJson(`${api}/appkit/v1/config`))
  assert.is(body.features.find((f: any) => f.id === 'email').isEnabled, true)
  assert.equal(body.features.find((f: any) => f.id === 'swaps').config, ['1inch'])
  sandbox.setFeatures({ onramp: false })
  sandbox.resetFeatures()
  ;({ body } = await fetchJson(`${api}/appkit/v1/config`))
  assert.is(body.features.find((f: any) => f.id === 'onramp').isEnabled, true)
})

test('GET /projects/v1/origins and /getAnalyticsConfig', async () => {
  const origins = await fetchJson(`${api}/projects/v1/origins?${SDK_PARAMS}`)
  assert.equal(origins.body, { allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] })
  const analytics = await fetchJson(`${api}/getAnalyticsConfig?${SDK_PARAMS}`)
  assert.equal(analytics.body, { isAnalyticsEnabled: false })
})

test('POST /e answers {} and keeps the report, from JS and over HTTP', async () => {
  const report = { eventId: 'e1', props: { type: 'error', event: 'iframe_load_failed', errorMessage: 'boom' } }
  const { status, body } = await postJson(`${api}/e?${SDK_PARAMS}`, report)
  assert.is(status, 200)
  assert.equal(body, {})
  assert.is(sandbox.errorsReported.length, 1)
  assert.equal(sandbox.errorsReported[0]!.body, report)
  assert.match(sandbox.errorsReported[0]!.url, /^\/e\?projectId=test-project/)
  const overHttp = await fetchJson(`${api}/__sandbox/errors`)
  assert.equal(overHttp.body.errors[0].body, report)
  await fetchJson(`${api}/__sandbox/errors`, { method: 'DELETE' })
  assert.is(sandbox.errorsReported.length, 0)
})

test('POST /batch keeps a batch of tracked events; anything else is refused with 400', async () => {
  const items = [
    { eventId: 'a1', url: 'http://127.0.0.1/', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } },
    { eventId: 'a2', url: 'http://127.0.0.1/', timestamp: 2, props: { type: 'track', event: 'MODAL_CLOSE' } },
  ]
  const { status } = await postJson(`${api}/batch?${SDK_PARAMS}`, items)
  assert.is(status, 200)
  assert.equal(sandbox.eventBatches.at(-1)?.items, items)
  for (const bad of [[], {}, [{ eventId: 'x', props: { type: 'error', event: 'E' } }], [{ props: { type: 'track' } }]])
    assert.is((await postJson(`${api}/batch?${SDK_PARAMS}`, bad)).status, 400, JSON.stringify(bad))
  assert.is(sandbox.eventBatches.length, 1)
  const overHttp = await fetchJson(`${api}/__sandbox/events`)
  assert.equal(overHttp.body.batches[0].items, items)
  await fetchJson(`${api}/__sandbox/events`, { method: 'DELETE' })
  assert.is(sandbox.eventBatches.length, 0)
})

test('the wallet fixture: 600+ listings, test wallet first, unique 64-hex ids, deterministic', () => {
  const wallets = generateWallets()
  assert.ok(wallets.length > 600)
  assert.equal(wallets[0], {
    id: 'sigkit-test-wallet',
    name: 'SigKit Test Wallet',
    image_id: 'sigkit-test-wallet',
    rdns: 'dev.sigkit.testwallet',
    chains: ['eip155:31337', 'eip155:31338'],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
  })
  const rest = wallets.slice(1)
  assert.ok(rest.every((wallet) => /^[0-9a-f]{64}$/.test(wallet.id)))
  assert.is(new Set(wallets.map((wallet) => wallet.id)).size, wallets.length)
  assert.is(new Set(wallets.map((wallet) => wallet.name)).size, wallets.length)
  assert.ok(rest.some((wallet) => wallet.rdns) && rest.some((wallet) => !wallet.rdns))
  assert.ok(rest.some((wallet) => wallet.webapp_link?.startsWith('https://')))
  assert.ok(rest.some((wallet) => /^[a-z0-9]+:\/\/$/.test(wallet.mobile_link ?? '')))
  assert.ok(rest.some((wallet) => wallet.chains.some((chain) => chain.startsWith('solana:'))))
  assert.equal(generateWallets(), wallets)
})

test('GET /getWallets pages through everything, 40 at a time, 1-based', async () => {
  const all = generateWallets()
  const seen: string[] = []
  let page = 1
  for (;;) {
    const { status, body } = await fetchJson(`${api}/getWallets?page=${page}&entries=40&${SDK_PARAMS}&badge_type=`)
    assert.is(status, 200)
    assert.is(body.count, all.length)
    if (body.data.length === 0) break
    assert.ok(body.data.length <= 40)
    seen.push(...body.data.map((wallet: any) => wallet.id))
    page++
  }
  assert.is(page, Math.ceil(all.length / 40) + 1)
  assert.equal(
    seen,
    all.map((wallet) => wallet.id),
  )
  const first = await fetchJson(`${api}/getWallets?page=1&entries=40`)
  assert.equal(first.body.data[0], all[0])
  const bad = await fetchJson(`${api}/getWallets?page=0`)
  assert.is(bad.status, 400)
})

test('GET /getWallets?search= is a case-insensitive name match', async () => {
  const all = generateWallets()
  const expected = all.filter((wallet) => wallet.name.toLowerCase().includes('nova'))
  assert.ok(expected.length > 1)
  const { body } = await fetchJson(`${api}/getWallets?page=1&entries=100&search=NoVa`)
  assert.is(body.count, expected.length)
  assert.equal(
    body.data.map((wallet: any) => wallet.name),
    expected.map((wallet) => wallet.name),
  )
  const none = await fetchJson(`${api}/getWallets?search=zzz-no-such-wallet`)
  assert.equal(none.body, { count: 0, data: [] })
})

test('GET /getWallets include and exclude by id', async () => {
  const all = generateWallets()
  const picked = [all[5]!.id, all[300]!.id, 'sigkit-test-wallet']
  const included = await fetchJson(`${api}/getWallets?page=1&entries=40&include=${picked.join(',')}`)
  assert.is(included.body.count, 3)
  assert.equal(included.body.data.map((wallet: any) => wallet.id).sort(), [...picked].sort())
  const excluded = await fetchJson(`${api}/getWallets?page=1&entries=40&exclude=${picked.join(',')}`)
  assert.is(excluded.body.count, all.length - 3)
  assert.ok(excluded.body.data.every((wallet: any) => !picked.includes(wallet.id)))
  const both = await fetchJson(`${api}/getWallets?include=${picked.join(',')}&exclude=sigkit-test-wallet`)
  assert.is(both.body.count, 2)
})

test('GET /getWallets?chains= keeps wallets listing any of the chains', async () => {
  const all = generateWallets()
  const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const wanted = ['eip155:31338', solana]
  const expected = all.filter((wallet) => wallet.chains.some((chain) => wanted.includes(chain)))
  assert.ok(expected.length > 10 && expected.length < all.length)
  const { body } = await fetchJson(`${api}/getWallets?page=1&entries=1000&chains=${wanted.join(',')}`)
  assert.is(body.count, expected.length)
  assert.equal(
    body.data.map((wallet: any) => wallet.id),
    expected.map((wallet) => wallet.id),
  )
  const local = await fetchJson(`${api}/getWallets?page=1&entries=1&chains=eip155:31338&search=sigkit`)
  assert.is(local.body.data[0].id, 'sigkit-test-wallet')
})

test('GET /getWalletImage/:id answers an SVG with the initials; unknown id → 404 JSON', async () => {
  const all = generateWallets()
  const response = await fetch(`${api}/getWalletImage/sigkit-test-wallet?${SDK_PARAMS}`)
  assert.is(response.status, 200)
  assert.is(response.headers.get('content-type'), 'image/svg+xml')
  const svg = await response.text()
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  assert.match(svg, />ST<\/text>/)
  const other = all[10]!
  const otherSvg = await (await fetch(`${api}/getWalletImage/${other.image_id}`)).text()
  const initials = other.name
    .split(' ')
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
  assert.match(otherSvg, new RegExp(`>${initials}</text>`))
  assert.is.not(otherSvg.match(/fill="(hsl[^"]+)"/)?.[1], svg.match(/fill="(hsl[^"]+)"/)?.[1])
  const missing = await fetchJson(`${api}/getWalletImage/no-such-image`)
  assert.is(missing.status, 404)
  assert.type(missing.body.error, 'string')
})

test('GET /public/getTokenImage/:symbol answers an SVG', async () => {
  const response = await fetch(`${api}/public/getTokenImage/USDC`)
  assert.is(response.status, 200)
  assert.is(response.headers.get('content-type'), 'image/svg+xml')
  assert.match(await response.text(), />USDC<\/text>/)
})

test('unknown routes: 404 { error: "Not found", path } as JSON', async () => {
  const { status, headers, body } = await fetchJson(`${api}/v2/nothing/here?${SDK_PARAMS}`)
  assert.is(status, 404)
  assert.match(headers.get('content-type') ?? '', /^application\/json/)
  assert.equal(body, { error: 'Not found', path: '/v2/nothing/here' })
  assert.is(headers.get('access-control-allow-origin'), '*')
})

test('CORS: every answer allows any origin; preflight allows GET/POST and the asked headers', async () => {
  for (const path of ['/appkit/v1/config', '/getWallets', '/getWalletImage/sigkit-test-wallet', '/nope']) {
    const response = await fetch(`${api}${path}`, { headers: { origin: 'http://127.0.0.1:5173' } })
    assert.is(response.headers.get('access-control-allow-origin'), '*', path)
  }
  const preflight = await fetch(`${api}/v1/fungible/price`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://127.0.0.1:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-sdk-version',
    },
  })
  assert.is(preflight.status, 204)
  assert.is(preflight.headers.get('access-control-allow-origin'), '*')
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /GET/)
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/)
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/)
  const bare = await fetch(`${api}/getWallets`, { method: 'OPTIONS' })
  assert.is(bare.headers.get('access-control-allow-headers'), '*')
  // Preflights are not requests the SDK made: they stay out of the request log.
  assert.ok(sandbox.requests('price').length === 0)
})

test.run()
