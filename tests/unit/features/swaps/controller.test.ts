// The swap controller with a scripted convert API and a manual clock: the pause before a quote,
// answers arriving out of order, the review's refresh, a price that moved before signing, the
// API's faults, and which networks can swap.
import { replaceApiClient } from '../../../../src/api/client'
import { CONVERT_API } from '../../../../src/api/convert-api'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { solana } from '../../../helpers/networks'
import { connectAccount, deferred, settle, useFakeAdapter, fakeProvider, type FakeAdapter } from '../../helpers/views'
import { createManualClock, setClock, type ManualClock } from '../../../../src/lib/clock'
import { emitCoreEvent } from '../../../../src/core/lifecycle'
import { setAccount } from '../../../../src/core/state/account'
import { setActiveCaipNetwork } from '../../../../src/core/state/network'
import { ConvertApiError, type ConvertQuote } from '../../../../src/api/convert-api'
import { InvalidResponseError } from '../../../../src/api/errors'
import type { CallParameters } from '../../../../src/core/state/adapters'
import type { CaipNetwork } from '../../../../src/core/types'
import {
  GAS_PRICE_UNSUPPORTED,
  fetchGasPrice,
  QUOTE_DEBOUNCE_MS,
  QUOTE_REFRESH_MS,
  SWAP_ERRORS,
  confirmSwap,
  currentQuote,
  describeQuoteError,
  formProblem,
  initSwap,
  needsApproval,
  resetSwap,
  reviewSwap,
  selectToken,
  setAmount,
  setMaxAmount,
  swapState,
} from '../../../../src/features/swaps/controller'
import { swapTokenList } from '../../../../src/features/swaps/tokens'
import { NATIVE, SKT, USDC, fakeQuote, listedTokens, useFakeConvert } from '../../helpers/fake-convert'
import { resetAllState } from '../../helpers/reset'

let manual: ManualClock
let restoreClock: () => void = () => undefined
let convert = useFakeConvert()
let fake: FakeAdapter
let sent: CallParameters[] = []

test.before.each(() => {
  manual = createManualClock()
  restoreClock = setClock(manual)
  convert = useFakeConvert()
  fake = useFakeAdapter()
  sent = []
  fake.adapter.sendCall = async (parameters) => {
    sent.push(parameters)
    return `0x${String(sent.length).padStart(64, '0')}`
  }
  connectAccount()
})

test.after.each(async () => {
  await resetAllState()
  restoreClock()
})

/** Lets the scripted API's promises settle without moving the manual clock. */
const flush = () => settle(5)

async function startWith(args: Parameters<typeof initSwap>[0] = {}) {
  initSwap(args)
  await flush()
}

async function quoted(amount: string) {
  setAmount(amount)
  manual.advance(QUOTE_DEBOUNCE_MS)
  await flush()
}

test('the form starts on the native currency, takes swap arguments by symbol, and loads list, gas and prices', async () => {
  await startWith({ fromToken: 'USDC', toToken: 'SKT', amount: '25' })
  assert.is(swapState.support.value, 'supported')
  assert.is(swapState.from.value?.symbol, 'USDC')
  assert.is(swapState.to.value?.symbol, 'SKT')
  assert.is(swapState.amount.value, '25')
  assert.equal(convert.calls.tokens, ['eip155:31337'])
  assert.is(swapState.gasPrice.value, 10n ** 9n)
  assert.is(swapState.prices.value.get('usdc'), 1)
  // Complete arguments ask for a quote at once.
  manual.advance(0)
  await flush()
  assert.is(convert.calls.quotes.length, 1)
  assert.equal(convert.calls.quotes[0], {
    amount: 25_000_000n,
    from: USDC,
    to: SKT,
    userAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    gasPrice: 10n ** 9n,
  })

  resetSwap()
  await startWith()
  assert.is(swapState.from.value?.symbol, 'ETH', 'native by default')
  assert.is(swapState.from.value?.address, NATIVE, 'named by the placeholder address')
  assert.is(swapState.to.value, undefined)
})

