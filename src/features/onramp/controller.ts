/**
 * The on-ramp's state and actions (SPEC §3 "On-ramp state", §4 "On-ramp", §8 fallbacks): the
 * options (or the built-in list), the chosen currencies, method and amount, the quote (or the mock
 * one), and the purchase a provider window is making, watched in the provider's history until it
 * arrives. The state belongs to the account and network it was filled for: core's lifecycle
 * events reset it.
 */
import { batch } from '@preact/signals-core'
import { apiClient } from '../../api/client'
import {
  ONRAMP_API,
  type OnrampApi,
  type OnrampOptions,
  type OnrampQuote,
  type PaymentCurrency,
  type PurchaseCurrency,
} from '../../api/onramp-api'
import { getResolvedOptions } from '../../core/config/appkit-state'
import { onCoreEvent } from '../../core/lifecycle'
import { clock, type TimerHandle } from '../../lib/clock'
import { assignSignals, signalsOf } from '../../lib/signals'
import { sendEvent } from '../../core/analytics'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { getNetworkState } from '../../core/state/network'
import { refreshBalances } from '../../core/wallet/balances'
import {
  amountProblem,
  defaultPaymentCurrency,
  defaultPurchaseCurrency,
  FALLBACK_OPTIONS,
  mockQuote,
  purchaseCurrenciesOn,
  purchaseNetworkOn,
} from './options'
import { generatorRequest, meldBaseUrl, meldUrl, type OnrampProvider } from './providers'
import { log } from '../../lib/logger'
import onrampEn from '../../i18n/messages/en/onramp'

/** How often the provider's history is asked for the purchase (SPEC §9 polling interval). */
export const PURCHASE_POLL_MS = 4_000
/** Quotes wait for the visitor to stop typing. */
export const QUOTE_DEBOUNCE_MS = 300
/** The provider window (HOSTED-API §6.2 "Opening"). */
const POPUP_NAME = 'popupWindow'
const POPUP_FEATURES = 'width=600,height=800,scrollbars=yes'

/** Where a purchase in a provider window stands. */
export type PurchaseStatus =
  | { status: 'idle' }
  | { status: 'opening' }
  /** The window is open and the provider's history is being watched. */
  | { status: 'waiting' }
  /** The browser refused the window: the view offers the link instead. */
  | { status: 'blocked'; url: string }
  | { status: 'success'; amount: string; symbol: string; hash: string }
  | { status: 'failed'; message: string }
  /** The window closed before a purchase showed up. */
  | { status: 'closed' }

/** The on-ramp's fields. */
export interface OnrampFields {
  selectedProvider: OnrampProvider | undefined
  error: string | undefined
  options: OnrampOptions | undefined
  /** The options are the built-in list: the options call failed. */
  optionsEstimated: boolean
  purchaseCurrency: PurchaseCurrency | undefined
  paymentCurrency: PaymentCurrency | undefined
  paymentMethod: string
  paymentAmount: string
  quote: OnrampQuote | undefined
  /** The quote is the mock one: the quote call failed. */
  quoteEstimated: boolean
  quotesLoading: boolean
  /** What the quote says the visitor gets (NaN-free: undefined without a quote). */
  purchaseAmount: number | undefined
  purchase: PurchaseStatus
}

/** The defaults (SPEC §4): no provider, no options, the card method, no amount or quote. */
const DEFAULTS: OnrampFields = {
  selectedProvider: undefined,
  error: undefined,
  options: undefined,
  optionsEstimated: false,
  purchaseCurrency: undefined,
  paymentCurrency: undefined,
  paymentMethod: 'card',
  paymentAmount: '',
  quote: undefined,
  quoteEstimated: false,
  quotesLoading: false,
  purchaseAmount: undefined,
  purchase: { status: 'idle' },
}

/** The on-ramp state, a signal per field. */
export const onrampState = signalsOf(DEFAULTS)

// Every quote question gets the next number; only the answer to the latest one is kept.
let quoteSeq = 0
let quoteTimer: TimerHandle | undefined
// Each provider window gets the next number; a watch that is no longer the latest stops.
let watchSeq = 0
let pollTimer: TimerHandle | undefined

/** Restores the defaults, and stops watching for a purchase. */
export function resetOnramp(): void {
  quoteSeq += 1
  watchSeq += 1
  clock.clearTimeout(quoteTimer)
  clock.clearTimeout(pollTimer)
  assignSignals(onrampState, DEFAULTS)
}

onCoreEvent('networkChanged', resetOnramp)
onCoreEvent('namespaceCleared', resetOnramp)

const activeNetwork = () => {
  const namespace = activeNamespace.peek()
  return namespace ? getNetworkState(namespace).caipNetwork.peek() : undefined
}

/**
 * Loads the currencies (once per reset): the options call's, or the built-in list when it fails
 * (SPEC §8), then picks the defaults for the active network (SPEC §3) unless chosen already.
 */
