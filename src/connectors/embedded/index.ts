/**
 * The embedded-wallet connector: email login through the secure frame, the accounts it holds on
 * eip155 and solana, and their providers. LAZY: loaded when the visitor submits an email (the
 * email feature imports it then), or on page load when a stored session used it.
 *
 * Like WalletConnect, one login carries several namespaces: every namespace the frame serves
 * among the dapp's networks is connected at once through the connector `auth`, restored together
 * after a reload, and disconnected together (core's disconnect groups connectors of type 'auth').
 */
import {
  connectorContext as core,
  type Connector,
  type ConnectionResult,
  type NamespaceConnection,
} from '../../core/connector'
import { clock, type TimerHandle } from '../../lib/clock'
import { SOCIAL_NAMES } from '../../core/constants'
import type { CaipNetwork, ChainNamespace, SocialProvider } from '../../core/types'
import type { FrameClient, FrameStats } from './client'
import { emitter } from './emitter'
import {
  accountFacts,
  answeredAccount,
  chainIdReply,
  frameServes,
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
import { currentFrame, EMBEDDED_NAMESPACES, getFrame, onFrameReload, resetFrame, syncTheme } from './session'
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
import { log } from '../../lib/logger'

export { rejectPendingApprovals, pendingApprovals } from './rpc'
export type { EmailAction } from './protocol'

/** The connector's id, as stored per namespace. */
export const EMBEDDED_ID = 'auth'

/**
 * The embedded wallet as a connector. Type 'auth' keeps it out of the wallet list (it has its own
 * sections). `connect` takes the login to finish (`{ login }`, default the email login whose code
 * the frame accepted).
 */
export const embeddedConnector: Connector = {
  id: EMBEDDED_ID,
  name: 'Email',
  type: 'auth',
  chains: EMBEDDED_NAMESPACES,
  sharedSession: true,
  emitter,
  connect: ({ login }) => completeLogin((login as LoginMethod | undefined) ?? { method: 'email' }),
  restore: ({ namespaces }) => restoreEmbedded(namespaces),
  disconnect: () => signOut(),
  provider: (namespace) =>
    (EMBEDDED_NAMESPACES as readonly ChainNamespace[]).includes(namespace) ? embeddedProvider(namespace) : undefined,
  leaveScreen: rejectPendingApprovals,
}

/** Lists the connector in core (once its code is in use). @internal */
export function register(): void {
  if (!core.find(EMBEDDED_ID)) core.list([embeddedConnector])
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
  if ((await core.originAllowed()) === false) {
    core.alert(core.alerts.INVALID_APP_CONFIGURATION)
    throw new Error(core.alerts.INVALID_APP_CONFIGURATION.shortMessage)
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
  core.track({ type: 'track', event: 'EMAIL_SUBMITTED' })
  if (action === 'VERIFY_OTP') core.track({ type: 'track', event: 'EMAIL_VERIFICATION_CODE_SENT' })
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
  core.track({ type: 'track', event: 'DEVICE_REGISTERED_FOR_EMAIL' })
  core.track({ type: 'track', event: 'EMAIL_VERIFICATION_CODE_SENT' })
}

/**
 * Sends the 6-digit code. A wrong code rejects with the frame's message and the visitor can try
 * again; an accepted one leaves the login to finish with `connect` (core's, with this connector).
 *
 * @example
 * ```ts
 * await verifyOtp('123456'); await connect(embeddedConnector)
 * ```
 */
export async function verifyOtp(otp: string): Promise<void> {
  const frame = await getFrame()
  try {
    await frame.request('CONNECT_OTP', { otp }, noPayload)
  } catch (error) {
    core.track({ type: 'track', event: 'EMAIL_VERIFICATION_CODE_FAIL', properties: { message: String(error) } })
    throw error
  }
  core.track({ type: 'track', event: 'EMAIL_VERIFICATION_CODE_PASS' })
}

/**
 * How the visitor signed in: by email (the code already accepted), or with a social provider,
 * whose result URI the first GET_USER is replaced by (CONNECT_SOCIAL), or whose username is
 * already known (Farcaster).
 */
export type LoginMethod =
  { method: 'email' } | { method: 'social'; provider: SocialProvider; socialUri?: string; userName?: string }

/**
 * Finishes a login: every namespace the frame serves among the dapp's networks (GET_USER for each,
 * the active one last; a social login's result URI goes with the first), and remembers the login.
 * On failure: 'A problem occurred while trying initialize authentication', and the wallet signs out.
 *
 * @returns each namespace's account, for core to connect.
 * @example
 * ```ts
 * await completeLogin({ method: 'social', provider: 'google', socialUri: resultUri })
 * ```
 */
export async function completeLogin(login: LoginMethod = { method: 'email' }): Promise<ConnectionResult> {
  const social = login.method === 'social' ? login.provider : undefined
  try {
    register()
    const frame = await getFrame()
    const namespaces = loginNamespaces()
    if (namespaces.length === 0) throw new Error('Chain not configured')
    let socialUri = login.method === 'social' ? login.socialUri : undefined
    if (social && socialUri)
      core.track({ type: 'track', event: 'SOCIAL_LOGIN_REQUEST_USER_DATA', properties: { provider: social } })
    const who: SignedInUser = { social, username: login.method === 'social' ? login.userName : undefined }
    const answers: [ChainNamespace, FrameUser][] = []
    for (const namespace of activeLast(namespaces)) {
      const user = await askUser(frame, namespace, socialUri)
      socialUri = undefined
      who.email = user.email ?? who.email
      who.username = user.userName ?? who.username
      answers.push([namespace, user])
    }
    if (!social) who.email ??= loginEmail
    const active = core.activeNamespace()
    const chain = answers.find(([namespace]) => namespace === active)?.[1] ?? answers.at(-1)?.[1]
    storeLogin(who, chain ? `${chain.namespace}:${chain.chainId}` : '')
    loginEmail = undefined
    startHeartbeat()
    void syncTheme(frame).catch(() => undefined)
    core.track(
      social
        ? { type: 'track', event: 'SOCIAL_LOGIN_SUCCESS', properties: { provider: social } }
        : { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'email', name: 'Email' } },
    )
    // The username may have come only with a later namespace: every one shows it.
    return { connections: answers.map(([namespace, user]) => connectionOf(namespace, user, who)) }
  } catch (error) {
    core.toast(FRAME_TEXTS.initFailed)
    core.track({
      type: 'track',
      event: social ? 'SOCIAL_LOGIN_ERROR' : 'CONNECT_ERROR',
      properties: { method: social ?? 'email', message: String(error) },
    })
    await signOut().catch(() => undefined)
    emitter.emit({ type: 'disconnect' })
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
  const ours = core.connectedNamespaces(EMBEDDED_ID)
  return EMBEDDED_NAMESPACES.filter((namespace) => {
    const network = core.network(namespace)
    return (
      network !== undefined &&
      frameServes(network) &&
      (core.address(namespace) === undefined || ours.includes(namespace))
    )
  })
}

/** The frame keeps one active chain, the one GET_USER named last: the dapp's active one goes last. */
function activeLast(namespaces: readonly ChainNamespace[]): ChainNamespace[] {
  const active = core.activeNamespace()
  return [...namespaces].sort((a, b) => Number(a === active) - Number(b === active))
}

/**
 * GET_USER for one namespace (CONNECT_SOCIAL when a social result URI is given). The account type
 * asked for is the one stored for the namespace, else its default.
 */
async function askUser(
  frame: FrameClient,
  namespace: ChainNamespace,
  socialUri?: string,
  network: CaipNetwork | undefined = core.network(namespace),
): Promise<FrameUser> {
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
  return user
}

/** A user the frame answered, as a namespace's connection: the address in use first, who signed in. */
function connectionOf(namespace: ChainNamespace, user: FrameUser, who: SignedInUser): NamespaceConnection {
  const current = answeredAccount(user)
  const preferred = current?.type ?? user.preferredAccountType ?? 'eoa'
  return {
    namespace,
    accounts: [
      current ?? { address: user.address, type: preferred },
      ...user.accounts.filter((account) => account !== current),
    ],
    chainId: user.chainId,
    details: {
      // The type in effect is the one of the address the frame answered with.
      preferredAccountType: preferred,
      ...accountFacts(user),
      ...walletInfo({
        ...who,
        email: user.email ?? who.email ?? (who.social ? undefined : (storedEmail() ?? loginEmail)),
        username: user.userName ?? who.username,
      }),
    },
  }
}

// ── restore, heartbeat, sign-out ───────────────────────────────────────────────────────────

/**
 * Restores the stored embedded session on page load without asking again: with the login flag
 * stored the frame is made, IS_CONNECTED asked, and every stored namespace comes back. A page back
 * from a social provider (the redirect flow) finishes that login instead.
 *
 * @returns each namespace's account, or undefined when nobody is signed in any more (the login
 * cache is then cleared).
 * @example
 * ```ts
 * const result = await restoreEmbedded(['eip155', 'solana'])
 * ```
 */
export async function restoreEmbedded(namespaces: readonly ChainNamespace[]): Promise<ConnectionResult | undefined> {
  register()
  // The page came back from a social provider (the redirect flow): that login finishes now.
  if (redirectSocial()) {
    return import('./social')
      .then((social) => social.redirectLogin())
      .then((login) => completeLogin(login))
      .catch((error: unknown) => {
        core.toast(error instanceof Error ? error.message : FRAME_TEXTS.initFailed)
        return undefined
      })
  }
  const held = namespaces.filter((namespace) => (EMBEDDED_NAMESPACES as readonly ChainNamespace[]).includes(namespace))
  if (held.length === 0) return undefined
  try {
    if (!emailLoginUsed()) throw new Error('No email login stored')
    const frame = await getFrame()
    if (!(await frame.request('IS_CONNECTED', undefined, connectedFlag))) throw new Error('Not signed in')
    const who = { email: storedEmail(), ...storedSocial() }
    // The frame keeps the session's chain: its namespace comes back on it (a switch made in
    // another tab of the dapp included), when the dapp has that network.
    const frameChain = await frameNetwork(frame)
    const connections: NamespaceConnection[] = []
    for (const namespace of activeLast(held)) {
      const network = frameChain?.chainNamespace === namespace ? frameChain : undefined
      connections.push(connectionOf(namespace, await askUser(frame, namespace, undefined, network), who))
    }
    startHeartbeat()
    return { connections }
  } catch (error) {
    log('warn', 'the embedded wallet session was not restored', error)
    stopHeartbeat()
    clearLogin()
    return undefined
  }
}

/**
 * The dapp's network the frame's session is on (GET_CHAIN_ID), if the frame says and the dapp has
 * it; undefined otherwise (a frame that does not answer delays nothing but this question).
 */
async function frameNetwork(frame: FrameClient): Promise<CaipNetwork | undefined> {
  const chainId = await frame.request('GET_CHAIN_ID', undefined, chainIdReply).catch(() => undefined)
  if (chainId === undefined) return undefined
  const caipNetworkId = typeof chainId === 'string' && chainId.includes(':') ? chainId : `eip155:${chainId}`
  const network = core.findNetwork(caipNetworkId as CaipNetwork['caipNetworkId'])
  return network && frameServes(network) ? network : undefined
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
  if (!frame || core.connectedNamespaces(EMBEDDED_ID).length === 0) return
  try {
    if (!(await frame.request('IS_CONNECTED', undefined, connectedFlag))) return endSession()
  } catch {
    // A slow or failing answer is not a sign-out; the next beat asks again.
  }
  if (core.connectedNamespaces(EMBEDDED_ID).length > 0 && heartbeat === undefined) startHeartbeat()
}

/**
 * The frame's page reloaded (and was initialised again): the session goes on in the new page
 * without asking the visitor. The frame keeps its login across a reload; it is asked (IS_CONNECTED)
 * and told again, per connected namespace, the dapp's network and the account type in use
 * (GET_USER), which its new page no longer holds. Signed out there: the session ends here too.
 */
async function resumeAfterReload(): Promise<void> {
  const namespaces = core.connectedNamespaces(EMBEDDED_ID)
  if (namespaces.length === 0) return
  try {
    const frame = await getFrame()
    if (!(await frame.request('IS_CONNECTED', undefined, connectedFlag))) return endSession()
    void syncTheme(frame).catch(() => undefined)
    const { syncEmbeddedAccount } = await import('./account')
    for (const namespace of activeLast(namespaces)) await syncEmbeddedAccount(namespace, wantedAccountType(namespace))
  } catch (error) {
    // A failing answer is not a sign-out (as for the heartbeat); the heartbeat keeps asking.
    log('warn', 'the embedded wallet session was not brought into the reloaded frame', error)
  }
}

onFrameReload(() => void resumeAfterReload())

/** The frame says nobody is signed in: the login cache goes and every namespace it held ends. */
function endSession(): void {
  stopHeartbeat()
  clearLogin()
  if (core.connectedNamespaces(EMBEDDED_ID).length === 0) return
  emitter.emit({ type: 'disconnect' })
  emitProviderEvent('disconnect', { code: 4900, message: 'The wallet is disconnected' })
}

let signingOut: Promise<void> | undefined

/**
 * Signs out through the frame (the connector's `disconnect`): the local login cache first, then
 * SIGN_OUT. Core waits at most 3 s for it; calls while one runs share it.
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
  loginEmail = undefined
  signingOut = undefined
  resetFrame(element)
}
