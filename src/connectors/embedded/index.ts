/**
 * The embedded-wallet connector: email login through the secure frame, the accounts it holds on
 * eip155 and solana, and their providers. LAZY: loaded when the visitor submits an email (the
 * email feature imports it then), or on page load when a stored session used it.
 *
 * Like WalletConnect, one login carries several namespaces: every namespace the frame serves
 * among the dapp's networks is connected at once through the connector `auth`, restored together
 * after a reload, and disconnected together (core's disconnect groups connectors of type 'auth').
 */
import { activeNamespace, getAccountState, setAccount } from '../../core/state/account'
import { addConnectors, type ConnectorInfo } from '../../core/state/connectors'
import { getNetworkState, setActiveCaipNetwork } from '../../core/state/network'
import { applyConnection, clearNamespace, routeAfterConnect } from '../../core/wallet/connect'
import { sendEvent } from '../../core/analytics'
import { ALERTS, showAlert } from '../../core/modal/alerts'
import { showErrorToast } from '../../core/modal/toasts'
import { clock, type TimerHandle } from '../../core/lib/clock'
import { getConnectedConnectorIds } from '../../core/lib/storage'
import { SOCIAL_NAMES } from '../../core/socials'
import type { ChainNamespace, SocialProvider } from '../../core/types'
import type { FrameClient, FrameStats } from './client'
import {
  answeredAccount,
  connectedFlag,
  emailAction,
  EMAIL_PATTERN,
  FRAME_TEXTS,
  FRAME_TIMING,
  frameUser,
  noPayload,
  throttleMessage,
  type EmailAction,
  type FrameUser,
} from './protocol'
import { emitProviderEvent, embeddedProvider, rejectPendingApprovals } from './rpc'
import { currentFrame, EMBEDDED_NAMESPACES, getFrame, resetFrame, syncTheme } from './session'
import {
  clearLogin,
  emailLoginUsed,
  lastEmailLoginTime,
  redirectSocial,
  storedEmail,
  storedSocial,
  storeEmailLoginTime,
  storeLogin,
  wantedAccountType,
} from './storage'

export { rejectPendingApprovals, pendingApprovals } from './rpc'
export type { EmailAction } from './protocol'

/** The connector's id, as stored per namespace. */
export const EMBEDDED_ID = 'auth'

/** The connector as core lists it: type 'auth' keeps it out of the wallet list. */
function connectorInfo(): ConnectorInfo {
  return {
    id: EMBEDDED_ID,
    name: 'Email',
    type: 'auth',
    chains: EMBEDDED_NAMESPACES,
    providers: { eip155: embeddedProvider('eip155'), solana: embeddedProvider('solana') },
    disconnect: signOut,
  }
}

let registered = false

/** Lists the connector in core (once). @internal */
export function register(): void {
  if (registered) return
  registered = true
  addConnectors([connectorInfo()])
}

// ── email login ────────────────────────────────────────────────────────────────────────────

/**
 * Milliseconds left before another code email may be asked for (SPEC §5: 30 s), 0 when it may.
 *
 * @example
 * ```ts
 * const wait = emailThrottleRemaining()
 * ```
 */
export function emailThrottleRemaining(): number {
  const last = lastEmailLoginTime()
  return last === undefined ? 0 : Math.max(0, last + FRAME_TIMING.emailThrottleMs - clock.now())
}

/** SPEC §5: email and social login need the page's origin among the project's allowed origins. @internal */
export async function checkOrigin(): Promise<void> {
  const remote = await import('../../core/config/remote-config')
  await remote.loadRemoteConfig()
  if (remote.originAllowed === false) {
    showAlert(ALERTS.INVALID_APP_CONFIGURATION)
    throw new Error(ALERTS.INVALID_APP_CONFIGURATION.shortMessage)
  }
}

/**
 * Asks the frame to send a login code to `email` (the frame is made now if needed). Refused
 * within 30 s of the last request, and when the page's origin is not allowed.
 *
 * @returns what the frame asks next: a code (`VERIFY_OTP`), a device approval by mailed link
 * (`VERIFY_DEVICE`), or nothing (`CONNECT`: already signed in here as that email).
 * @throws Error 'Invalid email. Try again.', 'Please try again after {n} seconds', the frame's error.
 * @example
 * ```ts
 * if ((await startEmailLogin('ada@example.com')) === 'VERIFY_OTP') pushView('EmailVerifyOtp', { email })
 * ```
 */
