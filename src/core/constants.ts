/**
 * Business constants and limits (SPEC §9) plus the hosted defaults. Values only; each is used by the
 * module that applies it, so changing one here changes the behaviour everywhere.
 */
import type { AccountType, ChainNamespace, ConnectMethod, Endpoints, ResolvedFeatures, SocialProvider } from './types'

// Injected by the build (`define`) from package.json; absent when sources run unbundled in tests.
declare const __SIGKIT_VERSION__: string | undefined

/** SDK type sent to hosted services as `st`. */
export const SDK_TYPE = 'appkit'

/** SDK version sent to hosted services as `sv` (package version at build time). */
export const SDK_VERSION: string = typeof __SIGKIT_VERSION__ === 'string' ? __SIGKIT_VERSION__ : '0.0.0-dev'

/** Every chain namespace SigKit supports, in display order. */
export const CHAIN_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']

/** Namespaces with name-service support. */
export const NAME_NAMESPACES: readonly ChainNamespace[] = ['eip155']

/** Namespaces the embedded (email/social) wallet supports. */
export const EMBEDDED_WALLET_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

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
}

/** A second email-login trigger within this window is refused. */
export const EMAIL_LOGIN_THROTTLE_MS = 30_000

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

/** Modal width in the theme. */
export const MODAL_WIDTH_PX = 360

/** Default colour scheme. */
export const DEFAULT_THEME_MODE = 'dark'

/** Default swap slippage tolerance, in percent. */
export const SWAP_SLIPPAGE_TOLERANCE = 1

/** Upper bound of the in-memory log buffer (about 1 MB). */
export const LOG_BUFFER_BYTES = 1024 * 1024

/** Default log level. */
export const DEFAULT_LOG_LEVEL = 'info'

/** Fiat amounts are formatted in this locale with this many decimals. */
export const FIAT_FORMAT = { locale: 'en-US', decimals: 2 } as const

/** Unit labels of relative times ('5 min ago', '1 hr', '2 d', '1 mo', '1 yr'). */
export const RELATIVE_TIME_UNITS = { minute: 'min', hour: 'hr', day: 'd', month: 'mo', year: 'yr' } as const

/** The secure frame must load within this time. */
export const IFRAME_LOAD_TIMEOUT_MS = 20_000

/** Frame requests (connect email, device, OTP, social, redirect URI) time out after this. */
export const FRAME_REQUEST_TIMEOUT_MS = 30_000

/** The secure frame counts as ready this long after its READY event. */
export const FRAME_READY_DELAY_MS = 500

/** Frame heartbeat interval. */
export const HEARTBEAT_MS = 5000

/** Secure frame SDK version used when none is given. */
export const DEFAULT_SECURE_SDK_VERSION = 4

/** Wallet list paging and search. */
export const WALLET_LIST = { pageSize: 40, recommended: 4, searchSize: 100, searchWaitMs: 300 } as const

/** Transaction amounts are displayed with this many decimals. */
export const TRANSACTION_AMOUNT_DECIMALS = 3

/** EIP-4844 blob limits. */
export const BLOB_LIMITS = { maxDataBytes: 761_855, blobBytes: 131_072 } as const

/** Error reports: at most `max` per rolling `windowMs`. */
export const ERROR_REPORTS = { max: 5, windowMs: 60_000 } as const

/** Delay before the UI shows the method-not-allowed message for an unsupported wallet method. */
export const UNSUPPORTED_METHOD_MESSAGE_DELAY_MS = 300

/** Account names: letters, digits and hyphens, at least this many characters. */
export const ACCOUNT_NAME_MIN_LENGTH = 4

/** A hex chain id must be below this to become a name-service coin type. */
export const COIN_TYPE_CHAIN_ID_LIMIT = 2 ** 31

/** Name-service suffixes: the current one and the legacy one. */
export const NAME_SUFFIXES = { current: '.reown.id', legacy: '.wcn.id' } as const

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

/** Order of wallet features on the Account view. */
export const WALLET_FEATURE_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const

/** Default preferred account type per namespace. */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Partial<Record<ChainNamespace, AccountType>>> = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
}

/** Built-in on-ramp provider ids; the second one gets wallet parameters appended to its url. */
export const ONRAMP_PROVIDER_IDS = ['coinbase', 'meld'] as const

/** Chains where card on-ramp is offered. */
export const CARD_ONRAMP_CHAINS = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche',
  'optimism',
  'celo',
  'base',
] as const

/** Default on-ramp payment method limits (decimal strings, in the payment currency). */
export const DEFAULT_ONRAMP_LIMITS = {
  card: { min: '10.00', max: '7500.00' },
  ach_bank_account: { min: '10.00', max: '25000.00' },
} as const

/** Default on-ramp payment currency. */
export const DEFAULT_PAYMENT_CURRENCY = 'USD'

/** Default on-ramp purchase currency: USDC on Ethereum and Polygon. */
export const DEFAULT_PURCHASE_CURRENCY = {
  id: 'USDC',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [
    {
      name: 'ethereum-mainnet',
      display_name: 'Ethereum',
      chain_id: '1',
      contract_address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    },
    {
      name: 'polygon-mainnet',
      display_name: 'Polygon',
      chain_id: '137',
      contract_address: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
    },
  ],
} as const

/** Remote-controlled feature values used until (or unless) remote configuration arrives. */
export const DEFAULT_REMOTE_FEATURES = {
  email: true,
  socials: DEFAULT_REMOTE_SOCIALS,
  swaps: true,
  swapProviders: ['1inch'],
  onramp: true,
  onrampProviders: ONRAMP_PROVIDER_IDS,
  history: true,
} as const satisfies Partial<ResolvedFeatures>

/** Locally controlled feature defaults. */
export const DEFAULT_LOCAL_FEATURES = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  branding: true,
  connectMethodsOrder: DEFAULT_CONNECT_METHOD_ORDER,
} as const satisfies Partial<ResolvedFeatures>

/** Every feature's default: local defaults plus remote defaults. */
export const DEFAULT_FEATURES: Readonly<ResolvedFeatures> = { ...DEFAULT_REMOTE_FEATURES, ...DEFAULT_LOCAL_FEATURES }

/** Features that basic mode switches off. */
export const BASIC_MODE_DISABLED = ['email', 'socials', 'swaps', 'onramp', 'history', 'branding'] as const
