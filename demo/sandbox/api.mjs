// @ts-check
// The API emulator: one local HTTP server standing in for every hosted service SigKit calls
// (its `endpoints.api`, `endpoints.walletApi`, `endpoints.rpc` and `endpoints.pulse` all point
// here). Balances and RPC answers come from the real sandbox chains (the anvil chains and, for
// `solana:` chain ids, the local Solana network), swap quotes and calldata from the AMM on the
// anvil chains (convert.mjs); the wallet list is the generated fixture;
// faults can be switched on per route for failure tests.
//
//   const api = await startApiEmulator({ chains, tokens })     // port 0 (default) = a free port
//   api.url                                                    // http://127.0.0.1:PORT
//   api.faults.set({ route: 'balance', mode: '500', times: 1 })
//   api.requests('balance')                                    // [{ route, method, url, time }]
//   await api.sendActivity({ chainId: 'eip155:31337', count: 120 })   // real transfers (activity.mjs)
//   await api.stop()
//
// The same controls exist over HTTP under /__sandbox/ for tests running in another process
// (e.g. Playwright against `npm run demo`); POST /__sandbox/activity takes sendActivity's
// argument as its body ({ chainId, from?, to?, count?, token?, amount? }) and answers
// { chainId, from, to, token, amount, hashes } once every transfer is mined. History
// (/v1/account/{address}/history) is indexed from the chains (history.mjs); NFT metadata and
// pictures are under /nft/ (nfts.mjs). Query parameters the hosted APIs take (projectId,
// st, sv, clientId, currency, forceUpdate, badge_type) are accepted and ignored.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSolanaRpc, isAddress as isSolanaAddress } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { createPublicClient, erc20Abi, formatUnits, http, isAddress } from 'viem'
import { createActivity } from './activity.mjs'
import { INVALID_JSON_BODY, MALFORMED_BODIES, ROUTE_NAMES, createFaults, createRequestLog } from './api-faults.mjs'
import { HOSTILE_SVG, hostileBody } from './hostile.mjs'
import { ANVIL_ACCOUNTS, NATIVE_CURRENCY } from './chains.mjs'
import { createConvert } from './convert.mjs'
import { createHistory } from './history.mjs'
import { createNames } from './names.mjs'
import { badgeSvg } from './images.mjs'
import { createNftRoutes, nftImagePath } from './nfts.mjs'
import { createOnramp } from './onramp.mjs'
import { createSessions } from './sessions.mjs'
import { createVerify } from './verify.mjs'
import { generateWallets, initialsOf, queryWallets } from './wallets.mjs'

const HOST = '127.0.0.1'
const MAX_BODY_BYTES = 1_000_000
/** Used in price requests for a chain's native token, as the hosted API does. */
const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The same for Solana: the wrapped SOL mint. */
const SOLANA_NATIVE_TOKEN_ADDRESS = 'So11111111111111111111111111111111111111111'

/** USD prices the emulator quotes, by symbol. */
export const DEFAULT_PRICES_USD = Object.freeze({ ETH: 3000, SOL: 150, USDC: 1, SKT: 2.5 })

/**
 * Names the identity route knows besides the registered ones (names.mjs), by lower-case address.
 * An avatar starting with '/' is a path on this server.
 */
export const DEFAULT_NAMES = Object.freeze({
  [ANVIL_ACCOUNTS.wallet.toLowerCase()]: { name: 'sigkit-tester.eth', avatar: '/public/getAssetImage/avatar-tester' },
})

/**
 * Remote feature switches (/appkit/v1/config), as a hosted project starts with them (SPEC §9
 * "Default remote features", HOSTED-API §3.1): email, the seven socials, swaps, the on-ramp with
 * both providers, activity. A test that needs one off turns it off (`setFeatures`, or
 * `POST /__sandbox/features`) and puts the defaults back with `DELETE /__sandbox/features`.
 */
