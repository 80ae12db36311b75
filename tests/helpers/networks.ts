/**
 * The networks the tests use, in one place: public chains with placeholder RPC URLs (core, view
 * and connector tests never reach them), the sandbox's local chains at their usual ports (view
 * tests), and the sandbox's networks built from a running sandbox's URLs, as the demo hands them
 * to SigKit (integration tests).
 */
import type { CaipNetwork } from '../../src/core/types'

export const mainnet: CaipNetwork = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.example.org'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
}

export const base: CaipNetwork = {
  id: 8453,
  caipNetworkId: 'eip155:8453',
  chainNamespace: 'eip155',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://base.example.org'] } },
}

export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://sol.example.org'] } },
}

export const localhost: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Localhost',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

export const localL2: CaipNetwork = {
  id: 31338,
  caipNetworkId: 'eip155:31338',
  chainNamespace: 'eip155',
  name: 'Localhost L2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
}

/** A sandbox EVM chain (anvil at `rpcUrl`) as the demo hands it to SigKit. */
export function sandboxEvmNetwork(chainId: 31337 | 31338, rpcUrl: string): CaipNetwork {
  return {
    id: chainId,
    caipNetworkId: `eip155:${chainId}`,
    chainNamespace: 'eip155',
    name: chainId === 31337 ? 'Localhost' : 'Localhost L2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: false,
    // The sandbox installs Multicall3 at its canonical address (demo/sandbox/chains.mjs).
    contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
  }
}

/** The sandbox's Solana network as the demo hands it to SigKit. */
export function sandboxSolanaNetwork(network: { caipNetworkId: string; name: string; rpcUrl: string }): CaipNetwork {
  const { caipNetworkId, name, rpcUrl } = network
  return {
    id: caipNetworkId.slice('solana:'.length),
    caipNetworkId: caipNetworkId as CaipNetwork['caipNetworkId'],
    chainNamespace: 'solana',
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: false,
  }
}
