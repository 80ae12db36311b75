// The on-ramp API's answers, checked before use.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_LIMITS, FALLBACK_OPTIONS } from '../../../src/features/onramp/options'
import { createOnrampApi, parseOptions, parseQuote } from '../../../src/api/onramp-api'
import type { HttpClient } from '../../../src/core/lib/http'
import { InvalidResponseError } from '../../../src/api/errors'

const isInvalid = (error: unknown) => error instanceof InvalidResponseError

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

test('options, quote and URL are gated on the network: where the API does not serve it, nothing is asked', async () => {
  const asked: string[] = []
  const http = {
    async get({ path }: { path: string }) {
      asked.push(path)
      return FALLBACK_OPTIONS
    },
    async post({ path }: { path: string }) {
      asked.push(path)
      return { url: 'https://pay.example/x' }
    },
  } as unknown as HttpClient
  const api = createOnrampApi({
    baseUrl: 'http://api.test',
    projectId: 'p1',
    http,
    supportsNetwork: async (caipNetworkId) => caipNetworkId === 'eip155:1',
  })
  const [purchaseCurrency] = FALLBACK_OPTIONS.purchaseCurrencies
  const [paymentCurrency] = FALLBACK_OPTIONS.paymentCurrencies
  const request = { purchaseCurrency: purchaseCurrency!, paymentCurrency: paymentCurrency!, amount: '50' }
  const wallets = { destinationWallets: [], partnerUserId: '0x1' }
  assert.equal(await api.getOptions('eip155:56'), { purchaseCurrencies: [], paymentCurrencies: [] })
  assert.is(await api.getQuote(request, 'eip155:56'), null)
  assert.is(await api.generateUrl(wallets, 'eip155:56'), '')
  assert.equal(asked, [])
  assert.is((await api.getOptions('eip155:1')).purchaseCurrencies.length, 2)
  assert.is(await api.generateUrl(wallets, 'eip155:1'), 'https://pay.example/x')
  assert.equal(asked, ['/v1/onramp/options', '/v1/generators/onrampurl'])
})

test.run()
