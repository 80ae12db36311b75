/**
 * Typed client of the blockchain API's swap routes (SPEC §7, HOSTED-API §4.2): `/v1/convert/*` and
 * `/v1/fungible/price`. LAZY: only the Swap view imports it. Every reply is validated; a body of
 * the wrong shape throws {@link InvalidResponseError}. Unlike the generic HTTP client it keeps
 * what a failed answer says (the status, `Retry-After`, the first reason of a `FAILED` body), since
 * a swap tells "no route" apart from "busy" (HOSTED-API §4.5). Plain `fetch`, so the swap chunk
 * pulls in no HTTP library. Every call carries `projectId`, `st` and `sv` (SPEC §7; the POST routes
 * too, where AppKit sends only the project id) and is gated (HOSTED-API §4.2): on a network the
 * API does not serve, no request is made and the call gives its empty result (no tokens, no
 * quote, allowance 0, no prices) or, for the gas price and the transactions, the API's
 * `Network not supported for …` error. The token list of a network is kept by the factory's query
 * cache (5 min).
 */
import { SDK_TYPE, SDK_VERSION } from '../core/constants'
import { outsideText } from '../lib/outside-text'
import { isImageUrl, isRecord } from '../lib/validate'
import { InvalidResponseError } from './errors'
import type { ApiClientConfig, HostedApi } from './client'
import { requestJson, RequestTimeoutError, type JsonAnswer } from './request'

/** A token the convert routes can swap (HOSTED-API §4.3 `SwapToken`). */
export interface ConvertToken {
  name: string
  symbol: string
  /** CAIP-10; the native currency is `{caip2}:0xeeee…eeee`. */
  address: string
  decimals: number
  logoUri: string
}

/** The best quote for an amount: both sides in base units. */
export interface ConvertQuote {
  fromAmount: bigint
  toAmount: bigint
}

/** Gas prices in wei, as the convert route gives them. */
export interface ConvertGasPrice {
  standard: bigint
  fast: bigint
  instant: bigint
}

/** A transaction the API built, ready for the wallet. */
export interface ConvertTransaction {
  /** The contract to call, a plain address. */
  to: string
  data: string
  /** Native value in wei (the approval's; 0 for a swap, whose value the caller knows). */
  value: bigint
  gas: bigint | undefined
  gasPrice: bigint | undefined
  /** build-transaction only: what the swap pays at the price it was built at, in base units. */
  amount?: bigint
}

/** Where the API is, which project asks, the factory's gate and cache. */
export interface ConvertApiConfig extends ApiClientConfig {
  /** Aborts a request that takes longer; default {@link CONVERT_TIMEOUT_MS}. */
  timeoutMs?: number
  /** The fetch to use (tests); default the global one. */
  fetch?: typeof fetch
}

/** The client. `signal` lets a caller drop a request whose answer it no longer wants. */
export interface ConvertApi {
  /** Whether the API serves a network (its supported networks, SPEC §7): elsewhere every call is empty. */
  servesNetwork(caipNetworkId: string): Promise<boolean>
  getTokens(caipNetworkId: string, signal?: AbortSignal): Promise<ConvertToken[]>
  getQuote(
    parameters: { amount: bigint; userAddress: string; from: string; to: string; gasPrice?: bigint },
    signal?: AbortSignal,
  ): Promise<ConvertQuote>
  getAllowance(parameters: { tokenAddress: string; userAddress: string }, signal?: AbortSignal): Promise<bigint>
  getGasPrice(caipNetworkId: string, signal?: AbortSignal): Promise<ConvertGasPrice>
  buildApprove(parameters: { userAddress: string; from: string; to: string }): Promise<ConvertTransaction>
  buildTransaction(parameters: {
    amount: bigint
    slippage: number
    from: string
    to: string
    userAddress: string
  }): Promise<ConvertTransaction>
  /** USD prices by lower-case symbol (the API's answer names no address, HOSTED-API §6.1). */
  getPrices(addresses: readonly string[], signal?: AbortSignal): Promise<Map<string, number>>
}