export async function startEmailLogin(email: string): Promise<EmailAction> {
  const address = email.trim()
  if (!EMAIL_PATTERN.test(address)) throw new Error(FRAME_TEXTS.invalidEmail)
  // Checked before the frame is even made (EMBEDDED-FRAME.md §7.3).
  const wait = emailThrottleRemaining()
  if (wait > 0) throw new Error(throttleMessage(wait))
  await checkOrigin()
  register()
  const frame = await getFrame()
  const action = await frame.request('CONNECT_EMAIL', { email: address }, emailAction)
  storeEmailLoginTime(clock.now())
  sendEvent({ type: 'track', event: 'EMAIL_SUBMITTED' })
  if (action === 'VERIFY_OTP') sendEvent({ type: 'track', event: 'EMAIL_VERIFICATION_CODE_SENT' })
  loginEmail = address
  return action
}

let loginEmail: string | undefined

/**
 * Waits for the visitor to open the approval link mailed to a new device (CONNECT_DEVICE); the
 * frame then mails a code.
 *
 * @example
 * ```ts
 * await approveDevice(); replaceView('EmailVerifyOtp', { email })
 * ```
 */
export async function approveDevice(): Promise<void> {
  const frame = await getFrame()
  await frame.request('CONNECT_DEVICE', undefined, noPayload)
  sendEvent({ type: 'track', event: 'DEVICE_REGISTERED_FOR_EMAIL' })
  sendEvent({ type: 'track', event: 'EMAIL_VERIFICATION_CODE_SENT' })
}

/**
 * Sends the 6-digit code; when the frame accepts it, the login completes ({@link completeLogin}).
 * A wrong code rejects with the frame's message and the visitor can try again.
 *
 * @example
 * ```ts
 * await verifyOtp('123456')
 * ```
 */
export async function verifyOtp(otp: string): Promise<void> {
  const frame = await getFrame()
  try {
    await frame.request('CONNECT_OTP', { otp }, noPayload)
  } catch (error) {
    sendEvent({ type: 'track', event: 'EMAIL_VERIFICATION_CODE_FAIL', properties: { message: String(error) } })
    throw error
  }
  sendEvent({ type: 'track', event: 'EMAIL_VERIFICATION_CODE_PASS' })
  await completeLogin()
}

/**
 * How the visitor signed in: by email (the code already accepted), or with a social provider,
 * whose result URI the first GET_USER is replaced by (CONNECT_SOCIAL), or whose username is
 * already known (Farcaster).
 */
export type LoginMethod =
  { method: 'email' } | { method: 'social'; provider: SocialProvider; socialUri?: string; userName?: string }

/**
 * Connects every namespace the frame serves among the dapp's networks (GET_USER for each, the
 * active one last; a social login's result URI goes with the first), remembers the login, and
 * closes the modal (or hands it to a feature's next step). On failure: 'A problem occurred while
 * trying initialize authentication', and the wallet is disconnected.
 *
 * @example
 * ```ts
 * if (action === 'CONNECT') await completeLogin()
 * await completeLogin({ method: 'social', provider: 'google', socialUri: resultUri })
 * ```
 */
export async function completeLogin(login: LoginMethod = { method: 'email' }): Promise<void> {
  const social = login.method === 'social' ? login.provider : undefined
  try {
    const frame = await getFrame()
    const namespaces = loginNamespaces()
    if (namespaces.length === 0) throw new Error('Chain not configured')
    const active = activeNamespace.peek()
    if (!active || !namespaces.includes(active as (typeof namespaces)[number])) {
      const network = currentNetwork(namespaces[0] as ChainNamespace)
      if (network) setActiveCaipNetwork(network)
    }
    let socialUri = login.method === 'social' ? login.socialUri : undefined
    const who: SignedInUser = { social, username: login.method === 'social' ? login.userName : undefined }
    for (const namespace of activeLast(namespaces)) {
      const user = await connectNamespace(frame, namespace, false, who, socialUri)
      socialUri = undefined
      who.email = user.email ?? who.email
      who.username = user.userName ?? who.username
    }
    if (!social) who.email ??= loginEmail
    storeLogin(who, getNetworkState(activeNamespace.peek() ?? 'eip155').caipNetwork.peek()?.caipNetworkId ?? '')
    // The username came back only now: the namespaces connected first show it too.
    for (const namespace of namespaces) setAccount(namespace, walletInfo(who))
    loginEmail = undefined
    startHeartbeat()
    void syncTheme(frame).catch(() => undefined)
    sendEvent(
      social
        ? { type: 'track', event: 'SOCIAL_LOGIN_SUCCESS', properties: { provider: social } }
        : { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'email', name: 'Email' } },
    )
    routeAfterConnect(activeNamespace.peek() ?? 'eip155')
  } catch (error) {
    showErrorToast(FRAME_TEXTS.initFailed)
    sendEvent({
      type: 'track',
      event: social ? 'SOCIAL_LOGIN_ERROR' : 'CONNECT_ERROR',
      properties: { method: social ?? 'email', message: String(error) },
    })
    await signOut().catch(() => undefined)
    for (const namespace of authNamespaces()) clearNamespace(namespace)
    throw error
  }
}

