// The sites a wallet lets see its account, kept in the wallet's storage under one key as a JSON
// array of origins (["http://127.0.0.1:5173"]). The EVM side keeps its own list
// (`authorizedOrigins`), the Solana side its own (`solanaAuthorizedOrigins`): a site connected
// to one is not connected to the other, as in a wallet that has both.
import { readJson, writeJson } from './storage.js'

/**
 * @param {import('./storage.js').WalletStorage} storage  @param {string} key
 */
export function createAuthorizedOrigins(storage, key) {
  const stored = readJson(storage, key, [])
  /** @type {Set<string>} */
  const origins = new Set(Array.isArray(stored) ? stored.filter((origin) => typeof origin === 'string') : [])
  const save = () => writeJson(storage, key, [...origins])

  return {
    /** @param {string} origin */
    has: (origin) => origins.has(origin),
    /** @param {string} origin  @returns {boolean} whether this changed anything */
    add(origin) {
      if (origins.has(origin)) return false
      origins.add(origin)
      save()
      return true
    },
    /** @param {string} origin  @returns {boolean} whether this changed anything */
    delete(origin) {
      if (!origins.delete(origin)) return false
      save()
      return true
    },
    clear() {
      origins.clear()
      save()
    },
  }
}