/** How long a convert request may take before it is abandoned. */
export const CONVERT_TIMEOUT_MS = 10_000

/** What a gated transaction call throws on a network the API does not serve (HOSTED-API §4.2). */
export const SWAPS_NOT_SUPPORTED = 'Network not supported for Swaps'
/** The same for the gas price. */
export const GAS_PRICE_NOT_SUPPORTED = 'Network not supported for Gas Price'

/** `eip155:1:0xabc…` or `eip155:1` → `eip155:1`. */
const caip2Of = (id: string) => id.split(':').slice(0, 2).join(':')

/**
 * A convert route answered with an error. `reason` is the API's first `reasons[].description`
 * when its body has one; `retryAfterMs` comes from a 429's `Retry-After`; `timedOut` marks a
 * request abandoned after {@link CONVERT_TIMEOUT_MS}.
 */
export class ConvertApiError extends Error {
  readonly status: number
  readonly reason: string | undefined
  readonly retryAfterMs: number | undefined
  readonly timedOut: boolean
  constructor(
    status: number,
    options: { reason?: string | undefined; retryAfterMs?: number | undefined; timedOut?: boolean } = {},
  ) {
    super(options.timedOut ? 'Request timed out' : `HTTP status code: ${status}`)
    this.name = 'ConvertApiError'
    this.status = status
    this.reason = options.reason
    this.retryAfterMs = options.retryAfterMs
    this.timedOut = options.timedOut ?? false
  }
}

const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const INTEGER = /^\d{1,78}$/

/** The blockchain API's convert (swap) routes, at the `api` endpoint; `apiClient` makes its client. */
export const CONVERT_API: HostedApi<ConvertApi, 'api'> = { endpoint: 'api', create: createConvertApi }

/**
 * Creates a convert API client.
 *
 * @example
 * ```ts
 * const api = createConvertApi({ baseUrl: 'https://rpc.walletconnect.org', projectId })
 * const { toAmount } = await api.getQuote({ amount: 10n ** 17n, userAddress, from, to })
 * ```
 */
