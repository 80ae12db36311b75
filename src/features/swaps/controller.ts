/**
 * The swap form's state and flow (SPEC §2 Swap, §7 convert routes, §9 slippage and swap networks;
 * HOSTED-API §4 and §6.1). Quotes follow the form: typing asks again after a short pause, an
 * answer to an older question is dropped, the review refreshes its quote, and the price is checked
 * once more before the wallet is asked to swap, so a quote that moved beyond the slippage asks the
 * visitor again instead of failing on chain. The form empties itself when the network or account
 * changes (core lifecycle events). Wallet calls go through the chain adapter's `sendCall`.
 */
import { log } from '../../lib/logger'
import { batch, computed } from '@preact/signals-core'
import type { ReadonlySignal } from '@preact/signals-core'
import { apiClient } from '../../api/client'
import { CONVERT_API, ConvertApiError, type ConvertApi, type ConvertToken } from '../../api/convert-api'
import { InvalidResponseError } from '../../api/errors'
import { sendEvent } from '../../core/analytics'
import { loadAdapter } from '../../core/config/appkit-state'
import { clock, type TimerHandle } from '../../lib/clock'
import { assignSignals, signalsOf } from '../../lib/signals'
import { isUserRejection } from '../../lib/wallet-errors'
import { describeTransactionError } from '../../lib/execution-errors'
import { onCoreEvent } from '../../core/lifecycle'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { connectedProvider } from '../../core/state/connection'
import { getNetworkState } from '../../core/state/network'
import type { CaipNetwork } from '../../core/types'
import { waitForTransaction } from '../../core/wallet/transaction'
import { fromBaseUnits, toBaseUnits } from '../../lib/units'
import { SWAP_INITIAL_GAS, SWAP_SLIPPAGE_PERCENT, maxSpendable, minimumReceived } from './math'
import { accountSwapTokens, findToken, nativeAddress, sameToken, type SwapToken } from './tokens'
import swapEn from '../../i18n/messages/en/swap'

/**
 * What the visitor is told (SPEC §8 'Network not supported for Swaps'; HOSTED-API §4.5), in English:
 * the state keeps these, the view shows them in the visitor's locale (the `swap` messages).
 */
export const SWAP_ERRORS = {
  unsupportedNetwork: swapEn.unsupportedNetwork,
  notConnected: swapEn.notConnected,
  featureOff: swapEn.featureOff,
  selectTokens: swapEn.selectTokens,
  enterAmount: swapEn.enterAmount,
  invalidAmount: swapEn.invalidAmount,
  insufficientBalance: swapEn.insufficientBalance,
  insufficientGas: swapEn.insufficientGas,
  insufficientLiquidity: swapEn.insufficientLiquidity,
  noQuote: swapEn.noQuote,
  busy: swapEn.busy,
  stillBusy: swapEn.stillBusy,
  unavailable: swapEn.unavailable,
  timeout: swapEn.timeout,
  invalidAnswer: swapEn.invalidAnswer,
  priceMoved: swapEn.priceMoved,
  approvalDeclined: swapEn.approvalDeclined,
  swapDeclined: swapEn.swapDeclined,
  approvalReverted: swapEn.approvalReverted,
  swapReverted: swapEn.swapReverted,
  unknownReason: swapEn.unknownReason,
} as const

/** Pause after the last keystroke before a quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 300
/** How often the review asks for a fresh quote. */
export const QUOTE_REFRESH_MS = 10_000
/** Automatic retries after a 429 before the visitor is asked to try again. */
export const QUOTE_BUSY_RETRIES = 2
/** The longest Retry-After honoured; a longer one is capped. */
const MAX_RETRY_AFTER_MS = 30_000

/**
 * The 12 EVM networks the hosted convert API serves (HOSTED-API §6.1). Other EVM networks are
 * asked: an API that serves them (the sandbox's local chains) makes them swap networks too.
 */
export const SWAP_NETWORKS: readonly string[] = [
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
]

