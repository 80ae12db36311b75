// The Swap view as a visitor sees it, in the real modal: opened from Account (only with the swaps
// feature on) and with swap arguments, the form and its quote, the review with approve and swap,
// and every error text. A scripted convert API and the fake chain adapter stand in for the
// network; the integration and e2e suites run the same flows against the sandbox's AMM.
import { replaceApiClient } from '../../../../src/api/client'
import { CONVERT_API } from '../../../../src/api/convert-api'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { solana } from '../../../helpers/networks'
import {
  button,
  connectAccount,
  deferred,
  findButton,
  installModal,
  labelled,
  modalShadow,
  nameOf,
  openAt,
  settle,
  title,
  typeInto,
  useFakeAdapter,
  type FakeAdapter,
  waitFor,
} from '../../helpers/views'
import { localFeatures } from '../../../../src/core/config/features'
import { openModal } from '../../../../src/core/modal/modal'
import { routerState } from '../../../../src/core/modal/router'
import { toastState } from '../../../../src/core/modal/toasts'
import { setAccount } from '../../../../src/core/state/account'
import { setActiveCaipNetwork } from '../../../../src/core/state/network'
import { ConvertApiError } from '../../../../src/api/convert-api'
import { InvalidResponseError } from '../../../../src/api/errors'
import type { CallParameters } from '../../../../src/core/state/adapters'
import type { CaipNetwork } from '../../../../src/core/types'
import { SWAP_ERRORS, swapState } from '../../../../src/features/swaps/controller'
import { formatAmount } from '../../../../src/features/swaps'
import { useFakeConvert } from '../../helpers/fake-convert'
import { resetAllState } from '../../helpers/reset'

let fake: FakeAdapter
let convert = useFakeConvert()
let sent: CallParameters[] = []

test.before.each(() => {
  installModal()
  fake = useFakeAdapter()
  convert = useFakeConvert()
  sent = []
  fake.adapter.sendCall = async (parameters) => {
    sent.push(parameters)
    return `0x${String(sent.length).padStart(64, '0')}`
  }
})

test.after.each(async () => {
  await resetAllState()
})

const amount = () => labelled<HTMLInputElement>('You pay')
const alertText = () =>
  Array.from(modalShadow().querySelectorAll('[role="alert"]'))
    .map((element) => element.textContent)
    .join(' | ')
const text = (selector: string) => modalShadow().querySelector(selector)?.textContent ?? ''
const detail = (term: string) => {
  const dt = Array.from(modalShadow().querySelectorAll('dt')).find((item) => item.textContent === term)
  return dt?.nextElementSibling?.textContent ?? ''
}

/** Opens Swap from Account, as a visitor does. */
async function openSwap(): Promise<void> {
  connectAccount()
  await openAt('Account')
  ;(await waitFor(() => findButton('Swap'))).click()
  await waitFor(() => modalShadow().querySelector('#sk-swap-amount'))
  await settle()
}

/** Picks a token of one side through the picker. */
async function pick(side: RegExp, symbol: string): Promise<void> {
  button(side).click()
  await waitFor(() => modalShadow().querySelector('#sk-swap-search'))
  ;(await waitFor(() => findButton(new RegExp(`^${symbol} `)))).click()
  await waitFor(() => modalShadow().querySelector('#sk-swap-amount'))
}

async function quoteFor(value: string): Promise<void> {
  typeInto(amount(), value)
  await waitFor(() => text('[data-minimum]') !== '', 3000)
}

test('Account offers Swap (beside Send) only while the swaps feature is on', async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => findButton('Send'))
  const actions = Array.from(modalShadow().querySelectorAll('button')).map(nameOf)
  assert.ok(actions.indexOf('Swap') !== -1 && actions.indexOf('Swap') < actions.indexOf('Send'), actions.join('|'))
  localFeatures.value = { ...localFeatures.value, swaps: false }
  await settle()
  assert.is(findButton('Swap'), undefined)
})

