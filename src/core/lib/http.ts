/**
 * HTTP client for the hosted APIs (SPEC §7 "Generic HTTP client"), on ofetch. LAZY: only reached
 * through `import()` (remote config, events), so ofetch is not in the page-load bundle.
 */
import { ofetch } from 'ofetch'
import { sleep as clockSleep } from '../../lib/clock'
import { QUERY_RETRY } from '../constants'

/** Query parameter values; `undefined`, `null` and `''` are left out of the URL. */
export type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined | null>

/** One request. */
export interface HttpRequest {
  /** Path appended to the base URL, e.g. `/getWallets`. */
  path: string
  params?: QueryParams
  /** JSON body (POST/PUT/DELETE). */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Bypass HTTP caches (e.g. on-ramp history). */
  noCache?: boolean
}

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  baseUrl: string
  /** Appended to every request as `clientId` when set. */
  clientId?: string
  headers?: Record<string, string>
  /** Aborts requests that take longer (ms). */
  timeoutMs?: number
}

/** A client bound to one base URL. */
export interface HttpClient {
  get<T = unknown>(request: HttpRequest): Promise<T>
  post<T = unknown>(request: HttpRequest): Promise<T>
  put<T = unknown>(request: HttpRequest): Promise<T>
  delete<T = unknown>(request: HttpRequest): Promise<T>
  getBlob(request: HttpRequest): Promise<Blob>
  /** The full URL a request would go to. */
  url(request: Pick<HttpRequest, 'path' | 'params'>): string
}

/**
 * Builds `baseUrl + path + query`, dropping empty parameters and appending `clientId`.
 *
 * @internal
 * @example
 * ```ts
 * buildUrl('https://api.example', '/getWallets', { page: 1, search: '' }, 'c1')
 * // 'https://api.example/getWallets?page=1&clientId=c1'
 * ```
 */
export function buildUrl(baseUrl: string, path: string, params: QueryParams = {}, clientId?: string): string {
  const base = baseUrl.replace(/\/+$/, '')
  const suffix = path === '' ? '' : `/${path.replace(/^\/+/, '')}`
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) {
      if (value.length > 0) query.append(key, value.join(','))
    } else query.append(key, String(value))
  }
  if (clientId) query.append('clientId', clientId)
  const search = query.toString()
  return `${base}${suffix}${search ? `?${search}` : ''}`
}

/**
 * Creates a client. Non-OK responses throw `Error('HTTP status code: {status}')`; the client never
 * retries by itself (use {@link withQueryRetry} where a retry is wanted).
 *
 * @example
 * ```ts
 * const api = createHttpClient({ baseUrl: 'https://api.web3modal.org' })
 * const { data } = await api.get<{ data: WalletListing[] }>({ path: '/getWallets', params: { page: 1 } })
 * ```
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const url = (request: Pick<HttpRequest, 'path' | 'params'>) =>
    buildUrl(options.baseUrl, request.path, request.params, options.clientId)

  async function send(method: string, request: HttpRequest, responseType: 'json' | 'blob'): Promise<unknown> {
    const headers: Record<string, string> = { ...options.headers, ...request.headers }
    const response = await ofetch.raw(url(request), {
      method,
      headers,
      body: request.body as Record<string, unknown> | undefined,
      signal: request.signal,
      cache: request.noCache ? 'no-cache' : undefined,
      responseType,
      timeout: options.timeoutMs,
      retry: 0,
      // Status handling is ours, so the error text is the one the spec gives.
      ignoreResponseError: true,
    })
    if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
    return response._data
  }

  return {
    url,
    get: (request) => send('GET', request, 'json') as never,
    post: (request) => send('POST', request, 'json') as never,
    put: (request) => send('PUT', request, 'json') as never,
    delete: (request) => send('DELETE', request, 'json') as never,
    getBlob: (request) => send('GET', request, 'blob') as Promise<Blob>,
  }
}

/** Options of {@link withQueryRetry}. */
export interface QueryRetryOptions {
  attempts?: number
  baseDelayMs?: number
  maxDelayMs?: number
  /** How to wait between attempts; defaults to the core clock. */
  sleep?: (ms: number) => Promise<void>
  /** Return false to stop retrying on this error (e.g. an abort). */
  shouldRetry?: (error: unknown) => boolean
}

/**
 * Runs a query with the SPEC §9 retry policy: 3 attempts, waiting 1 s then 2 s (doubling, capped at
 * 30 s). The last error is rethrown.
 *
 * @example
 * ```ts
 * const config = await withQueryRetry(() => api.get({ path: '/appkit/v1/config' }))
 * ```
 */
export async function withQueryRetry<T>(query: () => Promise<T>, options: QueryRetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? QUERY_RETRY.attempts
  const baseDelayMs = options.baseDelayMs ?? QUERY_RETRY.baseDelayMs
  const maxDelayMs = options.maxDelayMs ?? QUERY_RETRY.maxDelayMs
  const wait = options.sleep ?? clockSleep
  let lastError: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await query()
    } catch (error) {
      lastError = error
      const isLast = attempt === attempts - 1
      if (isLast || (options.shouldRetry && !options.shouldRetry(error))) break
      await wait(Math.min(baseDelayMs * 2 ** attempt, maxDelayMs))
    }
  }
  throw lastError
}
