// The convert API client against a fake fetch: the requests it sends (HOSTED-API §4.2), the
// answers it accepts, and what it makes of malformed bodies (the emulator's 'malformed' ones),
// 429s with Retry-After, FAILED bodies and a request that never answers.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ConvertApiError, createConvertApi, type ConvertApi } from '../../../src/api/convert-api'
import { InvalidResponseError } from '../../../src/api/errors'
import { createQueryCache, DEFAULT_QUERY_CACHE_MS, type ApiClientConfig } from '../../../src/api/client'
import { createManualClock, setClock } from '../../../src/lib/clock'
import { SDK_TYPE, SDK_VERSION } from '../../../src/core/constants'
import { MALFORMED_BODIES } from '../../../demo/sandbox/api-faults.mjs'
import { rejection } from '../../helpers/async'

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USDC = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

interface Sent {
  url: URL
  method: string
  body: unknown
}

/** A client whose fetch answers `reply` and records what it was asked. */
function clientWith(
  reply: (request: Sent) => { status?: number; body?: unknown; text?: string; headers?: Record<string, string> },
  timeoutMs?: number,
  factory: Pick<ApiClientConfig, 'supportsNetwork' | 'cache'> = {},
): { api: ConvertApi; sent: Sent[] } {
  const sent: Sent[] = []
  const fakeFetch = (async (input: string, init: RequestInit = {}) => {
    const request = {
      url: new URL(input),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    }
    sent.push(request)
    const answer = reply(request)
    if (answer.status === -1) {
      // Never answers: only the abort ends it.
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )
    }
    return new Response(answer.text ?? JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    })
  }) as unknown as typeof fetch
  const api = createConvertApi({
    baseUrl: 'http://api.test/',
    projectId: 'p1',
    fetch: fakeFetch,
    ...(timeoutMs ? { timeoutMs } : {}),
    ...factory,
  })
  return { api, sent }
}

test('quotes: amount in base units, plain user address, CAIP-10 tokens, gas price; the first quote', async () => {
  const { api, sent } = clientWith(() => ({
    body: {
      quotes: [
        { id: null, fromAmount: '100000000000000000', fromAccount: ETH, toAmount: '299070182', toAccount: USDC },
      ],
    },
  }))
  const quote = await api.getQuote({ amount: 10n ** 17n, userAddress: USER, from: ETH, to: USDC, gasPrice: 7n })
  assert.equal(quote, { fromAmount: 10n ** 17n, toAmount: 299_070_182n })
  const { url } = sent[0] as Sent
  assert.is(url.pathname, '/v1/convert/quotes')
  assert.is(url.searchParams.get('amount'), '100000000000000000')
  assert.is(url.searchParams.get('userAddress'), USER)
  assert.is(url.searchParams.get('from'), ETH)
  assert.is(url.searchParams.get('to'), USDC)
  assert.is(url.searchParams.get('gasPrice'), '7')
  assert.is(url.searchParams.get('projectId'), 'p1')
  assert.is(url.searchParams.get('st'), 'appkit')
})

test('build-transaction: POST body with eip155.slippage, CAIP-10 user, disableEstimate; the tx parsed', async () => {
  const { api, sent } = clientWith(() => ({
    body: {
      tx: {
        from: `eip155:31337:${USER}`,
        to: 'eip155:31337:0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
        data: '0x7ff36ab5',
        amount: '299070182',
        eip155: { gas: '140000', gasPrice: '1000000000' },
      },
    },
  }))
  const tx = await api.buildTransaction({
    amount: 10n ** 17n,
    slippage: 1,
    from: ETH,
    to: USDC,
    userAddress: `eip155:31337:${USER}`,
  })
  assert.equal(tx, {
    to: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    data: '0x7ff36ab5',
    value: 0n,
    gas: 140_000n,
    gasPrice: 10n ** 9n,
    amount: 299_070_182n,
  })
  const request = sent[0] as Sent
  assert.is(request.method, 'POST')
  assert.equal(request.body, {
    amount: '100000000000000000',
    eip155: { slippage: 1 },
    projectId: 'p1',
    from: ETH,
    to: USDC,
    userAddress: `eip155:31337:${USER}`,
    disableEstimate: true,
  })
})

test('build-approve: the approval goes to the token the API names as tx.from', async () => {
  const { api } = clientWith(() => ({
    body: { tx: { from: USDC, to: USDC, data: '0x095ea7b3', value: '0', eip155: { gas: 60000, gasPrice: '1' } } },
  }))
  const tx = await api.buildApprove({ userAddress: `eip155:31337:${USER}`, from: USDC, to: ETH })
  assert.is(tx.to, '0x5FbDB2315678afecb367f032d93F642f64180aa3')
  assert.is(tx.gas, 60_000n)
})

