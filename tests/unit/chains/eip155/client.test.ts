// SigKit's RPC transport policy (SPEC §8, §9) run for real: viem's HTTP transport as SigKit builds it
// talks to a local HTTP server that answers 429 with Retry-After, 503s, other statuses and JSON-RPC
// errors, and the server's own receive times show the retries and the waits between them.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import { createClientCache, rpcTransport, toViemChain } from '../../../../src/chains/eip155/client'
import { MULTICALL_BATCH_SIZE, RPC_RETRY, RPC_TIMEOUT_MS } from '../../../../src/core/constants'
import type { CaipNetwork } from '../../../../src/core/types'
import { startServer, sendJson, type TestServer } from '../../helpers/server'
// viem's in-flight de-duplication cache, which SigKit's reads go through (not a public export).
// @ts-expect-error viem ships no declaration for this internal module
import { promiseCache } from '../../../../node_modules/viem/_esm/utils/promise/withDedupe.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** One scripted answer: an HTTP status (with headers), or a JSON-RPC result or error. */
type Answer =
  | { status: number; headers?: Record<string, string> }
  | { result: unknown; delayMs?: number }
  | { error: { code: number; message: string } }

interface RpcServer extends TestServer {
  /** When each JSON-RPC request arrived (ms, performance clock). */
  times: number[]
  methods: string[]
}

/** A server that gives `script`'s answers in turn (the last one again once the script runs out). */
async function scriptedServer(script: Answer[]): Promise<RpcServer> {
  const times: number[] = []
  const methods: string[] = []
  let turn = 0
  const server = await startServer(async (request, response: ServerResponse) => {
    times.push(performance.now())
    const body = request.json as { id: number; method: string }
    methods.push(body.method)
    const answer = script[Math.min(turn++, script.length - 1)]!
    if ('status' in answer) {
      for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value)
      return sendJson(response, answer.status, { message: 'busy' })
    }
    if ('delayMs' in answer) await new Promise((resolve) => setTimeout(resolve, answer.delayMs))
    sendJson(response, 200, {
      jsonrpc: '2.0',
      id: body.id,
      ...('result' in answer ? { result: answer.result } : { error: answer.error }),
    })
  })
  return Object.assign(server, { times, methods })
}

function networkAt(...urls: string[]): CaipNetwork {
  return {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: urls } },
  }
}

const gaps = (times: number[]) => times.slice(1).map((time, index) => time - times[index]!)

/** Each gap at least the expected wait (less a timer's slack) and not far beyond it. */
function assertWaits(actual: number[], expected: number[]): void {
  assert.is(actual.length, expected.length, `waits ${actual.map(Math.round)} vs ${expected}`)
  actual.forEach((gap, index) => {
    const want = expected[index]!
    assert.ok(
      gap >= want - 15 && gap < want + 400,
      `wait ${index + 1}: ${Math.round(gap)} ms, expected about ${want} ms`,
    )
  })
}

let server: RpcServer | undefined
let proxy: RpcServer | undefined
test.after.each(async () => {
  await server?.close()
  await proxy?.close()
  server = proxy = undefined
})

test('the spec policy: 3 retries, 150 ms doubling, 10 s per attempt', () => {
  assert.equal(RPC_RETRY, { retries: 3, delayMs: 150, dedupeCacheSize: 8192 })
  assert.is(RPC_TIMEOUT_MS, 10_000)
  const single = rpcTransport(networkAt('http://127.0.0.1:1'), {})({})
  assert.is(single.config.retryCount, 3)
  assert.is(single.config.retryDelay, 150)
  assert.is(single.config.timeout, 10_000)
  const withProxy = rpcTransport(networkAt('http://127.0.0.1:1'), { rpcProxy: 'http://127.0.0.1:2', projectId: 'p' })(
    {},
  )
  assert.is(withProxy.config.retryCount, 3)
  for (const inner of (withProxy.value as { transports: { config: { timeout?: number; retryCount: number } }[] })
    .transports) {
    assert.is(inner.config.timeout, 10_000)
    assert.is(inner.config.retryCount, 0, 'the round is retried, not each URL within it')
  }
})

test('429 with Retry-After waits that long; 503s back off 300 then 600 ms; the 4th attempt answers', async () => {
  server = await scriptedServer([
    { status: 429, headers: { 'Retry-After': '1' } },
    { status: 503 },
    { status: 503 },
    { result: '0x2a' },
  ])
  const client = createClientCache({})(networkAt(server.url))
  assert.is(await client.getBalance({ address: ADDRESS }), 42n)
  assert.is(server.times.length, 4)
  assertWaits(gaps(server.times), [1000, 300, 600])
})

test('a server that keeps failing gets 4 attempts (150, 300, 600 ms apart), then the error', async () => {
  server = await scriptedServer([{ status: 503 }])
  const client = createClientCache({})(networkAt(server.url))
  const error = await client.getBalance({ address: ADDRESS }).then(
    () => undefined,
    (failure: unknown) => failure as Error & { status?: number },
  )
  assert.ok(error, 'it fails')
  assert.match(error!.message, /HTTP request failed/)
  assert.is(server.times.length, 4)
  assertWaits(gaps(server.times), [150, 300, 600])
})