test('the picker lists the account tokens first, then suggested ones, then the rest; search filters', async () => {
  await startWith()
  const network = swapState.network.value as CaipNetwork
  const { heldTokens } = await import('../../../../src/features/swaps/controller')
  const list = swapTokenList(heldTokens.value, listedTokens, network)
  assert.equal(
    list.map((token) => token.symbol),
    ['ETH', 'USDC', 'SKT', 'DAI'],
    'held by USD value (ETH, USDC, SKT), then DAI from the list',
  )
  assert.equal(
    swapTokenList(heldTokens.value, listedTokens, network, 'dai').map((token) => token.symbol),
    ['DAI'],
  )
  assert.equal(
    swapTokenList(heldTokens.value, listedTokens, network, 'coin').map((token) => token.symbol),
    ['USDC'],
    'by name',
  )
})

test('typing asks for one quote, after the pause, for the last amount', async () => {
  await startWith({ toToken: 'USDC' })
  setAmount('0')
  manual.advance(100)
  setAmount('0.')
  manual.advance(100)
  setAmount('0.1')
  manual.advance(QUOTE_DEBOUNCE_MS - 1)
  await flush()
  assert.is(convert.calls.quotes.length, 0, 'not before the pause ends')
  assert.ok(swapState.quoting.value, 'but the form says a quote is coming')
  manual.advance(1)
  await flush()
  assert.is(convert.calls.quotes.length, 1)
  assert.is(convert.calls.quotes[0]?.amount, 10n ** 17n)
  assert.is(currentQuote.value?.toAmount, 299_070_182n)
  assert.is(currentQuote.value?.minimum, 296_079_480n, '1 % below the quote')
  assert.not.ok(swapState.quoting.value)
})

test('an older answer never overwrites a newer one, whichever arrives first', async () => {
  await startWith({ toToken: 'USDC' })
  const answers: ReturnType<typeof deferred<ConvertQuote>>[] = []
  convert.behaviour.quote = () => {
    const answer = deferred<ConvertQuote>()
    answers.push(answer)
    return answer.promise
  }
  await quoted('1')
  await quoted('2')
  assert.is(answers.length, 2)
  // The newer answer first, then the older one: the older is dropped.
  answers[1]?.resolve({ fromAmount: 2n * 10n ** 18n, toAmount: 2222n })
  await flush()
  assert.is(currentQuote.value?.toAmount, 2222n)
  answers[0]?.resolve({ fromAmount: 10n ** 18n, toAmount: 1111n })
  await flush()
  assert.is(swapState.quote.value?.toAmount, 2222n, 'the late answer for 1 ETH is ignored')

  // The older first: it is not shown even for a moment, the newer one is.
  await quoted('3')
  await quoted('4')
  answers[2]?.resolve({ fromAmount: 3n * 10n ** 18n, toAmount: 3333n })
  await flush()
  assert.is(currentQuote.value, undefined, 'the answer for 3 ETH is never shown for 4 ETH')
  assert.ok(swapState.quoting.value)
  answers[3]?.resolve({ fromAmount: 4n * 10n ** 18n, toAmount: 4444n })
  await flush()
  assert.is(currentQuote.value?.toAmount, 4444n)
  // A failure of an older question is dropped too.
  await quoted('5')
  await quoted('6')
  answers[4]?.reject(new ConvertApiError(500))
  await flush()
  assert.is(swapState.quoteError.value, undefined)
})

test('the review refreshes its quote every 10 s, and stops once it is left', async () => {
  await startWith({ toToken: 'USDC' })
  await quoted('0.1')
  assert.ok(reviewSwap())
  assert.is(swapState.step.value, 'review')
  let pool = 299_000_000n
  convert.behaviour.quote = async (call) => ({ fromAmount: call.amount, toAmount: pool })
  manual.advance(QUOTE_REFRESH_MS)
  await flush()
  assert.is(convert.calls.quotes.length, 2)
  assert.is(currentQuote.value?.toAmount, 299_000_000n, 'the review shows the fresh quote')
  pool = 298_000_000n
  manual.advance(QUOTE_REFRESH_MS)
  await flush()
  assert.is(currentQuote.value?.toAmount, 298_000_000n)
  // A failed refresh keeps the quote on screen.
  convert.behaviour.quote = () => Promise.reject(new ConvertApiError(500))
  manual.advance(QUOTE_REFRESH_MS)
  await flush()
  assert.is(currentQuote.value?.toAmount, 298_000_000n)
  assert.is(swapState.quoteError.value, undefined)
  const asked = convert.calls.quotes.length
  const { editSwap } = await import('../../../../src/features/swaps/controller')
  editSwap()
  manual.advance(QUOTE_REFRESH_MS * 3)
  await flush()
  assert.is(convert.calls.quotes.length, asked, 'no refresh on the form')
})

