// Whether a dapp origin may use a project's embedded wallet: the project's allowed origins (the
// wallet API's GET /projects/v1/origins, the API emulator in the sandbox) matched as HOSTED-API.md
// §3.2 describes. The frame refuses to work for a parent page whose origin fails this.

/** Always allowed, whatever the project lists. */
const BUILT_IN_PATTERNS = [
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1:*',
  'https://127.0.0.1:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
  'https://secure-mobile.walletconnect.com',
  'https://secure-mobile.walletconnect.org',
]

/** @param {string} pattern */
function patternToRegExp(pattern) {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
  return new RegExp(`^${escaped}$`, 'i')
}

/**
 * @param {string} origin e.g. `http://127.0.0.1:5173`
 * @param {string[]} allowedOrigins the project's list; empty = every origin
 */
export function isOriginAllowed(origin, allowedOrigins) {
  let url
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin) return false
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return true
  if (allowedOrigins.length === 0) return true
  const portless = `${url.protocol}//${url.hostname}`
  return [...allowedOrigins, ...BUILT_IN_PATTERNS].some((pattern) => {
    const matcher = patternToRegExp(pattern)
    // 'http://localhost:*' covers a default port too, where the origin has no ':port' at all.
    return matcher.test(origin) || (pattern.endsWith(':*') && patternToRegExp(pattern.slice(0, -2)).test(portless))
  })
}

/**
 * The project's allowed origins from the wallet API; like the widget, an answer that is not a
 * list (or a failing API) counts as "no list", which allows every origin.
 * @param {string | undefined} apiUrl
 * @param {string} projectId
 * @returns {Promise<string[]>}
 */
export async function fetchAllowedOrigins(apiUrl, projectId) {
  if (!apiUrl) return []
  try {
    const url = new URL('/projects/v1/origins', apiUrl)
    url.searchParams.set('projectId', projectId)
    url.searchParams.set('st', 'secure-frame')
    url.searchParams.set('sv', 'sandbox')
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    if (!response.ok) return []
    const body = await response.json()
    return Array.isArray(body?.allowedOrigins) ? body.allowedOrigins.filter((entry) => typeof entry === 'string') : []
  } catch {
    return []
  }
}