test('retried: HTTP 403, 408, 413, 429, 500, 502, 503, 504, code -1, internal error; not retried: 400, 404, -32000', async () => {
  const retried: Answer[] = [
    ...[403, 408, 413, 429, 500, 502, 503, 504].map((status) => ({ status })),
    { error: { code: -1, message: 'unknown' } },
    { error: { code: -32603, message: 'internal' } },
  ]
  for (const failure of retried) {
    server = await scriptedServer([failure, { result: '0x1' }])
    const client = createClientCache({})(networkAt(server.url))
    assert.is(await client.getBalance({ address: ADDRESS }), 1n, JSON.stringify(failure))
    assert.is(server.times.length, 2, `${JSON.stringify(failure)} is retried`)
    await server.close()
  }
  const final: Answer[] = [{ status: 400 }, { status: 404 }, { error: { code: -32000, message: 'bad input' } }]
  for (const failure of final) {
    server = await scriptedServer([failure, { result: '0x1' }])
    const client = createClientCache({})(networkAt(server.url))
    await client.getBalance({ address: ADDRESS }).then(
      () => assert.unreachable(`${JSON.stringify(failure)} must fail`),
      () => undefined,
    )
    assert.is(server.times.length, 1, `${JSON.stringify(failure)} is not retried`)
    await server.close()
  }
  server = undefined
})

test('with the RPC proxy: a failing proxy hands over to the network RPC at once, and rounds are retried 3 times', async () => {
  proxy = await scriptedServer([{ status: 429, headers: { 'Retry-After': '1' } }])
  server = await scriptedServer([{ result: '0x5' }])
  const client = createClientCache({ rpcProxy: proxy.url, projectId: 'p' })(networkAt(server.url))
  assert.is(await client.getBalance({ address: ADDRESS }), 5n)
  assert.is(proxy.times.length, 1)
  assert.ok(server.times[0]! - proxy.times[0]! < 100, 'no Retry-After wait before the next URL')
  await proxy.close()
  await server.close()
  // Both down: 4 rounds of 2 requests (not 4 x 4 per URL, as per-URL retries inside rounds would make).
  proxy = await scriptedServer([{ status: 503 }])
  server = await scriptedServer([{ status: 503 }])
  const failing = createClientCache({ rpcProxy: proxy.url, projectId: 'p' })(networkAt(server.url))
  await failing.getBalance({ address: ADDRESS }).then(
    () => assert.unreachable('must fail'),
    () => undefined,
  )
  assert.is(proxy.times.length, 4)
  assert.is(server.times.length, 4)
  assertWaits(gaps(proxy.times), [150, 300, 600])
})

test("identical transaction reads in flight go once (viem's de-duplication cache of 8192 entries); balances never", async () => {
  assert.is((promiseCache as { maxSize: number }).maxSize, RPC_RETRY.dedupeCacheSize)
  const hash = `0x${'ab'.repeat(32)}`
  const transaction = {
    hash,
    blockHash: null,
    blockNumber: null,
    from: ADDRESS,
    to: ADDRESS,
    gas: '0x5208',
    gasPrice: '0x1',
    input: '0x',
    nonce: '0x0',
    transactionIndex: null,
    value: '0x0',
    type: '0x0',
    v: '0x1b',
    r: '0x1',
    s: '0x1',
  }
  server = await scriptedServer([{ result: transaction, delayMs: 100 }])
  const client = createClientCache({})(networkAt(server.url))
  const reads = await Promise.all([
    client.getTransaction({ hash: hash as `0x${string}` }),
    client.getTransaction({ hash: hash as `0x${string}` }),
    client.getTransaction({ hash: hash as `0x${string}` }),
  ])
  assert.ok(reads.every((read) => read.hash === hash))
  assert.equal(server.methods, ['eth_getTransactionByHash'])
  await server.close()
  // A balance is read anew by each caller: a forced refresh must not get an answer asked before it.
  server = await scriptedServer([{ result: '0x7', delayMs: 100 }])
  const fresh = createClientCache({})(networkAt(server.url))
  await Promise.all([fresh.getBalance({ address: ADDRESS }), fresh.getBalance({ address: ADDRESS })])
  assert.equal(server.methods, ['eth_getBalance', 'eth_getBalance'])
})

test('multicall: batch size 1024, on the Multicall3 the network names (an invalid address is ignored)', () => {
  assert.is(MULTICALL_BATCH_SIZE, 1024)
  const network = {
    ...networkAt('http://127.0.0.1:1'),
    contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
  } as CaipNetwork
  const client = createClientCache({})(network)
  assert.equal(client.batch, { multicall: { batchSize: 1024 } })
  assert.is(client.chain?.contracts?.multicall3?.address, '0xcA11bde05977b3631167028862bE2a173976CA11')
  const bad = { ...network, contracts: { multicall3: { address: 'javascript:alert(1)' } } } as unknown as CaipNetwork
  assert.is(toViemChain(bad).contracts, undefined)
})

test.run()