export function createConvertApi(config: ConvertApiConfig): ConvertApi {
  const common = { projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION }
  /** The gate: whether the API serves the network of a CAIP-2 or CAIP-10 id. */
  const served = async (id: string) => (config.supportsNetwork ? config.supportsNetwork(caip2Of(id)) : true)
  const refuse = async (id: string, text: string) => {
    if (!(await served(id))) throw new Error(text)
  }
  const server = { baseUrl: config.baseUrl, timeoutMs: config.timeoutMs ?? CONVERT_TIMEOUT_MS, fetch: config.fetch }

  async function request(
    route: string,
    path: string,
    init: { params?: Record<string, string | undefined>; body?: unknown; signal?: AbortSignal | undefined },
  ): Promise<unknown> {
    let answer: JsonAnswer
    try {
      answer = await requestJson(server, { path, ...init })
    } catch (error) {
      if (error instanceof RequestTimeoutError) throw new ConvertApiError(0, { timedOut: true })
      throw error
    }
    const { response, body, parsed } = answer
    if (!parsed && response.ok) throw new InvalidResponseError(route, 'not JSON')
    if (!response.ok) {
      const reasons = isRecord(body) && Array.isArray(body['reasons']) ? body['reasons'] : []
      const first: unknown = reasons[0]
      const reason = isRecord(first) && typeof first['description'] === 'string' ? first['description'] : undefined
      const retryAfter = Number(response.headers.get('retry-after'))
      throw new ConvertApiError(response.status, {
        reason,
        retryAfterMs: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined,
      })
    }
    return body
  }

  return {
    servesNetwork: served,
    async getTokens(caipNetworkId, signal) {
      if (!(await served(caipNetworkId))) return []
      const load = async () =>
        parseTokens(
          await request('convert/tokens', '/v1/convert/tokens', {
            params: { ...common, chainId: caipNetworkId },
            signal,
          }),
        )
      return config.cache ? config.cache.get(`convert/tokens:${caipNetworkId}`, load) : load()
    },
    async getQuote({ amount, userAddress, from, to, gasPrice }, signal) {
      const body = !(await served(from))
        ? { quotes: [] }
        : await request('convert/quotes', '/v1/convert/quotes', {
            params: {
              ...common,
              amount: amount.toString(),
              userAddress,
              from,
              to,
              gasPrice: gasPrice?.toString(),
            },
            signal,
          })
      return parseQuote(body)
    },
    async getAllowance({ tokenAddress, userAddress }, signal) {
      if (!(await served(tokenAddress))) return 0n
      const body = await request('convert/allowance', '/v1/convert/allowance', {
        params: { ...common, tokenAddress, userAddress },
        signal,
      })
      if (!isRecord(body) || !isInteger(body['allowance']))
        throw new InvalidResponseError('convert/allowance', 'expected { allowance }')
      return BigInt(body['allowance'])
    },
    async getGasPrice(caipNetworkId, signal) {
      await refuse(caipNetworkId, GAS_PRICE_NOT_SUPPORTED)
      const body = await request('convert/gas-price', '/v1/convert/gas-price', {
        params: { ...common, chainId: caipNetworkId },
        signal,
      })
      if (!isRecord(body) || !isInteger(body['standard']) || !isInteger(body['fast']) || !isInteger(body['instant']))
        throw new InvalidResponseError('convert/gas-price', 'expected { standard, fast, instant }')
      return { standard: BigInt(body['standard']), fast: BigInt(body['fast']), instant: BigInt(body['instant']) }
    },
    async buildApprove({ userAddress, from, to }) {
      await refuse(from, SWAPS_NOT_SUPPORTED)
      const body = await request('convert/build-approve', '/v1/convert/build-approve', {
        params: { ...common, userAddress, from, to },
      })
      // The approval goes to the token, which the API names as the transaction's `from`
      // (HOSTED-API §6.1 "Approval tx").
      return parseTransaction('convert/build-approve', body, 'from')
    },
    async buildTransaction({ amount, slippage, from, to, userAddress }) {
      await refuse(from, SWAPS_NOT_SUPPORTED)
      const body = await request('convert/build-transaction', '/v1/convert/build-transaction', {
        params: common,
        body: {
          amount: amount.toString(),
          eip155: { slippage },
          projectId: config.projectId,
          from,
          to,
          userAddress,
          disableEstimate: true,
        },
      })
      const transaction = parseTransaction('convert/build-transaction', body, 'to')
      if (transaction.amount === undefined)
        throw new InvalidResponseError('convert/build-transaction', 'expected tx.amount')
      return transaction
    },
    async getPrices(addresses, signal) {
      // Gated on the network of the tokens asked about (HOSTED-API §4.2: the given network).
      const [first] = addresses
      if (first === undefined || !(await served(first))) return new Map()
      const body = await request('fungible/price', '/v1/fungible/price', {
        params: common,
        body: { currency: 'usd', addresses, projectId: config.projectId },
        signal,
      })
      return parsePrices(body)
    },
  }
}

function isInteger(value: unknown): value is string | number {
  return (typeof value === 'string' && INTEGER.test(value)) || (Number.isSafeInteger(value) && (value as number) >= 0)
}

/**
 * Validates `{ tokens: SwapToken[] }`: items missing a field are dropped; a list where none is
 * valid counts as the wrong shape.
 * @internal
 */
export function parseTokens(body: unknown): ConvertToken[] {
  if (!isRecord(body) || !Array.isArray(body['tokens']))
    throw new InvalidResponseError('convert/tokens', 'expected { tokens: [] }')
  const items: unknown[] = body['tokens']
  const tokens = items.flatMap((item): ConvertToken[] => {
    if (!isRecord(item)) return []
    const { name, address, decimals } = item
    const symbol = typeof item['symbol'] === 'string' ? outsideText(item['symbol'], 16) : ''
    if (symbol === '' || typeof address !== 'string' || !CAIP10.test(address)) return []
    if (!Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 36) return []
    return [
      {
        name: (typeof name === 'string' && outsideText(name)) || symbol,
        symbol,
        address,
        decimals: decimals as number,
        logoUri: isImageUrl(item['logoUri']) ? item['logoUri'] : '',
      },
    ]
  })
  if (items.length > 0 && tokens.length === 0) throw new InvalidResponseError('convert/tokens', 'no valid token')
  return tokens
}