/** An answer of the quote route, with the question it answers. */
export interface SwapQuote {
  from: SwapToken
  to: SwapToken
  fromAmount: bigint
  toAmount: bigint
  /** {@link minimumReceived} of `toAmount` at the slippage. */
  minimum: bigint
}

/** Where a confirmed swap is: each wallet request, then its wait on chain. */
export type SwapProgress = 'approve-sign' | 'approve-wait' | 'checking' | 'swap-sign' | 'swap-wait'

/** Whether the active network can swap. */
export type SwapSupport = 'checking' | 'supported' | 'unsupported' | 'disconnected'

/** The swap form's fields. */
export interface SwapFields {
  network: CaipNetwork | undefined
  /** The account's plain address. */
  address: string | undefined
  support: SwapSupport
  /** The convert route's token list for the network. */
  listed: readonly ConvertToken[]
  listError: string | undefined
  from: SwapToken | undefined
  to: SwapToken | undefined
  amount: string
  /** USD prices by lower-case symbol (fungible price route). */
  prices: ReadonlyMap<string, number>
  /** The `standard` gas price in wei, when the route answered. */
  gasPrice: bigint | undefined
  /** 'Network not supported for Gas Price' when the gas price route failed (the fee is then left out). */
  gasPriceError: string | undefined
  quote: SwapQuote | undefined
  quoting: boolean
  quoteError: string | undefined
  step: 'form' | 'review'
  /** The router's allowance for the source token; undefined until known (or for native). */
  allowance: bigint | undefined
  progress: SwapProgress | undefined
  /** The review's error (declined, reverted, the price moved). */
  error: string | undefined
}

/** An empty form, for no network yet. */
const EMPTY_SWAP: SwapFields = {
  network: undefined,
  address: undefined,
  support: 'checking',
  listed: [],
  listError: undefined,
  from: undefined,
  to: undefined,
  amount: '',
  prices: new Map(),
  gasPrice: undefined,
  gasPriceError: undefined,
  quote: undefined,
  quoting: false,
  quoteError: undefined,
  step: 'form',
  allowance: undefined,
  progress: undefined,
  error: undefined,
}

/** The swap form, a signal per field. */
export const swapState = signalsOf(EMPTY_SWAP)

// Every quote question gets the next number; only the answer to the latest one is kept.
let quoteSeq = 0
let quoteTimer: TimerHandle | undefined
let refreshTimer: TimerHandle | undefined
let inflight: AbortController | undefined
let busyRetries = 0
// Loads for the token list, gas and prices belong to one form session.
let session = 0

function clearTimers(): void {
  if (quoteTimer !== undefined) clock.clearTimeout(quoteTimer)
  if (refreshTimer !== undefined) clock.clearTimeout(refreshTimer)
  quoteTimer = refreshTimer = undefined
}

/** Drops every pending question: timers, the request in flight, and any answer still to come. */
function cancelQuotes(): void {
  clearTimers()
  quoteSeq++
  inflight?.abort()
  inflight = undefined
  swapState.quoting.value = false
}

/**
 * Empties the form and forgets the network it was for (network or account change, disconnect).
 *
 * @example
 * ```ts
 * resetSwap()
 * ```
 */
export function resetSwap(): void {
  cancelQuotes()
  session++
  assignSignals(swapState, EMPTY_SWAP)
}

// The form belongs to the account and network it was filled for.
onCoreEvent('networkChanged', ({ namespace }) => {
  if (namespace === 'eip155' || namespace === swapState.network.peek()?.chainNamespace) resetSwap()
})
onCoreEvent('accountChanged', resetSwap)
onCoreEvent('namespaceCleared', resetSwap)

/** The swap arguments of `open({ view: 'Swap', arguments })` (AppKit's names). */
export interface SwapArguments {
  /** A symbol (`'ETH'`), a CAIP-10 or a plain address. */
  fromToken?: string
  toToken?: string
  /** Decimal text in whole units of `fromToken`. */
  amount?: string
}