test('tokens, allowance, gas price and prices parse; bad token items are dropped', async () => {
  const replies: Record<string, unknown> = {
    '/v1/convert/tokens': {
      tokens: [
        { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: 'http://x/usdc.png' },
        { name: 'Broken', symbol: 5, address: null, decimals: 'six' },
        { name: 'Evil', symbol: 'EVIL', address: ETH, decimals: 18, logoUri: 'javascript:alert(1)' },
      ],
    },
    '/v1/convert/allowance': { allowance: '12345' },
    '/v1/convert/gas-price': { standard: '1000', fast: '1200', instant: '1500' },
    '/v1/fungible/price': {
      fungibles: [
        { name: 'USD Coin', symbol: 'USDC', iconUrl: '', price: 1 },
        { symbol: 'X', price: 'lots' },
      ],
    },
  }
  const { api } = clientWith((request) => ({ body: replies[request.url.pathname] }))
  const tokens = await api.getTokens('eip155:31337')
  assert.equal(
    tokens.map((token) => [token.symbol, token.logoUri]),
    [
      ['USDC', 'http://x/usdc.png'],
      ['EVIL', ''],
    ],
  )
  assert.is(await api.getAllowance({ tokenAddress: USDC, userAddress: `eip155:31337:${USER}` }), 12_345n)
  assert.equal(await api.getGasPrice('eip155:31337'), { standard: 1000n, fast: 1200n, instant: 1500n })
  assert.equal([...(await api.getPrices([USDC]))], [['usdc', 1]])
})

test("every route's malformed body (the emulator's) is an InvalidResponseError, never garbage", async () => {
  const calls: [string, (api: ConvertApi) => Promise<unknown>][] = [
    ['convertTokens', (api) => api.getTokens('eip155:31337')],
    ['convertQuotes', (api) => api.getQuote({ amount: 1n, userAddress: USER, from: ETH, to: USDC })],
    ['convertAllowance', (api) => api.getAllowance({ tokenAddress: USDC, userAddress: USER })],
    ['convertGasPrice', (api) => api.getGasPrice('eip155:31337')],
    ['convertBuildApprove', (api) => api.buildApprove({ userAddress: USER, from: USDC, to: ETH })],
    [
      'convertBuildTransaction',
      (api) => api.buildTransaction({ amount: 1n, slippage: 1, from: ETH, to: USDC, userAddress: USER }),
    ],
    ['price', (api) => api.getPrices([USDC])],
  ]
  for (const [route, call] of calls) {
    const { api } = clientWith(() => ({ body: (MALFORMED_BODIES as Record<string, unknown>)[route] }))
    const error = await rejection(call(api))
    assert.instance(error, InvalidResponseError, route)
  }
  const { api } = clientWith(() => ({ text: '{"oops": this is not JSON' }))
  assert.instance(await rejection(api.getGasPrice('eip155:31337')), InvalidResponseError, 'invalid JSON')
  const empty = clientWith(() => ({ body: { tx: { to: USDC, data: '0x12' } } }))
  assert.instance(
    await rejection(empty.api.buildTransaction({ amount: 1n, slippage: 1, from: ETH, to: USDC, userAddress: USER })),
    InvalidResponseError,
    'a swap without the amount it pays',
  )
})

test("a FAILED body's first reason, a 429's Retry-After and the status reach the caller", async () => {
  const failed = clientWith(() => ({
    status: 400,
    body: { status: 'FAILED', reasons: [{ field: '', description: 'no pool route (insufficient liquidity)' }] },
  }))
  const error = (await rejection(
    failed.api.getQuote({ amount: 1n, userAddress: USER, from: ETH, to: USDC }),
  )) as ConvertApiError
  assert.instance(error, ConvertApiError)
  assert.is(error.status, 400)
  assert.is(error.reason, 'no pool route (insufficient liquidity)')
  assert.is(error.message, 'HTTP status code: 400')

  const busy = clientWith(() => ({
    status: 429,
    body: { error: 'Too many requests' },
    headers: { 'retry-after': '2' },
  }))
  const limited = (await rejection(busy.api.getTokens('eip155:1'))) as ConvertApiError
  assert.is(limited.status, 429)
  assert.is(limited.retryAfterMs, 2000)
  assert.is(limited.reason, undefined)

  const broken = clientWith(() => ({ status: 500, text: 'Internal error' }))
  assert.is(((await rejection(broken.api.getTokens('eip155:1'))) as ConvertApiError).status, 500)

  const none = clientWith(() => ({ body: { quotes: [] } }))
  const noQuote = (await rejection(
    none.api.getQuote({ amount: 1n, userAddress: USER, from: ETH, to: USDC }),
  )) as ConvertApiError
  assert.match(noQuote.reason ?? '', /insufficient liquidity/)
})