test('a price that moved beyond the slippage before signing asks again, sending nothing', async () => {
  await startWith({ toToken: 'USDC' })
  await quoted('0.1')
  reviewSwap()
  const minimum = currentQuote.value?.minimum as bigint
  // The pool moved: the calldata built now pays one unit less than the minimum reviewed.
  convert.behaviour.build = async () => ({
    to: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    data: '0x7ff36ab5',
    value: 0n,
    gas: 140_000n,
    gasPrice: 1n,
    amount: minimum - 1n,
  })
  assert.is(await confirmSwap(), 'requoted')
  assert.is(sent.length, 0, 'the wallet was not asked')
  assert.is(swapState.error.value, SWAP_ERRORS.priceMoved.replace('{slippage}', '1'))
  assert.is(currentQuote.value?.toAmount, minimum - 1n, 'the review shows the new price')
  assert.is(swapState.step.value, 'review')
  // Confirming the new quote swaps (the calldata now meets its minimum).
  assert.is(await confirmSwap(), 'swapped')
  assert.is(sent.length, 1)
})

test('an ETH swap sends the router calldata with the amount as value; a token swap approves first', async () => {
  await startWith({ toToken: 'USDC' })
  await quoted('0.1')
  assert.not.ok(needsApproval.value, 'the native currency needs no approval')
  reviewSwap()
  assert.is(await confirmSwap(), 'swapped')
  assert.equal(sent[0], {
    provider: fakeProvider,
    network: swapState.network.value,
    from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    to: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    data: '0x7ff36ab5',
    value: 10n ** 17n,
    gas: 140_000n,
  })
  assert.is(swapState.amount.value, '', 'the form empties after a swap')
  assert.equal(convert.calls.build[0]?.slippage, 1)

  selectToken('from', { ...(swapState.to.value ?? listedTokens[1]!), native: false } as never)
  selectToken('to', { ...listedTokens[2]!, native: false })
  await quoted('10')
  reviewSwap()
  await flush()
  assert.equal(convert.calls.allowance.at(-1), {
    tokenAddress: USDC,
    userAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  })
  assert.ok(needsApproval.value, 'allowance 0 < 10 USDC')
  assert.is(await confirmSwap(), 'swapped')
  assert.is(sent.length, 3, 'approve, then swap')
  assert.equal(sent[1]?.to, '0x5FbDB2315678afecb367f032d93F642f64180aa3', 'the approval goes to the token')
  assert.is(sent[1]?.value, undefined)
  assert.is(sent[2]?.value, undefined, 'no value for a token swap')
})

test('a declined approval changes nothing; a reverted swap says why', async () => {
  await startWith({ fromToken: 'USDC', toToken: 'ETH' })
  await quoted('10')
  reviewSwap()
  await flush()
  fake.adapter.sendCall = () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
  assert.is(await confirmSwap(), 'declined')
  assert.is(swapState.error.value, SWAP_ERRORS.approvalDeclined)
  assert.is(swapState.amount.value, '10')
  assert.is(swapState.from.value?.symbol, 'USDC')
  assert.is(swapState.step.value, 'review')
  assert.is(swapState.progress.value, undefined)
  assert.is(convert.calls.build.length, 0, 'no swap was built')

  convert.behaviour.allowance = async () => 10n ** 30n
  reviewSwap()
  await flush()
  assert.not.ok(needsApproval.value)
  fake.adapter.sendCall = async () => '0xbad'
  fake.adapter.waitForReceipt = async ({ hash }) => ({
    hash,
    status: 'reverted',
    reason: 'SwapRouter: insufficient output amount',
  })
  assert.is(await confirmSwap(), 'failed')
  assert.is(swapState.error.value, 'The swap failed on chain: SwapRouter: insufficient output amount')
  assert.is(swapState.amount.value, '10')
})

