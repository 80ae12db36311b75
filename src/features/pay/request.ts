/**
 * The payment a dapp asked for with `openPay` (feature `pay`): one at a time, shown in the Pay
 * view, sent through the connected wallet, and settled exactly once: with the confirmed hash, or
 * with a {@link PayError} when the wallet rejects, the send or the chain fails, the wallet
 * disconnects, or the visitor closes the modal before anything was sent. Tracks PAY_SUCCESS and
 * PAY_ERROR. LAZY: loaded by `openPay`.
 */
import { effect } from '@preact/signals-core'
import { sendEvent } from '../../core/analytics'
import { getResolvedOptions, loadAdapter } from '../../core/config/appkit-state'
import { featuresState } from '../../core/config/features'
import { onCoreEvent } from '../../core/lifecycle'
import { assignSignals, signalsOf } from '../../lib/signals'
import { isUserRejection } from '../../lib/wallet-errors'
import { describeTransactionError } from '../../lib/execution-errors'
import { modalState, openModal } from '../../core/modal/modal'
import { resetView } from '../../core/modal/router'
import { getAccountState } from '../../core/state/account'
import { connectedProvider } from '../../core/state/connection'
import { findRequestedNetwork, getNetworkState } from '../../core/state/network'
import type { ChainNamespace, TokenBalance } from '../../core/types'
import { waitForTransaction } from '../../core/wallet/transaction'
import { PayError, type PayArguments, type PayResult } from './arguments'

/** Where the open payment stands. */
export type PayStage = 'review' | 'wallet' | 'confirming' | 'paid' | 'ended'

/** The payment the Pay view shows, and where it stands. */
export interface PayFields {
  request: (PayArguments & { amount: string }) | undefined
  stage: PayStage
  /** The transaction hash once the wallet sent it. */
  hash: string | undefined
  /** Why the payment ended, when it did not succeed. */
  error: string | undefined
}

const NO_PAYMENT: PayFields = { request: undefined, stage: 'review', hash: undefined, error: undefined }

/** The payment the Pay view shows, a signal per field. */
export const payState = signalsOf(NO_PAYMENT)

let pending: { resolve(result: PayResult): void; reject(error: PayError): void } | undefined

/** The namespace of a CAIP-2 id. */
export const namespaceOf = (network: string) => network.split(':')[0] as ChainNamespace

function settle(outcome: { result: PayResult } | { error: PayError }): void {
  const waiting = pending
  pending = undefined
  if (!waiting) return
  if ('result' in outcome) {
    const { result } = outcome
    assignSignals(payState, { stage: 'paid', hash: result.hash })
    const properties = { network: result.network, asset: result.asset.metadata.symbol }
    sendEvent({ type: 'track', event: 'PAY_SUCCESS', properties })
    waiting.resolve(result)
  } else {
    const { error } = outcome
    assignSignals(payState, { stage: 'ended', error: error.message })
    const properties = { reason: error.reason, network: payState.request.peek()?.asset.network ?? '' }
    sendEvent({ type: 'track', event: 'PAY_ERROR', properties })
    waiting.reject(error)
  }
}

// Closing the modal ends a payment nothing was sent for yet; once the wallet sent it, the
// confirmation is still waited for and reported.
effect(() => {
  if (modalState.open.value || !pending) return
  const stage = payState.stage.peek()
  if (stage === 'review' || stage === 'wallet')
    settle({ error: new PayError('closed', 'The payment was cancelled: the modal was closed') })
})
// A connection made for the payment comes back to it instead of closing the modal.
onCoreEvent('afterConnect', ({ keepOpen }) => {
  if (!pending) return
  resetView('Pay')
  keepOpen(Promise.resolve(true))
})
onCoreEvent('namespaceCleared', ({ namespace }) => {
  const request = payState.request.peek()
  if (pending && request && namespaceOf(request.asset.network) === namespace && payState.stage.peek() !== 'confirming')
    settle({ error: new PayError('failed', 'The wallet disconnected before paying') })
})

/**
 * Opens the Pay view for checked arguments; resolves when the payment is confirmed, rejects with
 * a {@link PayError} otherwise.
 * @internal (called by `openPay`)
 */