test('a request that never answers times out; a caller abort is passed on', async () => {
  const { api } = clientWith(() => ({ status: -1 }), 30)
  const error = (await rejection(api.getGasPrice('eip155:31337'))) as ConvertApiError
  assert.instance(error, ConvertApiError)
  assert.ok(error.timedOut)
  assert.is(error.message, 'Request timed out')

  const slow = clientWith(() => ({ status: -1 }), 10_000)
  const controller = new AbortController()
  const pending = rejection(slow.api.getTokens('eip155:1', controller.signal))
  controller.abort()
  const aborted = (await pending) as Error
  assert.is(aborted.name, 'AbortError')
})

test('every route carries projectId, st and sv, the POST routes too (SPEC §7)', async () => {
  const { api, sent } = clientWith((request) =>
    request.url.pathname.endsWith('/price')
      ? { body: { fungibles: [] } }
      : { body: { tx: { from: USER, to: USER, data: '0x00', amount: '1', eip155: { gas: '1', gasPrice: '1' } } } },
  )
  await api.getPrices([USDC])
  await api.buildTransaction({ amount: 1n, slippage: 1, from: ETH, to: USDC, userAddress: `eip155:31337:${USER}` })
  assert.is(sent.length, 2)
  for (const request of sent) {
    assert.is(request.method, 'POST')
    assert.is(request.url.searchParams.get('projectId'), 'p1')
    assert.is(request.url.searchParams.get('st'), SDK_TYPE)
    assert.is(request.url.searchParams.get('sv'), SDK_VERSION)
  }
})

test('on a network the API does not serve, no request is made and each call gives its empty result', async () => {
  const asked: string[] = []
  const supportsNetwork = async (caipNetworkId: string) => {
    asked.push(caipNetworkId)
    return caipNetworkId === 'eip155:1'
  }
  const { api, sent } = clientWith(() => ({ body: { tokens: [] } }), undefined, { supportsNetwork })
  assert.equal(await api.getTokens('eip155:31337'), [])
  assert.is(await api.getAllowance({ tokenAddress: USDC, userAddress: `eip155:31337:${USER}` }), 0n)
  assert.equal(await api.getPrices([USDC, ETH]), new Map())
  const noQuote = (await rejection(
    api.getQuote({ amount: 1n, userAddress: USER, from: ETH, to: USDC }),
  )) as ConvertApiError
  assert.match(noQuote.reason ?? '', /no quote/)
  assert.is(
    ((await rejection(api.getGasPrice('eip155:31337'))) as Error).message,
    'Network not supported for Gas Price',
  )
  const build = { amount: 1n, slippage: 1, from: ETH, to: USDC, userAddress: `eip155:31337:${USER}` }
  assert.is(((await rejection(api.buildTransaction(build))) as Error).message, 'Network not supported for Swaps')
  assert.is(
    ((await rejection(api.buildApprove({ userAddress: USER, from: USDC, to: ETH }))) as Error).message,
    'Network not supported for Swaps',
  )
  assert.is(sent.length, 0, 'nothing was sent')
  assert.ok(
    asked.every((id) => id === 'eip155:31337'),
    'the gate is asked about the CAIP-2 network of each call',
  )
  assert.is(await api.servesNetwork('eip155:31337'), false)
  assert.is(await api.servesNetwork('eip155:1'), true)
  // A served network is asked for.
  await api.getTokens('eip155:1')
  assert.is(sent.length, 1)
})

test("a network's token list is kept 5 minutes by the query cache, then asked for again", async () => {
  const clock = createManualClock()
  const restore = setClock(clock)
  try {
    const { api, sent } = clientWith(() => ({ body: { tokens: [] } }), undefined, { cache: createQueryCache() })
    await Promise.all([api.getTokens('eip155:1'), api.getTokens('eip155:1')])
    assert.is(sent.length, 1, 'one request for two askers')
    clock.advance(DEFAULT_QUERY_CACHE_MS - 1)
    await api.getTokens('eip155:1')
    assert.is(sent.length, 1, 'kept')
    await api.getTokens('eip155:10')
    assert.is(sent.length, 2, 'another network is another key')
    clock.advance(1)
    await api.getTokens('eip155:1')
    assert.is(sent.length, 3, 'asked again after 5 minutes')
  } finally {
    restore()
  }
})

test.run()
