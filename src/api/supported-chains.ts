/**
 * The blockchain API's gate (SPEC §7, HOSTED-API §4.1): `GET /v1/supported-chains` answers the
 * networks the API serves (`http`, `ws`); a gated call on a network outside `http` is not made
 * and gives its empty result. The list is asked for lazily, by the first gated call (never at page
 * load), once per API host and project, and kept while it is non-empty; a failure leaves it empty
 * (every gated call gives its empty result) and the next gated call asks again.
 */
import { SDK_TYPE, SDK_VERSION } from '../core/constants'
import { createHttpClient, type HttpClient } from '../core/lib/http'
import { isRecord, isStringArray } from '../lib/validate'
import { InvalidResponseError } from './errors'

/** The networks the API serves, as CAIP-2 ids. */
export interface SupportedChains {
  http: string[]
  ws: string[]
}

/** How long the supported-chains request may take before the gate counts it as failed. */
export const SUPPORTED_CHAINS_TIMEOUT_MS = 10_000

const lists = new Map<string, { list?: SupportedChains; asking?: Promise<SupportedChains> }>()

/**
 * Validates `{ http: string[], ws: string[] }` (`ws` may be absent).
 * @internal
 */
export function parseSupportedChains(body: unknown): SupportedChains {
  if (!isRecord(body) || !isStringArray(body['http']))
    throw new InvalidResponseError('supported-chains', 'expected { http: [], ws: [] }')
  return { http: [...body['http']], ws: isStringArray(body['ws']) ? [...body['ws']] : [] }
}

/**
 * The API's supported networks at `baseUrl`, asked once (see the module comment). Never rejects:
 * a failure is an empty list.
 *
 * @example
 * ```ts
 * const { http } = await supportedChains({ baseUrl: 'https://rpc.walletconnect.org', projectId })
 * ```
 */
export async function supportedChains(config: {
  baseUrl: string
  projectId: string
  /** The HTTP client to use (tests); default one on `baseUrl`. */
  http?: HttpClient
}): Promise<SupportedChains> {
  const key = JSON.stringify([config.baseUrl, config.projectId])
  let entry = lists.get(key)
  if (!entry) lists.set(key, (entry = {}))
  if (entry.list) return entry.list
  const current = entry
  const http = config.http ?? createHttpClient({ baseUrl: config.baseUrl, timeoutMs: SUPPORTED_CHAINS_TIMEOUT_MS })
  current.asking ??= http
    .get({ path: '/v1/supported-chains', params: { projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION } })
    .then((body) => {
      const list = parseSupportedChains(body)
      if (list.http.length > 0) current.list = list
      return list
    })
    .catch((error: unknown) => {
      console.warn('[SigKit] the supported networks of the blockchain API are unknown', error)
      return { http: [], ws: [] }
    })
    .finally(() => {
      current.asking = undefined
    })
  return current.asking
}

/**
 * Forgets every list (tests: the one reset of all state).
 * @internal
 */
export function clearSupportedChains(): void {
  lists.clear()
}