/** The native currency of the network as a swap token, its balance the account's native balance. */
function nativeToken(network: CaipNetwork): SwapToken {
  const balance = getAccountState(network.chainNamespace).balance.value
  return {
    symbol: network.nativeCurrency.symbol,
    name: network.nativeCurrency.name,
    address: nativeAddress(network),
    decimals: network.nativeCurrency.decimals,
    logoUri: '',
    native: true,
    ...(balance !== undefined ? { balance } : {}),
  }
}

/**
 * The account's tokens on the form's network, native first when the balance service left it out.
 * Reads signals: a component calling it follows balance updates.
 */
export const heldTokens: ReadonlySignal<SwapToken[]> = computed(() => {
  const network = swapState.network.value
  if (!network) return []
  const held = accountSwapTokens(getAccountState(network.chainNamespace).tokenBalance.value, network)
  const native = nativeToken(network)
  const i = held.findIndex((token) => token.native)
  // The chain's own native balance is fresher than the balance service's line.
  if (i === -1) return [native, ...held]
  return held.map((token, index) =>
    index === i ? { ...token, ...(native.balance ? { balance: native.balance } : {}) } : token,
  )
})

/**
 * The live balance of a token, in base units (0 when the account does not hold it).
 * @internal
 */
export function balanceOf(token: SwapToken): bigint {
  const held = heldTokens.value.find((candidate) => sameToken(candidate.address, token.address))
  return (held?.balance && toBaseUnits(held.balance, token.decimals)) || 0n
}

/**
 * A token's USD price: the price route's, else the balance service's.
 * @internal
 */
export function priceOf(token: SwapToken | undefined): number | undefined {
  if (!token) return undefined
  return swapState.prices.value.get(token.symbol.toLowerCase()) ?? token.price
}

/** The amount typed, in base units of the source token; undefined when not a number. */
export const amountBase: ReadonlySignal<bigint | undefined> = computed(() => {
  const from = swapState.from.value
  return from ? toBaseUnits(swapState.amount.value, from.decimals) : undefined
})

/** The quote when it answers what the form now asks; undefined while a new one is due. */
export const currentQuote: ReadonlySignal<SwapQuote | undefined> = computed(() => {
  const quote = swapState.quote.value
  const from = swapState.from.value
  const to = swapState.to.value
  if (!quote || !from || !to) return undefined
  return sameToken(quote.from.address, from.address) &&
    sameToken(quote.to.address, to.address) &&
    quote.fromAmount === amountBase.value
    ? quote
    : undefined
})

/**
 * Why the form cannot be reviewed yet, or undefined when it can: a missing token or amount, a
 * balance too small for the amount (or, for the native currency, for the amount and the fee), or
 * the quote's own error.
 */
export const formProblem: ReadonlySignal<string | undefined> = computed(() => {
  const from = swapState.from.value
  const to = swapState.to.value
  if (!from || !to) return SWAP_ERRORS.selectTokens
  if (swapState.amount.value.trim() === '') return SWAP_ERRORS.enterAmount
  const amount = amountBase.value
  if (amount === undefined || amount === 0n) return SWAP_ERRORS.invalidAmount
  const balance = balanceOf(from)
  if (amount > balance) return SWAP_ERRORS.insufficientBalance
  const gasPrice = swapState.gasPrice.value
  const network = swapState.network.value
  if (from.native && gasPrice !== undefined && amount + gasPrice * SWAP_INITIAL_GAS > balance)
    return SWAP_ERRORS.insufficientGas.replace('{symbol}', from.symbol)
  if (network && !from.native) {
    // A token swap still pays its fee in the native currency.
    const native = balanceOf(nativeToken(network))
    if (gasPrice !== undefined && gasPrice * SWAP_INITIAL_GAS > native)
      return SWAP_ERRORS.insufficientGas.replace('{symbol}', network.nativeCurrency.symbol)
  }
  return swapState.quoteError.value
})

