/**
 * The send form's state and the send flow (SPEC §3 "Send state", §4 "Send flow", §5 validation).
 * The form empties itself when the network changes or the account goes (core lifecycle events);
 * the flow loads the adapter only when the visitor sends.
 */
import { log } from '../../lib/logger'
import { assignSignals, signalsOf, type SignalsOf } from '../../lib/signals'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { type ReceiptOutcome } from '../../core/state/adapters'
import { waitForTransaction } from '../../core/wallet/transaction'
import { SEND_NAMESPACES } from '../../core/constants'
import { connectedProvider } from '../../core/state/connection'
import { sendEvent } from '../../core/analytics'
import { getNetworkState } from '../../core/state/network'
import { replaceView } from '../../core/modal/router'
import type { TokenBalance } from '../../core/types'
import { onCoreEvent } from '../../core/lifecycle'
import { loadAdapter } from '../../core/config/appkit-state'
import type { ResolvedName } from '../../api/profile-api'
import { latestOnly } from '../../lib/latest'
import { isImageUrl } from '../../lib/validate'
import { computed, type ReadonlySignal } from '@preact/signals-core'
import { sendableTokens } from './tokens'
import sendEn from '../../i18n/messages/en/send'

/** Validation texts of SPEC §5. */
export const SEND_ERRORS = {
  missingFields: sendEn.missingFields,
  missingToken: sendEn.missingToken,
  unsupportedChain: sendEn.unsupportedChain,
  invalidReceiver: sendEn.invalidReceiver,
  invalidAmount: sendEn.invalidAmount,
} as const

/**
 * Where a receiver typed as a name points (EVM only): being looked up, found (its address, the name
 * as the service spells it, its avatar), or not found (the text to show).
 */
export type ReceiverLookup =
  | { name: string; status: 'resolving' }
  | ({ status: 'resolved' } & ResolvedName)
  | { name: string; status: 'failed'; error: string }

/** The send form's fields. */
export interface SendForm {
  token: TokenBalance | undefined
  amount: string
  /** What the receiver field holds: an address, or on EVM a name (`alice.reown.id`) resolved before sending. */
  receiverAddress: string
  /**
   * The receiver's name (SPEC §3 "receiver profile name"): the name typed, once it resolved, or on
   * EVM the first name the name service lists for the address typed.
   */
  receiverProfileName: string | undefined
  /** That name's picture (SPEC §3 "receiver profile image"); http(s) or an inline image only. */
  receiverProfileImage: string | undefined
  /** The lookup of a receiver typed as a name; undefined for an address. */
  receiverLookup: ReceiverLookup | undefined
  loading: boolean
  /** Hash of the transaction being sent or just sent. */
  hash: string | undefined
}

/** The send form, a signal per field. */
export type SendSignals = SignalsOf<SendForm>

const EMPTY_FORM: SendForm = {
  token: undefined,
  amount: '',
  receiverAddress: '',
  receiverProfileName: undefined,
  receiverProfileImage: undefined,
  receiverLookup: undefined,
  loading: false,
  hash: undefined,
}

/** Current send form. */
export const sendState: SendSignals = signalsOf(EMPTY_FORM)

/**
 * SPEC §3 Send state `tokenBalances`: what the active account can send on the active network, the
 * native currency first when the balance service did not list it.
 */
export const sendTokenBalances: ReadonlySignal<readonly TokenBalance[]> = computed(() => {
  const namespace = activeNamespace.value
  return namespace ? sendableTokens(namespace) : []
})

/**
 * SPEC §3 Send state `networkBalanceInUSD`: what the native balance on the active network is worth
 * in USD, as a decimal string ('0' without a balance or a price).
 */
export const networkBalanceInUSD: ReadonlySignal<string> = computed(() => {
  const native = sendTokenBalances.value.find((token) => !token.address)
  const value = native ? Number(native.quantity.numeric) * native.price : 0
  return Number.isFinite(value) && value > 0 ? String(value) : '0'
})

/**
 * Empties the send form (after a send, on network change, on disconnect).
 *
 * @example
 * ```ts
 * resetSend()
 * ```
 */
