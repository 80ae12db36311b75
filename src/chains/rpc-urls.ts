/**
 * Where a network's reads go, for every adapter: the RPC proxy of SPEC §7 first
 * (`/v1/?chainId=<CAIP-2>&projectId=…`), then the network's own RPC URLs.
 */
import type { CaipNetwork } from '../core/types'

/** Where reads go. */
export interface RpcConfig {
  /** RPC proxy base URL (the `endpoints.rpc` option). */
  rpcProxy?: string
  projectId?: string
}

/**
 * RPC URLs for a network, the proxy first when a project id is set.
 * @internal
 */
export function rpcUrlsFor(network: Pick<CaipNetwork, 'caipNetworkId' | 'rpcUrls'>, config: RpcConfig): string[] {
  const urls = [...network.rpcUrls.default.http]
  if (config.rpcProxy && config.projectId) {
    const query = new URLSearchParams({ chainId: network.caipNetworkId, projectId: config.projectId })
    urls.unshift(`${config.rpcProxy}/v1/?${query}`)
  }
  return urls
}
