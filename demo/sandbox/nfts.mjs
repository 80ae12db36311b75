// @ts-check
// The sandbox's NFTs: two ERC-721 collections (contracts/Collectible.sol) on every anvil chain,
// with a few tokens minted to the test wallet, and the emulator routes that serve their metadata
// (what tokenURI points at) and their pictures (generated SVG).
//
//   const collections = await deployCollections({ rpcUrl, holder })   // at chain start (chains.mjs)
//   await pointCollectionsAt({ rpcUrl, chainId, collections, apiUrl }) // once the emulator listens
//   GET /nft/{chainId}/{contract}/{tokenId}         → ERC-721 metadata JSON (name, image, …)
//   GET /nft/{chainId}/{contract}/{tokenId}/image   → the token's picture (SVG)
//
// The second collection plays the unsolicited airdrop a hosted indexer flags as spam: the history
// route (history.mjs) marks its transfers `nft_info.flags.is_spam: true`. A separate account
// (anvil #8) deploys and mints, so the token deployer's nonces, and with them the token and AMM
// addresses, stay what they were, and the wallet's own nonce stays 0.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPublicClient, encodeDeployData, encodeFunctionData, getContractAddress, http, isAddress } from 'viem'
import { pendingNonce, sendInOrder } from './evm-batch.mjs'
import { colourFor } from './images.mjs'
import { contractsDir } from './paths.mjs'

/** Anvil account #8 (unlocked): deploys the collections and mints. */
export const NFT_MINTER = /** @type {`0x${string}`} */ ('0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f')

/** The collections on every chain, in deployment order, and how many tokens the wallet gets of each. */
export const SANDBOX_COLLECTIONS = Object.freeze([
  Object.freeze({ name: 'SigKit Pals', symbol: 'PALS', spam: false, mintedToWallet: 3 }),
  Object.freeze({ name: 'Claim Your Reward', symbol: 'CLAIM', spam: true, mintedToWallet: 1 }),
])

/**
 * A deployed collection. `walletTokenIds`: minted to the wallet at start (it may have moved them since).
 * @typedef {{ address: `0x${string}`, name: string, symbol: string, spam: boolean, walletTokenIds: number[] }} Collection
 */

const GAS = Object.freeze({ deploy: 2_000_000n, call: 150_000n })

/** @type {{ abi: import('viem').Abi, bytecode: `0x${string}` } | undefined} */
let artifact
/** @returns {{ abi: import('viem').Abi, bytecode: `0x${string}` }} the committed compile of Collectible.sol */
export function loadCollectibleArtifact() {
  return (artifact ??= JSON.parse(readFileSync(join(contractsDir, 'Collectible.json'), 'utf8')))
}

/**
 * Deploy SANDBOX_COLLECTIONS on one chain and mint the wallet's tokens, one token per
 * transaction (a mint transaction holding only spam is what the widget hides).
 * @param {{ rpcUrl: string, holder: `0x${string}` }} options
 * @returns {Promise<Collection[]>}
 */
export async function deployCollections({ rpcUrl, holder }) {
  const { abi, bytecode } = loadCollectibleArtifact()
  const startNonce = await pendingNonce(rpcUrl, NFT_MINTER)
  const collections = SANDBOX_COLLECTIONS.map((spec, index) => ({
    address: getContractAddress({ from: NFT_MINTER, nonce: BigInt(startNonce + index) }),
    name: spec.name,
    symbol: spec.symbol,
    spam: spec.spam,
    walletTokenIds: Array.from({ length: spec.mintedToWallet }, (_, i) => i + 1),
  }))
  const mint = encodeFunctionData({ abi, functionName: 'mint', args: [holder] })
  // Nobody else sends from the minter, so the deployments take the nonces read above.
  const { receipts } = await sendInOrder(rpcUrl, NFT_MINTER, [
    ...collections.map((collection) => ({
      data: encodeDeployData({ abi, bytecode, args: [collection.name, collection.symbol] }),
      gas: GAS.deploy,
    })),
    ...collections.flatMap((collection) =>
      collection.walletTokenIds.map(() => ({ to: collection.address, data: mint, gas: GAS.call })),
    ),
  ])
  receipts.forEach((receipt, index) => {
    if (receipt.status !== '0x1') throw new Error(`NFT collection transaction ${index} reverted (${rpcUrl})`)
  })
  return collections
}

/**
 * Point every collection's tokenURI at this emulator: `{apiUrl}/nft/{chainId}/{contract}/{tokenId}`.
 * @param {{ rpcUrl: string, chainId: number, collections: Collection[], apiUrl: string }} options
 */
export async function pointCollectionsAt({ rpcUrl, chainId, collections, apiUrl }) {
  const { abi } = loadCollectibleArtifact()
  const { receipts } = await sendInOrder(
    rpcUrl,
    NFT_MINTER,
    collections.map((collection) => ({
      to: collection.address,
      data: encodeFunctionData({
        abi,
        functionName: 'setBaseURI',
        args: [`${apiUrl}${nftPath(chainId, collection.address, '')}`],
      }),
      gas: GAS.call,
    })),
  )
  if (receipts.some((receipt) => receipt.status !== '0x1')) throw new Error(`setBaseURI reverted (${rpcUrl})`)
}

/** Where the emulator serves a token's metadata (tokenId '' = the collection's base URI). */
export const nftPath = (/** @type {number} */ chainId, /** @type {string} */ contract, /** @type {string} */ tokenId) =>
  `/nft/${chainId}/${contract.toLowerCase()}/${tokenId}`