test('a 429 is retried after its Retry-After, twice, then the visitor is asked to retry', async () => {
  await startWith({ toToken: 'USDC' })
  convert.behaviour.quote = () => Promise.reject(new ConvertApiError(429, { retryAfterMs: 2000 }))
  await quoted('0.1')
  assert.is(convert.calls.quotes.length, 1)
  assert.is(swapState.quoteError.value, 'The swap service is busy. Asking again in 2 s…')
  manual.advance(1999)
  await flush()
  assert.is(convert.calls.quotes.length, 1, 'not before Retry-After')
  manual.advance(1)
  await flush()
  assert.is(convert.calls.quotes.length, 2)
  manual.advance(2000)
  await flush()
  assert.is(convert.calls.quotes.length, 3)
  assert.is(swapState.quoteError.value, SWAP_ERRORS.stillBusy)
  assert.is(formProblem.value, SWAP_ERRORS.stillBusy)
  manual.advance(60_000)
  await flush()
  assert.is(convert.calls.quotes.length, 3, 'no more on its own')
  // Recovered: the next question is answered.
  convert.behaviour.quote = async (call) => ({
    fromAmount: call.amount,
    toAmount: fakeQuote(call.amount, call.from, call.to),
  })
  await quoted('0.2')
  assert.is(formProblem.value, undefined)
  assert.ok(currentQuote.value)
})

test('quote errors in words: no route, chain refused, busy, down, slow, malformed', () => {
  const liquidity = new ConvertApiError(400, {
    reason: 'Conversion parameter error: no pool route from 0x… to 0x… (insufficient liquidity)',
  })
  assert.is(describeQuoteError(liquidity), SWAP_ERRORS.insufficientLiquidity)
  const chain = new ConvertApiError(400, { reason: "We don't support the chainId you provided: eip155:5" })
  assert.is(describeQuoteError(chain), SWAP_ERRORS.unsupportedNetwork)
  assert.is(SWAP_ERRORS.unsupportedNetwork, 'Network not supported for Swaps')
  assert.is(describeQuoteError(new ConvertApiError(400, { reason: 'amount must be positive' })), SWAP_ERRORS.noQuote)
  assert.is(describeQuoteError(new ConvertApiError(429)), SWAP_ERRORS.stillBusy)
  assert.is(describeQuoteError(new ConvertApiError(500)), SWAP_ERRORS.unavailable)
  assert.is(describeQuoteError(new ConvertApiError(0, { timedOut: true })), SWAP_ERRORS.timeout)
  assert.is(describeQuoteError(new InvalidResponseError('convert/quotes', 'x')), SWAP_ERRORS.invalidAnswer)
  assert.is(describeQuoteError(new TypeError('Failed to fetch')), SWAP_ERRORS.unavailable)
})

test('a malformed quote is an error state; the form stays usable and the next answer shows', async () => {
  await startWith({ toToken: 'USDC' })
  convert.behaviour.quote = () => Promise.reject(new InvalidResponseError('convert/quotes', 'no toAmount'))
  await quoted('0.1')
  assert.is(formProblem.value, SWAP_ERRORS.invalidAnswer)
  assert.is(currentQuote.value, undefined)
  assert.not.ok(reviewSwap(), 'nothing to review')
  convert.behaviour.quote = async (call) => ({ fromAmount: call.amount, toAmount: 5n })
  await quoted('0.2')
  assert.is(currentQuote.value?.toAmount, 5n)
})

test('balance problems: more than held, and a native amount that leaves nothing for gas', async () => {
  await startWith({ toToken: 'USDC' })
  setAmount('20000')
  assert.is(formProblem.value, SWAP_ERRORS.insufficientBalance)
  setAmount('10000.123456')
  assert.is(formProblem.value, 'Not enough ETH left for the network fee')
  setMaxAmount()
  // 10000.123456 ETH less 600 000 gas at 1 gwei (0.0006 ETH).
  assert.is(swapState.amount.value, '10000.122856')
  manual.advance(0)
  await flush()
  assert.is(formProblem.value, undefined)
  selectToken('from', { ...listedTokens[1]!, native: false })
  setMaxAmount()
  assert.is(swapState.amount.value, '1250.5', 'a token is spent whole')
  setAmount('abc')
  assert.is(formProblem.value, SWAP_ERRORS.invalidAmount)
  setAmount('')
  assert.is(formProblem.value, SWAP_ERRORS.enterAmount)
})

