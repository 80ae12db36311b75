/**
 * Typed client of the blockchain API's smart-session routes (SPEC §7, HOSTED-API §4.2):
 * `GET /v1/sessions/{id}` lists the account's sessions, `POST /v1/sessions/{id}/revoke` (body
 * `pci`, `signature`) revokes one; `{id}` is the account's CAIP-10 address. The signature is the
 * account's signature of the session's `pci` ({@link revokeMessage}), as AppKit signs it. Both
 * calls carry `projectId`, `st` and `sv`, and are gated on the account's network: where the API
 * does not serve it, no request is made, the list is empty and a revocation gives
 * `{ success: false }`. Every answer is validated; a failure throws {@link SmartSessionsError}.
 * LAZY: only the smart-sessions feature imports it. Plain `fetch`, no HTTP library.
 */
import { SDK_TYPE, SDK_VERSION } from '../core/constants'
import { isRecord } from '../lib/validate'
import type { ApiClientConfig, HostedApi } from './client'
import { InvalidResponseError } from './errors'
import { requestJson, type JsonAnswer } from './request'

/** One permission a session grants. */
export interface SmartSessionPermission {
  type: string
  data: string
}

/** A smart session: a permission the account granted a dapp, until `expiry`. */
export interface SmartSession {
  /** The session's id (permission controller identifier). */
  pci: string
  /** The dapp it was granted to. */
  project: { id: string; name: string; url?: string }
  /** When it was granted, ms since the epoch. */
  createdAt: number
  /** When it ends, ms since the epoch (the API sends Unix seconds). */
  expiry: number
  permissions: SmartSessionPermission[]
}

/** What a revocation answers. */
export interface RevokeResult {
  success: boolean
}

/** Where the API is, which project asks, the factory's gate; and (tests) the fetch and timeout. */
export interface SmartSessionsApiConfig extends ApiClientConfig {
  timeoutMs?: number
  fetch?: typeof fetch
}

/** The client. */
export interface SmartSessionsApi {
  /** The account's sessions (`caipAddress`: CAIP-10), oldest first. */
  getSessions(caipAddress: string, signal?: AbortSignal): Promise<SmartSession[]>
  /** Revokes a session with the account's signature of {@link revokeMessage}. */
  revoke(request: { caipAddress: string; pci: string; signature: string }): Promise<RevokeResult>
}

/** How long a smart-session request may take before it is abandoned. */
export const SMART_SESSIONS_TIMEOUT_MS = 10_000

/** What a failed call says when the service gives no reason. */
export const SMART_SESSIONS_ERRORS = Object.freeze({
  list: 'Error fetching smart sessions',
  revoke: 'Error revoking smart session',
})

/**
 * A smart-session call failed: `message` is the service's first `reasons[].description` when it
 * gave one, otherwise the call's fallback ({@link SMART_SESSIONS_ERRORS}); `status` the HTTP
 * status (0: no answer, or one that could not be used).
 */
export class SmartSessionsError extends Error {
  readonly status: number
  constructor(message: string, status = 0, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'SmartSessionsError'
    this.status = status
  }
}

const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

/**
 * What the account signs to revoke a session: its `pci`, as AppKit signs it (the service checks
 * the signature against the pci of the request).
 *
 * @example
 * ```ts
 * const signature = await signMessage(revokeMessage(session))
 * ```
 */
export function revokeMessage(session: Pick<SmartSession, 'pci'>): string {
  return session.pci
}

/** The smart-session routes, at the `api` endpoint; `apiClient` makes its client. */
export const SMART_SESSIONS_API: HostedApi<SmartSessionsApi, 'api'> = {
  endpoint: 'api',
  create: createSmartSessionsApi,
}

/**
 * Creates a smart-sessions client.
 *
 * @example
 * ```ts
 * const api = createSmartSessionsApi({ baseUrl: 'https://rpc.walletconnect.org', projectId })
 * const sessions = await api.getSessions('eip155:1:0xabc…')
 * ```
 */
