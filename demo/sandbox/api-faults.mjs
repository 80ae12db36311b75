// @ts-check
// Fault injection and the request log of the API emulator: tests switch a route into a failure
// mode (HTTP 500, 429, slow, malformed or invalid JSON, or hostile: its real answer with hostile
// texts, links and picture URLs, see hostile.mjs) and count the requests a route saw.

/** Route names tests can refer to (faults, request log). */
export const ROUTE_NAMES = Object.freeze([
  'config',
  'origins',
  'analytics',
  'errors',
  'events',
  'wallets',
  'walletImage',
  'tokenImage',
  'assetImage',
  'balance',
  'price',
  'identity',
  'rpc',
  'supportedChains',
  'convertTokens',
  'convertQuotes',
  'convertAllowance',
  'convertGasPrice',
  'convertBuildApprove',
  'convertBuildTransaction',
  'history',
  'nftMetadata',
  'nftImage',
  'onrampOptions',
  'onrampQuote',
  'onrampUrl',
  'onrampPage',
  'onrampPurchase',
  'verifyAttestation',
  'verifyPublicKey',
  'profileAccount',
  'profileRegister',
  'profileReverse',
  'profileSuggestions',
  'smartSessions',
  'smartSessionGrant',
  'smartSessionRevoke',
  'currencyImage',
])

export const FAULT_MODES = Object.freeze(['500', '429', 'slow', 'malformed', 'invalid-json', 'hostile'])

export const DEFAULT_SLOW_DELAY_MS = 3000

/** @typedef {{ route: string, mode: string, times?: number, delayMs?: number, rate?: number }} FaultRequest */
/** @typedef {{ route: string, mode: string, remaining: number | null, delayMs: number, rate?: number }} Fault */
/** @typedef {{ route: string, method: string, url: string, time: number, body?: unknown }} LoggedRequest */

/**
 * The faults in force, one per route (setting a route again replaces its fault).
 */
export function createFaults() {
  /** @type {Map<string, Fault>} */
  const byRoute = new Map()
  /** Requests each rate fault has seen, by route. */
  /** @type {Map<string, number>} */
  const seenByRoute = new Map()

  return {
    /**
     * @param {FaultRequest} request `times` = how many requests fail before the route recovers
     *   (absent = until cleared); `delayMs` only for 'slow'; `rate` (0 < rate ≤ 1, default 1) =
     *   the share of the route's requests that fail, spread evenly and the same on every run
     *   (0.2: the 5th, 10th, 15th…), for soak runs; `times` then counts the failed ones.
     * @returns {Fault}
     */
    set({ route, mode, times, delayMs, rate }) {
      if (!ROUTE_NAMES.includes(route))
        throw new RangeError(`Unknown route "${route}". Routes: ${ROUTE_NAMES.join(', ')}`)
      if (!FAULT_MODES.includes(mode))
        throw new RangeError(`Unknown fault mode "${mode}". Modes: ${FAULT_MODES.join(', ')}`)
      if (times !== undefined && times !== null && !(Number.isInteger(times) && times > 0)) {
        throw new RangeError('times must be a positive integer')
      }
      if (delayMs !== undefined && delayMs !== null && !(Number.isFinite(delayMs) && delayMs >= 0)) {
        throw new RangeError('delayMs must be a number ≥ 0')
      }
      if (rate !== undefined && rate !== null && !(Number.isFinite(rate) && rate > 0 && rate <= 1)) {
        throw new RangeError('rate must be a number > 0 and ≤ 1')
      }
      const fault = {
        route,
        mode,
        remaining: times ?? null,
        delayMs: delayMs ?? DEFAULT_SLOW_DELAY_MS,
        ...(rate !== undefined && rate !== null ? { rate } : {}),
      }
      byRoute.set(route, fault)
      seenByRoute.set(route, 0)
      return { ...fault }
    },
    /** Remove one route's fault, or all of them. @param {string} [route] */
    clear(route) {
      if (route === undefined) byRoute.clear()
      else byRoute.delete(route)
    },
    /** @returns {Fault[]} the faults in force */
    list() {
      return [...byRoute.values()].map((fault) => ({ ...fault }))
    },
    /**
     * The fault to apply to this request of `route`, if any; counts it against `times`.
     * @param {string} route
     * @returns {Fault | undefined}
     */
    take(route) {
      const fault = byRoute.get(route)
      if (!fault) return undefined
      if (fault.rate !== undefined) {
        // The nth request fails when n × rate reaches a new whole number.
        const seen = (seenByRoute.get(route) ?? 0) + 1
        seenByRoute.set(route, seen)
        if (Math.floor(seen * fault.rate) === Math.floor((seen - 1) * fault.rate)) return undefined
      }
      if (fault.remaining !== null) {
        fault.remaining -= 1
        if (fault.remaining <= 0) byRoute.delete(route)
      }
      return { ...fault }
    },
  }
}

