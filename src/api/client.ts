/**
 * The one place the hosted APIs' clients are made, with one cache policy: a client per API, base
 * URL and project id, kept for the page's lifetime. Asking again with the same options gives the
 * same client; options that point the API elsewhere or name another project get their own. Each
 * API module describes itself (`WALLET_API`, `BLOCKCHAIN_API`, …): the endpoint option it lives at
 * and how its client is made, so this module imports none of them and a lazy chunk brings only
 * the client it uses.
 */
import { getResolvedOptions } from '../core/config/appkit-state'
import type { Endpoints } from '../core/types'

/** The endpoint options a hosted API can live at. */
export type ApiEndpoint = keyof Pick<Endpoints, 'api' | 'walletApi'>

/** What every hosted API client is made from: where the API is and which project asks. */
export interface ApiClientConfig {
  baseUrl: string
  projectId: string
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
  if (!made.has(key)) made.set(key, api.create({ baseUrl, projectId: options.projectId }))
  return made.get(key) as Client
}
