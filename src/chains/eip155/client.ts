/**
 * viem public clients, one per network, reading through the RPC proxy of SPEC §7
 * (`/v1/?chainId=..&projectId=..`) with the network's own RPC URLs as fallbacks.
 */
import { createPublicClient, defineChain, fallback, http, type Chain, type PublicClient, type Transport } from 'viem'
import { POLLING_INTERVAL_MS, RPC_RETRY, RPC_TIMEOUT_MS } from '../../core/constants'
import type { CaipNetwork } from '../../core/types'
import { rpcUrlsFor, type RpcConfig } from '../rpc-urls'

/** The viem chain for a network. @internal */
export function toViemChain(network: CaipNetwork): Chain {
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  })
}

/**
 * The transport a network's reads go through: the RPC proxy first (when a project id is set), then
 * the network's own RPC URLs, each with SPEC §9's retries and timeout.
 * @internal
 */
export function rpcTransport(network: Pick<CaipNetwork, 'caipNetworkId' | 'rpcUrls'>, config: RpcConfig): Transport {
  const transports = rpcUrlsFor(network, config).map((url) =>
    http(url, { retryCount: RPC_RETRY.attempts, retryDelay: RPC_RETRY.delayMs, timeout: RPC_TIMEOUT_MS }),
  )
  return transports.length === 1 ? (transports[0] as Transport) : fallback(transports)
}

/**
 * A cached public client per network and config.
 * @internal
 */
export function createClientCache(config: RpcConfig): (network: CaipNetwork) => PublicClient {
  const clients = new Map<string, PublicClient>()
  return (network) => {
    let client = clients.get(network.caipNetworkId)
    if (!client) {
      client = createPublicClient({
        chain: toViemChain(network),
        transport: rpcTransport(network, config),
        pollingInterval: POLLING_INTERVAL_MS,
      })
      clients.set(network.caipNetworkId, client)
    }
    return client
  }
}
