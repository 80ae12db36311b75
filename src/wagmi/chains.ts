/**
 * The dapp's networks as the chains of a wagmi config: the EVM ones, SigKit's `CaipNetwork`
 * (already a viem `Chain` in shape) or viem's own, checked as far as wagmi relies on them.
 */
import type { Chain } from 'viem'
import type { CaipNetwork } from '../core/types'
import type { EvmChain } from '../core/config/options'

/**
 * The EVM networks of `networks` as viem chains, in order; other namespaces are left to SigKit
 * (they have no place in wagmi).
 *
 * @throws the error `fail` makes, when `networks` is not an array or holds no EVM network, or an
 * EVM network has no numeric id, name, currency or http RPC URL.
 * @example
 * ```ts
 * toWagmiChains([mainnet, solana], (path, message) => new Error(`${path} ${message}`)) // [mainnet]
 * ```
 */
export function toWagmiChains(networks: unknown, fail: (path: string, message: string) => Error): [Chain, ...Chain[]] {
  if (!Array.isArray(networks)) throw fail('networks', 'must be a non-empty array of networks')
  const chains: Chain[] = []
  networks.forEach((network: Partial<CaipNetwork | EvmChain> | null, index) => {
    const path = `networks[${index}]`
    if (typeof network !== 'object' || network === null) throw fail(path, 'must be an object')
    const namespace = (network as Partial<CaipNetwork>).chainNamespace
    if (namespace !== undefined && namespace !== 'eip155') return
    if (typeof network.id !== 'number' || !Number.isInteger(network.id) || network.id <= 0)
      throw fail(`${path}.id`, 'must be a positive integer (an EVM chain id)')
    if (typeof network.name !== 'string' || network.name === '')
      throw fail(`${path}.name`, 'must be a non-empty string')
    if (typeof network.nativeCurrency?.decimals !== 'number') throw fail(`${path}.nativeCurrency`, 'must be an object')
    const http = network.rpcUrls?.default?.http
    if (!Array.isArray(http) || typeof http[0] !== 'string' || !/^https?:\/\//.test(http[0]))
      throw fail(`${path}.rpcUrls.default.http`, 'must list an http(s) URL (wagmi reads the chain through it)')
    if (chains.some((chain) => chain.id === network.id)) return
    chains.push(network as unknown as Chain)
  })
  if (chains.length === 0) throw fail('networks', 'must hold at least one EVM network')
  return chains as [Chain, ...Chain[]]
}
