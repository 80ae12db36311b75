// The sandbox's reference secure frame, on its own origin (its own port), standing in for the
// hosted https://secure.walletconnect.org. A widget embeds `${url}/sdk?projectId=…&chainId=…&…`
// exactly as it would the hosted `/sdk` and talks to it with EMBEDDED-FRAME.md's messages; the
// frame's code is page/ (bundled with esbuild on first request), this file is its backend.
//
//   const frame = await startSecureFrame({ port: 0, chains, solana, apiUrl })
//   frame.url                             // http://127.0.0.1:PORT (the secure-site origin)
//   frame.mailbox.list('a@b.co')          // mails sent (login codes, approve-device links)
//   await frame.stop()
//
// Routes:
//   GET  /sdk                       the frame page          GET /sdk.js, /sdk.js.map, /frame.css
//   GET  /mailbox[?email=…]         the dev mailbox page    GET /device/approve?token=… (link in a mail)
//   GET  /loading                   the page a social popup opens on before it knows where to go
//   GET  /oauth/:provider?state=…   a social provider's stand-in consent page (Continue / Cancel)
//   GET  /farcaster/approve?channel=… the Farcaster app's stand-in (Approve / Reject)
//   GET  /__sandbox/mailbox?email=… { email, mails: [{ id, to, subject, text, time, code?, link? }] } (oldest first)
//   DELETE /__sandbox/mailbox       empties it              GET /__sandbox/accounts (public addresses)
//   POST /api/…                     the frame's own calls (same origin only; see `api` below)
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { createKeyPairSignerFromPrivateKeyBytes, getBase16Encoder, isAddress as isSolanaAddress } from '@solana/kit'
import { isAddress, isAddressEqual } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { repoRoot } from '../paths.mjs'
import { LoginError, createAccounts } from './accounts.mjs'
import { createFaucet } from './faucet.mjs'
import { createMailbox, mailboxPage } from './mailbox.mjs'
import { fetchAllowedOrigins, isOriginAllowed } from './origins.mjs'
import { SOCIAL_PROVIDERS, createSocialLogins, isSocialProvider } from './social.mjs'
import { farcasterPage, loadingPage, socialPage, STAND_IN_CSP } from './stand-ins.mjs'

const HOST = '127.0.0.1'
const MAX_BODY_BYTES = 100_000
/** The secure-site SDK version the widget sends (§1.1); READY carries it back. */
const SECURE_SITE_VERSION = '4'
/** How long one POST /api/device/wait (or /api/farcaster/wait) is held before the frame asks again. */
const DEVICE_WAIT_MS = 20_000
const pageDir = join(repoRoot, 'demo', 'sandbox', 'secure-frame', 'page')

/**
 * @param {{
 *   port?: number,
 *   chains?: { chainId: number, name: string, rpcUrl: string, smartAccountFactory?: `0x${string}`, assets?: { tokens?: import('../wallet-capabilities.js').WalletToken[], native?: import('../wallet-capabilities.js').WalletNative } }[],
 *   solana?: { caipNetworkId: string, name: string, rpcUrl: string },
 *   apiUrl?: string,
 *   fund?: boolean,
 *   now?: () => number,
 *   otpTtlMs?: number,
 *   emailThrottleMs?: number,
 *   maxOtpAttempts?: number,
 *   deviceWaitMs?: number,
 *   socialTtlMs?: number,
 *   smartAccounts?: boolean,
 * }} [options]
 *   `chains` / `solana`: the networks the frame signs for, by their own RPC (the widget's rpcUrl
 *   is only used for other chains; `smartAccountFactory`: where the chain's SmartAccountFactory
 *   is, which gives the frame's accounts smart accounts there; `assets`: the tokens and native
 *   currency wallet_getAssets lists balances of); `apiUrl`: the wallet API whose /projects/v1/origins lists a
 *   project's allowed origins; `fund`: give each new account ETH and SOL (default true);
 *   `smartAccounts: false`: ignore the factories, every account is an EOA only (as before smart
 *   accounts existed here; for tests written against EOA addresses).
 */
