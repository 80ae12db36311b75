/**
 * The one place the hosted APIs' clients are made, with one cache policy: a client per API, base
 * URL and project id, kept for the page's lifetime. Asking again with the same options gives the
 * same client; options that point the API elsewhere or name another project get their own. Each
 * client gets the API's network gate (`supportsNetwork`, from `GET /v1/supported-chains`, asked
 * lazily by the first gated call) and its query cache, whose answers live
 * {@link DEFAULT_QUERY_CACHE_MS} unless a route says otherwise (SPEC §9). Each
 * API module describes itself (`WALLET_API`, `BLOCKCHAIN_API`, …): the endpoint option it lives at
 * and how its client is made, so this module imports none of them and a lazy chunk brings only
 * the client it uses.
 */
import { getResolvedOptions } from '../core/config/appkit-state'
import type { Endpoints } from '../core/types'
import { clock } from '../lib/clock'
import { supportedChains } from './supported-chains'

/** The endpoint options a hosted API can live at. */
export type ApiEndpoint = keyof Pick<Endpoints, 'api' | 'walletApi'>

/** SPEC §9 "Default query cache life": how long a cached answer is used. */
export const DEFAULT_QUERY_CACHE_MS = 5 * 60_000

/**
 * Answers kept by key: a kept answer is used until its life ends, one request runs per key at a
 * time, and a failure is never kept.
 */
export interface QueryCache {
  /** The answer for `key`: kept, or `load`ed (and kept `lifeMs`, default {@link DEFAULT_QUERY_CACHE_MS}). */
  get<T>(key: string, load: () => Promise<T>, lifeMs?: number): Promise<T>
  /** Forgets `key` (its answer changed, e.g. after a write). */
  forget(key: string): void
}

/**
 * A query cache (see {@link QueryCache}).
 *
 * @example
 * ```ts
 * const cache = createQueryCache()
 * const tokens = await cache.get(`tokens:${chainId}`, () => fetchTokens(chainId))
 * ```
 */
export function createQueryCache(): QueryCache {
  const kept = new Map<string, { value: unknown; until: number }>()
  const asking = new Map<string, Promise<unknown>>()
  return {
    get<T>(key: string, load: () => Promise<T>, lifeMs = DEFAULT_QUERY_CACHE_MS): Promise<T> {
      const entry = kept.get(key)
      if (entry && entry.until > clock.now()) return Promise.resolve(entry.value as T)
      let running = asking.get(key) as Promise<T> | undefined
      if (!running) {
        running = load()
          .then((value) => {
            kept.set(key, { value, until: clock.now() + lifeMs })
            return value
          })
          .finally(() => asking.delete(key))
        asking.set(key, running)
      }
      return running
    },
    forget(key) {
      kept.delete(key)
    },
  }
}

/** What every hosted API client is made from: where the API is and which project asks. */
export interface ApiClientConfig {
  baseUrl: string
  projectId: string
  /**
   * Whether the API serves a network (CAIP-2 id): the gate of SPEC §7. A gated call on a network it
   * does not serve is not made and gives its empty result. Absent (a client made directly): every
   * network is served.
   */
  supportsNetwork?: ((caipNetworkId: string) => Promise<boolean>) | undefined
  /** The client's query cache (absent: nothing is cached). */
  cache?: QueryCache | undefined
}

/** A hosted API: the endpoint option it lives at, and how its client is made. */
export interface HostedApi<Client, Endpoint extends ApiEndpoint = ApiEndpoint> {
  endpoint: Endpoint
  create(config: ApiClientConfig): Client
}

/** The options a client is made for: the project id and the API's endpoint. */
export interface ApiOptions<Endpoint extends ApiEndpoint = ApiEndpoint> {
  projectId: string
  endpoints: Pick<Endpoints, Endpoint>
}

/** Clients made so far, per API, by base URL and project id. */
const clients = new Map<HostedApi<unknown>, Map<string, unknown>>()

/** Clients used in place of the hosted ones, per API (tests). */
const replacements = new Map<HostedApi<unknown>, unknown>()

/**
 * Makes {@link apiClient} give `client` for `api`, whatever the options (tests); `undefined` goes
 * back to the hosted one.
 * @internal
 */
export function replaceApiClient<Client>(api: HostedApi<Client>, client: Client | undefined): void {
  if (client === undefined) replacements.delete(api)
  else replacements.set(api, client)
}

/**
 * Every API back to its hosted client (tests: the one reset of all state).
 * @internal
 */
export function clearApiClientReplacements(): void {
  replacements.clear()
}

/**
 * The client of `api` for `options`: by default the options `createAppKit` resolved; a chain
 * adapter passes the options it was made with.
 *
 * @throws Error when no options are given and `createAppKit` has not been called.
 * @example
 * ```ts
 * const quote = await apiClient(CONVERT_API).getQuote({ amount, userAddress, from, to })
 * const balances = apiClient(BLOCKCHAIN_API, adapterConfig).getBalances({ address, caipNetworkId })
 * ```
 */
export function apiClient<Client, Endpoint extends ApiEndpoint>(
  api: HostedApi<Client, Endpoint>,
  options: ApiOptions<Endpoint> | undefined = getResolvedOptions(),
): Client {
  if (replacements.has(api)) return replacements.get(api) as Client
  if (!options) throw new Error('Please call createAppKit before using the hosted APIs')
  const baseUrl = options.endpoints[api.endpoint]
  const key = JSON.stringify([baseUrl, options.projectId])
  let made = clients.get(api)
  if (!made) clients.set(api, (made = new Map()))
  if (!made.has(key)) {
    const { projectId } = options
    // The gate asks the blockchain API, wherever the client's own API is.
    const gateUrl = (options.endpoints as Partial<Endpoints>).api ?? baseUrl
    const supportsNetwork = async (caipNetworkId: string) =>
      (await supportedChains({ baseUrl: gateUrl, projectId })).http.includes(caipNetworkId)
    made.set(key, api.create({ baseUrl, projectId, supportsNetwork, cache: createQueryCache() }))
  }
  return made.get(key) as Client
}
