/**
 * A cache in `localStorage` whose entries expire (SPEC §9 "Name and identity caches", 5 min each;
 * HOSTED-API §10: expiry checked on read). Storage is outside input like any other: an entry is
 * used only while it is fresh (written in the past, less than the cache's life ago) and its value
 * passes the cache's validator. Anything else reads as missing, and is dropped at the next write.
 * LAZY: only the identity lookup and the names feature use it.
 */
import { clock } from '../../lib/clock'
import { isRecord } from '../../lib/validate'
import { readStorage, removeStorage, writeStorage, type Validator } from './storage'

/** A stored cache of values by key. */
export interface StoredCache<T> {
  /** The fresh, valid value stored for `key`, if any. */
  get(key: string): T | undefined
  /** Stores `value` for `key`, stamped now. */
  set(key: string, value: T): void
  /** Forgets `key`. */
  delete(key: string): void
  /** Forgets every key. */
  clear(): void
}

interface Entry<T> {
  /** Clock time it was stored. */
  at: number
  value: T
}

/**
 * Makes a stored cache under `storageKey` whose entries live `maxAgeMs`.
 *
 * @example
 * ```ts
 * const identities = createStoredCache('@sigkit/identity_cache', 5 * 60_000, isIdentity)
 * identities.set(address.toLowerCase(), { name: 'alice.reown.id' })
 * identities.get(address.toLowerCase()) // { name: 'alice.reown.id' }, for 5 minutes
 * ```
 */
export function createStoredCache<T>(storageKey: string, maxAgeMs: number, isValue: Validator<T>): StoredCache<T> {
  /** Every fresh, valid entry stored now. */
  const entries = (): Record<string, Entry<T>> => {
    const now = clock.now()
    // No prototype: a stored key such as `__proto__` stays a plain key.
    const kept = Object.create(null) as Record<string, Entry<T>>
    for (const [key, entry] of Object.entries(readStorage(storageKey, isRecord) ?? {})) {
      if (!isRecord(entry)) continue
      const { at, value } = entry
      // An entry from the future would never expire: it is as invalid as a wrong shape.
      if (typeof at !== 'number' || !(at <= now) || now - at >= maxAgeMs || !isValue(value)) continue
      kept[key] = { at, value }
    }
    return kept
  }
  const write = (kept: Record<string, Entry<T>>) => {
    if (Object.keys(kept).length === 0) removeStorage(storageKey)
    else writeStorage(storageKey, kept)
  }
  return {
    get: (key) => entries()[key]?.value,
    set(key, value) {
      write({ ...entries(), [key]: { at: clock.now(), value } })
    },
    delete(key) {
      const kept = entries()
      delete kept[key]
      write(kept)
    },
    clear: () => removeStorage(storageKey),
  }
}
