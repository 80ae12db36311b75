/**
 * Signing in and cancelling, for the SIWXSignMessage view (SPEC §4 "Sign-in").
 */
import { activeNamespace, getAccountState } from '../../core/state/account'
import { connectedProvider } from '../../core/state/connection'
import { closeModal, modalState, openModal } from '../../core/modal/modal'
import { disconnect } from '../../core/wallet/connect'
import { sendEvent } from '../../core/analytics'
import { resetView } from '../../core/modal/router'
import { signMessage } from '../../core/wallet/sign'
import { endSignInRequest, isSignInRequired, signInTarget, getSIWX } from './sign-in'
import { type SIWXMessage, type SIWXMessageData } from '../../core/config/siwx'
import { log } from '../../lib/logger'

/** Why sign-in cannot start (SPEC §8 "SIWX"). */
export const SIWX_ERRORS = {
  notEnabled: 'SIWX is not enabled',
  noAddress: 'No ActiveCaipAddress found',
  noNetworkOrClient: 'No ActiveCaipNetwork or client found',
} as const

/** The message fields SPEC §3 lists, copied from the dapp's message (its methods stay behind). */
const DATA_FIELDS = [
  'chainId',
  'accountAddress',
  'nonce',
  'domain',
  'uri',
  'expirationTime',
  'issuedAt',
  'notBefore',
  'requestId',
  'version',
  'resources',
  'statement',
] as const

/** The dapp's message as text and data; a message SigKit cannot sign is refused, with why. */
function readMessage(message: SIWXMessage | undefined): { text: string; data: SIWXMessageData } {
  const text = message && typeof message.toString === 'function' ? message.toString() : undefined
  if (typeof text !== 'string' || text.trim() === '' || text === '[object Object]') {
    throw new Error('siwx.createMessage must return a message whose toString() is the text to sign')
  }
  const data: Record<string, unknown> = {}
  for (const field of DATA_FIELDS) if (message?.[field] !== undefined) data[field] = message[field]
  return { text, data: data as unknown as SIWXMessageData }
}

/**
 * Asks the dapp for a message, the wallet for its signature, and hands the session to the dapp;
 * then the modal closes. On failure the sign view stays (or comes back) so the visitor can retry.
 *
 * @throws Error 'SIWX is not enabled' (no `siwx` option), 'No ActiveCaipAddress found' (no
 * connected account), 'No ActiveCaipNetwork or client found' (the account is on no network the dapp
 * supports, or no wallet is there to sign), the wallet's refusal or the dapp's error.
 * @example
 * ```ts
 * await signIn()
 * ```
 */
export async function signIn(): Promise<void> {
  const siwx = getSIWX()
  if (!siwx) throw new Error(SIWX_ERRORS.notEnabled)
  const namespace = activeNamespace.peek()
  const account = namespace ? getAccountState(namespace) : undefined
  if (!namespace || account?.status.peek() !== 'connected' || !account.address.peek())
    throw new Error(SIWX_ERRORS.noAddress)
  const target = signInTarget(namespace)
  if (!target || !connectedProvider(namespace)) throw new Error(SIWX_ERRORS.noNetworkOrClient)
  try {
    const { text, data } = readMessage(await siwx.createMessage(target))
    const signature = await signMessage(text, namespace)
    await siwx.addSession({ data, message: text, signature })
    endSignInRequest()
    sendEvent({ type: 'track', event: 'SIWX_AUTH_SUCCESS', properties: { network: target.chainId } })
    closeModal()
  } catch (error) {
    sendEvent({
      type: 'track',
      event: 'SIWX_AUTH_ERROR',
      properties: { network: target.chainId, message: String((error as Error)?.message ?? error) },
    })
    // SPEC §4: the sign view comes back, unless the visitor is busy with another view.
    if (!modalState.open.peek()) void openModal({ view: 'SIWXSignMessage' })
    throw error
  }
}

/**
 * The visitor does not sign in: a required sign-in disconnects, an optional one just closes.
 * Either way the router is reset (to Connect, or Account while still connected).
 *
 * @example
 * ```ts
 * await cancelSignIn()
 * ```
 */
export async function cancelSignIn(): Promise<void> {
  sendEvent({ type: 'track', event: 'CLICK_CANCEL_SIWX', properties: {} })
  const required = isSignInRequired()
  endSignInRequest()
  if (required) await disconnect().catch((error) => log('error', 'disconnect after cancelled sign-in failed', error))
  closeModal()
  resetView('Connect')
}
