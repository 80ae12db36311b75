/**
 * Typed client of the name service (SPEC §7 `/v1/profile/*`, HOSTED-API §4.2 and §6.4): look a
 * name up, list an address's names, suggest names, register one. LAZY: only the names feature
 * imports it. Every answer is validated. Whatever goes wrong, the error is a
 * {@link NameServiceError} whose message is what the visitor is shown (SPEC §8): the service's
 * first `reasons[].description` when its answer has one, otherwise the spec's fallback for the
 * call ({@link NAME_ERROR_FALLBACKS}), also for an answer of the wrong shape. What went wrong underneath is its `cause`. An aborted request
 * rejects with the abort itself, so a caller can drop an answer it no longer wants.
 */
import { SDK_TYPE, SDK_VERSION } from '../core/constants'
import { clock } from '../lib/clock'
import { isPlainName, outsideText } from '../lib/outside-text'
import { isImageUrl, isRecord } from '../lib/validate'
import { InvalidResponseError } from './errors'
import type { HostedApi } from './client'
import { requestJson, type JsonAnswer } from './request'

/** A name and where it points (HOSTED-API §6.4 NameRecord). */
export interface NameRecord {
  /** The full name, `….reown.id` (or legacy `….wcn.id`). */
  name: string
  registered_at: string
  updated_at?: string
  /** Addresses by coin type (a string key); resolving uses the first. */
  addresses: Record<string, { address: string; created: string }>
  attributes: { avatar?: string; bio?: string }[]
}

/** A name the suggestions route offers; `registered` when it is taken. */
export interface NameSuggestion {
  name: string
  registered: boolean
}

/** What a registration posts (HOSTED-API §4.2 POST `/v1/profile/account`). */
export interface NameRegistration {
  coinType: number
  address: string
  /** The signed message, as `registrationMessage` made it: its `name` is the name registered. */
  message: string
  signature: string
}

/** Where the API is and which project asks. */
export interface ProfileApiConfig {
  baseUrl: string
  projectId: string
  /** Abandons a request that takes longer; default {@link PROFILE_TIMEOUT_MS}. */
  timeoutMs?: number
  /** The fetch to use (tests); default the global one. */
  fetch?: typeof fetch
}

/** The client. `signal` lets a caller drop a request whose answer it no longer wants. */
export interface ProfileApi {
  /** The record of a full name. An unknown name is an error (`Error resolving name`). */
  lookupName(name: string, signal?: AbortSignal): Promise<NameRecord>
  /** The names of an address (none: an empty list). `sender`: the active account's address. */
  reverseLookup(address: string, sender?: string, signal?: AbortSignal): Promise<NameRecord[]>
  /** Names like `name` (a base name), in the `reown.id` zone. */
  getSuggestions(name: string, signal?: AbortSignal): Promise<NameSuggestion[]>
  /**
   * Registers the message's name. Resolves with the service's record of it, or when the service
   * only says it succeeded, the record the widget keeps (HOSTED-API §6.4 "On success").
   */
  register(registration: NameRegistration): Promise<NameRecord>
}

/** What a failed call says when the service gives no reason (SPEC §8), word for word. */
export const NAME_ERROR_FALLBACKS = Object.freeze({
  resolve: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  reverse: 'Error fetching names for address',
  register: (name: string) => `Error registering name ${name}`,
})

/** How long a name-service request may take before it is abandoned. */
export const PROFILE_TIMEOUT_MS = 10_000

/**
 * A name-service call failed. `message` is the text to show; `reason` the service's own when it
 * gave one; `status` the HTTP status (0: no answer, or an answer that could not be used).
 */
