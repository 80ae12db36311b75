/**
 * Remote project configuration, fetched once on first open (LAZY: reached only through `import()`,
 * never at import time or in createAppKit). Until it arrives, and if it fails, local settings stand.
 * Tracked events are forwarded to the pulse service from here too: they wait for the project's
 * analytics setting this module fetches, then go or are dropped.
 */
import { ALERTS, showAlert } from '../modal/alerts'
import { getResolvedOptions } from './appkit-state'
import { SDK_TYPE, SDK_VERSION } from '../constants'
import { applyRemoteFeatures, featuresState, parseRemoteFeatures, setRemoteAnalyticsEnabled } from './features'
import { createHttpClient, withQueryRetry, type HttpClient, type QueryParams } from '../lib/http'
import { isRecord, isStringArray } from '../../lib/validate'
import { randomId } from '../../lib/ids'
import { log } from '../../lib/logger'

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
 * Whether the page's origin is among the project's allowed origins, once checked (email or socials
 * on); undefined before, or when nothing was checked. The email login reads it as its gate.
 */
export let originAllowed: boolean | undefined

/**
 * Fetches the project's remote configuration once (later calls return the same promise):
 * features (applied over local ones), the analytics setting (an error disables analytics; the
 * events held for it are then sent or dropped, see {@link sendToPulse}) and,
 * when email or socials are enabled, the allowed origins (page origin missing → the
 * invalid-app-configuration alert). Never rejects.
 *
 * @example
 * ```ts
 * onFirstOpen(async () => (await import('./remote-config')).loadRemoteConfig())
 * ```
 */
export function loadRemoteConfig(options: LoadRemoteConfigOptions = {}): Promise<void> {
  loading ??= load(options).catch((error) => log('error', 'remote configuration failed', error))
  return loading
}

async function load(options: LoadRemoteConfigOptions): Promise<void> {
  const resolved = getResolvedOptions()
  // Without a project id the hosted API can only refuse; the missing-project alert already shows.
  if (!resolved || resolved.projectIdMissing) return
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
  } else log('warn', 'remote configuration unavailable, the local features apply', config.reason)
  const analyticsValue =
    analytics.status === 'fulfilled' && isRecord(analytics.value) ? analytics.value['isAnalyticsEnabled'] : undefined
  // An error, or no `isAnalyticsEnabled: true`, means off (SPEC: an error disables analytics). What
  // was held for this answer is now sent, or dropped when off.
  setRemoteAnalyticsEnabled(analyticsValue === true)
  const items = (analyticsValue === true && held) || []
  held = undefined
  for (const item of items) sendToPulse(...item).catch(() => undefined)

  const { email, socials } = featuresState.peek()
  if (!email && !socials) return
  const origin = options.origin ?? (globalThis as { location?: Location }).location?.origin
  if (!origin) return
  originAllowed = isOriginAllowed(origin, await fetchAllowedOrigins(client, params))
  if (!originAllowed) showAlert(ALERTS.INVALID_APP_CONFIGURATION)
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

/** Whether `text` matches `pattern`, where `*` is any run of characters but `/`; case-insensitive. */
function globMatches(pattern: string, text: string): boolean {
  // Not a regular expression: one built from a hostile entry of many `*` backtracks for minutes.
  // reachable[j]: the pattern read so far matches the first j characters of the text.
  const glob = pattern.toLowerCase()
  const target = text.toLowerCase()
  let reachable = Array.from({ length: target.length + 1 }, (_, j) => j === 0)
  for (let i = 0; i < glob.length; i++) {
    const next = new Array<boolean>(target.length + 1).fill(false)
    for (let j = 0; j <= target.length; j++) {
      next[j] =
        glob[i] === '*'
          ? reachable[j] === true || (j > 0 && next[j - 1] === true && target[j - 1] !== '/')
          : j > 0 && reachable[j - 1] === true && target[j - 1] === glob[i]
    }
    reachable = next
  }
  return reachable[target.length] === true
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
    return globMatches(pattern, target)
  })
}

// ── Tracked events and error reports to the pulse service ─────────────────────────────────

type PulseSend = Parameters<typeof sendToPulse>

// Items to send that came before the project's analytics setting was known (20 at most); undefined
// once it is. Without an answer (this module failing before it) they are never sent, as with an
// error (analytics off).
let held: PulseSend[] | undefined = []

/**
 * Sends a tracked event or error report to the pulse service (pulse-batch.ts) once the project's
 * analytics setting is known. Until the setting has been fetched (on
 * first open) the item is held, 20 at most, then sent when analytics is on and dropped when it is
 * off or the fetch failed. The caller checks the setting for items sent after it is known
 * (analytics.ts).
 *
 * @throws the HTTP client's error when the service refuses or cannot be reached.
 * @internal
 * @example
 * ```ts
 * await sendToPulse(endpoints.pulse, { projectId, st, sv }, { url, domain, timestamp, props })
 * ```
 */
export async function sendToPulse(url: string, params: QueryParams, item: Record<string, unknown>): Promise<void> {
  // The id is made here, not where the event happened: this module loads lazily, page load does not.
  const body = { eventId: randomId(), ...item }
  if (!held) await (await import('../pulse-batch')).sendPulseItem(url, params, body)
  else if (held.length < 20) held.push([url, params, body])
}

/** @internal Allows another fetch, with the analytics setting unknown again (tests). */
export function resetRemoteConfig(): void {
  loading = undefined
  originAllowed = undefined
  held = []
}