export function createSmartSessionsApi(config: SmartSessionsApiConfig): SmartSessionsApi {
  const params = { projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION }
  const server = {
    baseUrl: config.baseUrl,
    timeoutMs: config.timeoutMs ?? SMART_SESSIONS_TIMEOUT_MS,
    fetch: config.fetch,
  }
  const served = async (caipAddress: string) =>
    config.supportsNetwork ? config.supportsNetwork(caipAddress.split(':').slice(0, 2).join(':')) : true

  async function call(fallback: string, path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
    let answer: JsonAnswer
    try {
      answer = await requestJson(server, { path, params, body, signal })
    } catch (error) {
      if (signal?.aborted) throw error
      throw new SmartSessionsError(fallback, 0, error)
    }
    const { response, body: answered, parsed } = answer
    if (!response.ok)
      throw new SmartSessionsError(
        firstReason(answered) ?? fallback,
        response.status,
        new Error(`HTTP status code: ${response.status}`),
      )
    if (!parsed || answered === undefined)
      throw new SmartSessionsError(fallback, 0, new InvalidResponseError(path, 'not JSON'))
    return answered
  }

  return {
    async getSessions(caipAddress, signal) {
      if (!CAIP10.test(caipAddress)) throw new TypeError('The account must be a CAIP-10 address')
      if (!(await served(caipAddress))) return []
      const path = `/v1/sessions/${encodeURIComponent(caipAddress)}`
      const body = await call(SMART_SESSIONS_ERRORS.list, path, undefined, signal)
      const sessions = parseSessions(body)
      if (!sessions)
        throw new SmartSessionsError(
          SMART_SESSIONS_ERRORS.list,
          0,
          new InvalidResponseError('sessions', 'expected { pcis: [] }'),
        )
      return sessions
    },
    async revoke({ caipAddress, pci, signature }) {
      if (!CAIP10.test(caipAddress)) throw new TypeError('The account must be a CAIP-10 address')
      if (!(await served(caipAddress))) return { success: false }
      const path = `/v1/sessions/${encodeURIComponent(caipAddress)}/revoke`
      const body = await call(SMART_SESSIONS_ERRORS.revoke, path, { pci, signature })
      if (!isRecord(body) || typeof body['success'] !== 'boolean')
        throw new SmartSessionsError(
          SMART_SESSIONS_ERRORS.revoke,
          0,
          new InvalidResponseError('sessions/revoke', 'expected { success }'),
        )
      return { success: body['success'] }
    },
  }
}

/** The service's first `reasons[].description`, when its answer has one. */
function firstReason(body: unknown): string | undefined {
  const reasons = isRecord(body) ? body['reasons'] : undefined
  const first: unknown = Array.isArray(reasons) ? reasons[0] : undefined
  const description = isRecord(first) ? first['description'] : undefined
  return typeof description === 'string' && description.trim() !== '' ? description : undefined
}

/**
 * Validates `{ pcis: SmartSession[] }`: malformed items are dropped; undefined when the shape is
 * wrong or no listed item is valid. `expiry` (Unix seconds) becomes ms.
 * @internal
 */
export function parseSessions(body: unknown): SmartSession[] | undefined {
  if (!isRecord(body) || !Array.isArray(body['pcis'])) return undefined
  const items: unknown[] = body['pcis']
  const sessions = items.flatMap((item): SmartSession[] => {
    if (!isRecord(item)) return []
    const { pci, project, createdAt, expiry, permissions } = item
    if (typeof pci !== 'string' || pci === '' || !isRecord(project)) return []
    if (typeof project['name'] !== 'string' || typeof project['id'] !== 'string') return []
    if (!Number.isSafeInteger(createdAt) || !Number.isSafeInteger(expiry)) return []
    const url = project['url']
    return [
      {
        pci,
        project: {
          id: project['id'],
          name: project['name'],
          ...(typeof url === 'string' && /^https?:\/\//.test(url) ? { url } : {}),
        },
        createdAt: createdAt as number,
        expiry: (expiry as number) * 1000,
        permissions: (Array.isArray(permissions) ? permissions : []).flatMap((permission: unknown) =>
          isRecord(permission) && typeof permission['type'] === 'string'
            ? [{ type: permission['type'], data: typeof permission['data'] === 'string' ? permission['data'] : '' }]
            : [],
        ),
      },
    ]
  })
  return items.length > 0 && sessions.length === 0 ? undefined : sessions
}