export class NameServiceError extends Error {
  readonly status: number
  readonly reason: string | undefined
  constructor(fallback: string, options: { status?: number; reason?: string | undefined; cause?: unknown } = {}) {
    super(options.reason ?? fallback, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'NameServiceError'
    this.status = options.status ?? 0
    this.reason = options.reason
  }
}

/** The name service, at the `api` endpoint (the blockchain API); `apiClient` makes its client. */
export const PROFILE_API: HostedApi<ProfileApi, 'api'> = { endpoint: 'api', create: createProfileApi }

/**
 * Creates a name-service client.
 *
 * @example
 * ```ts
 * const api = createProfileApi({ baseUrl: 'https://rpc.walletconnect.org', projectId })
 * const [suggestion] = await api.getSuggestions('alice')   // { name: 'alice.reown.id', registered: false }
 * ```
 */
export function createProfileApi(config: ProfileApiConfig): ProfileApi {
  const common = { projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION }
  const server = { baseUrl: config.baseUrl, timeoutMs: config.timeoutMs ?? PROFILE_TIMEOUT_MS, fetch: config.fetch }

  /** One call: its answer's body, or a NameServiceError with `fallback` (an abort as it is). */
  async function call(
    fallback: string,
    path: string,
    init: { params: Record<string, string | undefined>; body?: unknown; signal?: AbortSignal | undefined },
  ): Promise<unknown> {
    let answer: JsonAnswer
    try {
      answer = await requestJson(server, { path, ...init })
    } catch (error) {
      if (init.signal?.aborted) throw error
      // No answer: the network failed, or the request was abandoned after the timeout.
      throw new NameServiceError(fallback, { cause: error })
    }
    const { response, body, parsed } = answer
    if (!response.ok) {
      const cause = new Error(`HTTP status code: ${response.status}`)
      throw new NameServiceError(fallback, { status: response.status, reason: firstReason(body), cause })
    }
    if (!parsed || body === undefined)
      throw new NameServiceError(fallback, { cause: new InvalidResponseError(path, 'not JSON') })
    return body
  }

  /** What `parse` makes of `body`, or the fallback error when it finds the wrong shape. */
  function valid<T>(fallback: string, route: string, body: unknown, parse: (body: unknown) => T | undefined): T {
    const result = parse(body)
    if (result === undefined)
      throw new NameServiceError(fallback, { cause: new InvalidResponseError(route, 'unexpected shape') })
    return result
  }

  return {
    async lookupName(name, signal) {
      const fallback = NAME_ERROR_FALLBACKS.resolve
      const body = await call(fallback, `/v1/profile/account/${encodeURIComponent(name)}`, {
        params: { ...common, apiVersion: '2' },
        signal,
      })
      // The record of another name is no answer to this one.
      return valid(fallback, 'profile/account', body, (answer) => {
        const record = parseNameRecord(answer)
        return record?.name.toLowerCase() === name.toLowerCase() ? record : undefined
      })
    },
    async reverseLookup(address, sender, signal) {
      const fallback = NAME_ERROR_FALLBACKS.reverse
      const body = await call(fallback, `/v1/profile/reverse/${encodeURIComponent(address)}`, {
        params: { ...common, sender, apiVersion: '2' },
        signal,
      })
      return valid(fallback, 'profile/reverse', body, (items) => validItems(items, parseNameRecord))
    },
    async getSuggestions(name, signal) {
      const fallback = NAME_ERROR_FALLBACKS.suggestions
      const body = await call(fallback, `/v1/profile/suggestions/${encodeURIComponent(name)}`, {
        params: { ...common, zone: 'reown.id' },
        signal,
      })
      return valid(fallback, 'profile/suggestions', body, (answer) =>
        isRecord(answer) ? validItems(answer['suggestions'], parseSuggestion) : undefined,
      )
    },
    async register({ coinType, address, message, signature }) {
      const name = nameInMessage(message)
      const fallback = NAME_ERROR_FALLBACKS.register(name)
      const body = await call(fallback, '/v1/profile/account', {
        params: { projectId: config.projectId },
        body: { coin_type: coinType, address, message, signature },
      })
      const record = parseNameRecord(body)
      if (record && record.name.toLowerCase() === name.toLowerCase()) return record
      // Only "it worked": the record the widget keeps in its name cache (HOSTED-API §6.4).
      if (isRecord(body) && body['success'] === true)
        return { name, registered_at: new Date(clock.now()).toISOString(), addresses: {}, attributes: [] }
      const problem = record ? `the record of ${record.name}` : 'unexpected shape'
      throw new NameServiceError(fallback, { cause: new InvalidResponseError('profile/account', problem) })
    },
  }
}

/**
 * The address a name resolves to: its record's first address (HOSTED-API §6.4), if any.
 *
 * @example
 * ```ts
 * resolvedAddress(await api.lookupName('alice.reown.id')) // '0xab…'
 * ```
 */
export function resolvedAddress(record: NameRecord): string | undefined {
  return Object.values(record.addresses)[0]?.address
}

/** Where a name points: its address, with the name as the service spells it and its avatar. */
export interface ResolvedName {
  name: string
  address: string
  avatar: string | undefined
}

/**
 * Resolves a name through the service: the address its record points at (the first one,
 * HOSTED-API §6.4) and its avatar. A name the service does not know, or whose record has no
 * address, fails with the service's reason or `Error resolving name` (SPEC §8).
 *
 * @throws NameServiceError; an abort through `signal` rejects with the abort itself.
 * @example
 * ```ts
 * const { address, avatar } = await resolveName(apiClient(PROFILE_API), 'alice.reown.id')
 * ```
 */
export async function resolveName(api: ProfileApi, name: string, signal?: AbortSignal): Promise<ResolvedName> {
  const record = await api.lookupName(name.trim(), signal)
  const address = resolvedAddress(record)
  if (!address)
    throw new NameServiceError(NAME_ERROR_FALLBACKS.resolve, {
      cause: new InvalidResponseError('profile/account', `${record.name} has no address`),
    })
  return { name: record.name, address, avatar: recordAvatar(record) }
}

/** The avatar of a name's record, if it has one. */
export function recordAvatar(record: NameRecord): string | undefined {
  return record.attributes.find((attribute) => attribute.avatar)?.avatar
}

/** The service's first `reasons[].description`, when its answer has one. */
function firstReason(body: unknown): string | undefined {
  const reasons = isRecord(body) ? body['reasons'] : undefined
  const first: unknown = Array.isArray(reasons) ? reasons[0] : undefined
  const description = isRecord(first) ? first['description'] : undefined
  return typeof description === 'string' && description.trim() !== '' ? description : undefined
}

/** The name a registration message registers. */
function nameInMessage(message: string): string {
  let name: unknown
  try {
    name = (JSON.parse(message) as { name?: unknown } | null)?.name
  } catch {
    // Not the message registrationMessage makes.
  }
  if (typeof name !== 'string' || name === '')
    throw new TypeError('The message must be the registration message (registrationMessage)')
  return name
}

/**
 * The valid items of a list; undefined when it is not a list, or lists items of which none is
 * valid (the wrong shape, not an empty answer).
 */
function validItems<T>(items: unknown, parse: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(items)) return undefined
  const kept = items.flatMap((item) => {
    const parsed = parse(item)
    return parsed === undefined ? [] : [parsed]
  })
  return items.length > 0 && kept.length === 0 ? undefined : kept
}

