/**
 * Typed client of the blockchain API's on-ramp routes (SPEC §7, HOSTED-API §4.2, §6.2, §6.3):
 * `GET /v1/onramp/options`, `POST /v1/onramp/quote`, `POST /v1/generators/onrampurl`, and the
 * provider's purchases (the history route with `onramp`, fetched with no-cache). Every answer is
 * checked before it is used: a wrong shape throws {@link InvalidResponseError}. Options, quote and
 * URL generator are gated on the network the visitor buys on (HOSTED-API §4.2): on a network the
 * API does not serve no request is made, and the call gives its empty result (no currencies, no
 * quote: `null`, no URL: `''`). The options are kept by the factory's query cache (5 min). LAZY:
 * reached only from the on-ramp feature.
 */
import { createHttpClient, type HttpClient } from '../core/lib/http'
import { webLink } from '../lib/links'
import { outsideText } from '../lib/outside-text'
import { isRecord } from '../lib/validate'
import { SDK_TYPE, SDK_VERSION } from '../core/constants'
import { InvalidResponseError } from './errors'
import { parseHistoryPage, type Transaction } from './history-api'
import type { ApiClientConfig, HostedApi } from './client'

/** A network a purchase currency is sold on. */
export interface PurchaseNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

/** A token the provider sells (SPEC §3 "Purchase currency"). */
export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: PurchaseNetwork[]
}

/** A payment method's limits, decimal strings such as '10.00'. */
export interface PaymentMethodLimit {
  id: string
  min: string
  max: string
}

/** A currency the visitor pays with (SPEC §3 "Payment currency"). */
export interface PaymentCurrency {
  id: string
  payment_method_limits: PaymentMethodLimit[]
}

/** What `/v1/onramp/options` answers. */
export interface OnrampOptions {
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrencies: PaymentCurrency[]
}

/** An amount and its currency. */
export interface OnrampAmount {
  amount: string
  currency: string
}

/** A quote (HOSTED-API §6.3); `fees` is the provider's fee when the API names it. */
export interface OnrampQuote {
  paymentTotal: OnrampAmount
  paymentSubtotal: OnrampAmount
  purchaseAmount: OnrampAmount
  networkFee: OnrampAmount
  fees?: OnrampAmount
  quoteId: string
}

/** What {@link OnrampApi.generateUrl} posts (HOSTED-API §4.2). */
export interface OnrampUrlRequest {
  destinationWallets: { address: string; blockchains: string[]; assets: string[] }[]
  defaultNetwork?: string
  partnerUserId: string
  presetCryptoAmount?: number
  presetFiatAmount?: number
}

/** The client. */
export interface OnrampApi {
  /** The currencies; on a network the API does not serve, both lists are empty. */
  getOptions(caipNetworkId?: string): Promise<OnrampOptions>
  /** A quote; `null` on a network the API does not serve. */
  getQuote(
    request: { purchaseCurrency: PurchaseCurrency; paymentCurrency: PaymentCurrency; amount: string },
    caipNetworkId?: string,
  ): Promise<OnrampQuote | null>
  /** The provider URL; `''` on a network the API does not serve. */
  generateUrl(request: OnrampUrlRequest, caipNetworkId?: string): Promise<string>
  /** The provider's purchases for the address on a network, newest first; never from a cache. */
  getPurchases(request: { address: string; caipNetworkId: string; provider: string }): Promise<Transaction[]>
}

/** Where the API is, which project asks, the factory's gate and cache. */
export interface OnrampApiConfig extends ApiClientConfig {
  /** The HTTP client to use (tests); default one on `baseUrl`. */
  http?: HttpClient
}

/** How long an on-ramp request may take before it is abandoned. */
export const ONRAMP_TIMEOUT_MS = 10_000

const DECIMAL = /^\d+(\.\d+)?$/

/** The blockchain API's on-ramp routes, at the `api` endpoint; `apiClient` makes its client. */
export const ONRAMP_API: HostedApi<OnrampApi, 'api'> = { endpoint: 'api', create: createOnrampApi }

/**
 * Creates an on-ramp API client. A non-OK answer throws `HTTP status code: {status}` (SPEC §7).
 *
 * @example
 * ```ts
 * const api = createOnrampApi({ baseUrl: 'https://rpc.walletconnect.org', projectId })
 * const { purchaseCurrencies } = await api.getOptions()
 * ```
 */