test('the form: native currency to pay, balance, Max, the receive side, no quote before an amount', async () => {
  await openSwap()
  assert.is(title(), 'Swap')
  assert.ok(findButton('Token to pay: ETH'))
  assert.ok(findButton('Select the token to receive'))
  assert.ok(text('label[for="sk-swap-amount"]').includes('You pay'))
  assert.is(amount().getAttribute('inputmode'), 'decimal')
  assert.ok(modalShadow().textContent?.includes('Balance: 10,000.1234 ETH'))
  assert.ok(findButton('Select a token'), 'the submit button says what is missing')
  assert.is(alertText(), '', 'a missing token is no error')
  for (const control of Array.from(modalShadow().querySelectorAll('button'))) assert.ok(nameOf(control))
})

test('a quote: receive amount, USD values, rate, price impact, network fee, minimum received', async () => {
  await openSwap()
  await pick(/Select the token to receive/, 'USDC')
  await quoteFor('0.1')
  assert.is(text('[data-receive]'), '299.070182')
  assert.is(text('[data-usd-from]'), '≈ $300.00')
  assert.is(text('[data-usd-to]'), '≈ $299.07')
  assert.is(detail('Rate'), '1 ETH = 2,990.7018 USDC')
  assert.is(detail('Price impact'), '0.31%')
  assert.is(detail('Network fee'), '≈ $0.45')
  assert.is(detail('Minimum received'), '296.07948 USDC')
  assert.is(detail('Slippage'), '1%')
  assert.ok(findButton('Review swap'))
  assert.equal(convert.calls.quotes.length, 1, 'typing asked once, after the pause')
})

test('review then swap: progress while the wallet works, a toast, back to Account', async () => {
  await openSwap()
  await pick(/Select the token to receive/, 'USDC')
  await quoteFor('0.1')
  button('Review swap').click()
  await waitFor(() => findButton('Swap'))
  assert.is(text('[data-review-pay]'), '0.1 ETH')
  assert.is(text('[data-review-receive]'), '299.070182 USDC')
  assert.ok(modalShadow().textContent?.includes('The quote refreshes every 10 s'))
  const hash = deferred<string>()
  fake.adapter.sendCall = (parameters) => {
    sent.push(parameters)
    return hash.promise
  }
  button('Swap').click()
  await waitFor(() => text('[role="status"]') === 'Confirm the swap in your wallet…')
  assert.is(findButton('Swap')?.getAttribute('aria-disabled'), 'true')
  findButton('Swap')?.click()
  await settle()
  assert.is(sent.length, 1, 'a second click sends nothing')
  assert.is(sent[0]?.value, 10n ** 17n)
  hash.resolve(`0x${'ab'.repeat(32)}`)
  await waitFor(() => routerState.history.value.at(-1)?.view === 'Account')
  assert.is(toastState.message.value, 'Swapped 0.1 ETH for USDC')
})

test('USDC → SKT: "Approve USDC and swap" asks twice; a declined approval keeps everything', async () => {
  await openSwap()
  await pick(/Token to pay/, 'USDC')
  await pick(/Select the token to receive/, 'SKT')
  await quoteFor('25')
  button('Review swap').click()
  await waitFor(() => findButton('Approve USDC and swap'))
  fake.adapter.sendCall = () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
  button('Approve USDC and swap').click()
  await waitFor(() => alertText() === SWAP_ERRORS.approvalDeclined)
  assert.is(text('[data-review-pay]'), '25 USDC', 'the review is still there')
  assert.is(findButton('Approve USDC and swap')?.getAttribute('aria-disabled'), null, 'ready to try again')
  button('Edit').click()
  await waitFor(() => modalShadow().querySelector('#sk-swap-amount'))
  assert.is(amount().value, '25')
  assert.ok(findButton('Token to pay: USDC'))
  assert.ok(findButton('Token to receive: SKT'))

  fake.adapter.sendCall = async (parameters) => {
    sent.push(parameters)
    return `0x${String(sent.length).padStart(64, '0')}`
  }
  await waitFor(() => findButton('Review swap'))
  button('Review swap').click()
  await waitFor(() => findButton('Approve USDC and swap'))
  button('Approve USDC and swap').click()
  await waitFor(() => routerState.history.value.at(-1)?.view === 'Account')
  assert.is(sent.length, 2)
  assert.is(sent[0]?.data, '0x095ea7b3', 'the approval first')
  assert.is(sent[1]?.data, '0x7ff36ab5', 'then the swap')
})