export function resetSend(): void {
  receiverNames.cancel()
  assignSignals(sendState, EMPTY_FORM)
}

/** The pause after typing a receiver before a name is looked up. */
export const RECEIVER_LOOKUP_DELAY_MS = 300

/**
 * Whether a receiver typed into a form is a name to resolve rather than an address: labels of
 * letters, digits, hyphens or underscores joined by dots, ending in a label of letters (`alice.reown.id`,
 * `bob.wcn.id`, `vitalik.eth`).
 *
 * @internal
 * @example
 * ```ts
 * looksLikeName('alice.reown.id') // true
 * looksLikeName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // false
 * ```
 */
export function looksLikeName(text: string): boolean {
  return /^([\p{L}\p{N}_-]+\.)+\p{L}{2,}$/u.test(text.trim())
}

/** Whether `text`, typed as the receiver on `namespace`, is a name to resolve (names are EVM's only). */
function isReceiverName(text: string, namespace = activeNamespace.peek()): boolean {
  return namespace === 'eip155' && looksLikeName(text)
}

/** Whether `text`, typed as the receiver, is an EVM address whose name can be looked up. */
function isNamedAddressCandidate(text: string, namespace = activeNamespace.peek()): boolean {
  return namespace === 'eip155' && /^0x[0-9a-fA-F]{40}$/.test(text)
}

/** The name service's client; it loads with the first receiver looked up. */
async function profileApi() {
  const [{ apiClient }, profile] = await Promise.all([import('../../api/client'), import('../../api/profile-api')])
  return { api: apiClient(profile.PROFILE_API), profile }
}

/** Where a name points, through the name service. */
async function resolveReceiverName(name: string, signal?: AbortSignal): Promise<ResolvedName> {
  const { api, profile } = await profileApi()
  return profile.resolveName(api, name, signal)
}

/** The first name the name service lists for an address (its reverse lookup), if any. */
async function nameOfAddress(address: string, signal?: AbortSignal): Promise<ResolvedName | undefined> {
  const { api, profile } = await profileApi()
  const [primary] = await api.reverseLookup(address, undefined, signal)
  const avatar = primary && profile.recordAvatar(primary)
  return primary && { name: primary.name, address, avatar: isImageUrl(avatar) ? avatar : undefined }
}

/**
 * The lookup of the receiver typed: a name's address, or an address's name. A pause after typing,
 * and only the latest answer counts.
 */
const receiverNames = latestOnly({
  delayMs: RECEIVER_LOOKUP_DELAY_MS,
  ask: (text: string, signal): Promise<ResolvedName | undefined> =>
    isReceiverName(text) ? resolveReceiverName(text, signal) : nameOfAddress(text, signal),
  onAnswer: (resolved, text) => {
    if (isReceiverName(text)) showResolved(resolved!)
    else if (resolved)
      assignSignals(sendState, { receiverProfileName: resolved.name, receiverProfileImage: resolved.avatar })
  },
  onError: (error, text) => {
    // An address is sendable with or without a name: a failed lookup only leaves the name out.
    if (isReceiverName(text)) showFailed(text, error)
    else log('warn', 'receiver name lookup failed', error)
  },
})

function showResolved(resolved: ResolvedName): void {
  assignSignals(sendState, {
    receiverLookup: { status: 'resolved', ...resolved },
    receiverProfileName: resolved.name,
    receiverProfileImage: resolved.avatar,
  })
}

function showFailed(name: string, error: unknown): void {
  const text = error instanceof Error ? error.message : String(error)
  assignSignals(sendState, {
    receiverLookup: { name, status: 'failed', error: text },
    receiverProfileName: undefined,
    receiverProfileImage: undefined,
  })
}

/**
 * The visitor typed a receiver. The field keeps it as typed; on EVM, after
 * {@link RECEIVER_LOOKUP_DELAY_MS}, a name is resolved to its address and an address is looked up
 * for its name and picture (`receiverProfileName`, `receiverProfileImage`); an earlier answer is
 * dropped.
 *
 * @example
 * ```ts
 * setReceiver('alice.reown.id') // receiverLookup: resolving, then resolved (or failed)
 * ```
 */
