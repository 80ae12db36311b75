/**
 * The social login as the visitor lives it (EMBEDDED-FRAME.md §8): a popup opened inside the
 * click, sent to the provider's page once the frame names it, and its answer taken only from the
 * secure site's origin AND from that popup window. A closed popup or a provider that said no ends
 * in a message with a retry, never a spinner. Where no popup can open (a Telegram mini-app, a
 * blocked popup) the page goes to the provider and the login finishes when it comes back.
 * @internal
 */
import { signal } from '@preact/signals-core'
import { getResolvedOptions } from '../../core/config/appkit-state'
import { sendEvent } from '../../core/analytics'
import { currentView, pushView } from '../../core/modal/router'
import type { SocialProvider } from '../../core/types'
import { detectPlatform } from './platform'
import { finishLogin } from '../email/finish-login'
import socialEn from '../../i18n/messages/en/social'

/** Where a social login stands; the ConnectingSocial view shows it. @internal */
export interface SocialLoginState {
  provider: Exclude<SocialProvider, 'farcaster'>
  phase: 'waiting' | 'redirecting' | 'connecting' | 'error'
  message?: string
}

/** The social login under way, if any. @internal */
export const socialLogin = signal<SocialLoginState | undefined>(undefined)

/** The popup's size (SPEC §8). */
const POPUP_FEATURES = 'width=600,height=800,scrollbars=yes'
/** Said when the visitor closes the popup before the provider answered. @internal */
export const POPUP_CLOSED = socialEn.windowClosed
/** How often a closed popup is looked for. */
const POPUP_WATCH_MS = 500
/** How long an answer may still arrive once its popup is seen closed. */
const CLOSED_GRACE_MS = 1000

let attempt = 0
let stop: (() => void) | undefined

const loadSocial = () => import('../../connectors/embedded/social')

function secureOrigin(): string {
  const site = getResolvedOptions()?.endpoints.secureSite
  if (!site) throw new Error('Please call createAppKit before using the open hook')
  return new URL(site).origin
}

/**
 * Starts a social login for `provider`. Call it synchronously inside the click (or key) handler:
 * it opens the provider's popup at once, while the browser still counts the user gesture.
 * Farcaster has no popup: its view shows a QR code instead.
 *
 * @example
 * ```tsx
 * <button onClick={() => startSocialLogin('google')}>Continue with Google</button>
 * ```
 */
export function startSocialLogin(provider: SocialProvider): void {
  if (provider === 'farcaster') return void pushView('ConnectingFarcaster')
  let popup: Window | null = null
  // A Telegram mini-app's webview has no popups: the provider's page replaces the dapp's.
  if (!detectPlatform().telegram) {
    try {
      popup = window.open(`${secureOrigin()}/loading`, 'popupWindow', POPUP_FEATURES)
    } catch {
      popup = null
    }
  }
  if (currentView.peek() !== 'ConnectingSocial') pushView('ConnectingSocial', { provider })
  void run(provider, popup)
}

/**
 * Ends the login under way without a result (the view was left): its popup closes, and the
 * visitor's giving up is counted when it was still waiting for the provider.
 *
 * @example
 * ```ts
 * useEffect(() => cancelSocialLogin, [])
 * ```
 */
export function cancelSocialLogin(): void {
  attempt++
  stop?.()
  const state = socialLogin.peek()
  if (state?.phase === 'waiting') {
    sendEvent({ type: 'track', event: 'SOCIAL_LOGIN_CANCELED', properties: { provider: state.provider } })
  }
  socialLogin.value = undefined
}

async function run(provider: SocialLoginState['provider'], popup: Window | null): Promise<void> {
  stop?.()
  const id = ++attempt
  const current = () => id === attempt
  socialLogin.value = { provider, phase: popup ? 'waiting' : 'redirecting' }
  try {
    const social = await loadSocial()
    if (!popup) return await social.redirectSocialLogin(provider)
    const answer = waitForAnswer(popup, secureOrigin())
    // A failure of the first step must not leave the answer's rejection unhandled.
    answer.catch(() => undefined)
    const uri = await Promise.race([social.socialRedirectUri(provider), answer.then(() => '')])
    if (!current()) return
    if (uri) popup.location.href = uri
    const resultUri = await answer
    popup.close()
    const problem = social.resultError(resultUri)
    if (problem) throw new Error(problem)
    if (!current()) return
    socialLogin.value = { provider, phase: 'connecting' }
    // Success routes the modal (closed, or the next step such as sign-in).
    await finishLogin({ method: 'social', provider, socialUri: resultUri })
  } catch (error) {
    if (!current()) return
    popup?.close()
    // A failed connect is counted by the connector itself.
    if (socialLogin.peek()?.phase !== 'connecting') {
      sendEvent({ type: 'track', event: 'SOCIAL_LOGIN_ERROR', properties: { provider, message: String(error) } })
    }
    socialLogin.value = { provider, phase: 'error', message: error instanceof Error ? error.message : String(error) }
  } finally {
    if (current()) stop?.()
  }
}

/**
 * The result URI the secure site posts from the popup. Rejects when the popup is closed first.
 * Unlike the hosted client, the message must come from the popup window itself as well as from
 * the secure site's origin; the listener goes after the first valid answer.
 */
function waitForAnswer(popup: Window, origin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== popup) return
      const data: unknown = event.data
      const uri = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['resultUri'] : undefined
      if (typeof uri !== 'string' || uri.length > 4096) return
      stop?.()
      resolve(uri)
    }
    let grace: ReturnType<typeof setTimeout> | undefined
    const watch = setInterval(() => {
      if (!popup.closed || grace !== undefined) return
      // The secure site posts its answer and then closes the popup; the answer crosses processes
      // and can arrive after the popup is seen closed. Only a popup closed without one is an error.
      grace = setTimeout(() => {
        stop?.()
        reject(new Error(POPUP_CLOSED))
      }, CLOSED_GRACE_MS)
    }, POPUP_WATCH_MS)
    window.addEventListener('message', onMessage)
    stop = () => {
      clearInterval(watch)
      clearTimeout(grace)
      window.removeEventListener('message', onMessage)
      stop = undefined
    }
  })
}