export async function startSecureFrame({
  port = 0,
  chains = [],
  solana,
  apiUrl,
  fund = true,
  now,
  otpTtlMs,
  emailThrottleMs,
  maxOtpAttempts,
  deviceWaitMs = DEVICE_WAIT_MS,
  socialTtlMs,
  smartAccounts = true,
} = {}) {
  if (!smartAccounts) chains = chains.map(({ smartAccountFactory: _, ...chain }) => chain)
  let baseUrl = ''
  const mailbox = createMailbox()
  /** Origins the frame refuses whatever the project lists (a test's 'Unverified Domain'). */
  const unverifiedOrigins = new Set()
  const accounts = createAccounts({
    mailbox,
    approveUrl: (token) => `${baseUrl}/device/approve?token=${encodeURIComponent(token)}`,
    now,
    otpTtlMs,
    emailThrottleMs,
    maxOtpAttempts,
  })
  const social = createSocialLogins({ now, ttlMs: socialTtlMs })
  const faucet = fund ? createFaucet({ chains, solanaRpcUrl: solana?.rpcUrl }) : undefined
  /** The faucet's answer for each account, for tests. @type {Map<string, unknown>} */
  const funding = new Map()
  const pageConfig = {
    version: SECURE_SITE_VERSION,
    chains: chains.map(({ chainId, name, rpcUrl, smartAccountFactory, assets }) => ({
      chainId,
      name,
      rpcUrl,
      ...(smartAccountFactory ? { smartAccountFactory } : {}),
      ...(assets ? { assets } : {}),
    })),
    ...(solana ? { solana: { caipNetworkId: solana.caipNetworkId, name: solana.name, rpcUrl: solana.rpcUrl } } : {}),
  }

  /** @type {Promise<Map<string, string>> | undefined} */
  let bundle
  /** The frame's JS, built once on first request (most sandbox users never load the frame). */
  function build() {
    bundle ??= (async () => {
      const esbuild = await import('esbuild')
      const result = await esbuild.build({
        absWorkingDir: repoRoot,
        entryPoints: [join(pageDir, 'main.js')],
        outfile: join(repoRoot, '.tmp', 'secure-frame', 'sdk.js'),
        write: false,
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        sourcemap: 'linked',
        logLevel: 'warning',
        define: { 'process.env.NODE_ENV': '"production"' },
      })
      return new Map(
        result.outputFiles.map((file) => [file.path.endsWith('.map') ? 'sdk.js.map' : 'sdk.js', file.text]),
      )
    })()
    bundle.catch(() => (bundle = undefined))
    return bundle
  }

  /** Origin lists by project id, fetched once per project. @type {Map<string, Promise<string[]>>} */
  const originLists = new Map()

  /** @param {import('node:http').IncomingMessage} request */
  const bearer = (request) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''

  /**
   * The frame's own calls. Each takes the JSON body (and the session token) and returns JSON.
   * @type {Record<string, (body: any, token: string) => unknown>}
   */
  const api = {
    async origin({ projectId, origin }) {
      if (typeof projectId !== 'string' || typeof origin !== 'string') throw new LoginError(400, 'Missing field')
      if (!originLists.has(projectId)) originLists.set(projectId, fetchAllowedOrigins(apiUrl, projectId))
      const listed = isOriginAllowed(origin, await /** @type {Promise<string[]>} */ (originLists.get(projectId)))
      return { allowed: listed && !unverifiedOrigins.has(origin) }
    },
    'email/start': ({ email, device }) => ({ action: accounts.startEmailLogin(email, deviceOf(device)) }),
    'device/wait': async ({ email, device }) => ({
      approved: await accounts.waitForDevice(email, deviceOf(device), deviceWaitMs),
    }),
    'email/verify': ({ email, device, otp }) => accounts.verifyOtp(email, deviceOf(device), otp),
    async account({ addresses, recovery }, token) {
      await checkKeys(addresses, recovery)
      const created = accounts.register(token, addresses, recovery)
      let funded = null
      if (faucet) {
        try {
          funded = await faucet.fund(addresses)
        } catch (error) {
          console.error('[secure frame] funding failed:', error instanceof Error ? error.message : error)
        }
      }
      funding.set(created.email, funded)
      return { addresses, funded }
    },
    'account/recovery': (_body, token) => accounts.recover(token),
    session: (_body, token) => accounts.session(token),
    'sign-out': (_body, token) => {
      accounts.signOut(token)
      return {}
    },
    'email/update': ({ email }, token) => ({ action: accounts.startEmailChange(token, email) }),
    'email/update/primary': ({ otp }, token) => {
      accounts.confirmCurrentEmail(token, otp)
      return {}
    },
    'email/update/secondary': ({ otp }, token) => accounts.confirmNewEmail(token, otp),

    'social/start': ({ provider, device, origin }) => {
      const state = social.startSocial(provider, deviceOf(device), origin)
      return { uri: `${baseUrl}/oauth/${provider}?state=${state}` }
    },
    // From the provider stand-in page. `returnUrl` only when the page has no opener to post to.
    'social/approve': ({ state, username, returnUrl }) => {
      const { origin } = social.describeSocial(state)
      const back = returnUrl === undefined ? undefined : checkedReturnUrl(returnUrl, origin)
      const { code } = social.approveSocial(state, username)
      return socialResult(`state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`, origin, back)
    },
    'social/cancel': ({ state, returnUrl }) => {
      const { origin } = social.describeSocial(state)
      const back = returnUrl === undefined ? undefined : checkedReturnUrl(returnUrl, origin)
      social.cancelSocial(state)
      return socialResult(
        `state=${encodeURIComponent(state)}&error=access_denied&error_description=The+visitor+cancelled`,
        origin,
        back,
      )
    },
    'social/verify': ({ state, code, device, origin }) => {
      const { identity, username } = social.verifySocial(state, code, deviceOf(device), origin)
      return { ...accounts.openIdentitySession(identity, deviceOf(device)), userName: username }
    },

    'farcaster/start': ({ device, origin }) => {
      const channel = social.startFarcaster(deviceOf(device), origin)
      return { url: `${baseUrl}/farcaster/approve?channel=${channel}` }
    },
    'farcaster/approve': ({ channel, username }) => {
      social.approveFarcaster(channel, username)
      return {}
    },
    'farcaster/reject': ({ channel }) => {
      social.rejectFarcaster(channel)
      return {}
    },
    'farcaster/wait': async ({ channel, device }) => {
      const answer = await social.waitFarcaster(channel, deviceOf(device), deviceWaitMs)
      if (answer.status !== 'approved') return { status: answer.status }
      return {
        status: 'approved',
        ...accounts.openIdentitySession(answer.identity, deviceOf(device)),
        userName: answer.username,
      }
    },
    'farcaster/reset': ({ channel, device }) => {
      social.resetFarcaster(channel, deviceOf(device))
      return {}
    },
  }

  /** The social result as the stand-in page delivers it. @param {string} query @param {string} origin @param {URL} [back] */
  function socialResult(query, origin, back) {
    const resultUri = `${baseUrl}/oauth/result?${query}`
    back?.searchParams.set('result_uri', resultUri)
    return { resultUri, parentOrigin: origin, ...(back ? { redirectUrl: back.href } : {}) }
  }

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function handle(request, response) {
    const method = request.method ?? 'GET'
    const url = new URL(`${baseUrl}${request.url?.startsWith('/') ? request.url : '/'}`)
    const path = url.pathname

    if (path.startsWith('/api/')) {
      // Same origin only: no CORS headers, and a POST from another origin is refused outright.
      if (method !== 'POST') return sendJson(response, 405, { message: 'Method not allowed' })
      if (request.headers.origin !== baseUrl) return sendJson(response, 403, { message: 'Forbidden origin' })
      const route = path.slice('/api/'.length)
      const handler = Object.hasOwn(api, route) ? api[route] : undefined
      if (!handler) return sendJson(response, 404, { message: 'Not found' })
      const body = await readJson(request)
      return sendJson(response, 200, await handler(body ?? {}, bearer(request)))
    }

    if (method === 'GET' || method === 'HEAD') {
      switch (path) {
        case '/':
          return sendHtml(response, indexPage(baseUrl))
        case '/sdk':
          return sendHtml(response, framePage(pageConfig), {
            'content-security-policy':
              "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' http: https:; img-src 'self' data:; base-uri 'none'; form-action 'none'",
          })
        case '/sdk.js':
        case '/sdk.js.map': {
          const files = await build()
          const text = /** @type {string} */ (files.get(path.slice(1)))
          return send(response, 200, text, path.endsWith('.map') ? 'application/json' : 'text/javascript')
        }
        case '/frame.css':
          return send(response, 200, await readFile(join(pageDir, 'frame.css'), 'utf8'), 'text/css')
        case '/mailbox':
          return sendHtml(response, mailboxPage(mailbox, url.searchParams.get('email') || undefined))
        case '/loading':
          return sendHtml(response, loadingPage(), { 'content-security-policy': STAND_IN_CSP })
        case '/stand-in.js':
          return send(response, 200, await readFile(join(pageDir, 'stand-in.js'), 'utf8'), 'text/javascript')
        case '/oauth/result':
          return sendHtml(
            response,
            messagePage('Sign-in finished', 'The result goes back to the page that asked for it; close this window.'),
          )
        case '/farcaster/approve': {
          const channel = url.searchParams.get('channel') ?? ''
          social.describeFarcaster(channel)
          return sendHtml(response, farcasterPage({ channel }), { 'content-security-policy': STAND_IN_CSP })
        }
        case '/device/approve': {
          const { email } = accounts.approveDevice(url.searchParams.get('token') ?? '')
          return sendHtml(
            response,
            messagePage(
              'Device approved',
              `The new device may now sign in to ${email}. A login code is on its way to the mailbox.`,
            ),
          )
        }
        case '/__sandbox/mailbox': {
          const email = url.searchParams.get('email') ?? undefined
          return sendJson(response, 200, { email: email ?? null, mails: mailbox.list(email) }, true)
        }
        case '/__sandbox/accounts':
          return sendJson(
            response,
            200,
            { accounts: accounts.list().map((entry) => ({ ...entry, funded: funding.get(entry.email) ?? null })) },
            true,
          )
      }
      const provider = /^\/oauth\/([a-z]+)$/.exec(path)?.[1]
      if (provider !== undefined) {
        if (!isSocialProvider(provider)) throw new LoginError(404, 'Unsupported social provider')
        // EMBEDDED-FRAME §8: the widget may append its return URL to the state after `--`.
        const raw = url.searchParams.get('state') ?? ''
        const split = raw.indexOf('--')
        const state = split === -1 ? raw : raw.slice(0, split)
        const returnUrl = split === -1 ? undefined : returnUrlOf(raw.slice(split + 2))
        const described = social.describeSocial(state)
        if (described.provider !== provider) throw new LoginError(400, 'This sign-in is for another provider')
        return sendHtml(
          response,
          socialPage({ provider, providerName: SOCIAL_PROVIDERS[provider], state, returnUrl }),
          { 'content-security-policy': STAND_IN_CSP },
        )
      }
    }
    if (method === 'DELETE' && path === '/__sandbox/mailbox') {
      mailbox.clear()
      return sendJson(response, 200, { mails: [] }, true)
    }
    if (method === 'OPTIONS' && path.startsWith('/__sandbox/')) {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, DELETE',
        'access-control-max-age': '600',
      })
      return void response.end()
    }
    sendJson(response, 404, { message: 'Not found' })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (error instanceof LoginError) {
        if (request.url?.startsWith('/device/'))
          return sendHtml(response, messagePage('Not approved', error.message), {}, error.status)
        if (/^\/(oauth|farcaster)\//.test(request.url ?? ''))
          return sendHtml(response, messagePage('Sign-in not possible', error.message), {}, error.status)
        return sendJson(response, error.status, { message: error.message })
      }
      console.error('[secure frame]', error)
      sendJson(response, 500, { message: error instanceof Error ? error.message : String(error) })
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        /** @type {any} */ (error).code === 'EADDRINUSE'
          ? new Error(`Secure frame port ${port} is in use (EADDRINUSE)`)
          : error,
      ),
    )
    server.listen(port, HOST, () => resolve(undefined))
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  baseUrl = `http://${HOST}:${address.port}`

  let stopping
  return {
    /** The frame's origin, like the hosted `https://secure.walletconnect.org`; the page is `${url}/sdk`. */
    url: baseUrl,
    port: address.port,
    /** The dev mailbox page. */
    mailboxUrl: `${baseUrl}/mailbox`,
    mailbox,
    /** Public view of the embedded accounts (email, addresses, device count). */
    accounts: () => accounts.list(),
    /**
     * Treats `origin` as unverified (every app event from a page on it is answered
     * `Unverified Domain: …`), or, with `false`, as the project's list says again. Frames loaded
     * before the change keep the answer they got.
     * @param {string} origin @param {boolean} [unverified]
     */
    treatAsUnverified(origin, unverified = true) {
      if (unverified) unverifiedOrigins.add(origin)
      else unverifiedOrigins.delete(origin)
    },
    /** Builds the frame's JS now instead of on the first request. */
    build: () => build().then(() => undefined),
    /** Closes the server (and any held device wait); safe to call more than once. */
    stop() {
      stopping ??= new Promise((resolve) => {
        accounts.close()
        social.close()
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      })
      return stopping
    },
  }
}

