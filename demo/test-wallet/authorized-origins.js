// The sites a wallet lets see its account, kept in the wallet's storage under one key as a JSON
// array of origins (["http://127.0.0.1:5173"]). The EVM side keeps its own list
// (`authorizedOrigins`), the Solana side its own (`solanaAuthorizedOrigins`): a site connected
// to one is not connected to the other, as in a wallet that has both.
//
// Read from storage at every question, not once: an extension keeps one list for all the tabs of
// the browser, so a site connected in one tab is connected in the others (and their restore).
import { readJson, writeJson } from './storage.js'

/**
 * @param {import('./storage.js').WalletStorage} storage  @param {string} key
 */
export function createAuthorizedOrigins(storage, key) {
  /** @returns {Set<string>} */
  const read = () => {
    const stored = readJson(storage, key, [])
    return new Set(Array.isArray(stored) ? stored.filter((origin) => typeof origin === 'string') : [])
  }
  /** @param {Set<string>} origins */
  const save = (origins) => writeJson(storage, key, [...origins])

  return {
    /** @param {string} origin */
    has: (origin) => read().has(origin),
    /** @param {string} origin  @returns {boolean} whether this changed anything */
    add(origin) {
      const origins = read()
      if (origins.has(origin)) return false
      origins.add(origin)
      save(origins)
      return true
    },
    /** @param {string} origin  @returns {boolean} whether this changed anything */
    delete(origin) {
      const origins = read()
      if (!origins.delete(origin)) return false
      save(origins)
      return true
    },
    clear() {
      save(new Set())
    },
  }
}
