/**
 * Remote project configuration, fetched once on first open (LAZY: reached only through `import()`,
 * never at import time or in createAppKit). Until it arrives, and if it fails, local settings stand.
 */
import { ALERTS, showAlert } from '../modal/alerts'
import { getResolvedOptions } from './appkit-state'
import { SDK_TYPE, SDK_VERSION } from '../constants'
import { applyRemoteFeatures, featuresState, parseRemoteFeatures, setRemoteAnalyticsEnabled } from './features'
import type { HttpClient, QueryParams } from '../lib/http'
import { isRecord, isStringArray } from '../lib/validate'

/** Options of {@link loadRemoteConfig}; both exist for tests and non-browser hosts. */
export interface LoadRemoteConfigOptions {
  /** Page origin to check against the allowed origins; default `location.origin` (none in SSR: no check). */
  origin?: string
  /** Wait between query retries; default the core clock. */
  sleep?: (ms: number) => Promise<void>
}

// Local development must work before the developer has registered an origin.
const ALWAYS_ALLOWED_ORIGINS = ['http*://localhost', 'http*://localhost:*', 'http*://127.0.0.1', 'http*://127.0.0.1:*']

let loading: Promise<void> | undefined

/**
 * Fetches the project's remote configuration once (later calls return the same promise):
 * features (applied over local ones), the analytics setting (an error disables analytics) and,
 * when email or socials are enabled, the allowed origins (page origin missing → the
 * invalid-app-configuration alert). Never rejects.
 *
 * @example
 * ```ts
 * onFirstOpen(async () => (await import('./remote-config')).loadRemoteConfig())
 * ```
 */
export function loadRemoteConfig(options: LoadRemoteConfigOptions = {}): Promise<void> {
  loading ??= load(options).catch((error) => console.error('[SigKit] remote configuration failed', error))
  return loading
}

async function load(options: LoadRemoteConfigOptions): Promise<void> {
  const resolved = getResolvedOptions()
  // Without a project id the hosted API can only refuse; the missing-project alert already shows.
  if (!resolved || resolved.projectIdMissing) return
  // Loaded the way events.ts loads it, so the HTTP client stays one chunk rather than two.
  const { createHttpClient, withQueryRetry } = await import('../lib/http')
  const client = createHttpClient({ baseUrl: resolved.endpoints.walletApi })
  const params: QueryParams = { projectId: resolved.projectId, st: SDK_TYPE, sv: SDK_VERSION }
  const retry = options.sleep ? { sleep: options.sleep } : {}

  const [config, analytics] = await Promise.allSettled([
    withQueryRetry(() => client.get({ path: '/appkit/v1/config', params }), retry),
    client.get({ path: '/getAnalyticsConfig', params }),
  ])
  if (config.status === 'fulfilled') {
    const remote = parseRemoteFeatures(config.value)
    if (remote) applyRemoteFeatures(remote)
  }
  const analyticsValue =
    analytics.status === 'fulfilled' && isRecord(analytics.value) ? analytics.value['isAnalyticsEnabled'] : undefined
  setRemoteAnalyticsEnabled(analyticsValue === true)

  const { email, socials } = featuresState.peek()
  if (!email && !socials) return
  const origin = options.origin ?? (globalThis as { location?: Location }).location?.origin
  if (!origin) return
  const allowed = await fetchAllowedOrigins(client, params)
  if (!isOriginAllowed(origin, allowed)) showAlert(ALERTS.INVALID_APP_CONFIGURATION)
}

/**
 * The project's allowed origins; an error (or a malformed answer) gives an empty list (SPEC §7).
 *
 * @internal
 * @example
 * ```ts
 * const origins = await fetchAllowedOrigins(client, { projectId })
 * ```
 */
export async function fetchAllowedOrigins(client: HttpClient, params: QueryParams): Promise<string[]> {
  try {
    const response = await client.get({ path: '/projects/v1/origins', params })
    return isRecord(response) && isStringArray(response['allowedOrigins']) ? response['allowedOrigins'] : []
  } catch {
    return []
  }
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
  return new RegExp(`^${escaped}$`, 'i')
}

/**
 * Whether `origin` matches an allowed entry. Entries may use `*` wildcards and may leave out the
 * scheme (`*.example.com` matches `https://app.example.com`); localhost is always allowed.
 *
 * @internal
 * @example
 * ```ts
 * isOriginAllowed('https://app.example.com', ['https://*.example.com']) // true
 * ```
 */
export function isOriginAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  let host = origin
  try {
    host = new URL(origin).host
  } catch {
    // Not a URL: only an exact entry can match it.
  }
  return [...allowedOrigins, ...ALWAYS_ALLOWED_ORIGINS].some((entry) => {
    const pattern = entry.trim().replace(/\/+$/, '')
    if (pattern === '') return false
    const target = pattern.includes('://') ? origin : host
    return globToRegExp(pattern).test(target)
  })
}

/** @internal Allows another fetch (tests). */
export function resetRemoteConfig(): void {
  loading = undefined
}
