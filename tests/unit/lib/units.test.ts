// The one conversion between decimal text and base units: the swap form's reading of what is typed
// (undefined on bad text, extra digits cut) and the exact reading sends and payments need (throws
// rather than lose a digit), at the decimals tokens have: 0, 6 (USDC), 9 (SOL), 18 (ETH).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fromBaseUnits, toBaseUnits, toBaseUnitsExact } from '../../../src/lib/units'

const BAD_TEXT = ['', ' ', '.', 'abc', '1,5', '-1', '+1', '1e3', '1.2.3', '0x10', '½']

test('whole amounts at 0, 6, 9 and 18 decimals', () => {
  for (const [decimals, one] of [
    [0, 1n],
    [6, 1_000_000n],
    [9, 1_000_000_000n],
    [18, 10n ** 18n],
  ] as const) {
    assert.is(toBaseUnits('3', decimals), 3n * one, `lenient, ${decimals}`)
    assert.is(toBaseUnitsExact('3', decimals), 3n * one, `exact, ${decimals}`)
    assert.is(fromBaseUnits(3n * one, decimals), '3', `back, ${decimals}`)
  }
})

test('fractions are exact, with no floating point on the way', () => {
  assert.is(toBaseUnits('1250.5', 6), 1_250_500_000n)
  assert.is(toBaseUnitsExact('1250.5', 6), 1_250_500_000n)
  assert.is(toBaseUnitsExact('0.000000001', 9), 1n)
  assert.is(toBaseUnits('0.000000000000000001', 18), 1n)
  // 0.1 + 0.2 is 0.30000000000000004 in floating point; here every digit counts.
  assert.is(toBaseUnitsExact('123456789.123456789', 9), 123_456_789_123_456_789n)
  assert.is(toBaseUnits('0.3', 18), 300_000_000_000_000_000n)
})

test('a point without digits on one side, leading zeros and spaces around the number are read', () => {
  for (const read of [toBaseUnits, toBaseUnitsExact]) {
    assert.is(read('.5', 6), 500_000n)
    assert.is(read('5.', 6), 5_000_000n)
    assert.is(read('007.25', 6), 7_250_000n)
    assert.is(read(' 2 ', 0), 2n)
    assert.is(read('0', 18), 0n)
  }
})

test('digits beyond the decimals: cut when reading typed text, refused when it must be exact', () => {
  assert.is(toBaseUnits('0.1234567', 6), 123_456n, 'cut, never rounded up')
  assert.is(toBaseUnits('0.9999999', 6), 999_999n)
  assert.is(toBaseUnits('1.5', 0), 1n)
  assert.throws(() => toBaseUnitsExact('0.1234567', 6), /more than 6 decimals/)
  assert.throws(() => toBaseUnitsExact('1.5', 0), /more than 0 decimals/)
  // Zeros there lose nothing.
  assert.is(toBaseUnitsExact('0.300000000', 9), 300_000_000n)
  assert.is(toBaseUnitsExact('2.000', 0), 2n)
})

test('text that is not a plain non-negative decimal: undefined, or an error naming it', () => {
  for (const bad of BAD_TEXT) {
    assert.is(toBaseUnits(bad, 6), undefined, bad)
    assert.throws(
      () => toBaseUnitsExact(bad, 6),
      (error: Error) => error.message === `Invalid amount: ${bad}`,
      bad,
    )
  }
})

test('base units read back as the shortest decimal, a negative difference with its sign', () => {
  assert.is(fromBaseUnits(1_500_000n, 6), '1.5')
  assert.is(fromBaseUnits(5n, 6), '0.000005')
  assert.is(fromBaseUnits(1n, 9), '0.000000001')
  assert.is(fromBaseUnits(10_000_000_000n, 9), '10')
  assert.is(fromBaseUnits(0n, 18), '0')
  assert.is(fromBaseUnits(7n, 0), '7')
  assert.is(fromBaseUnits(-1_500_000n, 6), '-1.5')
  assert.is(fromBaseUnits(-5n, 6), '-0.000005')
})

test('text → base units → text gives the number back', () => {
  for (const [text, decimals] of [
    ['42.000017', 6],
    ['0.1', 18],
    ['123456789.123456789', 9],
    ['12', 0],
  ] as const) {
    assert.is(fromBaseUnits(toBaseUnitsExact(text, decimals), decimals), text)
    assert.is(fromBaseUnits(toBaseUnits(text, decimals) as bigint, decimals), text)
  }
})

// Solana's amounts: lamports (9 decimals) and token units, read exactly as a send needs them.
test('amounts become lamports and token units exactly, without floating point', () => {
  assert.is(toBaseUnitsExact('0.1', 9), 100_000_000n)
  assert.is(toBaseUnitsExact('1250.5', 6), 1_250_500_000n)
  assert.is(toBaseUnitsExact('.5', 9), 500_000_000n)
  assert.is(toBaseUnitsExact('3', 0), 3n)
  assert.is(toBaseUnitsExact('0.300000000', 9), 300_000_000n, 'trailing zeros beyond the decimals are fine')
  // 0.1 + 0.2 in floating point is 0.30000000000000004; here every digit counts.
  assert.is(toBaseUnitsExact('123456789.123456789', 9), 123_456_789_123_456_789n)
})

test('malformed amounts and too many decimals are refused with a clear reason', () => {
  assert.throws(() => toBaseUnitsExact('0.0000000001', 9), /more than 9 decimals/)
  for (const bad of ['', '.', '-1', '1e9', '1,5', 'abc'])
    assert.throws(() => toBaseUnitsExact(bad, 9), /Invalid amount/, bad)
})

test('base units read back as the shortest decimal', () => {
  assert.is(fromBaseUnits(1_500_000_000n, 9), '1.5')
  assert.is(fromBaseUnits(10_000_000_000n, 9), '10')
  assert.is(fromBaseUnits(1n, 9), '0.000000001')
  assert.is(fromBaseUnits(0n, 6), '0')
  assert.is(fromBaseUnits(toBaseUnitsExact('42.000017', 6), 6), '42.000017')
})

test.run()