/**
 * The redirect flow's return URL: only back to the page that started the sign-in (no open
 * redirect through the stand-in page).
 * @param {unknown} value @param {string} origin the state's parent origin
 */
function checkedReturnUrl(value, origin) {
  let url
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (!url || url.origin !== origin) {
    throw new LoginError(400, 'The return URL is not on the page that started the sign-in')
  }
  return url
}

/**
 * The return URL after a state's `--`: URL-encoded as EMBEDDED-FRAME §8 says; one spliced into the
 * query unencoded (so already decoded once) is taken as it is.
 * @param {string} text
 */
function returnUrlOf(text) {
  if (text.includes('://')) return text
  try {
    return decodeURIComponent(text)
  } catch {
    throw new LoginError(400, 'The return URL is not valid')
  }
}

/** @param {unknown} value */
function deviceOf(value) {
  if (typeof value !== 'string' || !/^[\w-]{16,64}$/.test(value)) throw new LoginError(400, 'Invalid device')
  return value
}

/**
 * The recovery copy must be the keys of the addresses it comes with.
 * @param {any} addresses @param {any} recovery
 */
async function checkKeys(addresses, recovery) {
  const evmKey = recovery?.evm
  const seed = recovery?.solana
  if (typeof addresses?.evm !== 'string' || !isAddress(addresses.evm) || !isSolanaAddress(addresses?.solana ?? '')) {
    throw new LoginError(400, 'Invalid addresses')
  }
  if (
    typeof evmKey !== 'string' ||
    !/^0x[0-9a-f]{64}$/.test(evmKey) ||
    typeof seed !== 'string' ||
    !/^[0-9a-f]{64}$/.test(seed)
  ) {
    throw new LoginError(400, 'Invalid recovery keys')
  }
  const signer = await createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(getBase16Encoder().encode(seed)))
  if (
    !isAddressEqual(privateKeyToAccount(/** @type {`0x${string}`} */ (evmKey)).address, addresses.evm) ||
    signer.address !== addresses.solana
  ) {
    throw new LoginError(400, 'The recovery keys do not match the addresses')
  }
}

