// Text from outside made safe to show: no bidi control, invisible or control character survives,
// long text is cut with an ellipsis, plain text is left as it is, and an identifying name with a
// hidden character is refused rather than cleaned into another name.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { isPlainName, outsideText } from '../../../src/lib/outside-text'
import { HIDDEN_CHARACTERS, RUNS, assertShownText, hasHiddenCharacter, hostileText } from '../helpers/hostile'

test('no hidden character survives, the length is bounded, the text is trimmed; cleaning twice changes nothing', () => {
  fc.assert(
    fc.property(hostileText, fc.integer({ min: 1, max: 200 }), (text, max) => {
      const shown = outsideText(text, max)
      assertShownText(shown, max, 'the text')
      assert.is(outsideText(shown, max), shown, 'idempotent')
    }),
    RUNS,
  )
})

test('a long text ends with an ellipsis and keeps its start; a surrogate pair is never split', () => {
  assert.is(outsideText('x'.repeat(10_240), 64), `${'x'.repeat(63)}…`)
  assert.is(outsideText('🦊'.repeat(100), 10), `${'🦊'.repeat(9)}…`)
})

test('terminal escape sequences go whole, not just their ESC', () => {
  assert.is(outsideText('\u001B[31mRabbit\u001B[0m Wallet'), 'Rabbit Wallet')
  assert.is(outsideText('\u009B1;32mRabbit'), 'Rabbit')
  assert.is(outsideText('Rab\u001BMbit'), 'Rabbit')
})

test('plain text without hidden characters is shown as it is', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...'abcXYZ019 .-_<>&"\'/é日本🦊'), maxLength: 60 }), (text) => {
      const plain = text.replace(/\s+/g, ' ').trim()
      assert.is(outsideText(plain, 64), plain)
    }),
    RUNS,
  )
})

test('isPlainName refuses a name with any hidden character, accepts it without', () => {
  fc.assert(
    fc.property(
      fc.stringMatching(/^[a-z0-9]{1,20}\.reown\.id$/),
      fc.constantFrom(...HIDDEN_CHARACTERS),
      fc.nat(),
      (name, hidden, at) => {
        assert.ok(isPlainName(name))
        const index = at % name.length
        const spoof = `${name.slice(0, index)}${hidden}${name.slice(index)}`
        assert.ok(hasHiddenCharacter(spoof))
        assert.not.ok(isPlainName(spoof), JSON.stringify(spoof))
      },
    ),
    RUNS,
  )
  assert.not.ok(isPlainName(`${'a'.repeat(300)}.eth`), 'too long')
  assert.not.ok(isPlainName(42))
})

test.run()
