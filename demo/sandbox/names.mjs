// @ts-check
// The name service of the API emulator (SPEC §7 `/v1/profile/*`, HOSTED-API §6.4): look a name up,
// list an address's names, suggest free names, and register one. A registration is checked the
// way the hosted service must check it: the message is the JSON the widget signs ({ name,
// attributes, timestamp }), the timestamp is fresh, the name keeps the rules and is free, and the
// signature is the address's, verified against the chain the coin type names (an EOA by
// recovery, a smart account by ERC-1271, both through viem's verifyMessage on anvil, as the demo
// pages verify sign-in). Names are kept in `names.json` in the sandbox's data folder, written
// atomically (a temporary file renamed over the old one), so they survive a restart.
//
// A name the identity route knows from its local table (`known`, e.g. `sigkit-tester.eth`) is
// looked up like a registered one, so a Send to it resolves through the same route.
//
//   const names = await createNames({ dataDir, clientFor, serverUrl, known })
//   names.routes, names.handlers     // merged into the emulator's routing table
//   names.primaryOf(address)         // { name, avatar } of the address's first name, or undefined
//   names.list()                     // every record, oldest first
//   names.file                       // where they are kept
import { join } from 'node:path'
import { isAddress, isHex } from 'viem'
import { readDataFile, writeAtomically } from './data-file.mjs'

/** The suffix of names registered now (HOSTED-API §6.4 `WC_NAME_SUFFIX`). */
export const NAME_SUFFIX = '.reown.id'
/** Names registered before it; still resolved, never registered. */
export const LEGACY_NAME_SUFFIX = '.wcn.id'
/** The zones `suggestions` takes (`zone` query parameter, default the current one). */
const ZONES = Object.freeze(['reown.id', 'wcn.id'])
/** How old a signed message may be when it is posted (the visitor approves it in the frame first). */
export const MESSAGE_MAX_AGE_S = 600
/** How far ahead of the emulator's clock a message's timestamp may be (clock skew). */
export const MESSAGE_MAX_AHEAD_S = 60
/** How many suggestions one request gets: the name itself, then free variants. */
const SUGGESTION_COUNT = 5
/** The name file's format. */
const FILE_VERSION = 1

export const NAME_ROUTES = Object.freeze([
  { name: 'profileAccount', method: 'GET', pattern: /^\/v1\/profile\/account\/([^/]+)$/ },
  { name: 'profileRegister', method: 'POST', pattern: /^\/v1\/profile\/account$/ },
  { name: 'profileReverse', method: 'GET', pattern: /^\/v1\/profile\/reverse\/([^/]+)$/ },
  { name: 'profileSuggestions', method: 'GET', pattern: /^\/v1\/profile\/suggestions\/([^/]+)$/ },
])

/**
 * A registered name, in the hosted shape (HOSTED-API §6.4 NameRecord). `addresses` is keyed by
 * coin type; an avatar starting with '/' is a path on the emulator, made absolute when answered.
 * @typedef {{
 *   name: string,
 *   registered_at: string,
 *   updated_at?: string,
 *   addresses: Record<string, { address: string, created: string }>,
 *   attributes: { avatar?: string, bio?: string }[],
 * }} NameRecord
 */

/** The base of a name: letters, digits and hyphens, at least 4 (SPEC §5). */
const BASE_NAME = /^[a-z0-9-]+$/
const MIN_LENGTH = 4

/**
 * Why a base name (no suffix) breaks the rules, in the widget's texts, or undefined.
 * @param {string} base
 */
export function nameProblem(base) {
  if (base.length < MIN_LENGTH) return 'Name must be at least 4 characters long'
  if (!BASE_NAME.test(base)) return 'The value is not a valid username'
  return undefined
}

/**
 * The chain id a coin type names: `0x80000000 | chainId` (ENSIP-11, HOSTED-API §6.4), or
 * undefined for anything else.
 * @param {unknown} coinType
 */
export function chainIdOfCoinType(coinType) {
  const value = typeof coinType === 'string' && /^\d+$/.test(coinType) ? Number(coinType) : coinType
  if (typeof value !== 'number' || !Number.isInteger(value)) return undefined
  if (value < 0x80000000 || value > 0xffffffff) return undefined
  return value - 0x80000000
}

/** A refusal in the hosted error shape: `{ status: 'FAILED', reasons: [{ field, description }] }`. */
const failed = (/** @type {number} */ status, /** @type {string} */ field, /** @type {string} */ description) => ({
  status,
  body: { status: 'FAILED', reasons: [{ field, description }] },
})