/** @param {import('node:http').IncomingMessage} request @returns {Promise<any>} */
function readJson(request) {
  return new Promise((resolve, reject) => {
    let size = 0
    /** @type {Buffer[]} */
    const chunks = []
    request.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new LoginError(413, 'Request body too large'))
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      try {
        resolve(text === '' ? undefined : JSON.parse(text))
      } catch {
        reject(new LoginError(400, 'Request body is not JSON'))
      }
    })
    request.on('error', reject)
  })
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status @param {string} text @param {string} type @param {Record<string, string>} [headers]
 */
function send(response, status, text, type, headers = {}) {
  if (response.headersSent || response.destroyed) return
  response.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  })
  response.end(response.req?.method === 'HEAD' ? undefined : text)
}

/** `/__sandbox/` answers are readable from any page (tests, tools); `/api/` ones never are. */
function sendJson(
  /** @type {import('node:http').ServerResponse} */ response,
  /** @type {number} */ status,
  /** @type {unknown} */ body,
  open = false,
) {
  send(response, status, JSON.stringify(body), 'application/json', open ? { 'access-control-allow-origin': '*' } : {})
}

function sendHtml(
  /** @type {import('node:http').ServerResponse} */ response,
  /** @type {string} */ html,
  /** @type {Record<string, string>} */ headers = {},
  status = 200,
) {
  send(response, status, html, 'text/html', headers)
}

/** @param {unknown} config */
function framePage(config) {
  // Inside <script> as data: '<' escaped so no value can close the element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>SigKit secure frame (sandbox)</title>
<link rel="stylesheet" href="/frame.css" />
<script type="application/json" id="frame-config">${json}</script>
<script type="module" src="/sdk.js"></script>
</head>
<body>
<main id="app" aria-live="polite"></main>
</body>
</html>
`
}

/** @param {string} title @param {string} text */
function messagePage(title, text) {
  const escape = (/** @type {string} */ value) =>
    value.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>${escape(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="/mailbox">Mailbox</a></p>
</body></html>
`
}

/** @param {string} base */
function indexPage(base) {
  return messagePage(
    'SigKit sandbox secure frame',
    `The embedded wallet's frame is ${base}/sdk?projectId=…&chainId=…; a widget embeds it as an iframe. Mails it sends (login codes, device approvals) are at ${base}/mailbox.`,
  )
}