/** Whether the source token needs an approval first (HOSTED-API §6.1: allowance < amount). */
export const needsApproval: ReadonlySignal<boolean> = computed(() => {
  const from = swapState.from.value
  if (!from || from.native) return false
  const allowance = swapState.allowance.value
  const amount = amountBase.value ?? 0n
  return allowance === undefined || allowance < amount
})

/** The user address as the convert routes take it: CAIP-10 (`plain` for quotes). */
function userCaip10(): string {
  return `${swapState.network.peek()?.caipNetworkId}:${swapState.address.peek()}`
}

/**
 * Starts the form for the active account and network (the Swap view calls it when it opens, and
 * again when either changes): checks the network, loads the token list, gas price and prices,
 * applies the swap arguments and asks for a first quote when they are complete.
 *
 * @example
 * ```ts
 * initSwap({ fromToken: 'ETH', toToken: 'USDC', amount: '0.1' })
 * ```
 */
export function initSwap(args: SwapArguments = {}): void {
  resetSwap()
  const namespace = activeNamespace.peek()
  const network = namespace ? getNetworkState(namespace).caipNetwork.peek() : undefined
  const address = namespace ? getAccountState(namespace).address.peek() : undefined
  batch(() => {
    swapState.network.value = network
    swapState.address.value = address
  })
  if (!namespace || !address || !network) {
    swapState.support.value = 'disconnected'
    return
  }
  // Solana swaps are not built; the 12 hosted networks are all EVM (HOSTED-API §6.1).
  if (namespace !== 'eip155') {
    swapState.support.value = 'unsupported'
    return
  }
  swapState.support.value = SWAP_NETWORKS.includes(network.caipNetworkId) ? 'supported' : 'checking'
  const held = heldTokens.peek()
  const amount = typeof args.amount === 'string' && toBaseUnits(args.amount, 0) !== undefined ? args.amount.trim() : ''
  batch(() => {
    swapState.from.value = findToken(held, args.fromToken) ?? held.find((token) => token.native)
    swapState.to.value = findToken(held, args.toToken)
    swapState.amount.value = amount
  })
  const mine = session
  void loadTokenList(network, mine, args)
  void loadGasPrice(network, mine)
  void loadPrices(mine)
  if (swapState.to.peek() && amount) requestQuote(0)
}

async function loadTokenList(network: CaipNetwork, mine: number, args: SwapArguments): Promise<void> {
  try {
    const api = apiClient(CONVERT_API)
    // A network outside the API's supported networks has no swap at all (SPEC §7 gate).
    if (!(await api.servesNetwork(network.caipNetworkId))) {
      if (mine === session) swapState.support.value = 'unsupported'
      return
    }
    const tokens = await api.getTokens(network.caipNetworkId)
    if (mine !== session) return
    batch(() => {
      swapState.listed.value = tokens
      swapState.support.value = 'supported'
      // An argument naming a token the account does not hold is found in the list.
      const listed = tokens.map((token) => ({ ...token, native: sameToken(token.address, nativeAddress(network)) }))
      if (args.fromToken && !findToken(heldTokens.peek(), args.fromToken)) {
        const from = findToken(listed, args.fromToken)
        if (from) swapState.from.value = from
      }
      if (args.toToken && !swapState.to.peek()) {
        const to = findToken(listed, args.toToken)
        if (to) swapState.to.value = to
      }
    })
    void loadPrices(mine)
    if (swapState.to.peek() && swapState.amount.peek() && !swapState.quote.peek() && !swapState.quoting.peek())
      requestQuote(0)
  } catch (error) {
    if (mine !== session) return
    if (isUnsupportedNetworkAnswer(error)) swapState.support.value = 'unsupported'
    else {
      // The account's own tokens can still be swapped; the quote will tell whether the API serves them.
      batch(() => {
        if (swapState.support.peek() === 'checking') swapState.support.value = 'supported'
        swapState.listError.value = swapEn.tokenListFailed
      })
    }
  }
}

