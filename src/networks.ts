/**
 * `sigkit/networks` (and the CDN's `dist/cdn/networks.js`): network definitions a dapp passes to
 * `createAppKit({ networks })` and to `new WagmiAdapter({ networks })`, named as Reown AppKit's
 * `@reown/appkit/networks` names them, so moving from AppKit changes only the import line. Plain
 * data in SigKit's `CaipNetwork` shape (an EVM one is also a viem `Chain`, so wagmi takes it): a
 * bundler keeps only the ones imported. viem's own chains (`viem/chains`) are accepted too.
 *
 * The EVM figures (names, currencies, public RPC URLs, explorers) are viem 2.57.1's chain list;
 * Solana and Bitcoin are SPEC §3's; polkadot and cosmos connect through WalletConnect only.
 */
import type { CaipNetwork } from './core/types'
import { NATIVE_DECIMALS } from './core/constants'
import type { EvmChain } from './core/config/options'

/**
 * A network `createAppKit` and `WagmiAdapter` take: SigKit's `CaipNetwork` or viem's `Chain`
 * (AppKit's name, so `[mainnet, arbitrum] as [AppKitNetwork, ...AppKitNetwork[]]` keeps working).
 */
export type AppKitNetwork = CaipNetwork | EvmChain

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

// Multicall3's address on every EVM network listed here but ZKsync's two and Abstract (viem's chain list).
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
const ZKSYNC_MULTICALL3 = '0xF9cda624FBC7e059355ce98a31693d299FACd963'

function evmNetwork(
  id: number,
  name: string,
  nativeCurrency: CaipNetwork['nativeCurrency'],
  rpcUrl: string,
  explorerName: string,
  explorerUrl: string,
  testnet = false,
  multicall3: `0x${string}` = MULTICALL3,
): CaipNetwork {
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name,
    nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: { name: explorerName, url: explorerUrl } },
    testnet,
    contracts: { multicall3: { address: multicall3 } },
  }
}

/** Ethereum (chain 1). */
export const mainnet: CaipNetwork = /* @__PURE__ */ evmNetwork(
  1,
  'Ethereum',
  ETH,
  'https://ethereum.reth.rs/rpc',
  'Etherscan',
  'https://etherscan.io',
)

