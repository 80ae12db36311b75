/**
 * Timings and limits of wallet operations (SPEC §9): caches, retries, receipts, polling. Only the
 * lazy wallet code uses them, so they live apart from \`constants.ts\`, which page-load code
 * shares: esbuild assigns whole files to chunks, and these values would otherwise ship at page load.
 */
import type { ChainNamespace } from './types'

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

/** Retry policy of hosted-API queries: attempts in total, and a doubling back-off with a ceiling. */
export const QUERY_RETRY = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000 } as const

/** Disconnect waits at most this long. */
export const DISCONNECT_WAIT_MS = 3000

/** RPC client retry policy and request de-duplication cache size. */
export const RPC_RETRY = { attempts: 3, delayMs: 150, dedupeCacheSize: 8192 } as const

/** RPC request timeout. */
export const RPC_TIMEOUT_MS = 10_000

/** Size of the per-client cache remembering the eth_sendTransaction fallback. */
export const SEND_TRANSACTION_FALLBACK_CACHE_SIZE = 128

/** Transaction receipt wait policy. */
export const RECEIPT_WAIT = { timeoutMs: 180_000, confirmations: 1, retries: 6, retryDelayMs: 200 } as const

/** Chain polling interval. */
export const POLLING_INTERVAL_MS = 4000
