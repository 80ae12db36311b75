import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { InvalidResponseError } from '../../../src/api/errors'
import { createWalletApi, parseWalletPage } from '../../../src/api/wallet-api'
import { SDK_TYPE, SDK_VERSION } from '../../../src/core/constants'
import { sendJson, startServer } from '../helpers/server'
import type { TestServer } from '../helpers/server'

let server: TestServer
/** What /getWallets answers next. */
let reply: { status: number; body: unknown }

const listing = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Wallet ${id}`,
  image_id: `img-${id}`,
  rdns: null,
  chains: ['eip155:1'],
  mobile_link: `${id}://`,
  desktop_link: null,
  webapp_link: null,
  ...extra,
})

test.before(async () => {
  server = await startServer((req, res) => {
    if (req.path === '/getWallets') return sendJson(res, reply.status, reply.body)
    return sendJson(res, 404, { error: 'unknown route' })
  })
})
test.after(() => server.close())
test.before.each(() => {
  server.requests.length = 0
  reply = { status: 200, body: { count: 0, data: [] } }
})

const api = () => createWalletApi({ baseUrl: server.url, projectId: 'project-1' })

test('getWallets sends the query with projectId, st and sv; lists are comma-joined, empty ones left out', async () => {
  reply = { status: 200, body: { count: 3, data: [listing('a')] } }
  const page = await api().getWallets({
    page: 2,
    entries: 40,
    include: ['a', 'b'],
    exclude: [],
    chains: ['eip155:1', 'eip155:137'],
    search: '  nova ',
    badgeType: 'certified',
  })
  assert.is(page.count, 3)
  assert.equal(
    page.data.map((wallet) => wallet.id),
    ['a'],
  )
  const [request] = server.requests
  assert.is(request?.method, 'GET')
  assert.is(request?.path, '/getWallets')
  assert.equal(Object.fromEntries(request?.query ?? []), {
    projectId: 'project-1',
    st: SDK_TYPE,
    sv: SDK_VERSION,
    page: '2',
    entries: '40',
    include: 'a,b',
    chains: 'eip155:1,eip155:137',
    search: 'nova',
    badge_type: 'certified',
  })
})

test('an empty search is not sent', async () => {
  await api().getWallets({ page: 1, entries: 100, search: '   ' })
  assert.is(server.requests[0]?.query.has('search'), false)
  assert.is(server.requests[0]?.query.has('include'), false)
})

test('walletImageUrl points at /getWalletImage/{id} on the same host, with projectId, st and sv', () => {
  const url = new URL(api().walletImageUrl('9f/x y'))
  assert.is(url.origin, server.url)
  assert.is(url.pathname, '/getWalletImage/9f%2Fx%20y')
  assert.is(url.searchParams.get('projectId'), 'project-1')
  assert.is(url.searchParams.get('st'), SDK_TYPE)
  assert.is(url.searchParams.get('sv'), SDK_VERSION)
})

test('valid listings keep the known fields only', async () => {
  reply = {
    status: 200,
    body: { count: 1, data: [listing('a', { rdns: 'app.a', extra: 'ignored', name: ' A Wallet ' })] },
  }
  const { data } = await api().getWallets({ page: 1, entries: 40 })
  assert.equal(data, [
    {
      id: 'a',
      name: 'A Wallet',
      image_id: 'img-a',
      rdns: 'app.a',
      chains: ['eip155:1'],
      mobile_link: 'a://',
      desktop_link: null,
      webapp_link: null,
    },
  ])
})

test('bad listings are dropped, the good ones kept in order', async () => {
  reply = {
    status: 200,
    body: {
      count: 12,
      data: [
        listing('ok-1'),
        null,
        'wallet',
        listing('', {}),
        listing('no-name', { name: '' }),
        listing('blank-name', { name: '   ' }),
        listing(5 as unknown as string),
        listing('bad-image', { image_id: 42 }),
        listing('bad-link', { mobile_link: 1 }),
        listing('bad-rdns', { rdns: {} }),
        listing('bad-chains', { chains: 'eip155:1' }),
        listing('ok-2', { image_id: undefined, mobile_link: undefined }),
      ],
    },
  }
  const { count, data } = await api().getWallets({ page: 1, entries: 40 })
  assert.is(count, 12, 'count is the API total, not the number kept')
  assert.equal(
    data.map((wallet) => wallet.id),
    ['ok-1', 'ok-2'],
  )
  assert.is(data[1]?.image_id, undefined, 'no image: the row shows an initial instead')
})

test('a reply of the wrong shape throws InvalidResponseError', async () => {
  for (const body of [
    null,
    [],
    'text',
    { data: [] },
    { count: 'many', data: [{ id: 5, name: null }] },
    { count: -1, data: [] },
    { count: 1.5, data: [] },
    { count: 1, data: {} },
    { count: 1 },
  ]) {
    reply = { status: 200, body }
    const error = await api()
      .getWallets({ page: 1, entries: 40 })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      )
    assert.instance(error, InvalidResponseError, JSON.stringify(body))
  }
})

test('a non-OK status throws the HTTP client error', async () => {
  reply = { status: 503, body: { error: 'down' } }
  const error = await api()
    .getWallets({ page: 1, entries: 40 })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    )
  assert.instance(error, Error)
  assert.is((error as Error).message, 'HTTP status code: 503')
})

test('parseWalletPage accepts an empty page', () => {
  assert.equal(parseWalletPage({ count: 0, data: [] }), { count: 0, data: [] })
})

test.run()