/** Every request the emulator routed, in arrival order. */
export function createRequestLog() {
  /** @type {LoggedRequest[]} */
  const entries = []
  return {
    /** @param {LoggedRequest} entry */
    add(entry) {
      entries.push(entry)
    },
    /** @param {string} [route] @returns {LoggedRequest[]} one route's requests, or all */
    list(route) {
      return entries.filter((entry) => route === undefined || entry.route === route).map((entry) => ({ ...entry }))
    },
    clear() {
      entries.length = 0
    },
  }
}

/**
 * What a route answers in 'malformed' mode: valid JSON of the wrong shape, close enough to the
 * real one that only a client that checks types notices.
 * @type {Record<string, unknown>}
 */
export const MALFORMED_BODIES = Object.freeze({
  config: { features: 'oops' },
  origins: { allowedOrigins: 'oops' },
  analytics: { isAnalyticsEnabled: 'maybe' },
  errors: { ok: 'oops' },
  wallets: { count: 'many', data: [{ id: 5, name: null }] },
  walletImage: { image: 5 },
  tokenImage: { image: 5 },
  assetImage: { image: 5 },
  balance: { balances: [{ symbol: 5, quantity: 'lots' }] },
  price: { fungibles: 'oops' },
  identity: { name: 42, avatar: ['oops'] },
  rpc: { jsonrpc: '2.0', oops: true },
  supportedChains: { http: 'oops' },
  convertTokens: { tokens: [{ symbol: 5, address: null, decimals: 'eighteen' }] },
  convertQuotes: { quotes: [{ id: null, fromAmount: 1, toAmount: null }] },
  convertAllowance: { allowance: -1 },
  convertGasPrice: { standard: null, fast: 'soon', instant: [] },
  convertBuildApprove: { tx: { from: 42, data: 'not hex', eip155: null } },
  convertBuildTransaction: { tx: { to: null, data: 7, amount: 'lots' } },
  history: { data: [{ id: 7, metadata: { minedAt: 'yesterday', status: 'maybe' }, transfers: 'none' }], next: 42 },
  nftMetadata: { name: 5, image: null },
  nftImage: { image: 5 },
  onrampOptions: { paymentCurrencies: 'oops', purchaseCurrencies: [{ id: 5 }] },
  onrampQuote: { purchaseAmount: { amount: 'lots' }, paymentTotal: null },
  onrampUrl: { url: 42 },
  onrampPage: { page: 5 },
  onrampPurchase: { hash: 7 },
  profileAccount: { name: 42, addresses: 'none', attributes: {} },
  profileRegister: { success: 'maybe' },
  profileReverse: { names: 'oops' },
  profileSuggestions: { suggestions: [{ name: 5, registered: 'no' }] },
  smartSessions: { pcis: [{ pci: 7, expiry: 'soon' }] },
  smartSessionGrant: { pci: null, key: 5 },
  smartSessionRevoke: { success: 'maybe' },
  currencyImage: { image: 5 },
})

/** What 'invalid-json' answers (with a JSON content type): a truncated document. */
export const INVALID_JSON_BODY = '{"oops": this is not JSON'
