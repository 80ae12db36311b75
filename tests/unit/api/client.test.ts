// The hosted APIs' one client factory: a client per API, base URL and project id, from the options
// createAppKit resolved (or those a chain adapter was made with).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { BLOCKCHAIN_API } from '../../../src/api/blockchain-api'
import {
  apiClient,
  createQueryCache,
  DEFAULT_QUERY_CACHE_MS,
  type ApiClientConfig,
  type ApiEndpoint,
  type HostedApi,
} from '../../../src/api/client'
import { createManualClock, setClock } from '../../../src/lib/clock'
import { CONVERT_API } from '../../../src/api/convert-api'
import { WALLET_API } from '../../../src/api/wallet-api'
import { initCore } from '../../../src/core/config/appkit-state'
import { validateOptions, type AppKitOptions } from '../../../src/core/config/options'
import { mainnet } from '../helpers/fixtures'
import { resetAllState } from '../helpers/reset'

/** A stand-in API that remembers what each of its clients was made from. */
function recordingApi<Endpoint extends ApiEndpoint>(
  endpoint: Endpoint,
): HostedApi<{ made: ApiClientConfig }, Endpoint> & { count: number } {
  const api = {
    endpoint,
    count: 0,
    create: (made: ApiClientConfig) => {
      api.count++
      return { made }
    },
  }
  return api
}

function configure(options: Partial<AppKitOptions> = {}): void {
  initCore(validateOptions({ projectId: 'project-1', networks: [mainnet], features: { analytics: false }, ...options }))
}

test.after.each(resetAllState)

test('the same options give the same client, made once', () => {
  configure({ endpoints: { api: 'http://127.0.0.1:7001' } })
  const api = recordingApi('api')
  const client = apiClient(api)
  assert.is(apiClient(api), client)
  configure({ endpoints: { api: 'http://127.0.0.1:7001' } })
  assert.is(apiClient(api), client, 'options resolved again, to the same endpoint and project')
  assert.is(api.count, 1)
  assert.equal(
    { baseUrl: client.made.baseUrl, projectId: client.made.projectId },
    { baseUrl: 'http://127.0.0.1:7001', projectId: 'project-1' },
  )
  assert.type(client.made.supportsNetwork, 'function')
  assert.ok(client.made.cache, 'each client gets the query cache')
})

test('changed endpoints give a new client; going back finds the first again', () => {
  const api = recordingApi('api')
  configure({ endpoints: { api: 'http://127.0.0.1:7001' } })
  const first = apiClient(api)
  configure({ endpoints: { api: 'http://127.0.0.1:7002' } })
  const second = apiClient(api)
  assert.is.not(second, first)
  assert.is(second.made.baseUrl, 'http://127.0.0.1:7002')
  configure({ endpoints: { api: 'http://127.0.0.1:7001' } })
  assert.is(apiClient(api), first)
  assert.is(api.count, 2)
})

test('another project id gives a new client', () => {
  const api = recordingApi('api')
  configure()
  const first = apiClient(api)
  configure({ projectId: 'project-2' })
  const second = apiClient(api)
  assert.is.not(second, first)
  assert.equal(second.made.projectId, 'project-2')
})

test('each API is made at its own endpoint option, and only another endpoint of the same API counts', () => {
  const walletApi = recordingApi('walletApi')
  const api = recordingApi('api')
  configure({ endpoints: { api: 'http://127.0.0.1:7001', walletApi: 'http://127.0.0.1:7100' } })
  assert.is(apiClient(walletApi).made.baseUrl, 'http://127.0.0.1:7100')
  assert.is(apiClient(api).made.baseUrl, 'http://127.0.0.1:7001')
  const wallets = apiClient(walletApi)
  configure({ endpoints: { api: 'http://127.0.0.1:7009', walletApi: 'http://127.0.0.1:7100' } })
  assert.is(apiClient(walletApi), wallets, 'the blockchain API moved, the wallet API did not')
})

test('the real APIs: one client each, not shared between APIs at the same host', () => {
  configure({ endpoints: { api: 'http://127.0.0.1:7001' } })
  assert.is(apiClient(BLOCKCHAIN_API), apiClient(BLOCKCHAIN_API))
  assert.is(apiClient(CONVERT_API), apiClient(CONVERT_API))
  assert.is.not(apiClient(CONVERT_API) as unknown, apiClient(BLOCKCHAIN_API))
  assert.type(apiClient(WALLET_API).walletImageUrl, 'function')
})

test("a chain adapter's options are used as given, and share the cache with createAppKit's", () => {
  const api = recordingApi('api')
  const adapterConfig = {
    projectId: 'project-1',
    endpoints: { api: 'http://127.0.0.1:7001', rpc: 'http://127.0.0.1:7003' },
  }
  const client = apiClient(api, adapterConfig)
  assert.equal(
    { baseUrl: client.made.baseUrl, projectId: client.made.projectId },
    { baseUrl: 'http://127.0.0.1:7001', projectId: 'project-1' },
  )
  assert.type(client.made.supportsNetwork, 'function')
  assert.ok(client.made.cache, 'each client gets the query cache')
  configure({ endpoints: { api: 'http://127.0.0.1:7001' } })
  assert.is(apiClient(api), client)
})

test('before createAppKit, and without options of its own, asking for a client fails clearly', () => {
  assert.throws(() => apiClient(recordingApi('api')), /Please call createAppKit/)
})

test('the query cache: one request per key at a time, answers kept 5 minutes (SPEC §9), failures never', async () => {
  assert.is(DEFAULT_QUERY_CACHE_MS, 5 * 60 * 1000)
  const clock = createManualClock()
  const restore = setClock(clock)
  try {
    const cache = createQueryCache()
    let loads = 0
    const load = async () => ++loads
    assert.equal(await Promise.all([cache.get('a', load), cache.get('a', load)]), [1, 1])
    clock.advance(DEFAULT_QUERY_CACHE_MS - 1)
    assert.is(await cache.get('a', load), 1)
    clock.advance(1)
    assert.is(await cache.get('a', load), 2, 'asked again once its life ended')
    assert.is(await cache.get('b', load, 10), 3, 'a route may give its own life')
    clock.advance(10)
    assert.is(await cache.get('b', load), 4)
    cache.forget('a')
    assert.is(await cache.get('a', load), 5)
    let failures = 0
    const failing = async () => {
      failures++
      throw new Error('down')
    }
    await cache.get('c', failing).catch(() => undefined)
    await cache.get('c', failing).catch(() => undefined)
    assert.is(failures, 2, 'a failure is not kept')
  } finally {
    restore()
  }
})

test.run()
