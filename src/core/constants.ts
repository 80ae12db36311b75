/**
 * Business constants and limits (SPEC §9) plus the hosted defaults. Values only; each is used by the
 * module that applies it, so changing one here changes the behaviour everywhere.
 */
export { DEFAULT_LOG_LEVEL, LOG_BUFFER_SIZE } from '../lib/logger'
import type { AccountType, ChainNamespace, ConnectMethod, Endpoints, ResolvedFeatures, SocialProvider } from './types'

// Injected by the build (`define`) from package.json; absent when sources run unbundled in tests.
declare const __SIGKIT_VERSION__: string | undefined

/** SDK type sent to hosted services as `st`. */
export const SDK_TYPE = 'appkit'

/** SDK version sent to hosted services as `sv` (package version at build time). */
export const SDK_VERSION: string = typeof __SIGKIT_VERSION__ === 'string' ? __SIGKIT_VERSION__ : '0.0.0-dev'

/** Every chain namespace SigKit supports, in display order. */
export const CHAIN_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']

/** Native currency decimals that differ from EVM's 18. */
export const NATIVE_DECIMALS = { solana: 9, bip122: 8 } as const

/** Hosted service base URLs; each can be overridden with the `endpoints` option. */
export const DEFAULT_ENDPOINTS: Readonly<Endpoints> = {
  api: 'https://rpc.walletconnect.org',
  walletApi: 'https://api.web3modal.org',
  rpc: 'https://rpc.walletconnect.org',
  relay: 'wss://relay.walletconnect.org',
  secureSite: 'https://secure.walletconnect.org',
  pulse: 'https://pulse.walletconnect.org',
  verify: 'https://verify.walletconnect.org',
}

/** Number of recently used wallets kept in storage. */
export const RECENT_WALLETS_KEPT = 2

/** Delay before a new toast appears when it replaces an open one. */
export const TOAST_REOPEN_DELAY_MS = 150

/** Success and error toasts hide themselves after this long. */
export const TOAST_AUTO_HIDE_MS = 2200

/** Duration of the modal's "no" shake. */
export const MODAL_SHAKE_MS = 500

/** UI animation durations. */
export const ANIMATION_MS = { headerText: 120, modalHeight: 150, viewTransition: 150 } as const

/** Default colour scheme. */
export const DEFAULT_THEME_MODE = 'dark'

/** Fiat amounts are formatted in this locale with this many decimals. */
export const FIAT_FORMAT = { locale: 'en-US', decimals: 2 } as const

/** Wallet list paging and search. */
export const WALLET_LIST = { pageSize: 40, recommended: 4, searchSize: 100, searchWaitMs: 300 } as const

/** Error reports: at most `max` per rolling `windowMs`. */
export const ERROR_REPORTS = { max: 5, windowMs: 60_000 } as const

/** Name of the placeholder network for a chain the dapp did not configure. */
export const UNKNOWN_NETWORK_NAME = 'Unknown Network'

/** Default social provider list, in display order. */
export const DEFAULT_SOCIALS: readonly SocialProvider[] = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
]

/** Social providers enabled by the default remote configuration. */
export const DEFAULT_REMOTE_SOCIALS: readonly SocialProvider[] = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
]

/** Default order of the connect methods on the Connect view. */
export const DEFAULT_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']

/** Order of connector groups in wallet lists. */
export const CONNECTOR_TYPE_ORDER = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const

/** Default preferred account type per namespace. */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Partial<Record<ChainNamespace, AccountType>>> = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
}

/** Built-in on-ramp provider ids; the second one gets wallet parameters appended to its url. */
const ONRAMP_PROVIDER_IDS = ['coinbase', 'meld'] as const

/** Remote-controlled feature values used until (or unless) remote configuration arrives. */
const DEFAULT_REMOTE_FEATURES = {
  email: true,
  socials: DEFAULT_REMOTE_SOCIALS,
  swaps: true,
  swapProviders: ['1inch'],
  onramp: true,
  onrampProviders: ONRAMP_PROVIDER_IDS,
  history: true,
} as const satisfies Partial<ResolvedFeatures>

/** Locally controlled feature defaults. */
const DEFAULT_LOCAL_FEATURES = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  branding: true,
  multiWallet: true,
  connectMethodsOrder: DEFAULT_CONNECT_METHOD_ORDER,
} as const satisfies Partial<ResolvedFeatures>

/** Every feature's default: local defaults plus remote defaults. */
export const DEFAULT_FEATURES: Readonly<ResolvedFeatures> = { ...DEFAULT_REMOTE_FEATURES, ...DEFAULT_LOCAL_FEATURES }

/** Features that basic mode switches off. */
export const BASIC_MODE_DISABLED = ['email', 'socials', 'swaps', 'onramp', 'history', 'branding'] as const

/**
 * Display names of the social login providers, for the social section's buttons and for the
 * connected account's wallet info.
 * @internal
 */
export const SOCIAL_NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}

// ── timings and limits of wallet operations (SPEC §9): caches, retries, receipts, polling ─────

/** Namespaces with balance support. */
export const BALANCE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/** Namespaces with send support. */
export const SEND_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/** How long a fetched token balance list stays fresh. */
export const BALANCE_CACHE_MS = 30_000

/** How long a fetched native balance stays fresh. */
export const NATIVE_BALANCE_CACHE_MS = 30_000

/** How long an identity lookup stays cached. */
export const IDENTITY_CACHE_MS = 5 * 60_000

/** Window in which a failed token-balance fetch is not retried. */
export const TOKEN_BALANCE_RETRY_WINDOW_MS = 30_000

/**
 * Retry policy of hosted-API queries: attempts in total, and a doubling back-off from 1 s (SPEC §9's
 * "1 s" time constant) with a ceiling.
 */
export const QUERY_RETRY = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000 } as const

/** Disconnect waits at most this long for the wallet (SPEC §9's "3 s"), then clears local state anyway. */
export const DISCONNECT_WAIT_MS = 3000

/**
 * RPC client retry policy (SPEC §8, §9): 3 retries after the first attempt, on code -1, internal
 * errors and HTTP 403, 408, 413, 429, 500, 502, 503, 504; the wait is the answer's Retry-After, else
 * `delayMs` doubling (150, 300, 600 ms). `dedupeCacheSize` is the size of viem's de-duplication
 * cache, through which identical block, transaction and receipt reads in flight go once.
 */
export const RPC_RETRY = { retries: 3, delayMs: 150, dedupeCacheSize: 8192 } as const

/** An RPC request is abandoned (and retried) after this long (SPEC §9's "10 s"). */
export const RPC_TIMEOUT_MS = 10_000

/**
 * Reads (eth_call) made in the same tick go as one Multicall3 call of at most this many bytes of
 * call data each (SPEC §9), on networks that name their Multicall3 contract.
 */
export const MULTICALL_BATCH_SIZE = 1024

/** Size of the per-client cache remembering the eth_sendTransaction fallback. */
export const SEND_TRANSACTION_FALLBACK_CACHE_SIZE = 128

/**
 * Transaction receipt wait policy (SPEC §9): give up after 180 s with a timeout error (SPEC §8), one
 * confirmation, and a failed receipt read retried 6 times from 200 ms doubling.
 */
export const RECEIPT_WAIT = { timeoutMs: 180_000, confirmations: 1, retries: 6, retryDelayMs: 200 } as const

/** Chain polling interval. */
export const POLLING_INTERVAL_MS = 4000
