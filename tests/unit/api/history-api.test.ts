// The history route's client (src/api/history-api.ts) against a real local HTTP server: what it
// sends, and what it makes of the answers: a malformed entry is dropped, never the page; a page
// of the wrong shape, an HTTP error or a body that is not JSON throw.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createHistoryApi, parseHistoryPage, parseTransaction } from '../../../src/api/history-api'
import { InvalidResponseError } from '../../../src/api/errors'
import { startServer, type TestServer } from '../helpers/server'
import { ACCOUNT, CHAIN, entry, transfer } from '../helpers/activity-history'
import { rejection } from '../../helpers/async'

let server: TestServer
let answer: { status: number; body: string } = { status: 200, body: '{"data":[],"next":null}' }

test.before(async () => {
  server = await startServer((_request, response) => {
    response.statusCode = answer.status
    response.setHeader('content-type', 'application/json')
    response.end(answer.body)
  })
})
test.after(() => server.close())

const api = () => createHistoryApi({ baseUrl: `${server.url}/`, projectId: 'test-project' })

test('asks GET /v1/account/{address}/history with chainId, cursor and the SDK params', async () => {
  const first = entry({ direction: 'in' })
  answer = { status: 200, body: JSON.stringify({ data: [first], next: 'page-2' }) }
  const page = await api().getHistory({ address: ACCOUNT, caipNetworkId: CHAIN, cursor: 'abc' })
  const request = server.requests.at(-1)!
  assert.is(request.method, 'GET')
  assert.is(request.path, `/v1/account/${ACCOUNT}/history`)
  assert.equal(Object.fromEntries(request.query), {
    projectId: 'test-project',
    st: 'appkit',
    sv: '0.1.0',
    chainId: CHAIN,
    cursor: 'abc',
  })
  assert.equal(page, { transactions: [parseTransaction(first)!], next: 'page-2', dropped: 0 })
  await api().getHistory({ address: ACCOUNT, caipNetworkId: CHAIN })
  assert.not.ok(server.requests.at(-1)!.query.has('cursor'), 'no cursor on the first page')
})

test('a malformed entry is dropped, not the page; next: null is the last page', () => {
  const good = entry()
  const bad = [
    { ...entry(), id: 7 },
    { ...entry(), metadata: { ...entry().metadata, minedAt: 'yesterday' } },
    { ...entry(), metadata: { ...entry().metadata, status: 'maybe' } },
    { ...entry(), metadata: { ...entry().metadata, chain: 'not a chain' } },
    { ...entry(), transfers: 'none' },
    entry({ transfers: [{ ...transfer(), direction: 'sideways' }] }),
    entry({ transfers: [{ ...transfer(), quantity: { numeric: 'lots' } }] }),
    entry({ transfers: [{ ...transfer(), fungible_info: { symbol: 5 } }] }),
    entry({ transfers: [{ nft_info: { name: 'x', flags: {} }, direction: 'in', quantity: { numeric: '1' } }] }),
    null,
    'tx',
  ]
  const page = parseHistoryPage({ data: [bad[0], good, ...bad.slice(1)], next: null })
  assert.equal(
    page.transactions.map((transaction) => transaction.id),
    [good.id],
  )
  assert.is(page.dropped, bad.length)
  assert.is(page.next, undefined)
  // transfers: null (the hosted type allows it) reads as no transfers.
  assert.equal(parseTransaction({ ...good, transfers: null })?.transfers, [])
})

test('unsafe picture URLs are left out; fields the widget does not read are not kept', () => {
  const raw = entry({
    transfers: [
      {
        ...transfer(),
        fungible_info: { name: 'Evil', symbol: 'EVL', icon: { url: 'javascript:alert(1)' } },
        extra: 'ignored',
      },
      { ...transfer({ nft: { name: 'Pic', preview: 'data:image/svg+xml;base64,PHN2Zy8+' } }) },
    ],
  })
  const [fungible, nft] = parseTransaction(raw)!.transfers
  assert.equal(fungible, {
    direction: 'out',
    quantity: { numeric: '0.01' },
    value: 30,
    fungible_info: { name: 'Evil', symbol: 'EVL' },
  })
  assert.is(nft!.nft_info?.content?.preview?.url, 'data:image/svg+xml;base64,PHN2Zy8+')
})

test('the wrong shape, an HTTP error and a body that is not JSON throw', async () => {
  for (const body of [{ data: 'none' }, { data: [], next: 42 }, [], null]) {
    assert.throws(
      () => parseHistoryPage(body),
      (error: unknown) => error instanceof InvalidResponseError,
    )
  }
  // The emulator's 'malformed' answer (demo/sandbox/api-faults.mjs).
  answer = {
    status: 200,
    body: JSON.stringify({
      data: [{ id: 7, metadata: { minedAt: 'yesterday', status: 'maybe' }, transfers: 'none' }],
      next: 42,
    }),
  }
  const request = () => rejection(api().getHistory({ address: ACCOUNT, caipNetworkId: CHAIN }))
  assert.instance(await request(), InvalidResponseError)
  answer = { status: 500, body: '{}' }
  assert.match(String(await request()), /HTTP status code: 500/)
  answer = { status: 200, body: '{"data": [' }
  assert.instance(await request(), InvalidResponseError)
})

test.run()