export function createOnrampApi(config: OnrampApiConfig): OnrampApi {
  const http = config.http ?? createHttpClient({ baseUrl: config.baseUrl, timeoutMs: ONRAMP_TIMEOUT_MS })
  const params = { projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION }
  /** The gate; no network given: nothing to gate on. */
  const served = async (caipNetworkId: string | undefined) =>
    caipNetworkId === undefined || !config.supportsNetwork ? true : config.supportsNetwork(caipNetworkId)
  return {
    async getOptions(caipNetworkId) {
      if (!(await served(caipNetworkId))) return { purchaseCurrencies: [], paymentCurrencies: [] }
      const load = async () => parseOptions(await http.get({ path: '/v1/onramp/options', params }))
      return config.cache ? config.cache.get('onramp/options', load) : load()
    },
    async getQuote({ purchaseCurrency, paymentCurrency, amount }, caipNetworkId) {
      if (!(await served(caipNetworkId))) return null
      const body = { purchaseCurrency, paymentCurrency, amount: amount || '0', network: purchaseCurrency.symbol }
      return parseQuote(await http.post({ path: '/v1/onramp/quote', params, body }))
    },
    async generateUrl(request, caipNetworkId) {
      if (!(await served(caipNetworkId))) return ''
      const answer = await http.post({
        path: '/v1/generators/onrampurl',
        params,
        body: { ...request, defaultExperience: 'buy' },
      })
      const url = isRecord(answer) ? webLink(answer['url']) : undefined
      if (!url) throw new InvalidResponseError('onrampurl', 'expected { url }')
      return url
    },
    async getPurchases({ address, caipNetworkId, provider }) {
      const answer = await http.get({
        path: `/v1/account/${encodeURIComponent(address)}/history`,
        params: { ...params, chainId: caipNetworkId, onramp: provider },
        noCache: true,
      })
      return parseHistoryPage(answer).transactions
    },
  }
}

const isString = (value: unknown): value is string => typeof value === 'string'

function parseNetwork(value: unknown): PurchaseNetwork | undefined {
  if (!isRecord(value)) return
  const { name, display_name, chain_id, contract_address } = value
  if (!isString(name) || !isString(display_name) || !isString(chain_id) || !isString(contract_address)) return
  return { name, display_name: outsideText(display_name), chain_id, contract_address }
}

function parseLimit(value: unknown): PaymentMethodLimit | undefined {
  if (!isRecord(value)) return
  const { id, min, max } = value
  if (!isString(id) || !isString(min) || !isString(max) || !DECIMAL.test(min) || !DECIMAL.test(max)) return
  if (Number(min) > Number(max)) return
  return { id, min, max }
}

/**
 * Validates the options answer: both lists must be arrays; entries that are malformed are left
 * out, and an answer with nothing usable left throws (so the built-in list is used instead).
 * @internal
 */
export function parseOptions(body: unknown): OnrampOptions {
  if (!isRecord(body) || !Array.isArray(body['purchaseCurrencies']) || !Array.isArray(body['paymentCurrencies']))
    throw new InvalidResponseError('onramp/options', 'expected { purchaseCurrencies: [], paymentCurrencies: [] }')
  const purchaseCurrencies = body['purchaseCurrencies'].flatMap((item: unknown) => {
    if (!isRecord(item) || !isString(item['id']) || !isString(item['name']) || !isString(item['symbol'])) return []
    const symbol = outsideText(item['symbol'], 16)
    if (!Array.isArray(item['networks']) || symbol === '') return []
    const networks = item['networks'].flatMap((network: unknown) => parseNetwork(network) ?? [])
    return [{ id: item['id'], name: outsideText(item['name']), symbol, networks }]
  })
  const paymentCurrencies = body['paymentCurrencies'].flatMap((item: unknown) => {
    if (!isRecord(item) || !isString(item['id']) || !Array.isArray(item['payment_method_limits'])) return []
    const limits = item['payment_method_limits'].flatMap((limit: unknown) => parseLimit(limit) ?? [])
    return [{ id: item['id'], payment_method_limits: limits }]
  })
  if (purchaseCurrencies.length === 0 || paymentCurrencies.length === 0)
    throw new InvalidResponseError('onramp/options', 'no usable currency')
  return { purchaseCurrencies, paymentCurrencies }
}

function parseAmount(value: unknown): OnrampAmount | undefined {
  if (!isRecord(value) || !isString(value['amount']) || !isString(value['currency'])) return
  if (!/^-?\d+(\.\d+)?$/.test(value['amount'])) return
  return { amount: value['amount'], currency: value['currency'] }
}

/**
 * Validates a quote: the four amounts (`fees` optional) and the quote id.
 * @internal
 */
export function parseQuote(body: unknown): OnrampQuote {
  if (!isRecord(body)) throw new InvalidResponseError('onramp/quote', 'expected an object')
  const paymentTotal = parseAmount(body['paymentTotal'])
  const paymentSubtotal = parseAmount(body['paymentSubtotal'])
  const purchaseAmount = parseAmount(body['purchaseAmount'])
  const networkFee = parseAmount(body['networkFee'])
  const fees = body['fees'] === undefined ? undefined : parseAmount(body['fees'])
  if (!paymentTotal || !paymentSubtotal || !purchaseAmount || !networkFee || (body['fees'] !== undefined && !fees))
    throw new InvalidResponseError('onramp/quote', 'missing or malformed amounts')
  if (!isString(body['quoteId'])) throw new InvalidResponseError('onramp/quote', 'quoteId is not a string')
  return {
    paymentTotal,
    paymentSubtotal,
    purchaseAmount,
    networkFee,
    ...(fees ? { fees } : {}),
    quoteId: body['quoteId'],
  }
}