/**
 * Validates `{ quotes: [{ fromAmount, toAmount, … }] }` and takes the first quote. An empty list
 * means the API found no route, said as a 400 would say it.
 * @internal
 */
export function parseQuote(body: unknown): ConvertQuote {
  if (!isRecord(body) || !Array.isArray(body['quotes']))
    throw new InvalidResponseError('convert/quotes', 'expected { quotes: [] }')
  const first: unknown = body['quotes'][0]
  if (first === undefined) throw new ConvertApiError(400, { reason: 'insufficient liquidity: no quote' })
  if (!isRecord(first) || !isInteger(first['toAmount']) || !isInteger(first['fromAmount']))
    throw new InvalidResponseError('convert/quotes', 'a quote without fromAmount and toAmount')
  return { fromAmount: BigInt(first['fromAmount']), toAmount: BigInt(first['toAmount']) }
}

/** `eip155:1:0xabc…` or `0xabc…` → `0xabc…`; anything else → undefined. */
function plainAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const address = value.split(':').at(-1) ?? ''
  return EVM_ADDRESS.test(address) ? address : undefined
}

/**
 * Validates `{ tx: { from, to, data, value?, amount?, eip155: { gas, gasPrice } } }`; `target`
 * names the field holding the contract to call.
 * @internal
 */
export function parseTransaction(route: string, body: unknown, target: 'from' | 'to'): ConvertTransaction {
  const tx = isRecord(body) ? body['tx'] : undefined
  if (!isRecord(tx)) throw new InvalidResponseError(route, 'expected { tx }')
  const to = plainAddress(tx[target])
  const data = tx['data']
  if (!to) throw new InvalidResponseError(route, `tx.${target} is not an address`)
  if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(data)) throw new InvalidResponseError(route, 'tx.data')
  const value = tx['value']
  if (value !== undefined && !isInteger(value)) throw new InvalidResponseError(route, 'tx.value')
  const amount = tx['amount']
  if (amount !== undefined && !isInteger(amount)) throw new InvalidResponseError(route, 'tx.amount')
  const eip155 = tx['eip155']
  if (eip155 !== undefined && !isRecord(eip155)) throw new InvalidResponseError(route, 'tx.eip155')
  const gas = eip155?.['gas']
  const gasPrice = eip155?.['gasPrice']
  if ((gas !== undefined && !isInteger(gas)) || (gasPrice !== undefined && !isInteger(gasPrice)))
    throw new InvalidResponseError(route, 'tx.eip155 gas')
  return {
    to,
    data,
    value: value === undefined ? 0n : BigInt(value),
    gas: gas === undefined ? undefined : BigInt(gas),
    gasPrice: gasPrice === undefined ? undefined : BigInt(gasPrice),
    ...(amount === undefined ? {} : { amount: BigInt(amount) }),
  }
}

/**
 * Validates `{ fungibles: [{ symbol, price }] }` into prices by lower-case symbol; items without
 * a symbol or a finite, non-negative price are dropped.
 * @internal
 */
export function parsePrices(body: unknown): Map<string, number> {
  if (!isRecord(body) || !Array.isArray(body['fungibles']))
    throw new InvalidResponseError('fungible/price', 'expected { fungibles: [] }')
  const prices = new Map<string, number>()
  for (const item of body['fungibles'] as unknown[]) {
    if (!isRecord(item) || typeof item['symbol'] !== 'string') continue
    const price = item['price']
    if (typeof price === 'number' && Number.isFinite(price) && price >= 0)
      prices.set(item['symbol'].toLowerCase(), price)
  }
  return prices
}
