// @ts-check
// Key-value stores with the localStorage shape ({ get, set, remove } over strings). The wallet
// keeps its state in one so that, like a browser extension, it remembers which sites it trusts
// and which networks it has across page loads.

/** @typedef {{ get(key: string): string | null | undefined, set(key: string, value: string): void, remove(key: string): void }} WalletStorage */

/** An in-memory store: the default, and what Node tests share between provider instances. */
export function createMemoryStorage() {
  /** @type {Map<string, string>} */
  const values = new Map()
  /** @type {WalletStorage} */
  const storage = {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, String(value)),
    remove: (key) => void values.delete(key),
  }
  return storage
}

/**
 * A Web Storage (localStorage) under a key prefix. Falls back to memory when the page may not use
 * localStorage (sandboxed iframes, some privacy modes throw on access).
 * @param {() => Storage} getWebStorage
 * @param {string} prefix
 * @returns {WalletStorage}
 */
export function createPrefixedWebStorage(getWebStorage, prefix) {
  let web
  try {
    web = getWebStorage()
    const probe = `${prefix}probe`
    web.setItem(probe, '1')
    web.removeItem(probe)
  } catch {
    return createMemoryStorage()
  }
  return {
    get: (key) => web.getItem(prefix + key),
    set: (key, value) => web.setItem(prefix + key, String(value)),
    remove: (key) => web.removeItem(prefix + key),
  }
}

/**
 * Reads a JSON value; a missing or corrupted entry gives `fallback` instead of breaking the wallet.
 * @template T
 * @param {WalletStorage} storage  @param {string} key  @param {T} fallback
 * @returns {T}
 */
export function readJson(storage, key, fallback) {
  const raw = storage.get(key)
  if (raw === null || raw === undefined) return fallback
  try {
    return JSON.parse(raw)
  } catch {
    return fallback
  }
}

/** @param {WalletStorage} storage  @param {string} key  @param {unknown} value */
export function writeJson(storage, key, value) {
  storage.set(key, JSON.stringify(value))
}
