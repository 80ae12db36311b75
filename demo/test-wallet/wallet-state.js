// What the wallet remembers between page loads, kept in its storage as an extension keeps it in
// its own: the sites allowed to see the account, the networks it knows (installed at first or
// added by a dapp), and the network it is on. Storage keys (before any prefix the storage adds):
//
//   authorizedOrigins  JSON array of origins, e.g. ["http://127.0.0.1:5173"]
//   chains             JSON array of known chains: { chainId, name, rpcUrl, nativeCurrency, blockExplorerUrls }
//   chainId            JSON number, the current chain
import { readJson, writeJson } from './storage.js'
import { createAuthorizedOrigins } from './authorized-origins.js'

export const STORAGE_KEYS = Object.freeze({
  authorizedOrigins: 'authorizedOrigins',
  chains: 'chains',
  chainId: 'chainId',
})

/**
 * @typedef {object} ReachableChain  a chain the wallet can actually talk to
 * @property {number} chainId
 * @property {string} name
 * @property {string} rpcUrl
 *
 * @typedef {object} KnownChain  a chain the wallet has installed or a dapp added
 * @property {number} chainId
 * @property {string} name
 * @property {string} rpcUrl
 * @property {{ name: string, symbol: string, decimals: number }} nativeCurrency
 * @property {string[]} blockExplorerUrls
 */

const ETHER = Object.freeze({ name: 'Ether', symbol: 'ETH', decimals: 18 })

/** @param {unknown} chain  @returns {chain is KnownChain} */
const isKnownChain = (chain) =>
  typeof chain === 'object' &&
  chain !== null &&
  Number.isSafeInteger(/** @type {any} */ (chain).chainId) &&
  typeof (/** @type {any} */ (chain).rpcUrl) === 'string' &&
  typeof (/** @type {any} */ (chain).name) === 'string'

/**
 * @param {object} options
 * @param {import('./storage.js').WalletStorage} options.storage
 * @param {ReachableChain[]} options.chains
 * @param {number[]} options.knownChainIds
 */
export function createWalletState({ storage, chains, knownChainIds }) {
  /** @param {number} chainId */
  const reachable = (chainId) => chains.find((chain) => chain.chainId === chainId)

  /** @type {KnownChain[]} */
  const installed = knownChainIds.map((chainId) => {
    const chain = reachable(chainId)
    if (!chain) throw new TypeError(`knownChainIds: chain ${chainId} is not one of the wallet's chains`)
    return { chainId, name: chain.name, rpcUrl: chain.rpcUrl, nativeCurrency: ETHER, blockExplorerUrls: [] }
  })
  if (installed.length === 0) throw new TypeError('knownChainIds: the wallet needs at least one chain')

  const storedChains = readJson(storage, STORAGE_KEYS.chains, null)
  /** @type {KnownChain[]} */
  let knownChains =
    Array.isArray(storedChains) && storedChains.length > 0 && storedChains.every(isKnownChain)
      ? storedChains
      : installed

  const authorizedOrigins = createAuthorizedOrigins(storage, STORAGE_KEYS.authorizedOrigins)

  const storedChainId = readJson(storage, STORAGE_KEYS.chainId, undefined)
  let currentChainId = knownChains.some((chain) => chain.chainId === storedChainId)
    ? /** @type {number} */ (storedChainId)
    : /** @type {KnownChain} */ (knownChains[0]).chainId

  /** @param {number} chainId */
  const knownChain = (chainId) => knownChains.find((chain) => chain.chainId === chainId)

  return {
    get currentChainId() {
      return currentChainId
    },

    /**
     * The current chain, with the endpoint to use. A chain the wallet can reach is always called
     * through its configured endpoint, even if storage remembers another (the sandbox may have
     * been restarted on other ports since the chain was added).
     * @returns {KnownChain}
     */
    get currentChain() {
      const chain = /** @type {KnownChain} */ (knownChain(currentChainId))
      return { ...chain, rpcUrl: reachable(chain.chainId)?.rpcUrl ?? chain.rpcUrl }
    },

    knownChain,
    reachable,

    /** @param {number} chainId */
    switchTo(chainId) {
      if (!knownChain(chainId)) throw new Error(`chain ${chainId} is not known`)
      currentChainId = chainId
      writeJson(storage, STORAGE_KEYS.chainId, chainId)
    },

    /** @param {KnownChain} chain */
    addChain(chain) {
      knownChains = [...knownChains.filter((known) => known.chainId !== chain.chainId), chain]
      writeJson(storage, STORAGE_KEYS.chains, knownChains)
    },

    /** @param {string} origin */
    isAuthorized: (origin) => authorizedOrigins.has(origin),

    /** @param {string} origin  @returns {boolean} whether this changed anything */
    authorize: (origin) => authorizedOrigins.add(origin),

    /** @param {string} origin  @returns {boolean} whether this changed anything */
    deauthorize: (origin) => authorizedOrigins.delete(origin),

    deauthorizeAll: () => authorizedOrigins.clear(),
  }
}