export function setReceiver(text: string): void {
  const name = text.trim()
  const lookup: ReceiverLookup | undefined = isReceiverName(name) ? { name, status: 'resolving' } : undefined
  assignSignals(sendState, {
    receiverAddress: text,
    receiverLookup: lookup,
    receiverProfileName: undefined,
    receiverProfileImage: undefined,
  })
  if (lookup || isNamedAddressCandidate(name)) receiverNames.schedule(name)
  else receiverNames.cancel()
}

/**
 * The address to send to: the field's address, or the address its name resolves to (the answer
 * already shown, or asked now). A name the service does not know fails with its reason or `Error
 * resolving name`; the field keeps what was typed.
 */
async function receiverAddressOf(text: string): Promise<string> {
  if (!isReceiverName(text)) return text
  const shown = sendState.receiverLookup.peek()
  if (shown?.status === 'resolved' && shown.name.toLowerCase() === text.toLowerCase()) return shown.address
  receiverNames.cancel()
  try {
    const resolved = await resolveReceiverName(text)
    if (sendState.receiverAddress.peek().trim() === text) showResolved(resolved)
    return resolved.address
  } catch (error) {
    if (sendState.receiverAddress.peek().trim() === text) showFailed(text, error)
    throw error
  }
}

// The form belongs to the account and network it was filled for.
onCoreEvent('networkChanged', resetSend)
onCoreEvent('namespaceCleared', resetSend)

/** What {@link sendFromForm} resolves with. */
export type SendReturnType = ReceiptOutcome

/**
 * Sends what the form holds from the active account, waits for the receipt and the refreshed
 * balances (core's `waitForTransaction`), then tracks the event, resets the form and (for a token or a Solana send) replaces the
 * view with Account.
 *
 * @throws Error with a SPEC §5 text ('An amount and receiver address are required',
 * 'A token is required', 'Unsupported chain') or the wallet's error.
 * @example
 * ```ts
 * sendState.token.value = usdc; sendState.amount.value = '5'; sendState.receiverAddress.value = '0x…'
 * await sendFromForm()
 * ```
 */
export async function sendFromForm(): Promise<SendReturnType> {
  const namespace = activeNamespace.peek()
  const amount = sendState.amount.peek().trim()
  const to = sendState.receiverAddress.peek().trim()
  const token = sendState.token.peek()
  if (!amount || !to) throw new Error(SEND_ERRORS.missingFields)
  if (!namespace || !SEND_NAMESPACES.includes(namespace)) throw new Error(SEND_ERRORS.unsupportedChain)
  if (namespace === 'eip155' && !token) throw new Error(SEND_ERRORS.missingToken)
  if (!/^\d*\.?\d+$/.test(amount) || Number(amount) <= 0) throw new Error(SEND_ERRORS.invalidAmount)
  const from = getAccountState(namespace).address.peek()
  const network = getNetworkState(namespace).caipNetwork.peek()
  const provider = connectedProvider(namespace)
  if (!from || !network || !provider) throw new Error('Connector not connected')
  const adapter = await loadAdapter(namespace)
  const receiver = await receiverAddressOf(to)
  if (!adapter.isAddress(receiver)) throw new Error(SEND_ERRORS.invalidReceiver)

  sendState.loading.value = true
  try {
    const hash = await adapter.sendTransaction({
      provider,
      network,
      from,
      to: receiver,
      amount,
      ...(token ? { token } : {}),
    })
    sendState.hash.value = hash
    const outcome = await waitForTransaction({ namespace, adapter, network, hash })
    if (outcome.status === 'reverted') throw new Error(sendEn.reverted)
    const isTokenSend = Boolean(token?.address)
    sendEvent({
      type: 'track',
      event: 'SEND_SUCCESS',
      properties: {
        isSmartAccount: false,
        token: token?.symbol ?? network.nativeCurrency.symbol,
        amount,
        network: network.caipNetworkId,
      },
    })
    resetSend()
    if (isTokenSend || namespace === 'solana') replaceView('Account')
    return outcome
  } catch (error) {
    sendEvent({ type: 'track', event: 'SEND_ERROR', properties: { network: network.caipNetworkId } })
    throw error
  } finally {
    sendState.loading.value = false
  }
}