/** Sepolia (chain 11155111, a testnet). */
export const sepolia: CaipNetwork = /* @__PURE__ */ evmNetwork(
  11155111,
  'Sepolia',
  { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  'https://11155111.rpc.thirdweb.com',
  'Etherscan',
  'https://sepolia.etherscan.io',
  true,
)

/** Holesky (chain 17000, a testnet). */
export const holesky: CaipNetwork = /* @__PURE__ */ evmNetwork(
  17000,
  'Holesky',
  { name: 'Holesky Ether', symbol: 'ETH', decimals: 18 },
  'https://ethereum-holesky-rpc.publicnode.com',
  'Etherscan',
  'https://holesky.etherscan.io',
  true,
)

/** Arbitrum One (chain 42161). */
export const arbitrum: CaipNetwork = /* @__PURE__ */ evmNetwork(
  42161,
  'Arbitrum One',
  ETH,
  'https://arb1.arbitrum.io/rpc',
  'Arbiscan',
  'https://arbiscan.io',
)

/** Arbitrum Nova (chain 42170). */
export const arbitrumNova: CaipNetwork = /* @__PURE__ */ evmNetwork(
  42170,
  'Arbitrum Nova',
  ETH,
  'https://nova.arbitrum.io/rpc',
  'Arbiscan',
  'https://nova.arbiscan.io',
)

/** Arbitrum Sepolia (chain 421614, a testnet). */
export const arbitrumSepolia: CaipNetwork = /* @__PURE__ */ evmNetwork(
  421614,
  'Arbitrum Sepolia',
  { name: 'Arbitrum Sepolia Ether', symbol: 'ETH', decimals: 18 },
  'https://sepolia-rollup.arbitrum.io/rpc',
  'Arbiscan',
  'https://sepolia.arbiscan.io',
  true,
)

/** OP Mainnet (chain 10). */
export const optimism: CaipNetwork = /* @__PURE__ */ evmNetwork(
  10,
  'OP Mainnet',
  ETH,
  'https://mainnet.optimism.io',
  'Optimism Explorer',
  'https://optimistic.etherscan.io',
)

/** OP Sepolia (chain 11155420, a testnet). */
export const optimismSepolia: CaipNetwork = /* @__PURE__ */ evmNetwork(
  11155420,
  'OP Sepolia',
  { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  'https://sepolia.optimism.io',
  'Blockscout',
  'https://optimism-sepolia.blockscout.com',
  true,
)

/** Base (chain 8453). */
export const base: CaipNetwork = /* @__PURE__ */ evmNetwork(
  8453,
  'Base',
  ETH,
  'https://mainnet.base.org',
  'Basescan',
  'https://basescan.org',
)

/** Base Sepolia (chain 84532, a testnet). */
export const baseSepolia: CaipNetwork = /* @__PURE__ */ evmNetwork(
  84532,
  'Base Sepolia',
  { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  'https://sepolia.base.org',
  'Basescan',
  'https://sepolia.basescan.org',
  true,
)

/** Polygon (chain 137). */
export const polygon: CaipNetwork = /* @__PURE__ */ evmNetwork(
  137,
  'Polygon',
  { name: 'POL', symbol: 'POL', decimals: 18 },
  'https://polygon.drpc.org',
  'PolygonScan',
  'https://polygonscan.com',
)

/** Polygon Amoy (chain 80002, a testnet). */
export const polygonAmoy: CaipNetwork = /* @__PURE__ */ evmNetwork(
  80002,
  'Polygon Amoy',
  { name: 'POL', symbol: 'POL', decimals: 18 },
  'https://polygon-amoy.drpc.org',
  'PolygonScan',
  'https://amoy.polygonscan.com',
  true,
)

/** Polygon zkEVM (chain 1101). */
export const polygonZkEvm: CaipNetwork = /* @__PURE__ */ evmNetwork(
  1101,
  'Polygon zkEVM',
  ETH,
  'https://zkevm-rpc.com',
  'PolygonScan',
  'https://zkevm.polygonscan.com',
)

/** BNB Smart Chain (chain 56). */
export const bsc: CaipNetwork = /* @__PURE__ */ evmNetwork(
  56,
  'BNB Smart Chain',
  { name: 'BNB', symbol: 'BNB', decimals: 18 },
  'https://56.rpc.thirdweb.com',
  'BscScan',
  'https://bscscan.com',
)

/** BNB Smart Chain Testnet (chain 97, a testnet). */
export const bscTestnet: CaipNetwork = /* @__PURE__ */ evmNetwork(
  97,
  'BNB Smart Chain Testnet',
  { name: 'BNB', symbol: 'tBNB', decimals: 18 },
  'https://data-seed-prebsc-1-s1.bnbchain.org:8545',
  'BscScan',
  'https://testnet.bscscan.com',
  true,
)

/** Avalanche (chain 43114). */
export const avalanche: CaipNetwork = /* @__PURE__ */ evmNetwork(
  43114,
  'Avalanche',
  { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  'https://api.avax.network/ext/bc/C/rpc',
  'SnowTrace',
  'https://snowtrace.io',
)

/** Avalanche Fuji (chain 43113, a testnet). */
export const avalancheFuji: CaipNetwork = /* @__PURE__ */ evmNetwork(
  43113,
  'Avalanche Fuji',
  { name: 'Avalanche Fuji', symbol: 'AVAX', decimals: 18 },
  'https://api.avax-test.network/ext/bc/C/rpc',
  'SnowTrace',
  'https://testnet.snowtrace.io',
  true,
)

/** Gnosis (chain 100). */
export const gnosis: CaipNetwork = /* @__PURE__ */ evmNetwork(
  100,
  'Gnosis',
  { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  'https://rpc.gnosischain.com',
  'Gnosisscan',
  'https://gnosisscan.io',
)

/** Gnosis Chiado (chain 10200, a testnet). */
export const gnosisChiado: CaipNetwork = /* @__PURE__ */ evmNetwork(
  10200,
  'Gnosis Chiado',
  { name: 'Gnosis', symbol: 'xDAI', decimals: 18 },
  'https://rpc.chiadochain.net',
  'Blockscout',
  'https://blockscout.chiadochain.net',
  true,
)

/** ZKsync Era (chain 324). */
export const zksync: CaipNetwork = /* @__PURE__ */ evmNetwork(
  324,
  'ZKsync Era',
  ETH,
  'https://mainnet.era.zksync.io',
  'ZKsync Explorer',
  'https://explorer.zksync.io',
  false,
  ZKSYNC_MULTICALL3,
)

/** ZKsync Sepolia Testnet (chain 300, a testnet). */
export const zksyncSepoliaTestnet: CaipNetwork = /* @__PURE__ */ evmNetwork(
  300,
  'ZKsync Sepolia Testnet',
  ETH,
  'https://sepolia.era.zksync.dev',
  'ZKsync Explorer',
  'https://sepolia.explorer.zksync.io',
  true,
  ZKSYNC_MULTICALL3,
)

/** Celo (chain 42220). */
export const celo: CaipNetwork = /* @__PURE__ */ evmNetwork(
  42220,
  'Celo',
  { name: 'CELO', symbol: 'CELO', decimals: 18 },
  'https://forno.celo.org',
  'Celo Explorer',
  'https://celoscan.io',
)

/** Alfajores (chain 44787, a testnet). */
export const celoAlfajores: CaipNetwork = /* @__PURE__ */ evmNetwork(
  44787,
  'Alfajores',
  { name: 'CELO', symbol: 'A-CELO', decimals: 18 },
  'https://alfajores-forno.celo-testnet.org',
  'Celo Alfajores Explorer',
  'https://celo-alfajores.blockscout.com',
  true,
)

/** Linea Mainnet (chain 59144). */
export const linea: CaipNetwork = /* @__PURE__ */ evmNetwork(
  59144,
  'Linea Mainnet',
  { name: 'Linea Ether', symbol: 'ETH', decimals: 18 },
  'https://rpc.linea.build',
  'Etherscan',
  'https://lineascan.build',
)

/** Linea Sepolia Testnet (chain 59141, a testnet). */
export const lineaSepolia: CaipNetwork = /* @__PURE__ */ evmNetwork(
  59141,
  'Linea Sepolia Testnet',
  { name: 'Linea Ether', symbol: 'ETH', decimals: 18 },
  'https://rpc.sepolia.linea.build',
  'Etherscan',
  'https://sepolia.lineascan.build',
  true,
)

/** Scroll (chain 534352). */
export const scroll: CaipNetwork = /* @__PURE__ */ evmNetwork(
  534352,
  'Scroll',
  ETH,
  'https://rpc.scroll.io',
  'Scrollscan',
  'https://scrollscan.com',
)

/** Scroll Sepolia (chain 534351, a testnet). */
export const scrollSepolia: CaipNetwork = /* @__PURE__ */ evmNetwork(
  534351,
  'Scroll Sepolia',
  ETH,
  'https://sepolia-rpc.scroll.io',
  'Scrollscan',
  'https://sepolia.scrollscan.com',
  true,
)

/** Aurora (chain 1313161554). */
export const aurora: CaipNetwork = /* @__PURE__ */ evmNetwork(
  1313161554,
  'Aurora',
  ETH,
  'https://mainnet.aurora.dev',
  'Aurorascan',
  'https://aurorascan.dev',
)

/** Mantle (chain 5000). */
export const mantle: CaipNetwork = /* @__PURE__ */ evmNetwork(
  5000,
  'Mantle',
  { name: 'MNT', symbol: 'MNT', decimals: 18 },
  'https://rpc.mantle.xyz',
  'Mantle Explorer',
  'https://mantlescan.xyz',
)

/** Blast (chain 81457). */
export const blast: CaipNetwork = /* @__PURE__ */ evmNetwork(
  81457,
  'Blast',
  ETH,
  'https://rpc.blast.io',
  'Blastscan',
  'https://blastscan.io',
)

/** Mode Mainnet (chain 34443). */
export const mode: CaipNetwork = /* @__PURE__ */ evmNetwork(
  34443,
  'Mode Mainnet',
  ETH,
  'https://mainnet.mode.network',
  'Modescan',
  'https://modescan.io',
)

/** Zora (chain 7777777). */
export const zora: CaipNetwork = /* @__PURE__ */ evmNetwork(
  7777777,
  'Zora',
  ETH,
  'https://rpc.zora.energy',
  'Explorer',
  'https://explorer.zora.energy',
)

/** Fantom (chain 250). */
export const fantom: CaipNetwork = /* @__PURE__ */ evmNetwork(
  250,
  'Fantom',
  { name: 'Fantom', symbol: 'FTM', decimals: 18 },
  'https://250.rpc.thirdweb.com',
  'FTMScan',
  'https://ftmscan.com',
)

/** Moonbeam (chain 1284). */
export const moonbeam: CaipNetwork = /* @__PURE__ */ evmNetwork(
  1284,
  'Moonbeam',
  { name: 'Moonbeam', symbol: 'GLMR', decimals: 18 },
  'https://rpc.api.moonbeam.network',
  'Moonscan',
  'https://moonscan.io',
)

/** Metis (chain 1088). */
export const metis: CaipNetwork = /* @__PURE__ */ evmNetwork(
  1088,
  'Metis',
  { name: 'Metis', symbol: 'METIS', decimals: 18 },
  'https://metis.rpc.hypersync.xyz',
  'Metis Explorer',
  'https://explorer.metis.io',
)

/** Cronos Mainnet (chain 25). */
export const cronos: CaipNetwork = /* @__PURE__ */ evmNetwork(
  25,
  'Cronos Mainnet',
  { name: 'Cronos', symbol: 'CRO', decimals: 18 },
  'https://evm.cronos.org',
  'Cronos Explorer',
  'https://explorer.cronos.org',
)

/** Berachain (chain 80094). */
export const berachain: CaipNetwork = /* @__PURE__ */ evmNetwork(
  80094,
  'Berachain',
  { name: 'BERA Token', symbol: 'BERA', decimals: 18 },
  'https://rpc.berachain.com',
  'Berascan',
  'https://berascan.com',
)

/** Unichain (chain 130). */
export const unichain: CaipNetwork = /* @__PURE__ */ evmNetwork(
  130,
  'Unichain',
  ETH,
  'https://mainnet.unichain.org/',
  'Uniscan',
  'https://uniscan.xyz',
)

/** Sonic (chain 146). */
export const sonic: CaipNetwork = /* @__PURE__ */ evmNetwork(
  146,
  'Sonic',
  { name: 'Sonic', symbol: 'S', decimals: 18 },
  'https://rpc.soniclabs.com',
  'Sonic Explorer',
  'https://sonicscan.org',
)

/** Abstract (chain 2741). */
export const abstract: CaipNetwork = /* @__PURE__ */ evmNetwork(
  2741,
  'Abstract',
  { name: 'ETH', symbol: 'ETH', decimals: 18 },
  'https://api.mainnet.abs.xyz',
  'Etherscan',
  'https://abscan.org',
  false,
  '0xAa4De41dba0Ca5dCBb288b7cC6b708F3aaC759E7',
)

/** Kaia (chain 8217). */
export const kaia: CaipNetwork = /* @__PURE__ */ evmNetwork(
  8217,
  'Kaia',
  { name: 'Kaia', symbol: 'KAIA', decimals: 18 },
  'https://public-en.node.kaia.io',
  'KaiaScan',
  'https://kaiascan.io',
)

/** Ink (chain 57073). */
export const ink: CaipNetwork = /* @__PURE__ */ evmNetwork(
  57073,
  'Ink',
  ETH,
  'https://rpc-gel.inkonchain.com',
  'Blockscout',
  'https://explorer.inkonchain.com',
)

/** Soneium Mainnet (chain 1868). */
export const soneium: CaipNetwork = /* @__PURE__ */ evmNetwork(
  1868,
  'Soneium Mainnet',
  ETH,
  'https://rpc.soneium.org',
  'Blockscout',
  'https://soneium.blockscout.com',
)

/** World Chain (chain 480). */
export const worldchain: CaipNetwork = /* @__PURE__ */ evmNetwork(
  480,
  'World Chain',
  ETH,
  'https://worldchain-mainnet.g.alchemy.com/public',
  'Worldscan',
  'https://worldscan.org',
)

/** Monad Testnet (chain 10143, a testnet). */
export const monadTestnet: CaipNetwork = /* @__PURE__ */ evmNetwork(
  10143,
  'Monad Testnet',
  { name: 'Testnet MON Token', symbol: 'MON', decimals: 18 },
  'https://testnet-rpc.monad.xyz',
  'Monad Testnet explorer',
  'https://testnet.monadexplorer.com',
  true,
)

const SOL = { name: 'Solana', symbol: 'SOL', decimals: NATIVE_DECIMALS.solana }

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

/** A network of a namespace WalletConnect alone serves: no RPC here (no balances or send, SPEC §1). */
function walletConnectOnly(
  chainNamespace: 'polkadot' | 'cosmos',
  reference: string,
  name: string,
  nativeCurrency: CaipNetwork['nativeCurrency'],
  explorerName: string,
  explorerUrl: string,
  testnet = false,
): CaipNetwork {
  return {
    id: reference,
    caipNetworkId: `${chainNamespace}:${reference}`,
    chainNamespace,
    name,
    nativeCurrency,
    rpcUrls: { default: { http: [] } },
    blockExplorers: { default: { name: explorerName, url: explorerUrl } },
    testnet,
  }
}

/** Polkadot (CAIP-2 `polkadot:` + the first 32 hex digits of its genesis hash; WalletConnect only). */
export const polkadot: CaipNetwork = /* @__PURE__ */ walletConnectOnly(
  'polkadot',
  '91b171bb158e2d3848fa23a9f1c25182',
  'Polkadot',
  { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  'Subscan',
  'https://polkadot.subscan.io',
)

/** Kusama (WalletConnect only). */
export const kusama: CaipNetwork = /* @__PURE__ */ walletConnectOnly(
  'polkadot',
  'b0a8d493285c2df73290dfb7e61f870f',
  'Kusama',
  { name: 'Kusama', symbol: 'KSM', decimals: 12 },
  'Subscan',
  'https://kusama.subscan.io',
)

/** Westend, Polkadot's testnet (WalletConnect only). */
export const westend: CaipNetwork = /* @__PURE__ */ walletConnectOnly(
  'polkadot',
  'e143f23803ac50e8f6f8e62695d1ce9e',
  'Westend',
  { name: 'Westend', symbol: 'WND', decimals: 12 },
  'Subscan',
  'https://westend.subscan.io',
  true,
)

/** Cosmos Hub (CAIP-2 `cosmos:cosmoshub-4`; WalletConnect only). */
export const cosmosHub: CaipNetwork = /* @__PURE__ */ walletConnectOnly(
  'cosmos',
  'cosmoshub-4',
  'Cosmos Hub',
  { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  'Mintscan',
  'https://www.mintscan.io/cosmos',
)

/** Osmosis (CAIP-2 `cosmos:osmosis-1`; WalletConnect only). */
export const osmosis: CaipNetwork = /* @__PURE__ */ walletConnectOnly(
  'cosmos',
  'osmosis-1',
  'Osmosis',
  { name: 'Osmosis', symbol: 'OSMO', decimals: 6 },
  'Mintscan',
  'https://www.mintscan.io/osmosis',
)