/** The convert API's answer for a chain it does not serve (a 400 whose reason names the chain id). */
function isUnsupportedNetworkAnswer(error: unknown): boolean {
  return (
    error instanceof ConvertApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    /chain ?id/i.test(error.reason ?? '')
  )
}

/** SPEC §8: the gas price route has no answer for the network. */
export const GAS_PRICE_UNSUPPORTED = swapEn.gasPriceUnsupported

/**
 * The network's `standard` gas price in wei, from the convert route.
 *
 * @throws Error 'Network not supported for Gas Price' (SPEC §8) when the route fails for the
 * network, with the route's error as its `cause`.
 * @example
 * ```ts
 * const wei = await fetchGasPrice(network)
 * ```
 */
export async function fetchGasPrice(network: CaipNetwork): Promise<bigint> {
  try {
    return (await apiClient(CONVERT_API).getGasPrice(network.caipNetworkId)).standard
  } catch (cause) {
    throw new Error(GAS_PRICE_UNSUPPORTED, { cause })
  }
}

async function loadGasPrice(network: CaipNetwork, mine: number): Promise<void> {
  try {
    const price = await fetchGasPrice(network)
    if (mine !== session) return
    batch(() => {
      swapState.gasPrice.value = price
      swapState.gasPriceError.value = undefined
    })
  } catch (error) {
    // Treated as no gas price (HOSTED-API §4.2): the quote is asked without one, and the view says
    // why the fee is missing.
    log('warn', 'gas price unavailable', (error as Error).cause)
    if (mine === session) swapState.gasPriceError.value = (error as Error).message
  }
}

async function loadPrices(mine: number): Promise<void> {
  const network = swapState.network.peek()
  if (!network) return
  const wanted = [swapState.from.peek(), swapState.to.peek()].flatMap((token) => (token ? [token.address] : []))
  const addresses = [...new Set([nativeAddress(network), ...wanted].map((address) => address.toLowerCase()))]
  const known = swapState.prices.peek()
  try {
    const prices = await apiClient(CONVERT_API).getPrices(addresses)
    if (mine !== session) return
    swapState.prices.value = new Map([...known, ...prices])
  } catch {
    // USD values are a help, not a requirement: without prices they are left out.
  }
}

/**
 * Sets a side of the swap; choosing the token already on the other side swaps the two.
 *
 * @example
 * ```ts
 * selectToken('to', usdc)
 * ```
 */
export function selectToken(side: 'from' | 'to', token: SwapToken): void {
  const other = side === 'from' ? swapState.to : swapState.from
  const current = swapState[side].peek()
  batch(() => {
    if (other.peek() && sameToken(other.peek()!.address, token.address)) other.value = current
    swapState[side].value = token
    swapState.error.value = undefined
  })
  void loadPrices(session)
  requestQuote()
}

/**
 * Swaps the two sides, keeping the amount.
 *
 * @example
 * ```ts
 * flipTokens()
 * ```
 */
export function flipTokens(): void {
  batch(() => {
    const from = swapState.from.peek()
    swapState.from.value = swapState.to.peek()
    swapState.to.value = from
  })
  requestQuote()
}

/**
 * The amount as typed; a quote follows after {@link QUOTE_DEBOUNCE_MS} without typing.
 *
 * @example
 * ```ts
 * setAmount('0.1')
 * ```
 */
export function setAmount(text: string): void {
  swapState.amount.value = text
  requestQuote()
}

/**
 * Fills in the most the account can swap of the source token, leaving gas when it is the native
 * currency.
 *
 * @example
 * ```ts
 * setMaxAmount()
 * ```
 */
export function setMaxAmount(): void {
  const from = swapState.from.peek()
  if (!from) return
  const balance = balanceOf(from)
  // Without a gas price, 1 % of a native balance is kept for gas instead.
  const gasPrice = swapState.gasPrice.peek()
  const spendable =
    from.native && gasPrice === undefined ? balance - balance / 100n : maxSpendable(balance, from.native, gasPrice)
  setAmount(fromBaseUnits(spendable, from.decimals))
  requestQuote(0)
}

