// The on-ramp API's answers, checked before use.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_LIMITS, FALLBACK_OPTIONS } from '../../../src/features/onramp/options'
import { parseOptions, parseQuote } from '../../../src/api/onramp-api'
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

test.run()
