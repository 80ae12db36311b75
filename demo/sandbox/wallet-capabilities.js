// @ts-check
// What the sandbox's wallets (the embedded wallet's secure frame and the WalletConnect test wallet)
// answer to EIP-5792 `wallet_getCapabilities` and EIP-7811 `wallet_getAssets`. Asset discovery is
// offered on every chain the wallet knows; atomic batches only where the account is a smart
// account (an EOA sends one transaction per call). The assets are read from the chain itself at
// each request (native balance and each known token's balanceOf), and, like the hosted balance
// API, only holdings are listed. Browser-safe (viem only): the frame page and the WalletConnect
// wallet's page bundle it too.
import { createPublicClient, erc20Abi, http, isAddress, isAddressEqual, numberToHex } from 'viem'

/**
 * A token a wallet knows on a chain, with what its metadata says (price in USD, icon URL).
 * @typedef {{ address: string, symbol: string, name: string, decimals: number, price?: number, iconUrl?: string }} WalletToken
 * @typedef {{ name: string, symbol: string, decimals: number, price?: number, iconUrl?: string }} WalletNative
 * @typedef {{ id: number, rpcUrl: string, tokens?: readonly WalletToken[], native?: WalletNative }} AssetChain
 * @typedef {{ address: string, balance: `0x${string}`, type: 'NATIVE' | 'ERC20',
 *   metadata: { name: string, symbol: string, decimals: number, price: number, iconUrl: string } }} WalletAsset
 */

/** The native currency of the anvil chains. */
export const ETHER = Object.freeze({ name: 'Ether', symbol: 'ETH', decimals: 18 })

/** EIP-5792 error codes the sandbox wallets answer with, with EIP-5792's texts. */
export const CAPABILITY_ERRORS = Object.freeze({
  UNSUPPORTED_CHAIN: { code: 5710, message: 'This Wallet does not support the requested chain ID.' },
  UNKNOWN_BUNDLE: { code: 5730, message: 'This bundle id is unknown / has not been submitted' },
  ATOMICITY_NOT_SUPPORTED: {
    code: 5760,
    message: 'The wallet does not support atomic execution but the request requires it.',
  },
})

/** The hex chain id EIP-5792 keys its answers by. @param {number} id */
export const chainKey = (id) => numberToHex(id)

/**
 * wallet_getCapabilities [address, chainIds?]: per chain (hex id), `assetDiscovery` and `atomic`.
 * @param {readonly { id: number }[]} chains the chains the wallet knows
 * @param {unknown[]} params
 * @param {{ own: string, atomic: (chainId: number) => boolean }} account the wallet's address and
 *   whether it executes batches atomically on a chain
 */
export function walletCapabilities(chains, params, { own, atomic }) {
  const [address, only] = Array.isArray(params) ? params : []
  if (
    typeof address !== 'string' ||
    !isAddress(address, { strict: false }) ||
    !isAddressEqual(address, /** @type {`0x${string}`} */ (own))
  )
    throw new Error('wallet_getCapabilities: not an address of this wallet')
  const wanted = Array.isArray(only) ? new Set(only.map((id) => Number(id))) : undefined
  return Object.fromEntries(
    chains
      .filter((chain) => !wanted || wanted.has(chain.id))
      .map((chain) => [
        chainKey(chain.id),
        { assetDiscovery: { supported: true }, atomic: { status: atomic(chain.id) ? 'supported' : 'unsupported' } },
      ]),
  )
}

/**
 * wallet_getAssets [{ account, chainFilter? }]: the account's holdings on each chain asked for
 * (all the wallet knows without a filter), read from the chains now.
 * @param {readonly AssetChain[]} chains
 * @param {unknown[]} params
 * @param {string} own the wallet's address (it lists its own account only)
 * @returns {Promise<Record<string, WalletAsset[]>>}
 */
export async function walletAssets(chains, params, own) {
  const request = /** @type {any} */ (Array.isArray(params) ? params[0] : params)
  const account = request?.account
  if (
    typeof account !== 'string' ||
    !isAddress(account, { strict: false }) ||
    !isAddressEqual(account, /** @type {`0x${string}`} */ (own))
  )
    throw new Error('wallet_getAssets: not an account of this wallet')
  const filter = Array.isArray(request.chainFilter)
    ? request.chainFilter.map((/** @type {unknown} */ id) => Number(id))
    : undefined
  if (filter?.some((/** @type {number} */ id) => !Number.isSafeInteger(id)))
    throw new Error('wallet_getAssets: invalid chainFilter')
  const asked = filter ? chains.filter((chain) => filter.includes(chain.id)) : chains
  const lists = await Promise.all(asked.map((chain) => holdingsOn(chain, /** @type {`0x${string}`} */ (account))))
  return Object.fromEntries(asked.map((chain, index) => [chainKey(chain.id), lists[index] ?? []]))
}

/** @param {AssetChain} chain @param {`0x${string}`} account @returns {Promise<WalletAsset[]>} */
async function holdingsOn(chain, account) {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
  const tokens = chain.tokens ?? []
  const [native, amounts] = await Promise.all([
    client.getBalance({ address: account }),
    Promise.all(
      tokens.map((token) =>
        client.readContract({
          address: /** @type {`0x${string}`} */ (token.address),
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account],
        }),
      ),
    ),
  ])
  /** @param {string} address @param {'NATIVE' | 'ERC20'} type @param {WalletNative} asset @param {bigint} amount @returns {WalletAsset} */
  const line = (address, type, asset, amount) => ({
    address,
    balance: numberToHex(amount),
    type,
    metadata: {
      name: asset.name,
      symbol: asset.symbol,
      decimals: asset.decimals,
      price: asset.price ?? 0,
      iconUrl: asset.iconUrl ?? '',
    },
  })
  return [
    ...(native > 0n ? [line('native', 'NATIVE', chain.native ?? ETHER, native)] : []),
    ...tokens.flatMap((token, index) => {
      const amount = amounts[index] ?? 0n
      return amount > 0n ? [line(token.address, 'ERC20', token, amount)] : []
    }),
  ]
}
