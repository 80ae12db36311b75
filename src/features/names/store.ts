/**
 * The names of addresses (SPEC §9's name cache; HOSTED-API §10 `ens_cache`): the service's reverse
 * lookups, kept 5 minutes in localStorage and validated on read, and the name a registration adds.
 * An account found to have a name shows it in place of its address.
 */
import { apiClient } from '../../api/client'
import { PROFILE_API, parseNameRecord, recordAvatar, type NameRecord } from '../../api/profile-api'
import { createStoredCache } from '../../core/lib/stored-cache'
import { STORAGE_PREFIX } from '../../core/lib/storage'
import { getAccountState, setAccount } from '../../core/state/account'
import { rememberIdentity } from '../../core/wallet/identity'
import type { ChainNamespace } from '../../core/types'
import { log } from '../../lib/logger'

/** localStorage key of the name cache (HOSTED-API §10's `ens_cache`). */
export const NAME_CACHE_KEY = `${STORAGE_PREFIX.app}ens_cache`

/** How long an address's names stay cached (SPEC §9). */
export const NAME_CACHE_MS = 5 * 60_000

/** A stored list of records, each of the NameRecord shape. */
function isRecordList(value: unknown): value is NameRecord[] {
  return Array.isArray(value) && value.every((item) => parseNameRecord(item) !== undefined)
}

/** The records of each address (lower case), 5 minutes each. */
const cache = createStoredCache(NAME_CACHE_KEY, NAME_CACHE_MS, isRecordList)

/** The cached names of `address`, each record as parsing keeps it (an avatar of another scheme dropped). */
function cachedNames(address: string): NameRecord[] | undefined {
  return cache.get(address.toLowerCase())?.flatMap((record) => parseNameRecord(record) ?? [])
}

/**
 * The names registered for `address`: from the cache while fresh, else from the service's reverse
 * lookup (then cached).
 *
 * @throws NameServiceError (`Error fetching names for address` or the service's reason)
 * @example
 * ```ts
 * const [primary] = await namesOf('0xab…') // { name: 'alice.reown.id', … } or undefined
 * ```
 */
export async function namesOf(address: string, signal?: AbortSignal): Promise<NameRecord[]> {
  const cached = cachedNames(address)
  if (cached) return cached
  const records = await apiClient(PROFILE_API).reverseLookup(address, address, signal)
  cache.set(address.toLowerCase(), records)
  return records
}

/**
 * Records that `address` now has the name of `record` (a registration): first among its cached
 * names, and in the identity cache, so every account of that address shows it, now and after a
 * reload.
 *
 * @example
 * ```ts
 * rememberName('0xab…', await api.register(registration))
 * ```
 */
export function rememberName(address: string, record: NameRecord): void {
  const others = (cachedNames(address) ?? []).filter((other) => other.name !== record.name)
  cache.set(address.toLowerCase(), [record, ...others])
  rememberIdentity(address, { name: record.name, avatar: recordAvatar(record) })
}

/**
 * Looks for a name of the account of `namespace` when it shows none (the identity route had none,
 * or failed): its first name becomes its profile name. Only EVM accounts have names (HOSTED-API
 * §6.4). Never rejects.
 *
 * @returns whether the account has a name now.
 * @example
 * ```ts
 * if (!(await findProfileName('eip155'))) offerToChooseOne()
 * ```
 */
export async function findProfileName(namespace: ChainNamespace): Promise<boolean> {
  const state = getAccountState(namespace)
  const address = state.address.peek()
  if (namespace !== 'eip155' || !address) return false
  if (state.profileName.peek()) return true
  try {
    const [primary] = await namesOf(address)
    if (primary && state.address.peek() === address && !state.profileName.peek())
      setAccount(namespace, {
        profileName: primary.name,
        profileImage: recordAvatar(primary) ?? state.profileImage.peek(),
      })
  } catch (error) {
    log('warn', 'reverse name lookup failed', error)
  }
  return Boolean(state.profileName.peek())
}

/**
 * SPEC §8's fallback: the identity lookup of an account failed, so its name is looked up another
 * way, through the name service's reverse lookup (cached like every lookup here); its first name
 * becomes the profile name. The picture stays cleared, as the spec says. Never rejects.
 *
 * @example
 * ```ts
 * onCoreEvent('identityUnavailable', nameWithoutIdentity)
 * ```
 */
export async function nameWithoutIdentity(event: { namespace: ChainNamespace; address: string }): Promise<void> {
  const { namespace, address } = event
  if (namespace !== 'eip155') return
  try {
    const [primary] = await namesOf(address)
    if (primary && getAccountState(namespace).address.peek() === address)
      setAccount(namespace, { profileName: primary.name })
  } catch (error) {
    log('warn', 'reverse name lookup failed', error)
  }
}

/** @internal Forgets every cached name (tests). */
export function resetNames(): void {
  cache.clear()
}
