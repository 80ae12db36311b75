// Activity from the hosted API (and the activity cache in storage, read through the same parser),
// hostile: every transfer kept has names and symbols fit to show and pictures an <img> may load.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { InvalidResponseError } from '../../../src/api/errors'
import { parseHistoryPage, parseTransaction } from '../../../src/api/history-api'
import {
  RUNS,
  assertShownText,
  hostileImageUrl,
  hostileText,
  isAllowedImage,
  refusesOrParses,
  wrongType,
} from '../helpers/hostile'

const transfer = fc.record({
  direction: fc.oneof(fc.constantFrom('in', 'out'), wrongType),
  quantity: fc.oneof(fc.constant({ numeric: '1.5' }), wrongType),
  fungible_info: fc.oneof(
    fc.record({
      name: fc.oneof(hostileText, wrongType),
      symbol: fc.oneof(hostileText, wrongType),
      icon: fc.record({ url: hostileImageUrl }),
    }),
    wrongType,
  ),
  nft_info: fc.oneof(
    fc.record({
      name: fc.oneof(hostileText, wrongType),
      flags: fc.constant({ is_spam: false }),
      content: fc.record({ preview: fc.record({ url: hostileImageUrl }) }),
    }),
    fc.constant(undefined),
  ),
})
const transaction = fc.record({
  id: fc.oneof(fc.constant('tx-1'), wrongType),
  metadata: fc.oneof(
    fc.record({
      operationType: fc.constant('send'),
      hash: fc.constant('0xabc'),
      minedAt: fc.oneof(fc.constant('2026-01-01T00:00:00Z'), hostileText),
      sentFrom: fc.constant('0x1'),
      sentTo: fc.constant('0x2'),
      status: fc.oneof(fc.constant('confirmed'), wrongType),
      chain: fc.oneof(fc.constant('eip155:1'), hostileText),
    }),
    wrongType,
  ),
  transfers: fc.oneof(fc.array(transfer, { maxLength: 3 }), wrongType),
})

test('every transaction kept is safe to show', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.record({
          data: fc.array(fc.oneof(transaction, wrongType), { maxLength: 4 }),
          next: fc.oneof(fc.string(), wrongType),
        }),
        wrongType,
      ),
      (body) => {
        const page = refusesOrParses(
          () => parseHistoryPage(body),
          (error) => error instanceof InvalidResponseError,
        )
        for (const item of page?.transactions ?? []) {
          assert.equal(parseTransaction(item), item, 'a kept transaction reads back the same (the cache)')
          for (const { fungible_info: fungible, nft_info: nft } of item.transfers) {
            if (fungible?.name) assertShownText(fungible.name, 64, 'the token name')
            if (fungible?.symbol) assertShownText(fungible.symbol, 16, 'the symbol')
            if (fungible?.icon) assert.ok(isAllowedImage(fungible.icon.url))
            if (nft?.name) assertShownText(nft.name, 64, 'the NFT name')
            if (nft?.content?.preview) assert.ok(isAllowedImage(nft.content.preview.url))
          }
        }
      },
    ),
    RUNS,
  )
})

test.run()
