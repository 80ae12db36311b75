// Links and picture URLs from outside data: whatever a listing, an announcement or a reply holds,
// what comes out opens only with an allowed scheme, and an allowed link comes out unchanged.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { appLink, webLink } from '../../../src/lib/links'
import { isImageUrl } from '../../../src/lib/validate'

const imageUrl = (value: unknown) => (isImageUrl(value) ? value : undefined)
import {
  RUNS,
  hostileImageUrl,
  hostileLink,
  isAllowedHref,
  isAllowedImage,
  isWebHref,
  refusedLink,
} from '../helpers/hostile'

test('a refused scheme is refused however it is spelled (case, leading controls, tab or newline inside)', () => {
  fc.assert(
    fc.property(refusedLink, (link) => {
      assert.is(appLink(link), undefined, JSON.stringify(link))
      assert.is(webLink(link), undefined, JSON.stringify(link))
      assert.is(imageUrl(link), undefined, JSON.stringify(link))
    }),
    RUNS,
  )
})

test('appLink lets through only http(s) and app schemes, and returns the link unchanged', () => {
  fc.assert(
    fc.property(hostileLink, (value) => {
      const link = appLink(value)
      if (link === undefined) return
      assert.is(link, value)
      assert.ok(isAllowedHref(link), `allowed scheme: ${JSON.stringify(link).slice(0, 80)}`)
    }),
    RUNS,
  )
})

test('webLink lets through only absolute http(s) URLs; every web URL passes', () => {
  fc.assert(
    fc.property(hostileLink, (value) => {
      const link = webLink(value)
      if (link !== undefined) assert.ok(isWebHref(link), JSON.stringify(link).slice(0, 80))
    }),
    RUNS,
  )
  fc.assert(
    fc.property(fc.webUrl({ size: 'small' }), (url) => assert.is(webLink(url), url)),
    RUNS,
  )
})

test('isImageUrl lets through only http(s) and data:image URLs', () => {
  fc.assert(
    fc.property(hostileImageUrl, (value) => {
      const src = imageUrl(value)
      if (src !== undefined) assert.ok(isAllowedImage(src), JSON.stringify(src).slice(0, 80))
    }),
    RUNS,
  )
  assert.is(imageUrl('data:image/svg+xml,<svg/>'), 'data:image/svg+xml,<svg/>', 'an SVG icon, for an <img> only')
  assert.is(imageUrl('//evil.example/pixel.png'), undefined, 'protocol-relative')
  assert.is(imageUrl(`data:image/png;base64,${'A'.repeat(300_000)}`), undefined, 'an oversized inline picture')
})

test.run()
