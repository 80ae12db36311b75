/**
 * wagmi's reads through SigKit's RPC: the RPC proxy of `endpoints.rpc` (SPEC §7, with the project
 * id), then the network's own RPC URLs, as SigKit's own balance reads go and as AppKit's adapter
 * routes them. The adapter is made before `createAppKit`, so the endpoints are read when the first
 * request is sent, not when the transport is made.
 */
import { createTransport, type Transport } from 'viem'
import { getResolvedOptions } from '../core/config/appkit-state'
import { rpcTransport } from '../chains/eip155/client'
import type { CaipNetwork } from '../core/types'

/**
 * A wagmi transport for one network that sends each request through SigKit's RPC. Until
 * `createAppKit` has run (no endpoints known yet) a request goes to the network's own RPC, and the
 * next one looks again.
 *
 * @example
 * ```ts
 * createConfig({ chains: [mainnet], transports: { [mainnet.id]: sigkitTransport(mainnet, projectId) } })
 * ```
 */
export function sigkitTransport(
  network: { id: number; rpcUrls: CaipNetwork['rpcUrls'] },
  projectId: string,
): Transport {
  const target = { caipNetworkId: `eip155:${network.id}` as const, rpcUrls: network.rpcUrls }
  return (parameters) => {
    let resolved: ReturnType<Transport> | undefined
    const current = (): ReturnType<Transport> => {
      if (resolved) return resolved
      const options = getResolvedOptions()
      const transport = rpcTransport(
        target,
        options ? { rpcProxy: options.endpoints.rpc, projectId: options.projectId || projectId } : {},
      )(parameters)
      if (options) resolved = transport
      return transport
    }
    // Retries and timeouts are the inner transport's (SPEC §9); this one only picks it.
    return createTransport({
      key: 'sigkit',
      name: 'SigKit RPC',
      type: 'sigkit',
      retryCount: 0,
      request: ((args) => current().request(args)) as ReturnType<Transport>['request'],
    })
  }
}
