/**
 * Sign in with the wallet (SIWX, SPEC §3 "SIWX" and §4 "Sign-in"). The dapp brings a
 * {@link SIWXConfig}: how sign-in messages are made and where sessions live (its server, local
 * storage…). SigKit decides when to ask: whenever the active account or network changes to one
 * with no session, the SIWXSignMessage view opens.
 *
 * LAZY: `createAppKit` loads it when the `siwx` option is set ({@link startSignIn}); it reacts to
 * the core's lifecycle events from then on.
 */
import { effect } from '@preact/signals-core'
import { activeCaipAddress, activeNamespace, getAccountState } from '../../core/state/account'
import { getResolvedOptions } from '../../core/config/appkit-state'
import type { SIWXConfig, SIWXMessageInput } from '../../core/config/siwx'
import { addCloseGuard, closeModal, modalState, openModal } from '../../core/modal/modal'
import { getNetworkState, isNetworkSupported } from '../../core/state/network'
import { currentView, resetView } from '../../core/modal/router'
import type { ChainNamespace } from '../../core/types'
import { onCoreEvent } from '../../core/lifecycle'
import { log } from '../../lib/logger'

/**
 * The dapp's SIWX config, when sign-in is on.
 *
 * @example
 * ```ts
 * if (!getSIWX()) throw new Error('SIWX is not enabled')
 * ```
 */
export function getSIWX(): SIWXConfig | undefined {
  return getResolvedOptions()?.siwx
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
    log('error', 'siwx.getRequired failed', error)
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
    if (!Array.isArray(sessions)) log('error', 'siwx.getSessions must return an array of sessions', sessions)
    return Array.isArray(sessions) && sessions.length > 0
  } catch (error) {
    // The dapp's store is unreachable: asking to sign again is the safe side.
    log('error', 'siwx.getSessions failed', error)
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
  log('error', 'could not show the sign-in view', error)
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
        .catch((error) => log('error', 'siwx.revokeSession failed', error)),
    ),
  )
}

let stopReacting: (() => void) | undefined

/**
 * Turns sign-in on for this page: asks whenever the active account or network has no session
 * (including one already connected or restored before this ran), takes the modal over after a
 * connection made in it, and signs out on disconnect when the dapp asked for that. Once per page.
 *
 * @example
 * ```ts
 * if (options.siwx) void import('./features/siwx/sign-in').then((signIn) => signIn.startSignIn())
 * ```
 */
export function startSignIn(): void {
  if (stopReacting) return
  const subscriptions = [
    onCoreEvent('afterConnect', ({ keepOpen }) => {
      // routeToSignIn closes the modal itself when no signature is needed.
      if (getSIWX()) keepOpen(routeToSignIn().then(() => true))
    }),
    onCoreEvent('disconnecting', ({ namespace }) => signOutOnDisconnect(namespace)),
  ]
  stopReacting = () => subscriptions.forEach((unsubscribe) => unsubscribe())
  watchSignIn()
}

/** @internal Forget the watcher and pending checks (tests). */
export function resetSignIn(): void {
  stopReacting?.()
  stopReacting = undefined
  stopWatching?.()
  stopWatching = undefined
  removeCloseGuard?.()
  removeCloseGuard = undefined
  checking = undefined
  awaitingSignIn = false
}
