/**
 * CAIP-2 network ids (`namespace:chainId`) and CAIP-10 addresses (`namespace:chainId:address`).
 * Parsing is strict: wrong part counts, empty parts and unknown namespaces are rejected, because
 * these strings come from wallets, storage and dapp options.
 */
import { CHAIN_NAMESPACES } from '../constants'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../types'

/** The parts of a CAIP-10 address. */
export interface ParsedCaipAddress {
  chainNamespace: ChainNamespace
  chainId: string
  address: string
}

/** The parts of a CAIP-2 network id. */
export interface ParsedCaipNetworkId {
  chainNamespace: ChainNamespace
  chainId: string
}

/**
 * Whether `value` is one of the supported chain namespaces.
 *
 * @example
 * ```ts
 * isChainNamespace('eip155') // true
 * ```
 */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

function splitParts(value: unknown, count: number): string[] | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  if (parts.length !== count || parts.some((part) => part.trim() === '' || part !== part.trim())) return undefined
  if (!isChainNamespace(parts[0])) return undefined
  return parts
}

/**
 * Splits a CAIP-10 address into namespace, chain id and address.
 *
 * @throws Error `Invalid CAIP-10 address: {value}` unless there are exactly 3 non-empty parts with a
 * supported namespace.
 * @example
 * ```ts
 * parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
 * // { chainNamespace: 'eip155', chainId: '1', address: '0xab16…' }
 * ```
 */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parts = splitParts(value, 3)
  if (!parts) throw new Error(`Invalid CAIP-10 address: ${String(value)}`)
  const [chainNamespace, chainId, address] = parts as [ChainNamespace, string, string]
  return { chainNamespace, chainId, address }
}

/**
 * Splits a CAIP-2 network id into namespace and chain id.
 *
 * @throws Error `Invalid CAIP-2 network id: {value}` unless there are exactly 2 non-empty parts
 * with a supported namespace.
 * @example
 * ```ts
 * parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // { chainNamespace: 'solana', chainId: '5eyk…' }
 * ```
 */
export function parseCaipNetworkId(value: string): ParsedCaipNetworkId {
  const parts = splitParts(value, 2)
  if (!parts) throw new Error(`Invalid CAIP-2 network id: ${String(value)}`)
  const [chainNamespace, chainId] = parts as [ChainNamespace, string]
  return { chainNamespace, chainId }
}

/**
 * Whether `value` is a well-formed CAIP-10 address. Never throws.
 *
 * @example
 * ```ts
 * isCaipAddress('eip155:1:0xabc') // true
 * isCaipAddress('eip155:1') // false
 * ```
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  return splitParts(value, 3) !== undefined
}

/**
 * Whether `value` is a well-formed CAIP-2 network id. Never throws.
 *
 * @example
 * ```ts
 * isCaipNetworkId('eip155:137') // true
 * ```
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return splitParts(value, 2) !== undefined
}

/**
 * Validates a CAIP-10 address.
 *
 * @throws Error `Invalid CAIP Address` when it is not one.
 * @example
 * ```ts
 * assertCaipAddress(input) // input is now typed CaipAddress
 * ```
 */
export function assertCaipAddress(value: unknown): asserts value is CaipAddress {
  if (!isCaipAddress(value)) throw new Error('Invalid CAIP Address')
}

/**
 * Builds a CAIP-10 address.
 *
 * @example
 * ```ts
 * formatCaipAddress('eip155', 1, '0xabc') // 'eip155:1:0xabc'
 * ```
 */
export function formatCaipAddress(
  chainNamespace: ChainNamespace,
  chainId: string | number,
  address: string,
): CaipAddress {
  const value = `${chainNamespace}:${chainId}:${address}`
  assertCaipAddress(value)
  return value
}

/**
 * Builds a CAIP-2 network id.
 *
 * @example
 * ```ts
 * formatCaipNetworkId('eip155', 8453) // 'eip155:8453'
 * ```
 */
export function formatCaipNetworkId(chainNamespace: ChainNamespace, chainId: string | number): CaipNetworkId {
  const value = `${chainNamespace}:${chainId}`
  if (!isCaipNetworkId(value)) throw new Error(`Invalid CAIP-2 network id: ${value}`)
  return value
}