test('a reverted swap shows its decoded reason and keeps the review', async () => {
  await openSwap()
  await pick(/Select the token to receive/, 'USDC')
  await quoteFor('0.1')
  button('Review swap').click()
  await waitFor(() => findButton('Swap'))
  fake.adapter.waitForReceipt = async ({ hash }) => ({ hash, status: 'reverted', reason: 'SwapRouter: expired' })
  button('Swap').click()
  await waitFor(() => alertText() === 'The swap failed on chain: SwapRouter: expired')
  assert.ok(findButton('Swap'))
})

test('error texts on the form: insufficient balance, no route, malformed answer; the form stays usable', async () => {
  await openSwap()
  await pick(/Select the token to receive/, 'USDC')
  typeInto(amount(), '50000')
  await waitFor(() => alertText() === 'Insufficient balance')
  assert.is(findButton('Review swap')?.getAttribute('aria-disabled'), 'true')

  convert.behaviour.quote = () =>
    Promise.reject(new ConvertApiError(400, { reason: 'no pool route (insufficient liquidity)' }))
  typeInto(amount(), '1')
  await waitFor(() => alertText() === SWAP_ERRORS.insufficientLiquidity)

  convert.behaviour.quote = () => Promise.reject(new InvalidResponseError('convert/quotes', 'x'))
  typeInto(amount(), '2')
  await waitFor(() => alertText() === SWAP_ERRORS.invalidAnswer)
  assert.ok(findButton('Try again'))
  assert.is(amount().readOnly, false, 'still editable')

  convert.behaviour.quote = () => Promise.reject(new ConvertApiError(500))
  button('Try again').click()
  await waitFor(() => alertText() === SWAP_ERRORS.unavailable)
  convert.behaviour.quote = async (call) => ({ fromAmount: call.amount, toAmount: 5_000_000n })
  button('Try again').click()
  await waitFor(() => text('[data-receive]') === '5')
  assert.is(alertText(), '')
})

test('open({ view: "Swap", arguments }) fills the form and quotes at once', async () => {
  connectAccount()
  await openModal({ view: 'Swap', arguments: { fromToken: 'ETH', toToken: 'SKT', amount: '0.5' } })
  await waitFor(() => modalShadow().querySelector('#sk-swap-amount'))
  assert.is(amount().value, '0.5')
  assert.ok(findButton('Token to pay: ETH'))
  await waitFor(() => findButton('Token to receive: SKT'))
  await waitFor(() => text('[data-receive]') === '0.5')
})

test('unsupported network, not connected and the feature off each say so', async () => {
  connectAccount()
  setActiveCaipNetwork(solana)
  setAccount('solana', { address: 'Cyp4mS6zYbkkw9bT4XQn4dKqXW3yDkTFuuz1qYj1YwGt', status: 'connected' })
  await openAt('Swap')
  await waitFor(() => alertText() === 'Network not supported for Swaps')
  assert.ok(findButton('Switch network'))

  setAccount('solana', { address: undefined, status: 'disconnected' })
  await waitFor(() => alertText() === SWAP_ERRORS.notConnected)
  assert.ok(findButton('Connect'))

  localFeatures.value = { ...localFeatures.value, swaps: false }
  await waitFor(() => alertText() === SWAP_ERRORS.featureOff)
  assert.is(swapState.quote.value, undefined)
})

test('formatAmount cuts (never rounds up) and groups', () => {
  assert.is(formatAmount(296_079_480_999n, 6), '296,079.480999')
  assert.is(formatAmount(1_999_999_999n, 9, 6), '1.999999')
  assert.is(formatAmount(10n ** 18n, 18), '1')
})

test("the network fee says 'Network not supported for Gas Price' when the gas price route fails", async () => {
  convert.behaviour.gasPrice = () => Promise.reject(new ConvertApiError(500))
  await openSwap()
  await pick(/Select the token to receive/, 'USDC')
  await quoteFor('0.1')
  assert.is(detail('Network fee'), 'Network not supported for Gas Price')
  assert.ok(findButton('Review swap'), 'the swap can still go on')
})

test.run()