test('networks: Solana and a chain the API refuses are not swap networks; a hosted one is at once', async () => {
  setActiveCaipNetwork(solana)
  setAccount('solana', { address: 'Cyp4mS6zYbkkw9bT4XQn4dKqXW3yDkTFuuz1qYj1YwGt', status: 'connected' })
  await startWith()
  assert.is(swapState.support.value, 'unsupported')
  assert.equal(convert.calls.tokens, [], 'Solana swaps are not built: the API is not asked')

  connectAccount()
  convert.behaviour.tokens = () =>
    Promise.reject(
      new ConvertApiError(400, { reason: "We don't support the chainId you provided: eip155:31337. Swaps run on…" }),
    )
  await startWith()
  assert.is(swapState.support.value, 'unsupported')

  // The API down is not the network unsupported: the account's tokens can still be quoted.
  convert.behaviour.tokens = () => Promise.reject(new ConvertApiError(500))
  await startWith()
  assert.is(swapState.support.value, 'supported')
  assert.is(swapState.listError.value, 'Could not load the token list')

  const mainnet: CaipNetwork = { ...(swapState.network.value as CaipNetwork), id: 1, caipNetworkId: 'eip155:1' }
  setActiveCaipNetwork(mainnet)
  setAccount('eip155', { status: 'connected' })
  convert.behaviour.tokens = () => new Promise(() => undefined)
  initSwap()
  assert.is(swapState.support.value, 'supported', 'one of the 12 hosted swap networks, before the API answers')

  setAccount('eip155', { address: undefined })
  await startWith()
  assert.is(swapState.support.value, 'disconnected')
})

test('a network change empties the form and drops the answer still on its way', async () => {
  await startWith({ toToken: 'USDC' })
  const answer = deferred<ConvertQuote>()
  convert.behaviour.quote = () => answer.promise
  await quoted('0.1')
  await emitCoreEvent('networkChanged', { namespace: 'eip155', caipNetworkId: 'eip155:31338' })
  assert.is(swapState.amount.value, '')
  assert.is(swapState.network.value, undefined)
  answer.resolve({ fromAmount: 10n ** 17n, toAmount: 1n })
  await flush()
  assert.is(swapState.quote.value, undefined)
})

test("a failed gas price route: 'Network not supported for Gas Price' thrown and shown, the quote asked without one", async () => {
  const unsupported = new ConvertApiError(400, { reason: 'Unsupported chain id eip155:31337' })
  convert.behaviour.gasPrice = () => Promise.reject(unsupported)
  await startWith({ fromToken: 'ETH', toToken: 'USDC' })
  try {
    await fetchGasPrice(swapState.network.value!)
    assert.unreachable('the gas price call failed')
  } catch (error) {
    assert.is((error as Error).message, 'Network not supported for Gas Price')
    assert.is((error as Error).cause, unsupported, "the route's error is kept as the cause")
  }
  assert.is(swapState.gasPrice.value, undefined)
  assert.is(swapState.gasPriceError.value, GAS_PRICE_UNSUPPORTED)
  assert.is(swapState.support.value, 'supported', 'the swap itself still works')
  await quoted('0.1')
  assert.is(convert.calls.quotes.length, 1)
  assert.is(convert.calls.quotes[0]!.gasPrice, undefined, 'asked without a gas price')

  // Another form session on a route that answers again: the error goes.
  convert.behaviour.gasPrice = async () => ({ standard: 2n * 10n ** 9n, fast: 0n, instant: 0n })
  resetSwap()
  await startWith()
  assert.equal([swapState.gasPrice.value, swapState.gasPriceError.value], [2n * 10n ** 9n, undefined])
})

test.run()
