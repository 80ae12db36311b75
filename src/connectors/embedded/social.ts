/**
 * Social login through the secure frame (EMBEDDED-FRAME.md §8): the provider's page URI, the
 * result URI handed back (CONNECT_SOCIAL), the redirect variant for pages that cannot open a
 * popup, and Farcaster's QR channel (§8.1). The popup itself belongs to the view: it has to be
 * opened inside the click.
 * @internal
 */
import { connectorContext as core } from '../../core/connector'
import { clock } from '../../lib/clock'
import type { SocialProvider } from '../../core/types'
import { checkOrigin, EMBEDDED_ID, register, type LoginMethod } from './index'
import { farcasterUri, farcasterUser, noPayload, redirectUri } from './protocol'
import { getFrame, syncDappData, EMBEDDED_NAMESPACES } from './session'
import { redirectSocial, storeRedirectSocial } from './storage'

/**
 * The provider's sign-in page for `provider` (GET_SOCIAL_REDIRECT_URI), once the page's origin is
 * known to be allowed.
 *
 * @throws 'Could not fetch the social redirect uri' when the frame gives none.
 * @example
 * ```ts
 * popup.location.href = await socialRedirectUri('google')
 * ```
 */
export async function socialRedirectUri(provider: Exclude<SocialProvider, 'farcaster'>): Promise<string> {
  await checkOrigin()
  register()
  const frame = await getFrame()
  core.track({ type: 'track', event: 'SOCIAL_LOGIN_STARTED', properties: { provider } })
  return frame.request('GET_SOCIAL_REDIRECT_URI', { provider }, redirectUri).catch((error: unknown) => {
    throw new Error('Could not fetch the social redirect uri', { cause: error })
  })
}

/**
 * What a result URI says went wrong (`error=`, with `error_description` when given), or undefined
 * when it carries a result.
 *
 * @example
 * ```ts
 * resultError('https://secure.example/oauth/result?state=s&error=access_denied') // 'The sign-in was cancelled'
 * ```
 */
export function resultError(resultUri: string): string | undefined {
  let params: URLSearchParams
  try {
    params = new URL(resultUri).searchParams
  } catch {
    return 'The sign-in answer was not readable'
  }
  if (!params.has('error')) return undefined
  const description = params.get('error_description')?.trim()
  return description ? description.slice(0, 200) : 'The sign-in was cancelled'
}

/**
 * The provider URI with this page as the place to come back to: `--` and the page's URL appended
 * to the `state` value (for `auth.magic.link`, inside its `provider_authorization_url`), as the
 * secure site's redirect flow reads it (EMBEDDED-FRAME.md §8).
 *
 * @example
 * ```ts
 * withReturnUrl('https://id.example/auth?state=abc', 'https://dapp.example/') // '…state=abc--https%3A%2F%2Fdapp.example%2F'
 * ```
 */
export function withReturnUrl(uri: string, pageUrl: string): string {
  const url = new URL(uri)
  if (url.hostname === 'auth.magic.link') {
    const inner = url.searchParams.get('provider_authorization_url')
    if (inner) url.searchParams.set('provider_authorization_url', withReturnUrl(inner, pageUrl))
    return url.toString()
  }
  const state = url.searchParams.get('state')
  if (state === null) throw new Error('Could not fetch the social redirect uri')
  url.searchParams.set('state', `${state}--${pageUrl}`)
  return url.toString()
}

/**
 * Signs in by leaving the page for the provider (no popup possible: a Telegram mini-app, a
 * blocked popup). The provider is remembered, and the namespace is marked as connecting through
 * the embedded wallet so that the page load after the return finishes the login
 * ({@link completeRedirectLogin}).
 *
 * @example
 * ```ts
 * await redirectSocialLogin('google') // the page navigates away
 * ```
 */
export async function redirectSocialLogin(provider: Exclude<SocialProvider, 'farcaster'>): Promise<void> {
  const uri = await socialRedirectUri(provider)
  const page = new URL(location.href)
  page.searchParams.delete('result_uri')
  storeRedirectSocial(provider)
  core.restoreOnNextLoad(EMBEDDED_ID, [EMBEDDED_NAMESPACES[0]])
  location.assign(withReturnUrl(uri, page.toString()))
}

/**
 * After a redirect login came back: the `result_uri` of the page's URL is taken out of the
 * address bar, and the login to finish with it is returned. A provider that said no, or a page
 * that came back without a result, ends the attempt.
 *
 * @throws the provider's refusal, 'The sign-in did not finish', or 'No redirect login' when none was under way.
 * @example
 * ```ts
 * const login = await redirectLogin(); await completeLogin(login)
 * ```
 */
export async function redirectLogin(): Promise<LoginMethod> {
  const provider = redirectSocial()
  if (!provider) throw new Error('No redirect login')
  storeRedirectSocial(undefined)
  const url = new URL(location.href)
  const resultUri = url.searchParams.get('result_uri')
  url.searchParams.delete('result_uri')
  history.replaceState(history.state, '', url)
  const problem = resultUri ? resultError(resultUri) : 'The sign-in did not finish'
  if (problem || !resultUri) throw new Error(problem)
  return { method: 'social', provider, socialUri: resultUri }
}

// ── Farcaster ──────────────────────────────────────────────────────────────────────────────

let farcasterUrl: string | undefined

/**
 * The Farcaster sign-in URI to show as a QR code (GET_FARCASTER_URI), kept until the view resets it.
 *
 * @example
 * ```ts
 * const url = await farcasterLoginUri()
 * ```
 */
export async function farcasterLoginUri(): Promise<string> {
  if (farcasterUrl) return farcasterUrl
  await checkOrigin()
  register()
  const frame = await getFrame()
  core.track({ type: 'track', event: 'SOCIAL_LOGIN_STARTED', properties: { provider: 'farcaster' } })
  farcasterUrl = await frame.request('GET_FARCASTER_URI', undefined, farcasterUri)
  return farcasterUrl
}

/**
 * Waits for the visitor to approve in Farcaster (CONNECT_FARCASTER has no time limit); the login
 * then finishes like any social login, with the returned method.
 *
 * @example
 * ```ts
 * await connect(embeddedConnector, { login: await approvedInFarcaster() })
 * ```
 */
export async function approvedInFarcaster(): Promise<LoginMethod> {
  const frame = await getFrame()
  const userName = await frame.request('CONNECT_FARCASTER', undefined, farcasterUser)
  farcasterUrl = undefined
  return { method: 'social', provider: 'farcaster', userName }
}

/**
 * Leaving the Farcaster view unconnected: the URI is forgotten and, 100 ms later, the frame
 * reloads its Farcaster channel (RELOAD, then SYNC_DAPP_DATA), as SPEC §2 asks.
 *
 * @example
 * ```ts
 * useEffect(() => () => resetFarcaster(), [])
 * ```
 */
export function resetFarcaster(): void {
  farcasterUrl = undefined
  clock.setTimeout(() => {
    void getFrame()
      .then(async (frame) => {
        await frame.request('RELOAD', undefined, noPayload)
        await syncDappData(frame)
      })
      .catch(() => undefined)
  }, 100)
}
