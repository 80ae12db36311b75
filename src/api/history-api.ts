/**
 * Typed client of the blockchain API's history route (SPEC §7, HOSTED-API §4.2 and §5):
 * `GET /v1/account/{address}/history?chainId=…&cursor=…` → `{ data: Transaction[], next }`. LAZY:
 * only the activity feature imports it. The page itself must have the declared shape (otherwise
 * {@link InvalidResponseError}); a malformed transaction inside it is dropped, never the page.
 * Plain `fetch`, so the activity chunk pulls in no HTTP library.
 */
import { SDK_TYPE, SDK_VERSION } from '../core/constants'
import { clock } from '../lib/clock'
import { outsideText } from '../lib/outside-text'
import { isImageUrl, isRecord } from '../lib/validate'
import { InvalidResponseError } from './errors'
import type { HostedApi } from './client'

/** Where a transaction stands (HOSTED-API §5 `metadata.status`). */
export type TransactionStatus = 'confirmed' | 'failed' | 'pending'

/** Which way a transfer moved, seen from the account asked about. */
export type TransferDirection = 'in' | 'out' | 'self'

/**
 * One value moving in a transaction: a fungible token (`fungible_info`) or an NFT (`nft_info`),
 * in the hosted shape, reduced to the fields the widget reads. URLs are http(s) or data images only.
 */
export interface TransactionTransfer {
  direction: TransferDirection
  /** Decimal quantity, e.g. `'0.25'` (`'1'` for an NFT). */
  quantity: { numeric: string }
  fungible_info?: { name?: string; symbol?: string; icon?: { url: string } }
  nft_info?: { name?: string; content?: { preview?: { url: string } }; flags: { is_spam: boolean } }
  /** USD value of the quantity when the API knows the price. */
  value?: number
}

/** A history entry (HOSTED-API §5), reduced to the fields the widget reads. */
export interface Transaction {
  id: string
  metadata: {
    operationType: string
    hash: string
    /** ISO date; checked to parse. */
    minedAt: string
    sentFrom: string
    sentTo: string
    status: TransactionStatus
    nonce?: number
    /** CAIP-2 network id. */
    chain: string
  }
  transfers: TransactionTransfer[]
}

/** One page of history: the valid transactions, the cursor of the next page, and how many were dropped. */
export interface HistoryPage {
  transactions: Transaction[]
  /** Sent back as `cursor` for the next page; undefined on the last page. */
  next: string | undefined
  /** Entries left out because they were malformed. */
  dropped: number
}

/** Where the API is and which project asks. */
export interface HistoryApiConfig {
  baseUrl: string
  projectId: string
  /** Aborts a request that takes longer; default {@link HISTORY_TIMEOUT_MS}. */
  timeoutMs?: number
  /** The fetch to use (tests); default the global one. */
  fetch?: typeof fetch
}

/** What {@link HistoryApi.getHistory} asks for. */
export interface HistoryRequest {
  address: string
  /** CAIP-2 network id, e.g. `eip155:1`. */
  caipNetworkId: string
  cursor?: string | undefined
  signal?: AbortSignal | undefined
}

/** The client. */
export interface HistoryApi {
  /** One page of the account's transactions on a network, newest first. */
  getHistory(request: HistoryRequest): Promise<HistoryPage>
}

/** How long a history request may take before it is abandoned. */
export const HISTORY_TIMEOUT_MS = 10_000

/** The blockchain API's history route, at the `api` endpoint; `apiClient` makes its client. */
export const HISTORY_API: HostedApi<HistoryApi, 'api'> = { endpoint: 'api', create: createHistoryApi }

/**
 * Creates a history API client. A non-OK answer throws `HTTP status code: {status}` (SPEC §7), a
 * body of the wrong shape {@link InvalidResponseError}.
 *
 * @example
 * ```ts
 * const api = createHistoryApi({ baseUrl: 'https://rpc.walletconnect.org', projectId })
 * const { transactions, next } = await api.getHistory({ address, caipNetworkId: 'eip155:1' })
 * ```
 */
export function createHistoryApi(config: HistoryApiConfig): HistoryApi {
  return {
    async getHistory({ address, caipNetworkId, cursor, signal }) {
      const url = new URL(`${config.baseUrl.replace(/\/+$/, '')}/v1/account/${encodeURIComponent(address)}/history`)
      const params = { projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION, chainId: caipNetworkId, cursor }
      for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value)
      const controller = new AbortController()
      const stop = () => controller.abort()
      const timer = clock.setTimeout(stop, config.timeoutMs ?? HISTORY_TIMEOUT_MS)
      signal?.addEventListener('abort', stop)
      try {
        const response = await (config.fetch ?? fetch)(url.toString(), { signal: controller.signal })
        if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
        let body: unknown
        try {
          body = await response.json()
        } catch {
          throw new InvalidResponseError('history', 'not JSON')
        }
        return parseHistoryPage(body)
      } finally {
        clock.clearTimeout(timer)
        signal?.removeEventListener('abort', stop)
      }
    },
  }
}