export const DEFAULT_FEATURES = Object.freeze({
  email: { isEnabled: true, config: null },
  social_login: { isEnabled: true, config: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
  swaps: { isEnabled: true, config: ['1inch'] },
  onramp: { isEnabled: true, config: ['coinbase', 'meld'] },
  activity: { isEnabled: true, config: null },
  reown_branding: { isEnabled: false, config: null },
})

/** @typedef {{ chainId: number, name: string, rpcUrl: string, caipNetworkId?: string }} EmulatedChain */
/** @typedef {{ address: string, symbol: string, name: string, decimals: number }} EmulatedToken */
/** @typedef {{ name: string, symbol: string, decimals: number }} NativeCurrency */
/** @typedef {{ caipNetworkId: string, rpcUrl: string, nativeCurrency: NativeCurrency, tokens: EmulatedToken[] }} EmulatedSolanaNetwork */
/** @typedef {Record<string, { isEnabled?: boolean, config?: unknown } | boolean>} FeatureChanges */

/** An error that becomes a JSON response with this status. */
class HttpError extends Error {
  /** @param {number} status @param {string} message @param {Record<string, unknown>} [extra] */
  constructor(status, message, extra = {}) {
    super(message)
    this.status = status
    this.extra = extra
  }
}

/**
 * Start the emulator.
 * @param {{
 *   port?: number,
 *   chains?: EmulatedChain[],
 *   tokens?: Record<number, EmulatedToken[]>,
 *   amm?: Record<number, import('./amm.mjs').Amm>,
 *   nfts?: Record<number, import('./nfts.mjs').Collection[]>,
 *   solana?: EmulatedSolanaNetwork,
 *   names?: Record<string, { name: string | null, avatar: string | null }>,
 *   prices?: Record<string, number>,
 *   wallets?: import('./wallets.mjs').WalletListing[],
 *   features?: FeatureChanges,
 *   analyticsEnabled?: boolean,
 *   allowedOrigins?: string[],
 *   dataDir?: string,
 * }} [options]
 *   `dataDir`: the folder the emulator keeps its data in (registered names, names.json), kept
 *   across restarts; without it, a temporary folder removed by stop().
 */
export async function startApiEmulator({
  port = 0,
  chains = [],
  tokens = {},
  amm = {},
  nfts = {},
  solana,
  names = DEFAULT_NAMES,
  prices = DEFAULT_PRICES_USD,
  wallets = generateWallets(),
  features,
  analyticsEnabled = false,
  allowedOrigins = ['http://127.0.0.1:*', 'http://localhost:*'],
  dataDir,
} = {}) {
  const faults = createFaults()
  const log = createRequestLog()
  /** Everything POSTed to /e (error reports), oldest first. */
  /** @type {{ time: number, url: string, body: unknown }[]} */
  const errorsReported = []
  /** Every batch of tracked events POSTed to /batch, oldest first. */
  /** @type {{ time: number, url: string, items: unknown[] }[]} */
  const eventBatches = []
  /** @type {Record<string, { isEnabled: boolean, config: unknown }>} */
  let featureTable = structuredClone(/** @type {any} */ (DEFAULT_FEATURES))
  const setFeatures = (/** @type {FeatureChanges} */ changes) => {
    for (const [id, change] of Object.entries(changes ?? {})) {
      const current = featureTable[id] ?? { isEnabled: false, config: null }
      featureTable[id] = typeof change === 'boolean' ? { ...current, isEnabled: change } : { ...current, ...change }
    }
  }
  if (features) setFeatures(features)
  /** The table the emulator started with (the defaults plus the `features` option). */
  const startingFeatures = structuredClone(featureTable)
  /** Back to the starting table: what a test changed is undone. */
  const resetFeatures = () => {
    featureTable = structuredClone(startingFeatures)
  }

  const namesByAddress = new Map(Object.entries(names).map(([address, entry]) => [address.toLowerCase(), entry]))
  const chainsByCaip = new Map(chains.map((chain) => [chain.caipNetworkId ?? `eip155:${chain.chainId}`, chain]))
  const clientsByCaip = new Map(
    [...chainsByCaip].map(([caip, chain]) => [
      caip,
      createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }),
    ]),
  )
  const solanaRpc = solana && createSolanaRpc(solana.rpcUrl)
  /** Where the RPC proxy forwards each chain id. @type {Map<string, string>} */
  const rpcUrlsByCaip = new Map([...chainsByCaip].map(([caip, chain]) => [caip, chain.rpcUrl]))
  if (solana) rpcUrlsByCaip.set(solana.caipNetworkId, solana.rpcUrl)
  // The name service (names.mjs): its names live in the data folder; registrations are verified
  // on the chain their coin type names.
  const ownDataDir = dataDir === undefined ? await mkdtemp(join(tmpdir(), 'sigkit-sandbox-data-')) : undefined
  const nameService = await createNames({
    dataDir: dataDir ?? /** @type {string} */ (ownDataDir),
    clientFor: (chainId) => clientsByCaip.get(`eip155:${chainId}`),
    serverUrl: () => baseUrl,
    known: names,
  })
  // Smart sessions (sessions.mjs): kept in the same folder; a revocation is verified on the chain
  // the account's CAIP-10 address names.
  const smartSessions = await createSessions({
    dataDir: dataDir ?? /** @type {string} */ (ownDataDir),
    clientFor: (chainId) => clientsByCaip.get(`eip155:${chainId}`),
  })
  /** Pending 'slow' delays, cancelled by stop(). @type {Set<NodeJS.Timeout>} */
  const delays = new Set()
  /** @type {string} */
  let baseUrl = ''

  // ── route handlers: each returns { status?, headers?, body } (body: object = JSON) ─────────

  const absolute = (/** @type {string | null} */ pathOrUrl) =>
    pathOrUrl?.startsWith('/') ? `${baseUrl}${pathOrUrl}` : pathOrUrl
  const tokenIconUrl = (/** @type {string} */ symbol) => `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`

  /**
   * The balance lines of one chain's holdings, in the hosted API's shape. Like the hosted API,
   * only holdings are listed: a zero balance is no line at all.
   * @param {string} caip
   * @param {NativeCurrency} native
   * @param {bigint} nativeAmount
   * @param {[EmulatedToken, bigint][]} tokenAmounts
   */
  function holdingLines(caip, native, nativeAmount, tokenAmounts) {
    const line = (
      /** @type {{ name: string, symbol: string, decimals: number, address?: string }} */ asset,
      /** @type {bigint} */ amount,
    ) => {
      const numeric = formatUnits(amount, asset.decimals)
      const price = prices[asset.symbol] ?? 0
      return {
        name: asset.name,
        symbol: asset.symbol,
        chainId: caip,
        // The native token has no contract address: the key is left out, not null.
        ...(asset.address ? { address: `${caip}:${asset.address}` } : {}),
        value: price * Number(numeric),
        price,
        quantity: { decimals: String(asset.decimals), numeric },
        iconUrl: tokenIconUrl(asset.symbol),
      }
    }
    return [
      ...(nativeAmount > 0n ? [line(native, nativeAmount)] : []),
      ...tokenAmounts.flatMap(([token, amount]) => (amount > 0n ? [line(token, amount)] : [])),
    ]
  }

  /** Token balance lines of `address` on one chain, read from the chain itself. */
  async function balancesOn(/** @type {string} */ caip, /** @type {`0x${string}`} */ address) {
    const chain = chainsByCaip.get(caip)
    const client = clientsByCaip.get(caip)
    if (!chain || !client) return []
    const chainTokens = tokens[chain.chainId] ?? []
    let native, tokenAmounts
    try {
      ;[native, tokenAmounts] = await Promise.all([
        client.getBalance({ address }),
        Promise.all(
          chainTokens.map((token) =>
            client.readContract({
              address: /** @type {`0x${string}`} */ (token.address),
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [address],
            }),
          ),
        ),
      ])
    } catch (error) {
      throw chainDidNotAnswer(caip, error)
    }
    return holdingLines(
      caip,
      NATIVE_CURRENCY,
      native,
      chainTokens.map((token, index) => [token, tokenAmounts[index] ?? 0n]),
    )
  }

  /**
   * The same lines for a Solana address: SOL (9 decimals) and one line per known SPL token it
   * holds (all its token accounts of that mint summed), read over the network's RPC.
   */
  async function solanaBalancesOn(/** @type {string} */ caip, /** @type {string} */ address) {
    if (!solana || !solanaRpc || caip !== solana.caipNetworkId) return []
    const owner = /** @type {import('@solana/kit').Address} */ (address)
    let lamports, tokenAccounts
    try {
      ;[{ value: lamports }, { value: tokenAccounts }] = await Promise.all([
        solanaRpc.getBalance(owner).send(),
        solanaRpc
          .getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
          .send(),
      ])
    } catch (error) {
      throw chainDidNotAnswer(caip, error)
    }
    /** @type {Map<string, bigint>} */
    const byMint = new Map()
    for (const { account } of tokenAccounts) {
      const { mint, tokenAmount } = account.data.parsed.info
      byMint.set(mint, (byMint.get(mint) ?? 0n) + BigInt(tokenAmount.amount))
    }
    return holdingLines(
      caip,
      solana.nativeCurrency,
      lamports,
      solana.tokens.map((token) => [token, byMint.get(token.address) ?? 0n]),
    )
  }

  // The /v1/convert/* routes and pool prices, from the AMM on the local chains.
  const convert = createConvert({
    chainsByCaip,
    clientsByCaip,
    tokens,
    amm,
    prices,
    tokenIconUrl,
    chainError: chainDidNotAnswer,
  })

  // Activity (history.mjs: indexed from the chains), the NFTs' metadata and pictures, and the
  // control that makes real transfers.
  const history = createHistory({
    chains,
    tokens,
    nfts,
    solana,
    prices,
    nativeCurrency: NATIVE_CURRENCY,
    tokenIconUrl,
    nftImageUrl: (chainId, contract, tokenId) => `${baseUrl}${nftImagePath(chainId, contract, tokenId)}`,
    chainError: chainDidNotAnswer,
  })
  const nftRoutes = createNftRoutes({ chains, nfts, serverUrl: () => baseUrl })
  const activity = createActivity({ chains, tokens, solana })
  // On-ramp: options, quotes, the URL generator, the providers' pages and their history.
  const onramp = createOnramp({ chains, tokens, solana, prices, activity, serverUrl: () => baseUrl })
  // WalletConnect's Verify service (the dapp's origin attested before a pairing).
  const verify = createVerify()

  /** @type {Record<string, (request: { url: URL, params: string[], body: unknown, rawBody: string }) => Promise<{ status?: number, headers?: Record<string, string>, body: unknown }>>} */
  const handlers = {
    ...convert.handlers,
    ...history.handlers,
    ...nftRoutes.handlers,
    ...onramp.handlers,
    ...verify.handlers,
    ...nameService.handlers,
    ...smartSessions.handlers,
    // `onramp` (a provider name) asks for the provider's purchases instead of the chain's history.
    async history(request) {
      const provider = request.url.searchParams.get('onramp')
      if (!provider)
        return /** @type {NonNullable<typeof history.handlers.history>} */ (history.handlers['history'])(request)
      const chainId = request.url.searchParams.get('chainId')
      return { body: { data: onramp.historyFor(request.params[0] ?? '', { chainId, provider }), next: null } }
    },
    async config() {
      return {
        body: {
          features: Object.entries(featureTable).map(([id, { isEnabled, config }]) => ({ id, isEnabled, config })),
        },
      }
    },
    async origins() {
      return { body: { allowedOrigins } }
    },
    async analytics() {
      return { body: { isAnalyticsEnabled: analyticsEnabled } }
    },
    async errors({ url, body }) {
      errorsReported.push({ time: Date.now(), url: url.pathname + url.search, body })
      return { body: {} }
    },
    // HOSTED-API §8.1: an array of tracked events (sent with sendBeacon, so as text/plain).
    async events({ url, body }) {
      const isEvent = (/** @type {any} */ item) =>
        typeof item?.eventId === 'string' && item.props?.type === 'track' && typeof item.props.event === 'string'
      if (!Array.isArray(body) || body.length === 0 || !body.every(isEvent))
        return { status: 400, body: { error: 'Expected a non-empty array of tracked events' } }
      eventBatches.push({ time: Date.now(), url: url.pathname + url.search, items: body })
      return { body: {} }
    },
    async wallets({ url }) {
      const query = url.searchParams
      const list = (/** @type {string} */ key) =>
        (query.get(key) ?? '')
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      const positive = (/** @type {string} */ key, /** @type {number} */ fallback) => {
        const raw = query.get(key)
        if (raw === null || raw === '') return fallback
        const value = Number(raw)
        if (!Number.isInteger(value) || value < 1)
          throw new HttpError(400, `${key} must be a positive integer`, { [key]: raw })
        return value
      }
      const result = queryWallets(wallets, {
        page: positive('page', 1),
        entries: positive('entries', 40),
        include: list('include'),
        exclude: list('exclude'),
        chains: list('chains'),
        search: query.get('search') ?? '',
      })
      return { body: result }
    },
    async walletImage({ params: [imageId] }) {
      const wallet = wallets.find((candidate) => candidate.image_id === imageId || candidate.id === imageId)
      if (!wallet) throw new HttpError(404, 'Unknown wallet image', { imageId })
      return svg(badgeSvg({ key: wallet.id, label: initialsOf(wallet.name) }))
    },
    async tokenImage({ params: [symbol = ''] }) {
      return svg(badgeSvg({ key: `token:${symbol.toUpperCase()}`, label: symbol.toUpperCase(), shape: 'circle' }))
    },
    // A fiat currency's picture (the on-ramp's payment currencies, by id: USD, EUR).
    async currencyImage({ params: [currencyId = ''] }) {
      const code = currencyId.toUpperCase()
      if (!/^[A-Z]{3}$/.test(code)) throw new HttpError(404, 'Unknown currency', { currencyId })
      return svg(badgeSvg({ key: `currency:${code}`, label: code, shape: 'circle' }))
    },
    async assetImage({ params: [assetId = ''] }) {
      return svg(
        badgeSvg({ key: `asset:${assetId}`, label: initialsOf(assetId.replace(/[-_]+/g, ' ')), shape: 'circle' }),
      )
    },
    async balance({ url, params: [address = ''] }) {
      const chainId = url.searchParams.get('chainId')
      // A Solana chain id, or no chain id and a Solana address: the Solana network.
      if (chainId ? chainId.startsWith('solana:') : isSolanaAddress(address)) {
        if (!isSolanaAddress(address)) throw new HttpError(400, 'Invalid address', { address })
        const caip = chainId ?? solana?.caipNetworkId ?? ''
        return { body: { balances: await solanaBalancesOn(caip, address) } }
      }
      if (!isAddress(address, { strict: false })) throw new HttpError(400, 'Invalid address', { address })
      // No chainId: every chain, as the hosted API answers for a multichain portfolio.
      const caips = chainId ? [chainId] : [...chainsByCaip.keys()]
      const perChain = await Promise.all(caips.map((caip) => balancesOn(caip, address)))
      return { body: { balances: perChain.flat() } }
    },
    async price({ body }) {
      const addresses =
        body && typeof body === 'object' ? /** @type {{ addresses?: unknown }} */ (body).addresses : undefined
      if (!Array.isArray(addresses) || !addresses.every((item) => typeof item === 'string')) {
        throw new HttpError(400, 'addresses must be an array of CAIP-10 strings')
      }
      // Tokens in the local pools are priced from their reserves; the rest at the fixed prices.
      const poolPrices = await convert.poolPrices(addresses)
      const fungibles = addresses.flatMap((caip10) => {
        const [namespace, reference, tokenAddress = ''] = caip10.split(':')
        if (solana && `${namespace}:${reference}` === solana.caipNetworkId) {
          const asset =
            tokenAddress === SOLANA_NATIVE_TOKEN_ADDRESS
              ? solana.nativeCurrency
              : solana.tokens.find((token) => token.address === tokenAddress)
          return asset
            ? [
                {
                  name: asset.name,
                  symbol: asset.symbol,
                  iconUrl: tokenIconUrl(asset.symbol),
                  price: prices[asset.symbol] ?? 0,
                },
              ]
            : []
        }
        const chain = chainsByCaip.get(`${namespace}:${reference}`)
        if (!chain) return []
        const asset =
          tokenAddress.toLowerCase() === NATIVE_TOKEN_ADDRESS
            ? NATIVE_CURRENCY
            : (tokens[chain.chainId] ?? []).find((token) => token.address.toLowerCase() === tokenAddress.toLowerCase())
        if (!asset) return []
        return [
          {
            name: asset.name,
            symbol: asset.symbol,
            iconUrl: tokenIconUrl(asset.symbol),
            price: poolPrices.get(caip10.toLowerCase()) ?? prices[asset.symbol] ?? 0,
          },
        ]
      })
      return { body: { fungibles } }
    },
    async identity({ params: [address = ''] }) {
      if (!isAddress(address, { strict: false })) throw new HttpError(400, 'Invalid address', { address })
      // A name the address registered comes first, then the local table.
      const entry = nameService.primaryOf(address) ?? namesByAddress.get(address.toLowerCase())
      return { body: { name: entry?.name ?? null, avatar: absolute(entry?.avatar ?? null) } }
    },
    async rpc({ url, body, rawBody }) {
      const caip = url.searchParams.get('chainId') ?? ''
      const rpcUrl = rpcUrlsByCaip.get(caip)
      if (!rpcUrl) {
        const id =
          body && typeof body === 'object' && !Array.isArray(body)
            ? (/** @type {{ id?: unknown }} */ (body).id ?? null)
            : null
        return {
          status: 400,
          body: { jsonrpc: '2.0', id, error: { code: -32602, message: `Unsupported chainId: ${caip || '(none)'}` } },
        }
      }
      let upstream
      try {
        upstream = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: rawBody,
        })
      } catch (error) {
        throw chainDidNotAnswer(caip, error)
      }
      return { status: upstream.status, headers: { 'content-type': 'application/json' }, body: await upstream.text() }
    },
    async supportedChains() {
      return { body: { http: [...chainsByCaip.keys()], ws: [] } }
    },
  }

  /** @type {{ name: string, method: string, pattern: RegExp }[]} */
  const routes = [
    { name: 'config', method: 'GET', pattern: /^\/appkit\/v1\/config$/ },
    { name: 'origins', method: 'GET', pattern: /^\/projects\/v1\/origins$/ },
    { name: 'analytics', method: 'GET', pattern: /^\/getAnalyticsConfig$/ },
    { name: 'errors', method: 'POST', pattern: /^\/e$/ },
    { name: 'events', method: 'POST', pattern: /^\/batch$/ },
    { name: 'wallets', method: 'GET', pattern: /^\/getWallets$/ },
    { name: 'walletImage', method: 'GET', pattern: /^\/getWalletImage\/([^/]+)$/ },
    { name: 'tokenImage', method: 'GET', pattern: /^\/public\/getTokenImage\/([^/]+)$/ },
    { name: 'assetImage', method: 'GET', pattern: /^\/public\/getAssetImage\/([^/]+)$/ },
    { name: 'currencyImage', method: 'GET', pattern: /^\/public\/getCurrencyImage\/([^/]+)$/ },
    { name: 'balance', method: 'GET', pattern: /^\/v1\/account\/([^/]+)\/balance$/ },
    { name: 'price', method: 'POST', pattern: /^\/v1\/fungible\/price$/ },
    { name: 'identity', method: 'GET', pattern: /^\/v1\/identity\/([^/]+)$/ },
    { name: 'supportedChains', method: 'GET', pattern: /^\/v1\/supported-chains$/ },
    { name: 'rpc', method: 'POST', pattern: /^\/v1\/?$/ },
    ...convert.routes,
    ...history.routes,
    ...nftRoutes.routes,
    ...onramp.routes,
    ...verify.routes,
    ...nameService.routes,
    ...smartSessions.routes,
  ]
  // Every fault/log name must be a real route, and every route must be nameable in a fault.
  for (const route of routes)
    if (!ROUTE_NAMES.includes(route.name)) throw new Error(`route ${route.name} missing from ROUTE_NAMES`)

  // ── /__sandbox/: controls for tests in another process ──────────────────────────────────

  /** @returns {Promise<{ status?: number, body: unknown } | undefined>} */
  async function control(/** @type {string} */ method, /** @type {URL} */ url, /** @type {unknown} */ body) {
    const route = url.searchParams.get('route') ?? undefined
    switch (`${method} ${url.pathname}`) {
      case 'GET /__sandbox/faults':
        return { body: { faults: faults.list() } }
      case 'POST /__sandbox/faults':
        try {
          faults.set(/** @type {any} */ (body ?? {}))
        } catch (error) {
          throw new HttpError(400, error instanceof Error ? error.message : String(error))
        }
        return { body: { faults: faults.list() } }
      case 'DELETE /__sandbox/faults':
        faults.clear(route)
        return { body: { faults: faults.list() } }
      case 'GET /__sandbox/requests':
        return { body: { requests: log.list(route) } }
      case 'DELETE /__sandbox/requests':
        log.clear()
        return { body: { requests: [] } }
      case 'GET /__sandbox/errors':
        return { body: { errors: errorsReported } }
      case 'DELETE /__sandbox/errors':
        errorsReported.length = 0
        return { body: { errors: [] } }
      case 'POST /__sandbox/analytics':
        // The project's analytics setting, as /getAnalyticsConfig answers it.
        analyticsEnabled = typeof body === 'object' && body !== null && /** @type {any} */ (body).enabled === true
        return { body: { isAnalyticsEnabled: analyticsEnabled } }
      case 'GET /__sandbox/events':
        return { body: { batches: eventBatches } }
      case 'DELETE /__sandbox/events':
        eventBatches.length = 0
        return { body: { batches: [] } }
      case 'GET /__sandbox/features':
        return { body: { features: featureTable } }
      case 'POST /__sandbox/features':
        setFeatures(/** @type {FeatureChanges} */ (body))
        return { body: { features: featureTable } }
      case 'DELETE /__sandbox/features':
        resetFeatures()
        return { body: { features: featureTable } }
      case 'POST /__sandbox/activity':
        return { body: await sendActivity(/** @type {any} */ (body)) }
      default:
        return undefined
    }
  }

  /** @param {import('./activity.mjs').ActivityRequest} request */
  async function sendActivity(request) {
    try {
      return await activity.send(request)
    } catch (error) {
      if (error instanceof RangeError) throw new HttpError(400, error.message)
      throw error
    }
  }

  // ── HTTP plumbing ───────────────────────────────────────────────────────────────────────

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function handle(request, response) {
    const method = request.method ?? 'GET'
    // Not `new URL(request.url, base)`: a path like '//x' would be read as a host.
    const url = new URL(`${baseUrl}${request.url?.startsWith('/') ? request.url : '/'}`)
    if (method === 'OPTIONS') {
      response.writeHead(204, {
        ...corsHeaders(),
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
        // Echo what the browser asks for ('*' alone does not cover Authorization).
        'access-control-allow-headers': request.headers['access-control-request-headers'] || '*',
        'access-control-max-age': '600',
      })
      response.end()
      return
    }

    const rawBody = method === 'GET' || method === 'HEAD' ? '' : await readBody(request)
    let body
    if (rawBody !== '') {
      try {
        body = JSON.parse(rawBody)
      } catch {
        return send(response, 400, { error: 'Request body is not JSON' })
      }
    }

    if (url.pathname.startsWith('/__sandbox/')) {
      const answer = await control(method, url, body)
      if (answer) return send(response, answer.status ?? 200, answer.body)
      return send(response, 404, { error: 'Not found', path: url.pathname })
    }

    const matches = routes
      .map((route) => ({ route, match: route.pattern.exec(url.pathname) }))
      .filter(({ match }) => match)
    const matched = matches.find(
      ({ route }) => route.method === method || (method === 'HEAD' && route.method === 'GET'),
    )
    if (!matched) {
      if (matches.length > 0) {
        response.setHeader('allow', matches.map(({ route }) => route.method).join(', '))
        return send(response, 405, { error: 'Method not allowed', path: url.pathname })
      }
      return send(response, 404, { error: 'Not found', path: url.pathname })
    }
    const { route, match } = /** @type {{ route: (typeof routes)[number], match: RegExpExecArray }} */ (matched)
    log.add({
      route: route.name,
      method,
      url: url.pathname + url.search,
      time: Date.now(),
      ...(body !== undefined ? { body } : {}),
    })

    const fault = faults.take(route.name)
    if (fault?.mode === '500')
      return send(response, 500, { error: 'Internal server error (sandbox fault)', route: route.name })
    if (fault?.mode === '429') {
      response.setHeader('retry-after', '1')
      return send(response, 429, { error: 'Too many requests (sandbox fault)', route: route.name })
    }
    if (fault?.mode === 'malformed') return send(response, 200, MALFORMED_BODIES[route.name] ?? { oops: true })
    if (fault?.mode === 'invalid-json')
      return send(response, 200, INVALID_JSON_BODY, { 'content-type': 'application/json; charset=utf-8' })
    if (fault?.mode === 'slow') {
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          delays.delete(timer)
          resolve(undefined)
        }, fault.delayMs)
        delays.add(timer)
      })
      if (response.destroyed) return
    }

    let params
    try {
      params = match.slice(1).map((part) => decodeURIComponent(part))
    } catch {
      return send(response, 400, { error: 'Malformed percent-encoding', path: url.pathname })
    }
    const answer = await /** @type {Function} */ (handlers[route.name])({ url, params, body, rawBody })
    if (fault?.mode === 'hostile' && (answer.status ?? 200) < 300) {
      // The real answer turned hostile: a picture becomes an SVG with a script, JSON gets hostile fields.
      if (String(answer.headers?.['content-type'] ?? '').startsWith('image/'))
        return send(response, 200, HOSTILE_SVG, { ...answer.headers, 'content-type': 'image/svg+xml' })
      if (typeof answer.body !== 'string') return send(response, 200, hostileBody(answer.body), answer.headers)
    }
    send(response, answer.status ?? 200, answer.body, answer.headers)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (error instanceof HttpError) return send(response, error.status, { error: error.message, ...error.extra })
      console.error('[sandbox api]', error)
      send(response, 500, { error: 'Emulator error', detail: String(error instanceof Error ? error.message : error) })
    })
  })

  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, HOST, () => {
        server.off('error', reject)
        resolve(undefined)
      })
    })
  } catch (error) {
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true })
    throw error
  }
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  baseUrl = `http://${HOST}:${address.port}`

  return {
    url: baseUrl,
    port: address.port,
    faults: {
      /** @param {import('./api-faults.mjs').FaultRequest} fault */
      set: (fault) => faults.set(fault),
      /** @param {string} [route] */
      clear: (route) => faults.clear(route),
      list: () => faults.list(),
    },
    /** @param {string} [route] */
    requests: (route) => log.list(route),
    clearRequests: () => log.clear(),
    errorsReported,
    eventBatches,
    setFeatures,
    /** Back to the features the emulator started with. */
    resetFeatures,
    /** The CAIP-2 ids the /v1/convert/* routes swap on (the local chains with an AMM). */
    swapNetworks: convert.networks,
    /** Real transfers on a chain (activity.mjs); a request it cannot carry out throws (HTTP: 400). */
    sendActivity,
    /** Purchases made on the local provider pages, oldest first. */
    onrampPurchases: onramp.purchases,
    /** The name service: list() the registered names, `file` where they are kept. */
    names: { list: nameService.list, file: nameService.file, flushed: nameService.flushed },
    /** Smart sessions: list() every record (revoked ones too), `file` where they are kept. */
    smartSessions: { list: smartSessions.list, file: smartSessions.file, flushed: smartSessions.flushed },
    /** The history index: stats() per chain (blocks indexed, transactions, RPC requests made). */
    history: { stats: history.stats },
    async stop() {
      for (const timer of delays) clearTimeout(timer)
      delays.clear()
      const closed = new Promise((resolve) => server.close(() => resolve(undefined)))
      // Keep-alive sockets (browsers, fetch) would hold close() open until they time out.
      server.closeAllConnections()
      await closed
      await nameService.flushed()
      await smartSessions.flushed()
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true })
    },
  }
}

/** @param {string} caip @param {unknown} error */
function chainDidNotAnswer(caip, error) {
  return new HttpError(502, `Chain ${caip} did not answer`, {
    detail: String(error instanceof Error ? error.message : error),
  })
}

function corsHeaders() {
  return {
    'access-control-allow-origin': '*',
    // Lets browser code read Retry-After on a 429.
    'access-control-expose-headers': 'retry-after',
  }
}

/** @param {string} text */
function svg(text) {
  return { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' }, body: text }
}

/**
 * Write a response with CORS headers. `body`: string (sent as is) or anything else (JSON).
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function send(response, status, body, headers = {}) {
  if (response.headersSent || response.destroyed) return
  const isText = typeof body === 'string'
  const payload = isText ? body : JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...corsHeaders(),
    ...headers,
    'content-length': Buffer.byteLength(payload),
  })
  response.end(payload)
}

/** @param {import('node:http').IncomingMessage} request @returns {Promise<string>} */
function readBody(request) {
  return new Promise((resolve, reject) => {
    let size = 0
    /** @type {Buffer[]} */
    const chunks = []
    request.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'Request body too large'))
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}