/** Where the emulator serves a token's picture. */
export const nftImagePath = (
  /** @type {number} */ chainId,
  /** @type {string} */ contract,
  /** @type {string} */ tokenId,
) => `${nftPath(chainId, contract, tokenId)}/image`

/** The NFT routes, in the emulator's routing-table shape. */
export const NFT_ROUTES = Object.freeze([
  { name: 'nftMetadata', method: 'GET', pattern: /^\/nft\/(\d+)\/(0x[0-9a-fA-F]{40})\/(\d+)$/ },
  { name: 'nftImage', method: 'GET', pattern: /^\/nft\/(\d+)\/(0x[0-9a-fA-F]{40})\/(\d+)\/image$/ },
])

/**
 * The metadata and image routes. Any ERC-721 on a sandbox chain is served, read from the chain
 * (an unknown token is a 404, as a gateway answers), not only the sandbox's collections.
 * @param {{
 *   chains: import('./api.mjs').EmulatedChain[],
 *   nfts: Record<number, Collection[]>,
 *   serverUrl: () => string,
 * }} options
 */
export function createNftRoutes({ chains, nfts, serverUrl }) {
  const { abi } = loadCollectibleArtifact()
  const clients = new Map(
    chains.map((chain) => [
      String(chain.chainId),
      createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }),
    ]),
  )

  /**
   * The token's collection name and symbol, or undefined when the chain has no such token.
   * @param {string} chainId @param {string} contract @param {string} tokenId
   */
  async function tokenOn(chainId, contract, tokenId) {
    const client = clients.get(chainId)
    if (!client || !isAddress(contract, { strict: false })) return undefined
    const address = /** @type {`0x${string}`} */ (contract)
    try {
      const [name, symbol] = await Promise.all([
        client.readContract({ address, abi, functionName: 'name' }),
        client.readContract({ address, abi, functionName: 'symbol' }),
        client.readContract({ address, abi, functionName: 'ownerOf', args: [BigInt(tokenId)] }),
      ])
      const spam = (nfts[Number(chainId)] ?? []).some(
        (collection) => collection.spam && collection.address.toLowerCase() === contract.toLowerCase(),
      )
      return { name: String(name), symbol: String(symbol), spam }
    } catch {
      return undefined
    }
  }
  const notFound = (/** @type {string} */ what) => ({ status: 404, body: { error: `Unknown token ${what}` } })

  /** @type {Record<string, (request: { params: string[] }) => Promise<{ status?: number, headers?: Record<string, string>, body: unknown }>>} */
  const handlers = {
    async nftMetadata({ params: [chainId = '', contract = '', tokenId = ''] }) {
      const token = await tokenOn(chainId, contract, tokenId)
      if (!token) return notFound(`${contract} #${tokenId}`)
      return {
        body: {
          name: `${token.name} #${tokenId}`,
          description: token.spam
            ? 'You have been selected! Visit the site to claim your reward.'
            : `${token.name}: a collectible of SigKit's local sandbox.`,
          image: `${serverUrl()}${nftImagePath(Number(chainId), contract, tokenId)}`,
          attributes: [{ trait_type: 'Collection', value: token.symbol }],
        },
      }
    },
    async nftImage({ params: [chainId = '', contract = '', tokenId = ''] }) {
      const token = await tokenOn(chainId, contract, tokenId)
      if (!token) return notFound(`${contract} #${tokenId}`)
      return {
        headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' },
        body: nftSvg({
          key: `${chainId}:${contract.toLowerCase()}:${tokenId}`,
          symbol: token.symbol,
          tokenId,
          spam: token.spam,
        }),
      }
    },
  }
  return { routes: NFT_ROUTES, handlers }
}

/**
 * A token's picture: a face on a colour derived from `key` (chain, contract, id), or a loud
 * "claim" banner for a spam token.
 * @param {{ key: string, symbol: string, tokenId: string, spam: boolean, size?: number }} options
 */
export function nftSvg({ key, symbol, tokenId, spam, size = 256 }) {
  const label = `${symbol} #${tokenId}`.replace(/[<>&"']/g, '')
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${label}">`
  const caption = `<text x="50" y="92" text-anchor="middle" font-family="system-ui, sans-serif" font-size="9" font-weight="600" fill="#fff">${label}</text>`
  if (spam) {
    return (
      `${open}<rect width="100" height="100" fill="#e5b800"/>` +
      `<text x="50" y="48" text-anchor="middle" font-family="system-ui, sans-serif" font-size="16" font-weight="800" fill="#b00020">CLAIM</text>` +
      `<text x="50" y="66" text-anchor="middle" font-family="system-ui, sans-serif" font-size="11" fill="#b00020">FREE $$$</text>` +
      `${caption}</svg>`
    )
  }
  return (
    `${open}<rect width="100" height="100" fill="${colourFor(key)}"/>` +
    `<circle cx="50" cy="44" r="26" fill="#fff" fill-opacity="0.9"/>` +
    `<circle cx="41" cy="40" r="4" fill="#222"/><circle cx="59" cy="40" r="4" fill="#222"/>` +
    `<path d="M39 53 Q50 ${Number(tokenId) % 2 ? 62 : 58} 61 53" stroke="#222" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `${caption}</svg>`
  )
}