/**
 * Asks for a quote after `delayMs` (default {@link QUOTE_DEBOUNCE_MS}); a later call replaces an
 * earlier one still waiting, and an answer to any earlier question is dropped when it arrives.
 *
 * @example
 * ```ts
 * requestQuote(0) // now
 * ```
 */
export function requestQuote(delayMs: number = QUOTE_DEBOUNCE_MS): void {
  cancelQuotes()
  busyRetries = 0
  batch(() => {
    swapState.quoteError.value = undefined
    swapState.error.value = undefined
    // Typing leaves the review: it reviewed another amount.
    if (swapState.step.peek() === 'review' && !currentQuote.peek()) swapState.step.value = 'form'
  })
  const seq = quoteSeq
  if (!quoteInputs()) return
  swapState.quoting.value = true
  quoteTimer = clock.setTimeout(() => void fetchQuote(seq), delayMs)
}

function quoteInputs(): { from: SwapToken; to: SwapToken; amount: bigint } | undefined {
  const from = swapState.from.peek()
  const to = swapState.to.peek()
  const amount = amountBase.peek()
  if (!from || !to || !amount || swapState.support.peek() === 'unsupported' || !swapState.address.peek())
    return undefined
  return { from, to, amount }
}

async function fetchQuote(seq: number, refresh = false): Promise<void> {
  quoteTimer = undefined
  const inputs = quoteInputs()
  if (seq !== quoteSeq || !inputs) return
  const controller = new AbortController()
  inflight = controller
  swapState.quoting.value = true
  try {
    const gasPrice = swapState.gasPrice.peek()
    const answer = await apiClient(CONVERT_API).getQuote(
      {
        amount: inputs.amount,
        userAddress: swapState.address.peek() as string,
        from: inputs.from.address,
        to: inputs.to.address,
        ...(gasPrice !== undefined ? { gasPrice } : {}),
      },
      controller.signal,
    )
    // An answer to an older question: the form has moved on.
    if (seq !== quoteSeq) return
    batch(() => {
      swapState.quote.value = {
        from: inputs.from,
        to: inputs.to,
        fromAmount: inputs.amount,
        toAmount: answer.toAmount,
        minimum: minimumReceived(answer.toAmount, SWAP_SLIPPAGE_PERCENT),
      }
      swapState.quoteError.value = undefined
      swapState.quoting.value = false
    })
    busyRetries = 0
  } catch (error) {
    if (seq !== quoteSeq) return
    const retryAfter =
      error instanceof ConvertApiError && error.status === 429 ? (error.retryAfterMs ?? 1000) : undefined
    if (retryAfter !== undefined && busyRetries < QUOTE_BUSY_RETRIES) {
      busyRetries++
      const wait = Math.min(retryAfter, MAX_RETRY_AFTER_MS)
      if (!refresh) swapState.quoteError.value = SWAP_ERRORS.busy.replace('{seconds}', String(Math.ceil(wait / 1000)))
      quoteTimer = clock.setTimeout(() => void fetchQuote(seq, refresh), wait)
      return
    }
    batch(() => {
      swapState.quoting.value = false
      // A failed refresh keeps the review on the quote it shows; the price is checked again
      // before signing anyway.
      if (refresh && swapState.quote.peek()) return
      swapState.quote.value = undefined
      swapState.quoteError.value = describeQuoteError(error)
    })
  } finally {
    if (inflight === controller) inflight = undefined
  }
}

/**
 * The visitor's words for a failed quote (HOSTED-API §4.5: "insufficient liquidity" in the reason).
 * @internal
 */
