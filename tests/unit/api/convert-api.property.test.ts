// Swap tokens from the hosted API, hostile: every token kept has a name and symbol fit to show and
// a logo an <img> may load; a wrong shape is refused with InvalidResponseError.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { parsePrices, parseQuote, parseTokens } from '../../../src/api/convert-api'
import { InvalidResponseError } from '../../../src/api/errors'
import {
  RUNS,
  assertShownText,
  hostileImageUrl,
  hostileText,
  isAllowedImage,
  refusesOrParses,
  wrongType,
} from '../helpers/hostile'

const invalid = (error: unknown) => error instanceof InvalidResponseError
const token = fc.record({
  name: fc.oneof(hostileText, wrongType),
  symbol: fc.oneof(hostileText, wrongType),
  address: fc.oneof(fc.constant('eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3'), hostileText, wrongType),
  decimals: fc.oneof(fc.constantFrom(6, 18), wrongType),
  logoUri: hostileImageUrl,
})

test('every swap token kept is safe to show; quotes and prices refuse or parse', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.record({ tokens: fc.array(fc.oneof(token, wrongType), { maxLength: 6 }) }), wrongType),
      (body) => {
        for (const kept of refusesOrParses(() => parseTokens(body), invalid) ?? []) {
          assertShownText(kept.name, 64, 'the token name')
          assertShownText(kept.symbol, 16, 'the symbol')
          if (kept.logoUri !== '') assert.ok(isAllowedImage(kept.logoUri))
        }
        refusesOrParses(() => parseQuote(body), invalid)
        refusesOrParses(() => parsePrices(body), invalid)
      },
    ),
    RUNS,
  )
})

test.run()
