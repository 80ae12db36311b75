/**
 * @solana/kit RPC clients, one per network, reading through the RPC proxy of SPEC §7
 * (`/v1/?chainId=solana:…&projectId=…`) with the network's own RPC URLs as fallbacks, as the
 * eip155 clients do.
 */
import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  type RpcTransport,
  type SolanaRpcApi,
  type Rpc,
} from '@solana/kit'
import type { CaipNetwork } from '../../core/types'
import { rpcUrlsFor, type RpcConfig } from '../rpc-urls'

/** The RPC methods SigKit calls. @internal */
export type SolanaRpc = Rpc<SolanaRpcApi>

/** A transport that tries each URL in turn: an unreachable or failing proxy falls back to the node. */
function fallbackTransport(urls: readonly string[]): RpcTransport {
  const transports = urls.map((url) => createDefaultRpcTransport({ url }))
  return (async (config) => {
    let lastError: unknown = new Error('No RPC URL for this network')
    for (const transport of transports) {
      try {
        return await transport(config)
      } catch (error) {
        if (config.signal?.aborted) throw error
        lastError = error
      }
    }
    throw lastError
  }) as RpcTransport
}

/**
 * A cached RPC client per network.
 * @internal
 */
export function createRpcCache(config: RpcConfig): (network: CaipNetwork) => SolanaRpc {
  const clients = new Map<string, SolanaRpc>()
  return (network) => {
    let rpc = clients.get(network.caipNetworkId)
    if (!rpc) {
      rpc = createSolanaRpcFromTransport(fallbackTransport(rpcUrlsFor(network, config)))
      clients.set(network.caipNetworkId, rpc)
    }
    return rpc
  }
}