/** Who signed in, as the account state shows it. @internal */
export interface SignedInUser {
  email?: string | undefined
  social?: SocialProvider | undefined
  username?: string | undefined
}

/** The account fields that say who is signed in (the Account view shows them). @internal */
export function walletInfo({ email, social, username }: SignedInUser) {
  return {
    user: email || username ? { ...(email ? { email } : {}), ...(username ? { username } : {}) } : undefined,
    socialProvider: social,
    connectedWalletInfo: social
      ? { name: SOCIAL_NAMES[social], identifier: username ?? email ?? EMBEDDED_ID, social }
      : { name: 'Email', identifier: email ?? EMBEDDED_ID, social: 'email' },
  }
}

/**
 * The namespaces a login connects: those the frame serves that the dapp has networks in, except
 * one another wallet is connected in (the visitor added email for the other namespace).
 */
function loginNamespaces(): ChainNamespace[] {
  const stored = getConnectedConnectorIds()
  return EMBEDDED_NAMESPACES.filter(
    (namespace) =>
      currentNetwork(namespace) !== undefined &&
      !(getAccountState(namespace).status.peek() === 'connected' && stored[namespace] !== EMBEDDED_ID),
  )
}

function currentNetwork(namespace: ChainNamespace) {
  const state = getNetworkState(namespace)
  return state.caipNetwork.peek() ?? state.requestedCaipNetworks.peek()[0]
}

/** The frame keeps one active chain, the one GET_USER named last: the dapp's active one goes last. */
function activeLast(namespaces: readonly ChainNamespace[]): ChainNamespace[] {
  const active = activeNamespace.peek()
  return [...namespaces].sort((a, b) => Number(a === active) - Number(b === active))
}

/**
 * GET_USER for one namespace (CONNECT_SOCIAL when a social result URI is given), then its account
 * into state. The account type asked for is the one stored for the namespace, else its default.
 */
async function connectNamespace(
  frame: FrameClient,
  namespace: ChainNamespace,
  restored: boolean,
  who: SignedInUser,
  socialUri?: string,
): Promise<FrameUser> {
  const network = currentNetwork(namespace)
  if (!network) throw new Error('Chain not configured')
  const request = {
    chainId: network.caipNetworkId,
    preferredAccountType: wantedAccountType(namespace),
    rpcUrl: network.rpcUrls.default.http[0],
  }
  const user = await (socialUri
    ? frame.request('CONNECT_SOCIAL', { uri: socialUri, ...request }, frameUser)
    : frame.request('GET_USER', request, frameUser))
  // The frame answers for the chain it was asked about, or the reply is not about this account.
  if (user.namespace !== namespace) throw new Error(FRAME_TEXTS.invalidReply)
  applyUser(namespace, user, restored, {
    ...who,
    email: user.email ?? who.email ?? (who.social ? undefined : (storedEmail() ?? loginEmail)),
    username: user.userName ?? who.username,
  })
  return user
}

/** A user the frame answered into the namespace's state (a connection, or the same one again). */
function applyUser(namespace: ChainNamespace, user: FrameUser, restored: boolean, who: SignedInUser): void {
  applyConnection(namespace, connectorInfo(), { accounts: [user.address], chainId: user.chainId }, { restored })
  setAccount(namespace, {
    allAccounts: user.accounts,
    // The type in effect is the one of the address the frame answered with.
    preferredAccountType: answeredAccount(user)?.type ?? user.preferredAccountType ?? 'eoa',
    ...walletInfo(who),
  })
}

/** Namespaces connected (or stored as connected) through the embedded wallet. @internal */
export function authNamespaces(): ChainNamespace[] {
  const stored = getConnectedConnectorIds()
  return (Object.keys(stored) as ChainNamespace[]).filter((namespace) => stored[namespace] === EMBEDDED_ID)
}

// ── restore, heartbeat, sign-out ───────────────────────────────────────────────────────────

