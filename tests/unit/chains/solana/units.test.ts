import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fromBaseUnits, toBaseUnitsExact as toBaseUnits } from '../../../../src/lib/units'

test('amounts become lamports and token units exactly, without floating point', () => {
  assert.is(toBaseUnits('0.1', 9), 100_000_000n)
  assert.is(toBaseUnits('1250.5', 6), 1_250_500_000n)
  assert.is(toBaseUnits('.5', 9), 500_000_000n)
  assert.is(toBaseUnits('3', 0), 3n)
  assert.is(toBaseUnits('0.300000000', 9), 300_000_000n, 'trailing zeros beyond the decimals are fine')
  // 0.1 + 0.2 in floating point is 0.30000000000000004; here every digit counts.
  assert.is(toBaseUnits('123456789.123456789', 9), 123_456_789_123_456_789n)
})

test('malformed amounts and too many decimals are refused with a clear reason', () => {
  assert.throws(() => toBaseUnits('0.0000000001', 9), /more than 9 decimals/)
  for (const bad of ['', '.', '-1', '1e9', '1,5', 'abc'])
    assert.throws(() => toBaseUnits(bad, 9), /Invalid amount/, bad)
})

test('base units read back as the shortest decimal', () => {
  assert.is(fromBaseUnits(1_500_000_000n, 9), '1.5')
  assert.is(fromBaseUnits(10_000_000_000n, 9), '10')
  assert.is(fromBaseUnits(1n, 9), '0.000000001')
  assert.is(fromBaseUnits(0n, 6), '0')
  assert.is(fromBaseUnits(toBaseUnits('42.000017', 6), 6), '42.000017')
})

test.run()
