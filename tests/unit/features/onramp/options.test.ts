// The on-ramp's rules: payment method limits, the two providers' URLs in both namespaces, the
// remote provider list, the built-in options and mock quote, defaults per network, and the
// options/quote answers checked before use.
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
import { generatorRequest, meldBaseUrl, meldUrl, providersFor } from '../../../../src/features/onramp/providers'
import { parseOptions, parseQuote, type PaymentCurrency, type PurchaseCurrency } from '../../../../src/api/onramp-api'
import { InvalidResponseError } from '../../../../src/api/errors'
import { localhost, solana } from '../../../helpers/networks'
import type { CaipNetwork } from '../../../../src/core/types'

const isInvalid = (error: unknown) => error instanceof InvalidResponseError
const usd = FALLBACK_OPTIONS.paymentCurrencies[0] as PaymentCurrency
const SOLANA_ADDRESS = 'EKxN49JjC8wZur679K7taycd1tJ76sfnMwv6D2V4pPTu'
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

test('the second provider gets publicKey, USDC, the address and the project id on EVM', () => {
  const url = new URL(
    meldUrl({ baseUrl: 'https://meldcrypto.com', namespace: 'eip155', address: '0xabc', projectId: 'p1' }),
  )
  assert.is(url.origin, 'https://meldcrypto.com')
  assert.equal(
    [...url.searchParams.keys()],
    ['publicKey', 'destinationCurrencyCode', 'walletAddress', 'externalCustomerId'],
  )
  assert.is(url.searchParams.get('destinationCurrencyCode'), 'USDC')
  assert.is(url.searchParams.get('walletAddress'), '0xabc')
  assert.is(url.searchParams.get('externalCustomerId'), 'p1')
})

test('the second provider gets SOL on Solana, an empty address when none, and the chosen amount', () => {
  const url = new URL(
    meldUrl({
      baseUrl: 'http://127.0.0.1:9/onramp/meld',
      namespace: 'solana',
      address: SOLANA_ADDRESS,
      projectId: 'p1',
      fiatAmount: '75',
      fiatCurrency: 'EUR',
    }),
  )
  assert.is(url.pathname, '/onramp/meld')
  assert.is(url.searchParams.get('destinationCurrencyCode'), 'SOL')
  assert.is(url.searchParams.get('walletAddress'), SOLANA_ADDRESS)
  assert.is(url.searchParams.get('sourceAmount'), '75')
  assert.is(url.searchParams.get('sourceCurrencyCode'), 'EUR')
  const none = new URL(
    meldUrl({ baseUrl: 'https://meldcrypto.com', namespace: 'eip155', address: undefined, projectId: 'p' }),
  )
  assert.is(none.searchParams.get('walletAddress'), '')
})

test("the second provider's page is its site, or the dapp's own API host when it points elsewhere", () => {
  assert.is(meldBaseUrl('https://rpc.walletconnect.org'), 'https://meldcrypto.com')
  assert.is(meldBaseUrl('http://127.0.0.1:4000/'), 'http://127.0.0.1:4000/onramp/meld')
})

test('the generator request names the wallet, network, asset and fiat amount, on EVM and Solana', () => {
  const usdc = FALLBACK_OPTIONS.purchaseCurrencies[0] as PurchaseCurrency
  const evm = generatorRequest({ address: '0xabc', currency: usdc, network: usdc.networks[0]!, fiatAmount: '50' })
  assert.equal(evm, {
    destinationWallets: [{ address: '0xabc', blockchains: ['ethereum-mainnet'], assets: ['USDC'] }],
    defaultNetwork: 'ethereum-mainnet',
    partnerUserId: '0xabc',
    presetFiatAmount: 50,
  })
  const sol: PurchaseCurrency = {
    id: 'sol',
    name: 'Solana',
    symbol: 'SOL',
    networks: [{ name: 'solana', display_name: 'Solana', chain_id: 'sandbox', contract_address: 'So1' }],
  }
  const onSolana = generatorRequest({
    address: SOLANA_ADDRESS,
    currency: sol,
    network: sol.networks[0]!,
    fiatAmount: '',
  })
  assert.equal(onSolana.destinationWallets[0], { address: SOLANA_ADDRESS, blockchains: ['solana'], assets: ['SOL'] })
  assert.is('presetFiatAmount' in onSolana, false)
})

test('providers: the remote list keeps the built-in ones it names, in order; a bad list is none', () => {
  assert.equal(
    providersFor(['meld', 'coinbase'], 'eip155').map((provider) => provider.id),
    ['coinbase', 'meld'],
  )
  assert.equal(
    providersFor(['meld', 'unknown'], 'solana').map((provider) => provider.id),
    ['meld'],
  )
  assert.equal(providersFor('meld', 'eip155'), [])
  assert.equal(providersFor(['meld', 5], 'eip155'), [])
  assert.equal(providersFor(['meld'], 'bip122'), [])
  assert.equal(providersFor(['coinbase'], 'eip155')[0]?.feeRange, '1-2%')
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

test('options answers are checked: malformed entries dropped, nothing usable refused', () => {
  const parsed = parseOptions({
    purchaseCurrencies: [{ id: 5 }, FALLBACK_OPTIONS.purchaseCurrencies[0]],
    paymentCurrencies: [
      { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: 'lots' }, DEFAULT_LIMITS[1]] },
    ],
  })
  assert.is(parsed.purchaseCurrencies.length, 1)
  assert.equal(parsed.paymentCurrencies[0]?.payment_method_limits, [DEFAULT_LIMITS[1]])
  assert.throws(() => parseOptions({ paymentCurrencies: 'oops', purchaseCurrencies: [] }), isInvalid)
  assert.throws(() => parseOptions({ paymentCurrencies: [], purchaseCurrencies: [{ id: 5 }] }), isInvalid)
})

test('quote answers are checked', () => {
  const good = {
    paymentTotal: { amount: '50.00', currency: 'USD' },
    paymentSubtotal: { amount: '49.00', currency: 'USD' },
    purchaseAmount: { amount: '49', currency: 'USDC' },
    networkFee: { amount: '0.25', currency: 'USD' },
    fees: { amount: '0.75', currency: 'USD' },
    quoteId: 'q1',
  }
  assert.equal(parseQuote(good), good)
  assert.throws(() => parseQuote({ ...good, purchaseAmount: { amount: 'lots' } }), isInvalid)
  assert.throws(() => parseQuote({ ...good, fees: { amount: 1 } }), isInvalid)
  assert.throws(() => parseQuote({ ...good, quoteId: 7 }), isInvalid)
})

test.run()
