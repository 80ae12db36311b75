/**
 * Typed client for the blockchain data API (SPEC §7): account balances and identity. Every reply
 * is validated; a body of the wrong shape throws {@link InvalidResponseError}, a bad item is dropped.
 */
import { SDK_TYPE, SDK_VERSION } from '../core/constants'
import { createHttpClient, type HttpClient, type QueryParams } from '../core/lib/http'
import type { Identity } from '../core/state/adapters'
import type { TokenBalance } from '../core/types'
import { isPlainName, outsideText } from '../lib/outside-text'
import { isImageUrl, isRecord } from '../lib/validate'
import { InvalidResponseError } from './errors'
import type { HostedApi } from './client'

/** Where the API is and which project asks. */
export interface BlockchainApiConfig {
  baseUrl: string
  projectId: string
}

/** The client. */
export interface BlockchainApi {
  /** Native and token balances of an address on a network, with prices and icons. */
  getBalances(parameters: { address: string; caipNetworkId: string; forceUpdate?: boolean }): Promise<TokenBalance[]>
  /** Name and avatar of an address. */
  getIdentity(parameters: { address: string; sender?: string }): Promise<Identity>
}

/** The blockchain API (balances, identity) at the `api` endpoint; `apiClient` makes its client. */
export const BLOCKCHAIN_API: HostedApi<BlockchainApi, 'api'> = { endpoint: 'api', create: createBlockchainApi }

/**
 * Creates a blockchain API client.
 *
 * @example
 * ```ts
 * const api = createBlockchainApi({ baseUrl: 'https://rpc.walletconnect.org', projectId })
 * const balances = await api.getBalances({ address, caipNetworkId: 'eip155:1' })
 * ```
 */
export function createBlockchainApi(config: BlockchainApiConfig): BlockchainApi {
  const client: HttpClient = createHttpClient({ baseUrl: config.baseUrl })
  const common: QueryParams = { projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION }
  return {
    async getBalances({ address, caipNetworkId, forceUpdate }) {
      const body = await client.get({
        path: `/v1/account/${encodeURIComponent(address)}/balance`,
        params: {
          ...common,
          currency: 'usd',
          chainId: caipNetworkId,
          forceUpdate: forceUpdate ? String(Date.now()) : undefined,
        },
      })
      return parseBalances(body)
    },
    async getIdentity({ address, sender }) {
      const body = await client.get({
        path: `/v1/identity/${encodeURIComponent(address)}`,
        params: { ...common, sender },
      })
      if (!isRecord(body)) throw new InvalidResponseError('identity', 'not an object')
      const name = body['name']
      const avatar = body['avatar']
      return {
        name: isPlainName(name, NAME_LENGTH) ? name : undefined,
        avatar: isImageUrl(avatar) ? avatar : undefined,
      }
    },
  }
}

/**
 * Validates a balance reply `{ balances: TokenBalance[] }`: a wrong shape throws, items missing a
 * field are dropped (a list where no item is valid counts as a wrong shape).
 * @internal
 */
export function parseBalances(body: unknown): TokenBalance[] {
  if (!isRecord(body) || !Array.isArray(body['balances']))
    throw new InvalidResponseError('balance', 'expected { balances: [] }')
  const items: unknown[] = body['balances']
  const balances = items.flatMap((item): TokenBalance[] => {
    const balance = isTokenBalance(item) ? normalize(item) : undefined
    return balance?.symbol ? [balance] : []
  })
  // Lines but not one usable: the reply has the wrong shape, not an empty portfolio.
  if (items.length > 0 && balances.length === 0) throw new InvalidResponseError('balance', 'no valid balance line')
  return balances
}

function isTokenBalance(item: unknown): item is TokenBalance {
  if (!isRecord(item)) return false
  const quantity = item['quantity']
  return (
    typeof item['name'] === 'string' &&
    typeof item['symbol'] === 'string' &&
    item['symbol'] !== '' &&
    typeof item['chainId'] === 'string' &&
    (item['address'] === undefined || item['address'] === null || typeof item['address'] === 'string') &&
    (item['value'] === undefined || isFiniteNumber(item['value'])) &&
    isFiniteNumber(item['price']) &&
    isRecord(quantity) &&
    /^\d+$/.test(String(quantity['decimals'])) &&
    /^\d*\.?\d+$/.test(String(quantity['numeric'])) &&
    (item['iconUrl'] === undefined || typeof item['iconUrl'] === 'string')
  )
}

function normalize(item: TokenBalance): TokenBalance {
  const { address, value } = item
  return {
    name: outsideText(item.name, NAME_LENGTH),
    symbol: outsideText(item.symbol, SYMBOL_LENGTH),
    chainId: item.chainId,
    ...(typeof address === 'string' && address !== '' ? { address } : {}),
    ...(value !== undefined ? { value } : {}),
    price: item.price,
    quantity: { decimals: String(item.quantity.decimals), numeric: String(item.quantity.numeric) },
    iconUrl: isImageUrl(item.iconUrl) ? item.iconUrl : '',
  }
}

/** The longest account or token name shown; a token symbol is shorter. */
const NAME_LENGTH = 64
const SYMBOL_LENGTH = 16

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}
