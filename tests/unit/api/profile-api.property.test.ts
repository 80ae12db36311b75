// Name records from the name service, hostile: a name with a bidi or invisible character is
// refused (it could pass for another account's name), never cleaned into one; avatars are pictures
// an <img> may load and bios are clean text.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { parseNameRecord } from '../../../src/api/profile-api'
import {
  HIDDEN_CHARACTERS,
  RUNS,
  assertShownText,
  hasHiddenCharacter,
  hostileImageUrl,
  hostileText,
  isAllowedImage,
  wrongType,
} from '../helpers/hostile'

const record = fc.record({
  name: fc.oneof(hostileText, fc.constant('alice.reown.id'), wrongType),
  registered_at: fc.oneof(fc.constant('2026-01-01'), wrongType),
  addresses: fc.oneof(fc.constant({ '60': { address: '0x1', created: '' } }), wrongType),
  attributes: fc.oneof(
    fc.array(fc.record({ avatar: hostileImageUrl, bio: fc.oneof(hostileText, wrongType) }), { maxLength: 2 }),
    wrongType,
  ),
})

test('a record kept has a plain name, safe avatars and clean bios', () => {
  fc.assert(
    fc.property(fc.oneof(record, wrongType), (body) => {
      const kept = parseNameRecord(body)
      if (!kept) return
      assert.not.ok(hasHiddenCharacter(kept.name), JSON.stringify(kept.name))
      for (const attribute of kept.attributes) {
        if (attribute.avatar !== undefined) assert.ok(isAllowedImage(attribute.avatar))
        if (attribute.bio !== undefined) assertShownText(attribute.bio, 160, 'the bio')
      }
    }),
    RUNS,
  )
})

test('alice.reown.id with a hidden character is refused, whatever the character', () => {
  for (const hidden of HIDDEN_CHARACTERS) {
    const body = { name: `ali${hidden}ce.reown.id`, registered_at: '2026-01-01', addresses: {}, attributes: [] }
    assert.is(parseNameRecord(body), undefined, JSON.stringify(hidden))
  }
})

test.run()
