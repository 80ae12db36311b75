// Balances from the hosted API, hostile: every line kept has a name and symbol fit to show and an
// icon an <img> may load; a wrong shape is refused with InvalidResponseError, never another error.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { parseBalances } from '../../../src/api/blockchain-api'
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

const line = fc.record({
  name: fc.oneof(hostileText, wrongType),
  symbol: fc.oneof(hostileText, wrongType),
  chainId: fc.oneof(fc.constant('eip155:1'), wrongType),
  price: fc.oneof(fc.double(), wrongType),
  quantity: fc.oneof(
    fc.record({ decimals: fc.constantFrom('18', 6, 'x'), numeric: fc.constantFrom('1.5', '0', '-1', 'NaN') }),
    wrongType,
  ),
  iconUrl: hostileImageUrl,
})

test('every balance line kept is safe to show', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.record({ balances: fc.array(fc.oneof(line, wrongType), { maxLength: 6 }) }), wrongType),
      (body) => {
        const balances = refusesOrParses(
          () => parseBalances(body),
          (error) => error instanceof InvalidResponseError,
        )
        for (const balance of balances ?? []) {
          assertShownText(balance.name, 64, 'the token name')
          assertShownText(balance.symbol, 16, 'the symbol')
          assert.ok(balance.symbol !== '')
          if (balance.iconUrl !== '') assert.ok(isAllowedImage(balance.iconUrl))
        }
      },
    ),
    RUNS,
  )
})

test.run()
