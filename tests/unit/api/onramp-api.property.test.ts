// On-ramp options, quotes and checkout URLs from the hosted API, hostile: every currency kept has a
// name and symbol fit to show; the checkout URL is http(s) or refused with InvalidResponseError.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { InvalidResponseError } from '../../../src/api/errors'
import { createOnrampApi, parseOptions, parseQuote } from '../../../src/api/onramp-api'
import {
  RUNS,
  assertShownText,
  hostileLink,
  hostileText,
  isWebHref,
  refusesOrParses,
  wrongType,
} from '../helpers/hostile'

const invalid = (error: unknown) => error instanceof InvalidResponseError
const currency = fc.record({
  id: fc.oneof(fc.constant('USDC'), wrongType),
  name: fc.oneof(hostileText, wrongType),
  symbol: fc.oneof(hostileText, wrongType),
  networks: fc.oneof(
    fc.array(
      fc.record({
        name: fc.constant('base'),
        display_name: fc.oneof(hostileText, wrongType),
        chain_id: fc.constant('8453'),
        contract_address: fc.constant('0x1'),
      }),
      { maxLength: 2 },
    ),
    wrongType,
  ),
})
const options = fc.record({
  purchaseCurrencies: fc.oneof(fc.array(fc.oneof(currency, wrongType), { maxLength: 4 }), wrongType),
  paymentCurrencies: fc.oneof(
    fc.constant([{ id: 'USD', payment_method_limits: [{ id: 'card', min: '1', max: '100' }] }]),
    wrongType,
  ),
})

test('every purchase currency kept is safe to show; quotes refuse or parse', () => {
  fc.assert(
    fc.property(fc.oneof(options, wrongType), (body) => {
      const parsed = refusesOrParses(() => parseOptions(body), invalid)
      for (const kept of parsed?.purchaseCurrencies ?? []) {
        assertShownText(kept.name, 64, 'the currency name')
        assertShownText(kept.symbol, 16, 'the symbol')
        assert.ok(kept.symbol !== '')
        for (const network of kept.networks) assertShownText(network.display_name, 64, 'the network name')
      }
      refusesOrParses(() => parseQuote(body), invalid)
    }),
    RUNS,
  )
})

test('the checkout URL the generator answers is opened only when http(s)', async () => {
  const samples = fc.sample(fc.oneof(hostileLink, wrongType), { seed: RUNS.seed, numRuns: 40 })
  for (const url of samples) {
    const api = createOnrampApi({
      baseUrl: 'https://api.example',
      projectId: 'p',
      http: { post: async () => ({ url }), get: async () => ({}), url: () => '' } as never,
    })
    const request = {
      address: '0x1',
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '10',
      network: 'base',
    } as never
    const generated = await api.generateUrl(request).catch((error: unknown) => {
      assert.ok(invalid(error), String(error))
      return undefined
    })
    if (generated !== undefined) assert.ok(isWebHref(generated), JSON.stringify(generated).slice(0, 80))
  }
})

test.run()
