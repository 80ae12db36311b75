/**
 * The send form's state and the send flow (SPEC §3 "Send state", §4 "Send flow", §5 validation).
 * The form empties itself when the network changes or the account goes (core lifecycle events);
 * the flow loads the adapter only when the visitor sends.
 */
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

/** Validation texts of SPEC §5. */
export const SEND_ERRORS = {
  missingFields: 'An amount and receiver address are required',
  missingToken: 'A token is required',
  unsupportedChain: 'Unsupported chain',
  invalidReceiver: 'Enter a valid receiver address',
  invalidAmount: 'Enter an amount greater than zero',
} as const

/** The send form's fields. */
export interface SendForm {
  token: TokenBalance | undefined
  amount: string
  receiverAddress: string
  receiverProfileName: string | undefined
  receiverProfileImage: string | undefined
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
  loading: false,
  hash: undefined,
}

/** Current send form. */
export const sendState: SendSignals = signalsOf(EMPTY_FORM)

/**
 * Empties the send form (after a send, on network change, on disconnect).
 *
 * @example
 * ```ts
 * resetSend()
 * ```
 */
export function resetSend(): void {
  assignSignals(sendState, EMPTY_FORM)
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
  if (!adapter.isAddress(to)) throw new Error(SEND_ERRORS.invalidReceiver)

  sendState.loading.value = true
  try {
    const hash = await adapter.sendTransaction({ provider, network, from, to, amount, ...(token ? { token } : {}) })
    sendState.hash.value = hash
    const outcome = await waitForTransaction({ namespace, adapter, network, hash })
    if (outcome.status === 'reverted') throw new Error('The transaction was reverted')
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