export function describeQuoteError(error: unknown): string {
  if (error instanceof InvalidResponseError) return SWAP_ERRORS.invalidAnswer
  if (error instanceof ConvertApiError) {
    if (error.timedOut) return SWAP_ERRORS.timeout
    if (error.status === 429) return SWAP_ERRORS.stillBusy
    if (/insufficient liquidity/i.test(error.reason ?? '')) return SWAP_ERRORS.insufficientLiquidity
    if (isUnsupportedNetworkAnswer(error)) return SWAP_ERRORS.unsupportedNetwork
    if (error.status >= 400 && error.status < 500) return SWAP_ERRORS.noQuote
  }
  return SWAP_ERRORS.unavailable
}

/**
 * Opens the review of the current quote: the allowance is checked and the quote refreshes every
 * {@link QUOTE_REFRESH_MS} while it stays open.
 *
 * @returns whether the review opened (not with a problem on the form or no quote yet).
 * @example
 * ```ts
 * if (reviewSwap()) console.log('reviewing')
 * ```
 */
export function reviewSwap(): boolean {
  if (formProblem.peek() || !currentQuote.peek()) return false
  batch(() => {
    swapState.step.value = 'review'
    swapState.error.value = undefined
  })
  void loadAllowance()
  scheduleRefresh()
  return true
}

/**
 * Back from the review to the form, values kept.
 *
 * @example
 * ```ts
 * editSwap()
 * ```
 */
export function editSwap(): void {
  if (swapState.progress.peek()) return
  if (refreshTimer !== undefined) clock.clearTimeout(refreshTimer)
  refreshTimer = undefined
  batch(() => {
    swapState.step.value = 'form'
    swapState.error.value = undefined
  })
}

function scheduleRefresh(): void {
  if (refreshTimer !== undefined) clock.clearTimeout(refreshTimer)
  refreshTimer = clock.setTimeout(() => {
    refreshTimer = undefined
    if (swapState.step.peek() !== 'review') return
    // Never while the wallet is asked: the visitor is signing the quote they saw.
    if (!swapState.progress.peek() && !swapState.quoting.peek()) refreshQuote()
    scheduleRefresh()
  }, QUOTE_REFRESH_MS)
}

// A refresh asks the same question again; the review stays on the old answer until the new one.
function refreshQuote(): void {
  if (quoteTimer !== undefined) clock.clearTimeout(quoteTimer)
  quoteSeq++
  inflight?.abort()
  void fetchQuote(quoteSeq, true)
}

async function loadAllowance(): Promise<void> {
  const from = swapState.from.peek()
  if (!from || from.native) return
  const mine = session
  try {
    const allowance = await apiClient(CONVERT_API).getAllowance({
      tokenAddress: from.address,
      userAddress: userCaip10(),
    })
    if (mine === session && swapState.from.peek() === from) swapState.allowance.value = allowance
  } catch {
    // Unknown allowance: the approval is asked for, which at worst costs one extra prompt.
  }
}

/** What {@link confirmSwap} resolved with. */
export type SwapOutcome = 'swapped' | 'requoted' | 'declined' | 'failed'

/**
 * Approves the source token when the allowance is short, checks the price once more, then asks
 * the wallet to swap and waits for the receipt (core's `waitForTransaction` refreshes balances).
 * A declined request changes nothing; a price that moved beyond the slippage refreshes the quote
 * and asks the visitor to confirm again; a revert reports its decoded reason. Errors land in
 * `swapState.error`.
 *
 * @example
 * ```ts
 * if ((await confirmSwap()) === 'swapped') replaceView('Account')
 * ```
 */
