/**
 * Balances the wallet itself lists (SPEC §3 "Wallet asset response item", §5, §7): before the
 * balance API, the wallet is asked `wallet_getCapabilities` (EIP-5792); where it advertises asset
 * discovery for the chain, `wallet_getAssets` (EIP-7811) filtered to that chain gives the token
 * list. A reply of the wrong shape is ignored, and the balance API answers instead.
 *
 * Capabilities are asked once per connection (provider and address); `forgetWalletCapabilities`
 * ends that when the wallet disconnects. LAZY: part of the eip155 adapter chunk.
 */
import { log } from '../../lib/logger'
import { formatUnits, numberToHex } from 'viem'
import type { CaipNetwork, EIP1193Provider, TokenBalance } from '../../core/types'
import { isRecord } from '../../lib/validate'
import { WALLET_ERROR_CODES, walletErrorCode } from '../../lib/wallet-errors'

/** One asset of a `wallet_getAssets` reply (SPEC §3): `balance` is hex in base units. */
export interface WalletAsset {
  /** The token contract, or `'native'` for the chain's currency. */
  address: string
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: { name: string; symbol: string; decimals: number; price: number; iconUrl: string }
}

/** A `wallet_getAssets` reply: assets by hex chain id. */
export type WalletAssetsResponse = Record<string, WalletAsset[]>

/** What a `wallet_getCapabilities` reply says per hex chain id (only the parts SigKit reads). */
export type WalletCapabilities = Record<string, Record<string, unknown>>

/**
 * SPEC §5: an object of arrays whose items have string address and balance, type ERC20 or
 * NATIVE, and complete metadata (name, symbol, decimals, price, iconUrl).
 *
 * @example
 * ```ts
 * isWalletAssetsResponse({ '0x1': [] }) // true
 * ```
 */
export function isWalletAssetsResponse(value: unknown): value is WalletAssetsResponse {
  return isRecord(value) && Object.values(value).every((list) => Array.isArray(list) && list.every(isWalletAsset))
}

function isWalletAsset(value: unknown): value is WalletAsset {
  if (!isRecord(value) || !isRecord(value['metadata'])) return false
  const metadata = value['metadata']
  return (
    typeof value['address'] === 'string' &&
    typeof value['balance'] === 'string' &&
    (value['type'] === 'ERC20' || value['type'] === 'NATIVE') &&
    typeof metadata['name'] === 'string' &&
    typeof metadata['symbol'] === 'string' &&
    typeof metadata['decimals'] === 'number' &&
    typeof metadata['price'] === 'number' &&
    typeof metadata['iconUrl'] === 'string'
  )
}

/**
 * The hex chain id EIP-5792 and EIP-7811 key their replies by.
 *
 * @example
 * ```ts
 * hexChainId(network) // '0x7a69' for chain 31337
 * ```
 */
export function hexChainId(network: CaipNetwork): string {
  return numberToHex(Number(network.id))
}

/**
 * Whether the capabilities advertise asset discovery on the network (`assetDiscovery.supported`
 * under its hex chain id, or under `0x0`, EIP-5792's "every chain").
 *
 * @example
 * ```ts
 * supportsAssetDiscovery({ '0x1': { assetDiscovery: { supported: true } } }, mainnet) // true
 * ```
 */
export function supportsAssetDiscovery(capabilities: unknown, network: CaipNetwork): boolean {
  if (!isRecord(capabilities)) return false
  return [hexChainId(network), '0x0'].some((key) => {
    const chain = capabilities[key]
    const discovery = isRecord(chain) ? chain['assetDiscovery'] : undefined
    return isRecord(discovery) && discovery['supported'] === true
  })
}

/**
 * A wallet asset as a token balance line of the network (the shape the balance API gives).
 * A balance that is not hex makes the whole reply invalid (throws).
 *
 * @example
 * ```ts
 * walletAssetToBalance(asset, 'eip155:1') // { symbol: 'USDC', quantity: { decimals: '6', numeric: '12.5' }, … }
 * ```
 */
export function walletAssetToBalance(asset: WalletAsset, caipNetworkId: string): TokenBalance {
  const { name, symbol, decimals, price, iconUrl } = asset.metadata
  if (!/^0x[0-9a-fA-F]+$/.test(asset.balance) || !Number.isInteger(decimals) || decimals < 0)
    throw new Error('Invalid wallet asset')
  const numeric = formatUnits(BigInt(asset.balance), decimals)
  return {
    name,
    symbol,
    chainId: caipNetworkId,
    // The native currency has no contract: the key is left out, as the balance API does.
    ...(asset.type === 'NATIVE' ? {} : { address: `${caipNetworkId}:${asset.address}` }),
    value: price * Number(numeric),
    price,
    quantity: { decimals: String(decimals), numeric },
    iconUrl,
  }
}

/** Capabilities per connection: provider → address (lowercase) → the wallet's answer. */
const capabilityCache = new WeakMap<EIP1193Provider, Map<string, Promise<unknown>>>()

/** Codes by which a wallet says it has no `wallet_getCapabilities`: that answer holds for the connection. */
const NOT_SUPPORTED = new Set<number>([WALLET_ERROR_CODES.unsupportedMethod, WALLET_ERROR_CODES.methodNotFound])

/**
 * The wallet's EIP-5792 capabilities for an address, asked once per connection (undefined when
 * the wallet has none). Another failure is not remembered: the next refresh asks again.
 *
 * @example
 * ```ts
 * const capabilities = await walletCapabilities(provider, address)
 * ```
 */
export function walletCapabilities(provider: EIP1193Provider, address: string): Promise<unknown> {
  let byAddress = capabilityCache.get(provider)
  if (!byAddress) capabilityCache.set(provider, (byAddress = new Map()))
  const key = address.toLowerCase()
  let answer = byAddress.get(key)
  if (!answer) {
    const cache = byAddress
    answer = provider.request({ method: 'wallet_getCapabilities', params: [address] }).catch((error: unknown) => {
      const code = walletErrorCode(error)
      if (code === undefined || !NOT_SUPPORTED.has(code)) cache.delete(key)
      return undefined
    })
    byAddress.set(key, answer)
  }
  return answer
}

/**
 * Forgets the capabilities of a provider's connection (the wallet disconnected or reconnected).
 *
 * @example
 * ```ts
 * forgetWalletCapabilities(provider)
 * ```
 */
export function forgetWalletCapabilities(provider: EIP1193Provider): void {
  capabilityCache.delete(provider)
}

/**
 * The token balances the wallet lists for an address on a network, or undefined when the
 * balance API must answer instead: the wallet does not advertise asset discovery there, the
 * request failed, or its reply does not match SPEC §5 (ignored).
 *
 * @example
 * ```ts
 * const tokens = (await walletAssetBalances({ provider, address, network })) ?? (await api.getBalances(…))
 * ```
 */
export async function walletAssetBalances({
  provider,
  address,
  network,
}: {
  provider: EIP1193Provider
  address: string
  network: CaipNetwork
}): Promise<TokenBalance[] | undefined> {
  if (!supportsAssetDiscovery(await walletCapabilities(provider, address), network)) return undefined
  const chain = hexChainId(network)
  try {
    const reply = await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: address, chainFilter: [chain] }],
    })
    if (!isWalletAssetsResponse(reply)) {
      log('warn', 'ignored an invalid wallet_getAssets reply', reply)
      return undefined
    }
    return (reply[chain] ?? []).map((asset) => walletAssetToBalance(asset, network.caipNetworkId))
  } catch (error) {
    log('warn', 'wallet_getAssets failed; the balance API answers', error)
    return undefined
  }
}