/**
 * Restores the stored embedded session on page load without asking again: with the login flag
 * stored the frame is made, IS_CONNECTED asked, and every stored namespace comes back connected.
 * Not connected (or the flag gone): the login cache is cleared and those namespaces end.
 *
 * @returns whether the session came back.
 * @example
 * ```ts
 * if (Object.values(stored).includes('auth')) await restoreEmbedded()
 * ```
 */
export async function restoreEmbedded(): Promise<boolean> {
  register()
  // The page came back from a social provider (the redirect flow): that login finishes now.
  if (redirectSocial()) {
    return import('./social')
      .then((social) => social.completeRedirectLogin())
      .catch((error: unknown) => {
        for (const namespace of authNamespaces()) clearNamespace(namespace)
        showErrorToast(error instanceof Error ? error.message : FRAME_TEXTS.initFailed)
        return false
      })
  }
  const namespaces = authNamespaces()
  if (namespaces.length === 0) return false
  try {
    if (!emailLoginUsed()) throw new Error('No email login stored')
    const frame = await getFrame()
    if (!(await frame.request('IS_CONNECTED', undefined, connectedFlag))) throw new Error('Not signed in')
    const who = { email: storedEmail(), ...storedSocial() }
    for (const namespace of activeLast(namespaces)) await connectNamespace(frame, namespace, true, who)
    startHeartbeat()
    return true
  } catch (error) {
    console.warn('[SigKit] the embedded wallet session was not restored', error)
    endSession()
    return false
  }
}

let heartbeat: TimerHandle | undefined

function startHeartbeat(): void {
  if (heartbeat !== undefined) clock.clearTimeout(heartbeat)
  heartbeat = clock.setTimeout(beat, FRAME_TIMING.heartbeatMs)
}

function stopHeartbeat(): void {
  if (heartbeat !== undefined) clock.clearTimeout(heartbeat)
  heartbeat = undefined
}

/** SPEC §9 heartbeat: while connected, the frame is asked every 5 s whether the user still is. */
async function beat(): Promise<void> {
  heartbeat = undefined
  const frame = currentFrame()
  if (!frame || authNamespaces().length === 0) return
  try {
    if (!(await frame.request('IS_CONNECTED', undefined, connectedFlag))) return endSession()
  } catch {
    // A slow or failing answer is not a sign-out; the next beat asks again.
  }
  if (authNamespaces().length > 0 && heartbeat === undefined) startHeartbeat()
}

/** The frame says nobody is signed in: the login cache goes and every namespace it held ends. */
function endSession(): void {
  stopHeartbeat()
  clearLogin()
  const namespaces = authNamespaces()
  for (const namespace of namespaces) clearNamespace(namespace)
  if (namespaces.length > 0) emitProviderEvent('disconnect', { code: 4900, message: 'The wallet is disconnected' })
}

let signingOut: Promise<void> | undefined

/**
 * Signs out through the frame (the connector's `disconnect`): the local login cache first, then
 * SIGN_OUT. Core calls it once per namespace and waits at most 3 s; the calls share one sign-out.
 */
function signOut(): Promise<void> {
  signingOut ??= (async () => {
    stopHeartbeat()
    clearLogin()
    rejectPendingApprovals()
    // No frame, nothing signed in here to sign out of.
    await currentFrame()?.request('SIGN_OUT', undefined, noPayload)
    emitProviderEvent('disconnect', { code: 4900, message: 'The wallet is disconnected' })
  })().finally(() => {
    signingOut = undefined
  })
  return signingOut
}

// ── for the views ──────────────────────────────────────────────────────────────────────────

/**
 * The frame's element, themed, for ApproveTransaction to position over its body.
 *
 * @example
 * ```ts
 * const element = await approvalFrame()
 * ```
 */
export async function approvalFrame(): Promise<HTMLIFrameElement> {
  const frame = await getFrame()
  await syncTheme(frame).catch(() => undefined)
  return frame.element
}

/**
 * What the transport refused so far (messages from other windows or origins imitating the frame).
 *
 * @example
 * ```ts
 * frameStats()?.dropped
 * ```
 */
export function frameStats(): FrameStats | undefined {
  return currentFrame()?.stats
}

/** @internal Back to a page that never loaded the embedded wallet; `element` stands in for the next iframe (tests). */
export function resetEmbedded(element?: HTMLIFrameElement): void {
  stopHeartbeat()
  registered = false
  loginEmail = undefined
  signingOut = undefined
  resetFrame(element)
}