/**
 * @param {{
 *   dataDir: string,
 *   clientFor: (chainId: number) => { verifyMessage: (args: { address: `0x${string}`, message: string, signature: `0x${string}` }) => Promise<boolean> } | undefined,
 *   serverUrl: () => string,
 *   now?: () => number,
 *   known?: Record<string, { name: string | null, avatar: string | null }>,
 * }} options `clientFor`: a viem public client of a sandbox chain (undefined: not one of them);
 *   `known`: the identity route's own names by address, answered by the lookup route too
 */
export async function createNames({ dataDir, clientFor, serverUrl, now = Date.now, known = {} }) {
  const file = join(dataDir, 'names.json')
  /** By lower-case full name, in registration order. @type {Map<string, NameRecord>} */
  /** @type {NameRecord[]} */
  const stored = await readDataFile(file, { version: FILE_VERSION, key: 'names', valid: isRecord })
  const records = new Map(stored.map((record) => [record.name, record]))
  /** Writes in order: each one waits for the one before. */
  let writing = Promise.resolve()

  const absolute = (/** @type {string | undefined} */ url) => (url?.startsWith('/') ? `${serverUrl()}${url}` : url)
  /** A record as answered: avatars as absolute URLs. @param {NameRecord} record */
  const answer = (record) => ({
    ...record,
    attributes: record.attributes.map((attribute) =>
      attribute.avatar ? { ...attribute, avatar: absolute(attribute.avatar) } : attribute,
    ),
  })
  const startedAt = new Date(now()).toISOString()
  /** The record of a name of the identity route's table, under ETH's coin type (60). */
  const knownRecord = (/** @type {string} */ name) => {
    const found = Object.entries(known).find(([, entry]) => entry.name?.toLowerCase() === name)
    if (!found) return undefined
    const [address, entry] = found
    /** @type {NameRecord} */
    const record = {
      name,
      registered_at: startedAt,
      addresses: { 60: { address, created: startedAt } },
      attributes: entry.avatar ? [{ avatar: entry.avatar }] : [],
    }
    return record
  }
  const ownedBy = (/** @type {string} */ address) =>
    [...records.values()].filter((record) =>
      Object.values(record.addresses).some((entry) => entry.address.toLowerCase() === address.toLowerCase()),
    )

  function persist() {
    const text = `${JSON.stringify({ version: FILE_VERSION, names: [...records.values()] }, null, 2)}\n`
    // A failed write does not stop the ones after it (the caller of the failed one hears of it).
    const written = writing.catch(() => undefined).then(() => writeAtomically(file, text))
    writing = written
    return written
  }

  /** The base of `raw` (suffix and case dropped) for suggestions. */
  function suggestionBase(/** @type {string} */ raw) {
    const lower = raw.trim().toLowerCase()
    const suffix = [NAME_SUFFIX, LEGACY_NAME_SUFFIX].find((candidate) => lower.endsWith(candidate))
    return (suffix ? lower.slice(0, -suffix.length) : lower).replace(/[^a-z0-9-]/g, '')
  }

  /** @type {Record<string, (request: { url: URL, params: string[], body: unknown }) => Promise<{ status?: number, body: unknown }>>} */
  const handlers = {
    async profileAccount({ params: [name = ''] }) {
      const record = records.get(name.toLowerCase()) ?? knownRecord(name.toLowerCase())
      // No `reasons`: what the widget shows for an unknown name is its own fallback text.
      if (!record) return { status: 404, body: { error: 'Name not found', name } }
      return { body: answer(record) }
    },
    async profileReverse({ params: [address = ''] }) {
      if (!isAddress(address, { strict: false })) return { status: 400, body: { error: 'Invalid address', address } }
      return { body: ownedBy(address).map(answer) }
    },
    async profileSuggestions({ url, params: [raw = ''] }) {
      const zone = url.searchParams.get('zone') ?? 'reown.id'
      if (!ZONES.includes(zone)) return { status: 400, body: { error: `Unknown zone ${zone}`, zones: ZONES } }
      const base = suggestionBase(raw)
      /** @type {{ name: string, registered: boolean }[]} */
      const suggestions = []
      // The name itself, taken or not (flagged), when it keeps the rules; then free variants.
      if (base !== '' && !nameProblem(base)) {
        const name = `${base}.${zone}`
        suggestions.push({ name, registered: records.has(name) })
      }
      const stem = base.replace(/-+$/, '')
      for (let n = 1; stem !== '' && suggestions.length < SUGGESTION_COUNT && n < 10_000; n++) {
        const name = `${stem}${String(n).padStart(Math.max(1, MIN_LENGTH - stem.length), '0')}.${zone}`
        if (!records.has(name) && !nameProblem(name.slice(0, -zone.length - 1)))
          suggestions.push({ name, registered: false })
      }
      return { body: { suggestions } }
    },
    async profileRegister({ body }) {
      const request = /** @type {Record<string, unknown>} */ (body && typeof body === 'object' ? body : {})
      const { coin_type: coinType, address, message, signature } = request
      if (typeof address !== 'string' || !isAddress(address, { strict: false }))
        return failed(400, 'address', 'address must be an EVM address')
      if (typeof message !== 'string') return failed(400, 'message', 'message must be the signed JSON text')
      if (typeof signature !== 'string' || !isHex(signature) || signature.length < 132)
        return failed(400, 'signature', 'signature must be a hex signature')
      const chainId = chainIdOfCoinType(coinType)
      const client = chainId === undefined ? undefined : clientFor(chainId)
      if (!client) return failed(400, 'coin_type', `Unsupported coin type ${String(coinType)}`)

      let signed
      try {
        signed = JSON.parse(message)
      } catch {
        return failed(400, 'message', 'message must be JSON with name, attributes and timestamp')
      }
      if (!signed || typeof signed !== 'object' || typeof signed.name !== 'string')
        return failed(400, 'message', 'message must be JSON with name, attributes and timestamp')
      const attributes = signed.attributes ?? {}
      if (typeof attributes !== 'object' || Array.isArray(attributes) || attributes === null)
        return failed(400, 'attributes', 'attributes must be an object')
      const timestamp = signed.timestamp
      const nowS = Math.floor(now() / 1000)
      if (typeof timestamp !== 'number' || !Number.isInteger(timestamp))
        return failed(400, 'timestamp', 'timestamp must be Unix seconds')
      if (timestamp < nowS - MESSAGE_MAX_AGE_S) return failed(400, 'timestamp', 'The signed message has expired')
      if (timestamp > nowS + MESSAGE_MAX_AHEAD_S)
        return failed(400, 'timestamp', 'The signed message is from the future')

      const name = signed.name.trim().toLowerCase()
      if (!name.endsWith(NAME_SUFFIX)) return failed(400, 'name', `Names end with ${NAME_SUFFIX}`)
      const problem = nameProblem(name.slice(0, -NAME_SUFFIX.length))
      if (problem) return failed(400, 'name', problem)
      if (records.has(name)) return failed(409, 'name', `${name} is already registered`)

      let valid
      try {
        valid = await client.verifyMessage({
          address: /** @type {`0x${string}`} */ (address),
          message,
          signature: /** @type {`0x${string}`} */ (signature),
        })
      } catch (error) {
        return {
          status: 502,
          body: {
            error: `Chain eip155:${chainId} did not answer`,
            detail: String(error instanceof Error ? error.message : error),
          },
        }
      }
      if (!valid) return failed(401, 'signature', 'The signature does not match the address')
      // Checked again: another registration of the name may have finished while the chain answered.
      if (records.has(name)) return failed(409, 'name', `${name} is already registered`)

      const created = new Date(now()).toISOString()
      /** @type {NameRecord} */
      const record = {
        name,
        registered_at: created,
        addresses: { [String(0x80000000 + /** @type {number} */ (chainId))]: { address, created } },
        attributes: [
          {
            avatar:
              typeof attributes.avatar === 'string' && /^(https?:|data:image\/)/.test(attributes.avatar)
                ? attributes.avatar
                : avatarPath(name),
            ...(typeof attributes.bio === 'string' ? { bio: attributes.bio.slice(0, 160) } : {}),
          },
        ],
      }
      records.set(name, record)
      try {
        await persist()
      } catch (error) {
        records.delete(name)
        throw error
      }
      return { body: answer(record) }
    },
  }

  return {
    routes: NAME_ROUTES,
    handlers,
    file,
    /** The first name `address` registered, with its avatar (absolute), or undefined. */
    primaryOf(/** @type {string} */ address) {
      const [record] = ownedBy(address)
      return record ? { name: record.name, avatar: absolute(record.attributes[0]?.avatar) ?? null } : undefined
    },
    /** Every record, oldest first (copies). */
    list: () => structuredClone([...records.values()]),
    /** Settles once every registration so far is on disk (or failed to be). */
    flushed: () => writing.catch(() => undefined),
  }
}

/** The generated picture of a name without an avatar of its own (images.mjs badge). */
const avatarPath = (/** @type {string} */ name) => `/public/getAssetImage/avatar-${name.split('.')[0]}`

/** @param {any} record @returns {record is NameRecord} */
function isRecord(record) {
  return (
    typeof record?.name === 'string' &&
    typeof record.registered_at === 'string' &&
    record.addresses !== null &&
    typeof record.addresses === 'object' &&
    Array.isArray(record.attributes)
  )
}
