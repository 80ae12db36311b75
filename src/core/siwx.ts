/**
 * Sign in with the wallet (SIWX, SPEC §3 "SIWX" and §4 "Sign-in"). The dapp brings a
 * {@link SIWXConfig}: how sign-in messages are made and where sessions live (its server, local
 * storage…). SigKit decides when to ask: whenever the active account or network changes to one
 * with no session, the SIWXSignMessage view opens.
 *
 * LAZY: imported by the connection code and the SIWX feature only, never at page load.
 */
import { effect } from '@preact/signals-core'
import { activeCaipAddress, activeNamespace, getAccountState } from './account'
import { getResolvedOptions } from './appkit-state'
import { addCloseGuard, closeModal, modalState, openModal } from './modal'
import { getNetworkState, isNetworkSupported } from './network'
import { currentView, resetView } from './router'
import type { CaipNetworkId, ChainNamespace } from './types'

/** What SigKit knows when it asks the dapp for a message. */
export interface SIWXMessageInput {
  /** The account signing in, without its namespace and chain. */
  accountAddress: string
  /** The network signing in on. */
  chainId: CaipNetworkId
}

/** A sign-in message's fields (SPEC §3): CAIP-122 / EIP-4361 names. */
export interface SIWXMessageData extends SIWXMessageInput {
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  resources?: string[]
  requestId?: string
  /** ISO 8601 timestamps. */
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
}

/** A message made by the dapp's {@link SIWXConfig.createMessage}: its fields, and the text to sign. */
export interface SIWXMessage extends SIWXMessageData {
  toString(): string
}

/** A signed CAIP-74 object, as WalletConnect's one-click sign-in returns it. */
export interface SIWXCacao {
  h: { t: string }
  p: {
    iss: string
    domain: string
    nonce: string
    aud?: string
    version?: string
    iat?: string
    [field: string]: unknown
  }
  s: { t: string; s: string; m?: string }
}

/** A signed-in session: the message's fields, its text and the wallet's signature. */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
  cacao?: SIWXCacao
}

/**
 * The `siwx` option of `createAppKit`: the dapp's sign-in back end. SigKit never keeps sessions
 * itself; it calls these.
 */
