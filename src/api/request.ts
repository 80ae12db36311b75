/**
 * One JSON request to a hosted API, as the clients that call `fetch` themselves make it: the URL
 * with its query (empty values left out), a POSTed JSON body when there is one, a timeout, the
 * caller's abort, and the answer's body parsed. What a failure means (its error type, its text) is
 * each client's own.
 */
import { clock } from '../lib/clock'

/** The API a client talks to: where, how long to wait, and (in tests) its own `fetch`. */
export interface JsonServer {
  /** The API's base URL (a trailing slash is fine). */
  baseUrl: string
  timeoutMs: number
  fetch?: typeof fetch | undefined
}

/** One call: its path and query, and a body to POST as JSON (GET without one). */
export interface JsonCall {
  path: string
  params?: Record<string, string | undefined> | undefined
  body?: unknown
  signal?: AbortSignal | undefined
}

/** The answer: the response, its body (undefined when empty) and whether it was JSON. */
export interface JsonAnswer {
  response: Response
  body: unknown
  parsed: boolean
}

/** The request was abandoned after its timeout (whichever step it was at). */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError'
  constructor(timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`)
  }
}

/**
 * Sends one request and reads its answer. Throws {@link RequestTimeoutError} after the timeout, the
 * caller's abort reason when it aborts, and `fetch`'s error when there is no answer.
 *
 * @example
 * ```ts
 * const server = { baseUrl: 'https://rpc.walletconnect.org', timeoutMs: 10_000 }
 * const { response, body } = await requestJson(server, { path: '/v1/convert/tokens', params: { projectId } })
 * ```
 */
export async function requestJson(server: JsonServer, request: JsonCall): Promise<JsonAnswer> {
  // Aborted before it started (the caller gave up while the call was still being prepared).
  request.signal?.throwIfAborted()
  const url = new URL(server.baseUrl.replace(/\/+$/, '') + request.path)
  for (const [key, value] of Object.entries(request.params ?? {})) if (value) url.searchParams.set(key, value)
  const controller = new AbortController()
  let timedOut = false
  const timer = clock.setTimeout(() => {
    timedOut = true
    controller.abort()
  }, server.timeoutMs)
  const stop = () => controller.abort()
  request.signal?.addEventListener('abort', stop)
  const post = request.body !== undefined
  try {
    const response = await (server.fetch ?? fetch)(url.toString(), {
      method: post ? 'POST' : 'GET',
      headers: post ? { 'content-type': 'application/json' } : {},
      ...(post ? { body: JSON.stringify(request.body) } : {}),
      signal: controller.signal,
    })
    const text = await response.text()
    let body: unknown
    let parsed = true
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      parsed = false
    }
    return { response, body, parsed }
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(server.timeoutMs)
    if (request.signal?.aborted) throw request.signal.reason ?? error
    throw error
  } finally {
    clock.clearTimeout(timer)
    request.signal?.removeEventListener('abort', stop)
  }
}
