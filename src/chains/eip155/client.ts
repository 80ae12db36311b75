/**
 * viem public clients, one per network, reading through the RPC proxy of SPEC §7
 * (`/v1/?chainId=..&projectId=..`) with the network's own RPC URLs as fallbacks, under SPEC §8/§9's
 * RPC policy: retries, Retry-After, timeout and multicall batching.
 */
import {
  createPublicClient,
  defineChain,
  fallback,
  http,
  isAddress,
  type Chain,
  type PublicClient,
  type Transport,
} from 'viem'
import { MULTICALL_BATCH_SIZE, POLLING_INTERVAL_MS, RPC_RETRY, RPC_TIMEOUT_MS } from '../../core/constants'
import type { CaipNetwork } from '../../core/types'
import { rpcUrlsFor, type RpcConfig } from '../rpc-urls'

/** The viem chain for a network (with its Multicall3 contract when the network names a valid one). @internal */
export function toViemChain(network: CaipNetwork): Chain {
  const multicall3 = network.contracts?.multicall3
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
    ...(multicall3 && isAddress(multicall3.address, { strict: false })
      ? { contracts: { multicall3: { address: multicall3.address } } }
      : {}),
  })
}

/**
 * The transport a network's reads go through: the RPC proxy first (when a project id is set), then
 * the network's own RPC URLs. One policy for the whole request (SPEC §8, §9): 3 retries on a
 * retryable failure, waiting the answer's Retry-After or 150 ms doubling, and 10 s per attempt;
 * with several URLs each retry round tries them in order, so a failing proxy hands over at once.
 * viem's reads of blocks, transactions and receipts share one request while identical ones are in
 * flight (its de-duplication cache); balances and calls are never shared, so a forced refresh
 * after a transaction reads the chain anew.
 * @internal
 */
export function rpcTransport(network: Pick<CaipNetwork, 'caipNetworkId' | 'rpcUrls'>, config: RpcConfig): Transport {
  const policy = { retryCount: RPC_RETRY.retries, retryDelay: RPC_RETRY.delayMs }
  const urls = rpcUrlsFor(network, config)
  // viem's fallback asks each URL with no retries of its own and retries the round; an URL's own
  // retry count would multiply with the round's.
  return urls.length === 1
    ? http(urls[0], { ...policy, timeout: RPC_TIMEOUT_MS })
    : fallback(
        urls.map((url) => http(url, { timeout: RPC_TIMEOUT_MS })),
        policy,
      )
}

/**
 * A cached public client per network and config; eth_call reads made together go as multicalls.
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
        batch: { multicall: { batchSize: MULTICALL_BATCH_SIZE } },
      })
      clients.set(network.caipNetworkId, client)
    }
    return client
  }
}