export async function startPayment(request: PayArguments & { amount: string }): Promise<PayResult> {
  if (!getResolvedOptions()) throw new PayError('unavailable', 'Please call createAppKit before openPay')
  if (!featuresState.peek().pay)
    throw new PayError('unavailable', 'Pay is not enabled: set features.pay to true in createAppKit')
  if (pending) throw new PayError('busy', 'A payment is already open')
  if (!findRequestedNetwork(request.asset.network))
    throw new PayError('invalid', `${request.asset.network} is not one of this app's networks`)
  const result = new Promise<PayResult>((resolve, reject) => (pending = { resolve, reject }))
  assignSignals(payState, { ...NO_PAYMENT, request })
  try {
    await openModal({ view: 'Pay', namespace: namespaceOf(request.asset.network) })
  } catch (error) {
    settle({ error: new PayError('failed', 'The payment view could not be opened', { cause: error }) })
  }
  return result
}

/**
 * The visitor's balance of the asked asset, a decimal string, while the asset's network is the
 * active one in its namespace and the balances are known; undefined otherwise. Reads signals.
 */
export function balanceOfAsset(request: PayArguments): string | undefined {
  const namespace = namespaceOf(request.asset.network)
  const account = getAccountState(namespace)
  if (getNetworkState(namespace).caipNetwork.value?.caipNetworkId !== request.asset.network) return undefined
  if (request.asset.asset === 'native') return account.balance.value
  const wanted = `${request.asset.network}:${request.asset.asset}`
  const same = (address: string | undefined) =>
    namespace === 'eip155' ? address?.toLowerCase() === wanted.toLowerCase() : address === wanted
  const line = account.tokenBalance.value.find((token) => same(token.address))
  // A token the balance service does not list is not held.
  return line?.quantity.numeric ?? (account.balance.value !== undefined ? '0' : undefined)
}

/**
 * Sends the payment through the connected wallet and settles the request: the confirmed hash, or
 * the reason it ended.
 */
export async function confirmPayment(): Promise<void> {
  const request = payState.request.peek()
  if (!request || !pending || payState.stage.peek() !== 'review') return
  const namespace = namespaceOf(request.asset.network)
  const from = getAccountState(namespace).address.peek()
  const network = getNetworkState(namespace).caipNetwork.peek()
  const provider = connectedProvider(namespace)
  if (!from || !provider || network?.caipNetworkId !== request.asset.network) return
  payState.stage.value = 'wallet'
  let hash: string
  try {
    const adapter = await loadAdapter(namespace)
    if (!adapter.isAddress(request.recipient))
      return settle({ error: new PayError('invalid', `recipient must be an address of ${namespace}`) })
    const token: TokenBalance | undefined =
      request.asset.asset === 'native'
        ? undefined
        : {
            name: request.asset.metadata.name,
            symbol: request.asset.metadata.symbol,
            chainId: request.asset.network,
            address: `${request.asset.network}:${request.asset.asset}`,
            price: 0,
            quantity: { decimals: String(request.asset.metadata.decimals), numeric: '0' },
            iconUrl: '',
          }
    hash = await adapter.sendTransaction({
      provider,
      network,
      from,
      to: request.recipient,
      amount: request.amount,
      ...(token ? { token } : {}),
    })
    if (!pending) return
    assignSignals(payState, { hash, stage: 'confirming' })
    const outcome = await waitForTransaction({ namespace, adapter, network, hash })
    if (outcome.status === 'reverted')
      return settle({ error: new PayError('failed', 'The payment was reverted on chain') })
    settle({
      result: {
        hash: outcome.hash,
        network: request.asset.network,
        recipient: request.recipient,
        amount: request.amount,
        asset: request.asset,
      },
    })
  } catch (error) {
    settle({
      error: isUserRejection(error)
        ? new PayError('rejected', 'The wallet rejected the payment', { cause: error })
        : new PayError('failed', `The payment failed: ${describeTransactionError(error)}`, { cause: error }),
    })
  }
}

/** @internal Ends any open payment and clears the state (tests). */
export function resetPay(): void {
  if (pending) settle({ error: new PayError('closed', 'The payment was reset') })
  assignSignals(payState, NO_PAYMENT)
}