export async function confirmSwap(): Promise<SwapOutcome> {
  const reviewed = currentQuote.peek()
  const network = swapState.network.peek()
  const address = swapState.address.peek()
  const provider = connectedProvider('eip155')
  if (swapState.progress.peek() || !reviewed || !network || !address || !provider) return 'failed'
  const mine = session
  swapState.error.value = undefined
  let stage: 'approve' | 'swap' = 'approve'
  try {
    const adapter = await loadAdapter('eip155')
    if (!adapter.sendCall) throw new Error(SWAP_ERRORS.unsupportedNetwork)
    if (needsApproval.peek()) {
      swapState.progress.value = 'approve-sign'
      const approval = await apiClient(CONVERT_API).buildApprove({
        userAddress: userCaip10(),
        from: reviewed.from.address,
        to: reviewed.to.address,
      })
      const hash = await adapter.sendCall({
        provider,
        network,
        from: address,
        to: approval.to,
        data: approval.data,
        ...(approval.value ? { value: approval.value } : {}),
        ...(approval.gas ? { gas: approval.gas } : {}),
      })
      swapState.progress.value = 'approve-wait'
      const outcome = await waitForTransaction({ namespace: 'eip155', adapter, network, hash })
      if (outcome.status === 'reverted')
        throw new Error(SWAP_ERRORS.approvalReverted.replace('{reason}', outcome.reason ?? SWAP_ERRORS.unknownReason))
      if (mine !== session) return 'failed'
      swapState.allowance.value = reviewed.fromAmount
      void loadAllowance()
    }
    stage = 'swap'
    // The calldata is built at today's price; a price below what the visitor accepted means
    // asking them again, not a swap that reverts on chain.
    swapState.progress.value = 'checking'
    const built = await apiClient(CONVERT_API).buildTransaction({
      amount: reviewed.fromAmount,
      slippage: SWAP_SLIPPAGE_PERCENT,
      from: reviewed.from.address,
      to: reviewed.to.address,
      userAddress: userCaip10(),
    })
    if (mine !== session) return 'failed'
    if ((built.amount ?? 0n) < reviewed.minimum) {
      batch(() => {
        swapState.quote.value = {
          ...reviewed,
          toAmount: built.amount ?? 0n,
          minimum: minimumReceived(built.amount ?? 0n, SWAP_SLIPPAGE_PERCENT),
        }
        swapState.progress.value = undefined
        swapState.error.value = SWAP_ERRORS.priceMoved.replace('{slippage}', String(SWAP_SLIPPAGE_PERCENT))
      })
      return 'requoted'
    }
    swapState.progress.value = 'swap-sign'
    const hash = await adapter.sendCall({
      provider,
      network,
      from: address,
      to: built.to,
      data: built.data,
      // The router takes the native currency as the transaction's value.
      ...(reviewed.from.native ? { value: reviewed.fromAmount } : {}),
      ...(built.gas ? { gas: built.gas } : {}),
    })
    swapState.progress.value = 'swap-wait'
    const outcome = await waitForTransaction({ namespace: 'eip155', adapter, network, hash })
    if (outcome.status === 'reverted')
      throw new Error(SWAP_ERRORS.swapReverted.replace('{reason}', outcome.reason ?? SWAP_ERRORS.unknownReason))
    sendEvent({
      type: 'track',
      event: 'SWAP_SUCCESS',
      properties: {
        network: network.caipNetworkId,
        swapFromToken: reviewed.from.symbol,
        swapToToken: reviewed.to.symbol,
        swapFromAmount: fromBaseUnits(reviewed.fromAmount, reviewed.from.decimals),
        swapToAmount: fromBaseUnits(reviewed.toAmount, reviewed.to.decimals),
      },
    })
    if (mine === session) {
      cancelQuotes()
      batch(() => {
        swapState.amount.value = ''
        swapState.quote.value = undefined
        swapState.allowance.value = undefined
        swapState.step.value = 'form'
        swapState.progress.value = undefined
      })
    }
    return 'swapped'
  } catch (error) {
    if (mine !== session) return 'failed'
    const declined = isUserRejection(error)
    batch(() => {
      swapState.progress.value = undefined
      swapState.error.value = declined
        ? stage === 'approve'
          ? SWAP_ERRORS.approvalDeclined
          : SWAP_ERRORS.swapDeclined
        : error instanceof ConvertApiError || error instanceof InvalidResponseError
          ? describeQuoteError(error)
          : describeTransactionError(error)
    })
    if (!declined) sendEvent({ type: 'track', event: 'SWAP_ERROR', properties: { network: network.caipNetworkId } })
    return declined ? 'declined' : 'failed'
  }
}