/**
 * A NameRecord, validated: the name, the registration time, the addresses (entries without a
 * string address dropped) and the attributes (only string avatars that are http(s) or data
 * images, and string bios, kept). Undefined when the shape is wrong.
 * @internal
 */
export function parseNameRecord(body: unknown): NameRecord | undefined {
  if (!isRecord(body)) return undefined
  const { name, registered_at: registeredAt, updated_at: updatedAt, addresses, attributes } = body
  if (!isPlainName(name) || typeof registeredAt !== 'string') return undefined
  if (!isRecord(addresses) || !Array.isArray(attributes)) return undefined
  const kept: NameRecord['addresses'] = {}
  for (const [coinType, entry] of Object.entries(addresses)) {
    if (!isRecord(entry) || typeof entry['address'] !== 'string' || entry['address'] === '') continue
    kept[coinType] = {
      address: entry['address'],
      created: typeof entry['created'] === 'string' ? entry['created'] : '',
    }
  }
  const attributeList = attributes.filter(isRecord).map((attribute) => {
    const { avatar, bio } = attribute
    return {
      ...(isImageUrl(avatar) ? { avatar } : {}),
      ...(typeof bio === 'string' ? { bio: outsideText(bio, 160) } : {}),
    }
  })
  return {
    name,
    registered_at: registeredAt,
    ...(typeof updatedAt === 'string' ? { updated_at: updatedAt } : {}),
    addresses: kept,
    attributes: attributeList,
  }
}

function parseSuggestion(item: unknown): NameSuggestion | undefined {
  if (!isRecord(item) || !isPlainName(item['name'])) return undefined
  if (typeof item['registered'] !== 'boolean') return undefined
  return { name: item['name'], registered: item['registered'] }
}