export async function loadOnrampOptions(): Promise<void> {
  if (onrampState.options.peek()) return
  let options: OnrampOptions
  let estimated = false
  try {
    options = await apiClient(ONRAMP_API).getOptions(activeNetwork()?.caipNetworkId)
    // The gate's empty answer (a network the API does not serve) lists nothing to choose from.
    if (options.purchaseCurrencies.length === 0 || options.paymentCurrencies.length === 0)
      throw new Error(onrampEn.notServed)
  } catch (error) {
    log('warn', 'on-ramp options unavailable, using the built-in list', error)
    options = FALLBACK_OPTIONS
    estimated = true
  }
  batch(() => {
    onrampState.options.value = options
    onrampState.optionsEstimated.value = estimated
    onrampState.purchaseCurrency.value ??= defaultPurchaseCurrency(options.purchaseCurrencies, activeNetwork())
    onrampState.paymentCurrency.value ??= defaultPaymentCurrency(options.paymentCurrencies)
  })
}

/** The purchase currencies offered on the active network (all, marked estimated, when none is). */
export function offeredPurchaseCurrencies(): { currencies: PurchaseCurrency[]; onNetwork: boolean } {
  const namespace = activeNamespace.value
  const network = namespace ? getNetworkState(namespace).caipNetwork.value : undefined
  return purchaseCurrenciesOn(onrampState.options.value?.purchaseCurrencies ?? [], network)
}

/**
 * Asks for a quote after {@link QUOTE_DEBOUNCE_MS}; an amount outside the limits clears the quote
 * instead. Only the answer to the latest question is kept.
 */
export function scheduleQuote(): void {
  clock.clearTimeout(quoteTimer)
  const seq = ++quoteSeq
  const { paymentAmount, paymentCurrency, paymentMethod } = onrampState
  if (amountProblem(paymentAmount.peek(), paymentCurrency.peek(), paymentMethod.peek())) {
    batch(() => {
      onrampState.quote.value = undefined
      onrampState.purchaseAmount.value = undefined
      onrampState.quotesLoading.value = false
    })
    return
  }
  onrampState.quotesLoading.value = true
  quoteTimer = clock.setTimeout(() => void fetchQuote(seq), QUOTE_DEBOUNCE_MS)
}

/** The error when no quote can be asked for: the API does not serve the active network. */
export const QUOTE_NOT_AVAILABLE = onrampEn.quotesUnavailable

/** The error while the mock quote (SPEC §8) stands in for a failed quote call. */
export const QUOTE_ESTIMATED = onrampEn.quoteEstimated

/**
 * Asks for a quote now (SPEC §4): quotesLoading true then false; on success the purchase amount
 * comes from the quote. The two failures of the spec are told apart as AppKit does: the quote
 * *call* failing (no answer, an error status, an answer of the wrong shape) shows the mock quote
 * as an estimate (SPEC §8) with the error set; the quote step failing otherwise (the API does not
 * serve the network, so no quote can be asked for) sets the error, clears the quote and resolves
 * null (SPEC §4). Resolves with the quote kept, or null (that failure, or a later question
 * superseded this one).
 */
export async function fetchQuote(seq = ++quoteSeq): Promise<OnrampQuote | null> {
  const purchaseCurrency = onrampState.purchaseCurrency.peek()
  const paymentCurrency = onrampState.paymentCurrency.peek()
  const amount = onrampState.paymentAmount.peek().trim()
  if (!purchaseCurrency || !paymentCurrency) return null
  onrampState.quotesLoading.value = true
  let quote: OnrampQuote | null
  let estimated = false
  let error: string | undefined
  try {
    quote = await apiClient(ONRAMP_API).getQuote(
      { purchaseCurrency, paymentCurrency, amount },
      activeNetwork()?.caipNetworkId,
    )
  } catch (failure) {
    log('warn', 'on-ramp quote unavailable, showing an estimate', failure)
    quote = mockQuote(amount, paymentCurrency)
    estimated = true
    error = QUOTE_ESTIMATED
  }
  if (seq !== quoteSeq) return null
  if (quote === null) {
    batch(() => {
      onrampState.quote.value = undefined
      onrampState.quoteEstimated.value = false
      onrampState.error.value = QUOTE_NOT_AVAILABLE
      onrampState.purchaseAmount.value = undefined
      onrampState.quotesLoading.value = false
    })
    return null
  }
  const kept = quote
  batch(() => {
    onrampState.quote.value = kept
    onrampState.quoteEstimated.value = estimated
    onrampState.error.value = error
    const bought = Number(kept.purchaseAmount.amount)
    onrampState.purchaseAmount.value = Number.isFinite(bought) ? bought : undefined
    onrampState.quotesLoading.value = false
  })
  return kept
}

/** What opening a provider needs that the view knows. */
export interface OpenProviderContext {
  /** `window.open`, called before anything is awaited so the browser allows it. */
  open?: (url: string, name: string, features: string) => Window | null
}

