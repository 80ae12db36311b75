// The wallet list from the wallet API, as hostile as it can be: every listing that comes out has a
// name fit to show (no bidi or invisible character, at most 64 characters) and links with allowed
// schemes only; a body of the wrong shape is refused with InvalidResponseError and nothing else;
// the good listings beside hostile ones are all kept.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { InvalidResponseError } from '../../../src/api/errors'
import { parseWalletListing, parseWalletPage } from '../../../src/api/wallet-api'
import {
  RUNS,
  assertShownText,
  hostileListing,
  hostileText,
  isAllowedHref,
  isWebHref,
  refusesOrParses,
  wrongType,
} from '../helpers/hostile'

const good = {
  id: 'good',
  name: 'Good Wallet',
  rdns: 'io.good',
  mobile_link: 'good://',
  webapp_link: 'https://good.example',
}

test('every listing kept has a clean name and allowed links; the good one is kept as it was', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(hostileListing, wrongType), { maxLength: 8 }), fc.nat(8), (items, at) => {
      const data = [...items]
      data.splice(at % (data.length + 1), 0, good)
      const page = parseWalletPage({ count: data.length, data })
      for (const listing of page.data) {
        assertShownText(listing.name, 64, 'the name')
        assert.ok(listing.name !== '', 'a listing has a name')
        for (const key of ['mobile_link', 'desktop_link'] as const) {
          const link = listing[key]
          if (link != null) assert.ok(isAllowedHref(link), `${key} ${JSON.stringify(link).slice(0, 60)}`)
        }
        if (listing.webapp_link != null) assert.ok(isWebHref(listing.webapp_link), 'webapp_link is http(s)')
      }
      assert.equal(
        page.data.find((listing) => listing.id === 'good'),
        { ...good, mobile_link: 'good://', webapp_link: 'https://good.example' },
      )
    }),
    RUNS,
  )
})

test('a body of any shape is parsed or refused with InvalidResponseError, never another error', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        wrongType,
        fc.record({ count: fc.oneof(fc.nat(), wrongType), data: fc.oneof(fc.array(hostileListing), wrongType) }),
      ),
      (body) => {
        refusesOrParses(
          () => parseWalletPage(body),
          (error) => error instanceof InvalidResponseError,
        )
      },
    ),
    RUNS,
  )
})

test('a stored recent wallet is read through the same checks (storage is as untrusted as the API)', () => {
  fc.assert(
    fc.property(fc.oneof(hostileListing, wrongType), (stored) => {
      const listing = parseWalletListing(stored)
      if (!listing) return
      assertShownText(listing.name, 64, 'the stored name')
      if (listing.mobile_link) assert.ok(isAllowedHref(listing.mobile_link))
    }),
    RUNS,
  )
})

test.run()