export interface SIWXConfig {
  /** Makes the message for an account on a network (nonce, domain, statement…). */
  createMessage(input: SIWXMessageInput): Promise<SIWXMessage>
  /** Stores a session once the wallet signed (and may verify it; throwing refuses it). */
  addSession(session: SIWXSession): Promise<void>
  /** Forgets the session of an account on a network. */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** Replaces every session (WalletConnect's one-click sign-in gives several at once). */
  setSessions(sessions: SIWXSession[]): Promise<void>
  /** The sessions of an account on a network; empty when it is not signed in. */
  getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>
  /** Whether a visitor must sign in to stay connected (default false). */
  getRequired?(): boolean
  /** Forget the sessions of the accounts that disconnect (default false). */
  signOutOnDisconnect?: boolean
}

/**
 * The dapp's SIWX config, when sign-in is on.
 *
 * @example
 * ```ts
 * if (!getSIWX()) throw new Error('SIWX is not enabled')
 * ```
 */
export function getSIWX(): SIWXConfig | undefined {
  return getResolvedOptions()?.siwx as SIWXConfig | undefined
}

/**
 * Whether the visitor must sign in to stay connected (the dapp's `getRequired`).
 *
 * @example
 * ```ts
 * const label = isSignInRequired() ? 'Disconnect' : 'Cancel'
 * ```
 */
export function isSignInRequired(): boolean {
  try {
    return getSIWX()?.getRequired?.() === true
  } catch (error) {
    console.error('[SigKit] siwx.getRequired failed', error)
    return false
  }
}

/** The account and network sign-in is about: the active namespace's. @internal */
export function signInTarget(
  namespace: ChainNamespace | undefined = activeNamespace.peek(),
): SIWXMessageInput | undefined {
  if (!namespace) return undefined
  const account = getAccountState(namespace)
  const network = getNetworkState(namespace).caipNetwork.peek()
  const address = account.address.peek()
  if (account.status.peek() !== 'connected' || !address || !network || !isNetworkSupported(network)) return undefined
  return { accountAddress: address, chainId: network.caipNetworkId }
}

/** True while the shown account has no session: a required sign-in keeps the modal open then. */
let awaitingSignIn = false
let removeCloseGuard: (() => void) | undefined
let checking: { key: string; result: Promise<boolean> } | undefined

/**
 * Opens SIWXSignMessage when sign-in is on and the active account has no session on its
 * (supported) network. One check runs per account and network at a time.
 *
 * @returns whether the sign view was opened.
 * @example
 * ```ts
 * if (!(await requestSignIn())) closeModal()
 * ```
 */
export function requestSignIn(): Promise<boolean> {
  const siwx = getSIWX()
  const target = signInTarget()
  if (!siwx || !target) return Promise.resolve(false)
  const key = `${target.chainId}:${target.accountAddress}`
  if (checking?.key === key) return checking.result
  const result = hasSession(siwx, target).then(async (signedIn) => {
    // The visitor moved on (another account or network) while the dapp answered.
    if (signedIn || activeCaipAddress.peek() !== key) return false
    awaitingSignIn = true
    removeCloseGuard?.()
    removeCloseGuard = addCloseGuard(canCloseSignIn)
    if (modalState.open.peek()) resetView('SIWXSignMessage')
    else await openModal({ view: 'SIWXSignMessage' })
    return true
  })
  checking = { key, result }
  const done = () => {
    if (checking?.result === result) checking = undefined
  }
  // Not `finally`: its promise would reject again, unhandled, when the modal fails to open.
  result.then(done, done)
  return result
}

async function hasSession(siwx: SIWXConfig, target: SIWXMessageInput): Promise<boolean> {
  try {
    const sessions = await siwx.getSessions(target.chainId, target.accountAddress)
    if (!Array.isArray(sessions)) console.error('[SigKit] siwx.getSessions must return an array of sessions', sessions)
    return Array.isArray(sessions) && sessions.length > 0
  } catch (error) {
    // The dapp's store is unreachable: asking to sign again is the safe side.
    console.error('[SigKit] siwx.getSessions failed', error)
    return false
  }
}

/** SPEC §4: no closing the sign (or approve) view while a required sign-in is missing. */
function canCloseSignIn(): boolean {
  const view = currentView.peek()
  return !(awaitingSignIn && isSignInRequired() && (view === 'SIWXSignMessage' || view === 'ApproveTransaction'))
}

/**
 * Marks the active account signed in (or no longer asked): the modal may close again.
 * @internal
 */
export function endSignInRequest(): void {
  awaitingSignIn = false
}

let stopWatching: (() => void) | undefined

/**
 * Starts asking for sign-in whenever the active account or network changes (connect, restore,
 * account or network switch in the wallet). Once per page; nothing happens without `siwx`.
 *
 * @example
 * ```ts
 * watchSignIn()
 * ```
 */
export function watchSignIn(): void {
  if (stopWatching || !getSIWX()) return
  let last: string | undefined
  stopWatching = effect(() => {
    const caipAddress = activeCaipAddress.value
    if (caipAddress === last) return
    last = caipAddress
    awaitingSignIn = false
    requestSignIn()
      .then((opened) => {
        // A sign view shown for the previous account goes when this one needs no signature.
        if (!opened && currentView.peek() === 'SIWXSignMessage') closeModal()
      })
      .catch(logSignInFailure)
  })
}

function logSignInFailure(error: unknown): void {
  console.error('[SigKit] could not show the sign-in view', error)
}

/**
 * Where a fresh connection goes when sign-in is on: SIWXSignMessage when the account has no
 * session, else the modal closes (unless the visitor went elsewhere meanwhile). Never rejects: a
 * view that fails to load is logged.
 *
 * @example
 * ```ts
 * if (getSIWX()) void routeToSignIn()
 * ```
 */
export async function routeToSignIn(): Promise<void> {
  const from = currentView.peek()
  try {
    const opened = await requestSignIn()
    if (!opened && currentView.peek() === from) closeModal()
  } catch (error) {
    logSignInFailure(error)
  }
}

/**
 * Signs the accounts of `namespace` out, when the dapp asked for that on disconnect: the session
 * of the address on every network of the namespace is revoked. Failures are logged, never thrown:
 * a disconnect must not fail on the dapp's store.
 *
 * @example
 * ```ts
 * await signOutOnDisconnect('eip155')
 * ```
 */
export async function signOutOnDisconnect(namespace: ChainNamespace): Promise<void> {
  const siwx = getSIWX()
  const address = getAccountState(namespace).address.peek()
  if (!siwx?.signOutOnDisconnect || !address) return
  const networks = getNetworkState(namespace).requestedCaipNetworks.peek()
  await Promise.all(
    networks.map((network) =>
      Promise.resolve()
        .then(() => siwx.revokeSession(network.caipNetworkId, address))
        .catch((error) => console.error('[SigKit] siwx.revokeSession failed', error)),
    ),
  )
}

/** @internal Forget the watcher and pending checks (tests). */
export function resetSignIn(): void {
  stopWatching?.()
  stopWatching = undefined
  removeCloseGuard?.()
  removeCloseGuard = undefined
  checking = undefined
  awaitingSignIn = false
}