/**
 * Opens the chosen provider in a new window (SPEC §2: through a link built from the provider's
 * url) and watches the provider's history for the purchase while the window is open. The window
 * opens blank at once (a window opened after an await is blocked as a pop-up) and is sent to the
 * provider's page once its URL is known: the first provider's from the URL generator, the second's
 * built with the wallet parameters.
 */
export async function openProvider(context: OpenProviderContext = {}): Promise<void> {
  const provider = onrampState.selectedProvider.peek()
  const namespace = activeNamespace.peek()
  const currency = onrampState.purchaseCurrency.peek()
  const payment = onrampState.paymentCurrency.peek()
  const options = getResolvedOptions()
  if (!provider || !namespace || !currency || !payment || !options) return
  const address = getAccountState(namespace).address.peek()
  const network = getNetworkState(namespace).caipNetwork.peek()
  if (!address || !network) return
  const problem = amountProblem(onrampState.paymentAmount.peek(), payment, onrampState.paymentMethod.peek())
  if (problem) {
    onrampState.purchase.value = { status: 'failed', message: problem }
    return
  }
  const seq = ++watchSeq
  clock.clearTimeout(pollTimer)
  const popup = (context.open ?? window.open.bind(window))('', POPUP_NAME, POPUP_FEATURES)
  onrampState.purchase.value = { status: 'opening' }
  sendEvent({ type: 'track', event: 'SELECT_BUY_PROVIDER', properties: { provider: provider.id } })
  const api = apiClient(ONRAMP_API)
  const fiatAmount = onrampState.paymentAmount.peek().trim()
  let url: string
  let known: Set<string>
  try {
    // What the history held before is not this purchase; asked before the page can take payment.
    const [earlier, target] = await Promise.all([
      api.getPurchases({ address, caipNetworkId: network.caipNetworkId, provider: provider.id }).catch(() => []),
      provider.id === 'coinbase'
        ? api
            .generateUrl(
              generatorRequest({
                address,
                currency,
                network: purchaseNetworkOn(currency, network) ?? (currency.networks[0] as never),
                fiatAmount,
              }),
              network.caipNetworkId,
            )
            .then((generated) => {
              if (generated === '') throw new Error('the on-ramp API does not serve this network')
              return generated
            })
        : Promise.resolve(
            meldUrl({
              baseUrl: meldBaseUrl(options.endpoints.api),
              namespace,
              address,
              projectId: options.projectId,
              fiatAmount,
              fiatCurrency: payment.id,
            }),
          ),
    ])
    known = new Set(earlier.map((item) => item.id))
    url = target
  } catch (error) {
    popup?.close()
    if (seq === watchSeq)
      onrampState.purchase.value = {
        status: 'failed',
        message: `${provider.label} could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      }
    return
  }
  if (seq !== watchSeq) return
  if (!popup) {
    onrampState.purchase.value = { status: 'blocked', url }
    watch({ seq, address, caipNetworkId: network.caipNetworkId, provider: provider.id, known, popup: null })
    return
  }
  popup.location.href = url
  onrampState.purchase.value = { status: 'waiting' }
  watch({ seq, address, caipNetworkId: network.caipNetworkId, provider: provider.id, known, popup })
}

/**
 * Polls the provider's history (no-cache) until a purchase that was not there before arrives, then
 * shows it and refreshes the balances. When the window closes, one last look decides between the
 * purchase and 'closed'. A blocked window (`popup` null) is watched until the state resets.
 */
function watch(input: {
  seq: number
  address: string
  caipNetworkId: string
  provider: string
  known: Set<string>
  popup: Window | null
}): void {
  const { seq, known, popup } = input
  const look = async () => {
    if (seq !== watchSeq) return
    const closed = popup?.closed === true
    let purchases: Awaited<ReturnType<OnrampApi['getPurchases']>> = []
    try {
      purchases = await apiClient(ONRAMP_API).getPurchases(input)
    } catch (error) {
      // A failed look is retried on the next round; the window may still be taking payment.
      log('warn', 'on-ramp history unavailable', error)
    }
    if (seq !== watchSeq) return
    const fresh = purchases.find((item) => !known.has(item.id) && item.metadata.status !== 'pending')
    if (fresh) {
      const transfer = fresh.transfers[0]
      onrampState.purchase.value =
        fresh.metadata.status === 'confirmed'
          ? {
              status: 'success',
              amount: transfer?.quantity.numeric ?? '',
              symbol: transfer?.fungible_info?.symbol ?? '',
              hash: fresh.metadata.hash,
            }
          : { status: 'failed', message: onrampEn.failed }
      const namespace = activeNamespace.peek()
      if (namespace) void refreshBalances(namespace, { force: true })
      return
    }
    if (closed) {
      onrampState.purchase.value = { status: 'closed' }
      return
    }
    pollTimer = clock.setTimeout(() => void look(), PURCHASE_POLL_MS)
  }
  pollTimer = clock.setTimeout(() => void look(), PURCHASE_POLL_MS)
}
