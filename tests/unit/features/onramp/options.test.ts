// The on-ramp's options: payment method limits (the defaults and the options call's), the built-in
// options and mock quote, and the defaults per network. The providers' URLs are in providers.test.ts,
// the checks of the API's answers in tests/unit/api/onramp-api.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  DEFAULT_LIMITS,
  FALLBACK_OPTIONS,
  amountProblem,
  defaultPaymentCurrency,
  defaultPurchaseCurrency,
  limitsFor,
  mockQuote,
  purchaseCurrenciesOn,
} from '../../../../src/features/onramp/options'
import type { PaymentCurrency, PurchaseCurrency } from '../../../../src/api/onramp-api'
import { localhost, solana } from '../../../helpers/networks'
import type { CaipNetwork } from '../../../../src/core/types'

const usd = FALLBACK_OPTIONS.paymentCurrencies[0] as PaymentCurrency
const ethereum: CaipNetwork = { ...localhost, id: 1, caipNetworkId: 'eip155:1', name: 'Ethereum' }
const solanaNet = solana
const SOLANA_REF = solana.caipNetworkId.split(':')[1]!

test('card limits are 10.00 to 7500.00 and bank account 10.00 to 25000.00 by default', () => {
  assert.is(amountProblem('9.99', usd, 'card'), 'The minimum with card is 10.00 USD')
  assert.is(amountProblem('10', usd, 'card'), undefined)
  assert.is(amountProblem('7500.00', usd, 'card'), undefined)
  assert.is(amountProblem('7500.01', usd, 'card'), 'The maximum with card is 7500.00 USD')
  assert.is(amountProblem('25000', usd, 'ach_bank_account'), undefined)
  assert.is(amountProblem('25000.5', usd, 'ach_bank_account'), 'The maximum with bank account is 25000.00 USD')
  assert.is(amountProblem('abc', usd, 'card'), 'Enter an amount greater than zero')
  assert.is(amountProblem('0', usd, 'card'), 'Enter an amount greater than zero')
})

test("the options call's limits replace the defaults; a currency without them falls back", () => {
  const eur: PaymentCurrency = { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20.00', max: '100.00' }] }
  assert.is(amountProblem('15', eur, 'card'), 'The minimum with card is 20.00 EUR')
  assert.is(amountProblem('150', eur, 'card'), 'The maximum with card is 100.00 EUR')
  // No bank limit in the answer: the default one applies.
  assert.equal(limitsFor(eur, 'ach_bank_account'), DEFAULT_LIMITS[1])
  assert.is(amountProblem('20000', eur, 'ach_bank_account'), undefined)
})

test('the built-in options: USDC and ETH on Ethereum and Polygon, USD and EUR with the default limits', () => {
  assert.equal(
    FALLBACK_OPTIONS.purchaseCurrencies.map((currency) => currency.symbol),
    ['USDC', 'ETH'],
  )
  for (const currency of FALLBACK_OPTIONS.purchaseCurrencies)
    assert.equal(
      currency.networks.map((network) => network.chain_id),
      ['1', '137'],
    )
  assert.equal(
    FALLBACK_OPTIONS.paymentCurrencies.map((currency) => [currency.id, currency.payment_method_limits]),
    [
      ['USD', DEFAULT_LIMITS],
      ['EUR', DEFAULT_LIMITS],
    ],
  )
})

test('the mock quote repeats the amount in the payment currency', () => {
  const quote = mockQuote('50', usd)
  assert.is(quote.quoteId, 'mocked-quote-id')
  for (const field of ['paymentTotal', 'paymentSubtotal', 'purchaseAmount', 'networkFee'] as const)
    assert.equal(quote[field], { amount: '50', currency: 'USD' })
})

test('defaults: USDC where sold, else the native token, else the first; USD to pay', () => {
  const { purchaseCurrencies } = FALLBACK_OPTIONS
  assert.is(defaultPurchaseCurrency(purchaseCurrencies, ethereum)?.symbol, 'USDC')
  const sol: PurchaseCurrency = {
    id: 's',
    name: 'Solana',
    symbol: 'SOL',
    networks: [{ name: 'solana', display_name: 'Solana', chain_id: SOLANA_REF, contract_address: '' }],
  }
  const bonk: PurchaseCurrency = { ...sol, id: 'b', name: 'Bonk', symbol: 'BONK' }
  assert.is(defaultPurchaseCurrency([bonk, sol, ...purchaseCurrencies], solanaNet)?.symbol, 'SOL')
  assert.is(defaultPurchaseCurrency([bonk], solanaNet)?.symbol, 'BONK')
  // Nothing is sold on the local chain: every currency is listed, and flagged.
  assert.equal(purchaseCurrenciesOn(purchaseCurrencies, localhost).onNetwork, false)
  assert.is(purchaseCurrenciesOn(purchaseCurrencies, localhost).currencies.length, 2)
  assert.is(defaultPaymentCurrency([{ id: 'EUR', payment_method_limits: [] }, usd])?.id, 'USD')
  assert.is(defaultPaymentCurrency([{ id: 'EUR', payment_method_limits: [] }])?.id, 'EUR')
})

test.run()
