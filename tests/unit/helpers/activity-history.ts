/**
 * History entries in the hosted shape (HOSTED-API §5) and a history route on a real local HTTP
 * server, paging like the hosted API: `{ data, next }`, newest first, `cursor` sent back.
 */
import { startServer, type TestServer } from './server'

export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const CHAIN = 'eip155:31337'

export interface EntryOptions {
  hash?: string
  /** ISO date or clock time. */
  minedAt?: string | number
  chain?: string
  status?: 'confirmed' | 'failed' | 'pending'
  operationType?: string
  direction?: 'in' | 'out' | 'self'
  symbol?: string
  numeric?: string
  /** An NFT transfer instead of a fungible one. */
  nft?: { name: string; spam?: boolean; preview?: string }
  /** Several transfers (overrides the single one above). */
  transfers?: unknown[]
}

let counter = 0

/** A fungible or NFT transfer in the hosted shape. */
export function transfer(options: EntryOptions = {}): Record<string, unknown> {
  const direction = options.direction ?? 'out'
  if (options.nft)
    return {
      nft_info: {
        name: options.nft.name,
        content: {
          preview: { url: options.nft.preview ?? `https://nft.example/${encodeURIComponent(options.nft.name)}.svg` },
        },
        flags: { is_spam: options.nft.spam ?? false },
      },
      direction,
      quantity: { numeric: '1' },
    }
  const symbol = options.symbol ?? 'ETH'
  return {
    fungible_info: { name: symbol, symbol, icon: { url: `https://icons.example/${symbol}.png` } },
    direction,
    quantity: { numeric: options.numeric ?? '0.01' },
    value: 30,
    price: 3000,
  }
}

/** One history entry. */
export function entry(options: EntryOptions = {}): Record<string, any> {
  const hash = options.hash ?? `0x${(++counter).toString(16).padStart(64, '0')}`
  const chain = options.chain ?? CHAIN
  const direction = options.direction ?? 'out'
  const minedAt = options.minedAt ?? Date.now()
  return {
    id: `${chain}:${hash}`,
    metadata: {
      operationType: options.operationType ?? (direction === 'in' ? 'receive' : 'send'),
      hash,
      minedAt: typeof minedAt === 'number' ? new Date(minedAt).toISOString() : minedAt,
      sentFrom: direction === 'in' ? OTHER.toLowerCase() : ACCOUNT.toLowerCase(),
      sentTo: direction === 'in' ? ACCOUNT.toLowerCase() : OTHER.toLowerCase(),
      status: options.status ?? 'confirmed',
      nonce: counter,
      chain,
    },
    transfers: options.transfers ?? [transfer(options)],
  }
}

/** `count` entries a minute apart, newest first, starting `startAgo` ms ago. */
export function entries(count: number, options: EntryOptions & { startAgo?: number } = {}): Record<string, any>[] {
  const start = Date.now() - (options.startAgo ?? 60_000)
  return Array.from({ length: count }, (_, index) => entry({ ...options, minedAt: start - index * 60_000 }))
}

export interface HistoryServer extends TestServer {
  /** The history per {@link historyKey}, newest first; tests replace it. */
  history: Map<string, Record<string, any>[]>
  /** The next N history requests answer with this status (or body). */
  fail(times: number, status?: number): void
  /** Only the history requests. */
  historyRequests(): TestServer['requests']
  /** Holds every answer until the returned function is called. */
  hold(): () => void
  pageSize: number
}

/** The history route on a local server: pages of `pageSize`, `next` = the offset as a string. */
export async function startHistoryServer(pageSize = 50): Promise<HistoryServer> {
  const history = new Map<string, Record<string, any>[]>()
  let failures: { times: number; status: number } = { times: 0, status: 500 }
  let held: Promise<void> | undefined
  const server = await startServer(async (request, response) => {
    // The views' tests fetch from a happy-dom page, which enforces CORS as a browser does.
    response.setHeader('access-control-allow-origin', '*')
    if (request.method === 'OPTIONS') {
      response.statusCode = 204
      return response.end()
    }
    const match = /^\/v1\/account\/([^/]+)\/history$/.exec(request.path)
    if (!match) {
      response.statusCode = 404
      return response.end('{}')
    }
    if (held) await held
    if (failures.times > 0) {
      failures.times--
      response.statusCode = failures.status
      return response.end('{"error":"injected"}')
    }
    const provider = request.query.get('onramp')
    const key = historyKey(decodeURIComponent(match[1]!), request.query.get('chainId') ?? '', provider ?? undefined)
    const list = history.get(key) ?? []
    const offset = Number(request.query.get('cursor') ?? 0)
    const data = list.slice(offset, offset + result.pageSize)
    const next = offset + result.pageSize < list.length ? String(offset + result.pageSize) : null
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ data, next }))
  })
  const result: HistoryServer = Object.assign(server, {
    history,
    pageSize,
    fail(times: number, status = 500) {
      failures = { times, status }
    },
    historyRequests: () =>
      server.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/history')),
    hold() {
      let release!: () => void
      held = new Promise<void>((resolve) => (release = resolve))
      return () => {
        held = undefined
        release()
      }
    },
  })
  return result
}

/** Key of {@link HistoryServer.history}; with `onramp`, the provider's purchases (the route's `onramp` parameter). */
export const historyKey = (address: string, chain = CHAIN, onramp?: string) =>
  `${address.toLowerCase()}|${chain}${onramp ? `|onramp:${onramp}` : ''}`
