// Validation of wallet_addEthereumChain's parameter (EIP-3085). Every problem is a -32602 with a
// message naming the field, so a dapp developer sees what to fix, as MetaMask tells them.
import { invalidParams } from './errors.js'
import { parseHexChainId } from './format.js'

/**
 * @typedef {object} AddChainRequest
 * @property {number} chainId
 * @property {string} chainName
 * @property {string[]} rpcUrls
 * @property {{ name: string, symbol: string, decimals: 18 }} nativeCurrency
 * @property {string[]} blockExplorerUrls
 */

/** @param {unknown} value  @returns {value is string} */
export function isHttpUrl(value) {
  if (typeof value !== 'string') return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** @param {unknown} value */
const isNonEmptyString = (value) => typeof value === 'string' && value.trim() !== ''

/**
 * @param {unknown} params  the request's `params`: `[{ chainId, chainName, rpcUrls, nativeCurrency, blockExplorerUrls? }]`
 * @returns {AddChainRequest}
 */
export function parseAddChainParams(params) {
  const chain = Array.isArray(params) ? params[0] : undefined
  if (typeof chain !== 'object' || chain === null || Array.isArray(chain)) {
    throw invalidParams('Expected a single object parameter: [{ chainId, chainName, rpcUrls, nativeCurrency }].')
  }
  const { chainId: rawChainId, chainName, rpcUrls, nativeCurrency, blockExplorerUrls } = chain

  const chainId = parseHexChainId(rawChainId)
  if (chainId === undefined) {
    throw invalidParams(
      `Invalid chainId ${JSON.stringify(rawChainId)}: expected a 0x-prefixed hex string without leading zeros.`,
    )
  }
  if (!isNonEmptyString(chainName)) {
    throw invalidParams('Invalid chainName: expected a non-empty string.')
  }
  if (!Array.isArray(rpcUrls) || rpcUrls.length === 0 || !rpcUrls.every(isHttpUrl)) {
    throw invalidParams(`Invalid rpcUrls ${JSON.stringify(rpcUrls)}: expected a non-empty array of http(s) URLs.`)
  }
  if (
    typeof nativeCurrency !== 'object' ||
    nativeCurrency === null ||
    !isNonEmptyString(nativeCurrency.name) ||
    !isNonEmptyString(nativeCurrency.symbol)
  ) {
    throw invalidParams(
      'Invalid nativeCurrency: expected { name, symbol, decimals: 18 } with non-empty name and symbol.',
    )
  }
  if (nativeCurrency.decimals !== 18) {
    throw invalidParams(`Invalid nativeCurrency.decimals ${JSON.stringify(nativeCurrency.decimals)}: expected 18.`)
  }
  // Optional, and dapps often send null for "none".
  const explorers = blockExplorerUrls ?? []
  if (!Array.isArray(explorers) || !explorers.every(isHttpUrl)) {
    throw invalidParams(
      `Invalid blockExplorerUrls ${JSON.stringify(blockExplorerUrls)}: expected an array of http(s) URLs.`,
    )
  }

  return {
    chainId,
    chainName: chainName.trim(),
    rpcUrls,
    nativeCurrency: { name: nativeCurrency.name, symbol: nativeCurrency.symbol, decimals: 18 },
    blockExplorerUrls: explorers,
  }
}
