// The project's allowed origins come from the hosted API: a hostile list must neither hang the page
// (a pattern of many `*` used to backtrack for minutes) nor let a page through that no entry names.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { isOriginAllowed } from '../../../../src/core/config/remote-config'
import { RUNS, hostileText, wrongType } from '../../helpers/hostile'

const starry = fc
  .tuple(fc.integer({ min: 8, max: 40 }), fc.constantFrom('a', 'a.', '-', 'ab'), fc.constantFrom('b', 'z.com', '$', ''))
  .map(([count, part, end]) => `${`*${part}`.repeat(count)}${end}`)

test('any allowed-origins list is answered at once (no catastrophic backtracking)', () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(starry, hostileText, fc.string()), { maxLength: 6 }),
      fc.constantFrom(`https://${'a'.repeat(60)}.example`, `https://${'a.'.repeat(100)}com`, 'https://app.example.com'),
      (entries, origin) => {
        const started = performance.now()
        isOriginAllowed(origin, entries)
        const took = performance.now() - started
        assert.ok(took < 250, `${took.toFixed(0)} ms for ${JSON.stringify(entries).slice(0, 120)}`)
      },
    ),
    RUNS,
  )
})

test('a hostile entry allows only what it names: never another site', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(hostileText, fc.string()), { maxLength: 6 }), (entries) => {
      const safe = entries.filter((entry) => !entry.includes('*') && !/evil/i.test(entry))
      assert.not.ok(isOriginAllowed('https://evil.example', safe), JSON.stringify(safe).slice(0, 120))
    }),
    RUNS,
  )
  assert.ok(isOriginAllowed('https://app.example.com', ['https://*.example.com']))
  assert.ok(isOriginAllowed('https://app.example.com', ['*.example.com']))
  assert.not.ok(isOriginAllowed('https://app.example.com.evil.io', ['*.example.com']))
  assert.not.ok(isOriginAllowed('https://a/b.example.com', ['*.example.com']), 'a star never crosses a slash')
})

test('a list of the wrong type is never trusted', () => {
  fc.assert(
    fc.property(fc.array(wrongType, { maxLength: 4 }), (entries) => {
      const strings = entries.filter((entry): entry is string => typeof entry === 'string')
      assert.not.ok(
        isOriginAllowed(
          'https://evil.example',
          strings.filter((entry) => !entry.includes('*')),
        ),
      )
    }),
    RUNS,
  )
})

test.run()