/**
 * Validates a history page `{ data: Transaction[], next: string | null }`: a wrong shape throws
 * {@link InvalidResponseError}; each malformed transaction is dropped and counted.
 *
 * @example
 * ```ts
 * parseHistoryPage({ data: [{ id: 7 }], next: null }) // { transactions: [], next: undefined, dropped: 1 }
 * ```
 */
export function parseHistoryPage(body: unknown): HistoryPage {
  if (!isRecord(body) || !Array.isArray(body['data']))
    throw new InvalidResponseError('history', 'expected { data: [] }')
  const next = body['next']
  if (next !== undefined && next !== null && typeof next !== 'string')
    throw new InvalidResponseError('history', 'next is not a string')
  const items: unknown[] = body['data']
  const transactions = items.flatMap((item) => parseTransaction(item) ?? [])
  return { transactions, next: next || undefined, dropped: items.length - transactions.length }
}

const STATUSES: readonly string[] = ['confirmed', 'failed', 'pending']
const DIRECTIONS: readonly string[] = ['in', 'out', 'self']
const NUMERIC = /^\d*\.?\d+(e[-+]?\d+)?$/i

const optionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string'

/**
 * A history entry checked field by field and copied into the reduced shape (unknown fields and
 * unsafe URLs left out), or `undefined` when it is malformed. Also validates cached entries, which
 * are stored in this same shape.
 * @internal
 */
export function parseTransaction(item: unknown): Transaction | undefined {
  if (!isRecord(item) || !isRecord(item['metadata']) || typeof item['id'] !== 'string' || item['id'] === '') return
  const meta = item['metadata']
  const { operationType, hash, minedAt, sentFrom, sentTo, status, nonce, chain } = meta
  if (
    typeof operationType !== 'string' ||
    typeof hash !== 'string' ||
    typeof minedAt !== 'string' ||
    !Number.isFinite(Date.parse(minedAt)) ||
    typeof sentFrom !== 'string' ||
    typeof sentTo !== 'string' ||
    typeof status !== 'string' ||
    !STATUSES.includes(status) ||
    !(nonce === undefined || nonce === null || (typeof nonce === 'number' && Number.isFinite(nonce))) ||
    typeof chain !== 'string' ||
    !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chain)
  )
    return
  const rawTransfers = item['transfers'] ?? []
  if (!Array.isArray(rawTransfers)) return
  const transfers: TransactionTransfer[] = []
  for (const raw of rawTransfers) {
    const transfer = parseTransfer(raw)
    // One unreadable transfer would misstate the whole transaction: leave the transaction out.
    if (!transfer) return
    transfers.push(transfer)
  }
  return {
    id: item['id'],
    metadata: {
      operationType,
      hash,
      minedAt,
      sentFrom,
      sentTo,
      status: status as TransactionStatus,
      ...(typeof nonce === 'number' ? { nonce } : {}),
      chain,
    },
    transfers,
  }
}

function parseTransfer(raw: unknown): TransactionTransfer | undefined {
  if (!isRecord(raw) || !isRecord(raw['quantity'])) return
  const { direction, value } = raw
  const numeric = raw['quantity']['numeric']
  if (typeof direction !== 'string' || !DIRECTIONS.includes(direction)) return
  if (typeof numeric !== 'string' || !NUMERIC.test(numeric)) return
  if (!(value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value)))) return
  const transfer: TransactionTransfer = { direction: direction as TransferDirection, quantity: { numeric } }
  if (typeof value === 'number') transfer.value = value
  const fungible = raw['fungible_info']
  const nft = raw['nft_info']
  if (isRecord(fungible)) {
    const { name, symbol } = fungible
    if (!optionalString(name) || !optionalString(symbol)) return
    const icon = isRecord(fungible['icon']) ? fungible['icon']['url'] : undefined
    const shownName = name && outsideText(name)
    const shownSymbol = symbol && outsideText(symbol, 16)
    transfer.fungible_info = {
      ...(shownName ? { name: shownName } : {}),
      ...(shownSymbol ? { symbol: shownSymbol } : {}),
      ...(isImageUrl(icon) ? { icon: { url: icon } } : {}),
    }
  } else if (fungible !== undefined && fungible !== null) return
  if (isRecord(nft)) {
    const { name, flags, content } = nft
    if (!optionalString(name) || !isRecord(flags) || typeof flags['is_spam'] !== 'boolean') return
    const preview = isRecord(content) && isRecord(content['preview']) ? content['preview']['url'] : undefined
    const shownName = name && outsideText(name)
    transfer.nft_info = {
      ...(shownName ? { name: shownName } : {}),
      ...(isImageUrl(preview) ? { content: { preview: { url: preview } } } : {}),
      flags: { is_spam: flags['is_spam'] },
    }
  } else if (nft !== undefined && nft !== null) return
  return transfer
}
