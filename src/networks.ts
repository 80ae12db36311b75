/**
 * Network definitions a dapp can pass to `createAppKit({ networks })` for the namespaces viem does
 * not describe (SPEC §3: Solana mainnet, devnet and testnet; Bitcoin and Bitcoin testnet). Plain
 * data: a bundler keeps only the ones imported. EVM networks are written the same way, or taken
 * from viem's chain list.
 */
import type { CaipNetwork } from './core/types'

// SPEC §3's native decimals (constants.ts NATIVE_DECIMALS), written out: importing core here would
// tie this file to the page-load chunks.
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }

function solanaNetwork(
  reference: string,
  name: string,
  rpcUrl: string,
  cluster: string,
  testnet: boolean,
): CaipNetwork {
  return {
    id: reference,
    caipNetworkId: `solana:${reference}`,
    chainNamespace: 'solana',
    name,
    nativeCurrency: SOL,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: { name: 'Solana Explorer', url: `https://explorer.solana.com${cluster}` } },
    testnet,
  }
}

/**
 * Solana mainnet (CAIP-2 `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, the first 32 characters of its
 * genesis hash).
 *
 * @example
 * ```ts
 * createAppKit({ projectId, networks: [mainnet, solana] })
 * ```
 */
export const solana: CaipNetwork = /* @__PURE__ */ solanaNetwork(
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Solana',
  'https://api.mainnet-beta.solana.com',
  '',
  false,
)

/** Solana devnet. */
export const solanaDevnet: CaipNetwork = /* @__PURE__ */ solanaNetwork(
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  'https://api.devnet.solana.com',
  '?cluster=devnet',
  true,
)

/** Solana testnet. */
export const solanaTestnet: CaipNetwork = /* @__PURE__ */ solanaNetwork(
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'Solana Testnet',
  'https://api.testnet.solana.com',
  '?cluster=testnet',
  true,
)

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/** Bitcoin (connects through WalletConnect only: no balances or send, SPEC §1). */
export const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
  testnet: false,
}

/** Bitcoin testnet. */
export const bitcoinTestnet: CaipNetwork = {
  id: '000000000933ea01ad0ee984209779ba',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: { ...BTC, symbol: 'tBTC' },
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
  testnet: true,
}
