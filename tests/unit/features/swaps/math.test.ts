// The swap's arithmetic against figures worked out by hand from pool reserves: the sandbox's
// WETH/USDC pool (1000 ETH, 3 000 000 USDC, 0.3 % fee) and a constant-product output computed here
// the way the router does, then what the widget shows about it.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { fromBaseUnits, toBaseUnits } from '../../../../src/lib/units'
import {
  MAX_GAS_RESERVE,
  SWAP_INITIAL_GAS,
  SWAP_SLIPPAGE_PERCENT,
  exchangeRate,
  maxSpendable,
  minimumReceived,
  networkFeeUsd,
  priceImpact,
} from '../../../../src/features/swaps/math'

const ETH = 10n ** 18n
const USDC = 10n ** 6n

/** The router's getAmountOut: (in × 997 × reserveOut) / (reserveIn × 1000 + in × 997). */
function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const withFee = amountIn * 997n
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee)
}

test('0.1 ETH into the 1000 ETH / 3 000 000 USDC pool: output, rate, price impact, minimum', () => {
  const amountIn = toBaseUnits('0.1', 18) as bigint
  assert.is(amountIn, ETH / 10n)
  const out = amountOut(amountIn, 1000n * ETH, 3_000_000n * USDC)
  // By hand: 0.0997 × 3 000 000 / 1000.0997 = 299 100 / 1000.0997 = 299.0701823… USDC.
  assert.is(out, 299_070_182n)
  assert.is(fromBaseUnits(out, 6), '299.070182')
  assert.ok(Math.abs(exchangeRate(amountIn, 18, out, 6) - 2990.70182) < 1e-9)
  // At the pool's mid prices (ETH 3000, USDC 1): 300 USD in, 299.070182 out, (300 − 299.070182)
  // / 300 = 0.30994 % lost (the 0.3 % fee plus 0.0099 % along the curve).
  const impact = priceImpact(0.1, 3000, 299.070182, 1) as number
  assert.ok(Math.abs(impact - 0.309939333) < 1e-6, String(impact))
  // 1 % slippage: 299.070182 × 0.99 = 296.07948018 → cut to 296.079480.
  assert.is(minimumReceived(out, 1), 296_079_480n)
  assert.is(minimumReceived(out), minimumReceived(out, SWAP_SLIPPAGE_PERCENT))
})

test('a two-pool path (USDC → WETH → SKT) compounds fee and slippage', () => {
  const usdcIn = 500n * USDC
  const weth = amountOut(usdcIn, 3_000_000n * USDC, 1000n * ETH)
  const skt = amountOut(weth, 100n * ETH, 120_000n * ETH)
  // By hand: 498.5 × 1000 / 3 000 498.5 = 0.1661391… ETH; then 0.1656407 × 120 000 / 100.1656407
  // = 198.44007… SKT.
  assert.is(fromBaseUnits(weth, 18).slice(0, 8), '0.166139')
  assert.ok(Math.abs(Number(fromBaseUnits(skt, 18)) - 198.44007) < 0.0001, fromBaseUnits(skt, 18))
  const impact = priceImpact(500, 1, Number(fromBaseUnits(skt, 18)), 2.5) as number
  assert.ok(impact > 0.6 && impact < 0.9, String(impact))
  assert.is(minimumReceived(skt, 1), (skt * 9900n) / 10_000n)
})

test('minimumReceived: percent to basis points, rounded down, never above the quote', () => {
  assert.is(minimumReceived(1000n, 1), 990n)
  assert.is(minimumReceived(1000n, 0.5), 995n)
  assert.is(minimumReceived(999n, 1), 989n, '989.01 rounds down')
  assert.is(minimumReceived(1000n, 0), 1000n)
  assert.is(minimumReceived(0n, 1), 0n)
})

test('toBaseUnits and fromBaseUnits: exact, trailing zeros dropped, bad text refused', () => {
  assert.is(toBaseUnits('1250.5', 6), 1_250_500_000n)
  assert.is(toBaseUnits('.5', 6), 500_000n)
  assert.is(toBaseUnits('5.', 6), 5_000_000n)
  assert.is(toBaseUnits(' 2 ', 0), 2n)
  assert.is(toBaseUnits('0.1234567', 6), 123_456n, 'digits beyond the decimals are cut')
  for (const bad of ['', '.', 'abc', '1,5', '-1', '1e3', '1.2.3']) assert.is(toBaseUnits(bad, 6), undefined, bad)
  assert.is(fromBaseUnits(1_500_000n, 6), '1.5')
  assert.is(fromBaseUnits(5n, 6), '0.000005')
  assert.is(fromBaseUnits(0n, 18), '0')
  assert.is(fromBaseUnits(ETH, 18), '1')
})

test('priceImpact needs both prices and an input', () => {
  assert.is(priceImpact(1, undefined, 1, 1), undefined)
  assert.is(priceImpact(1, 1, 1, 0), undefined)
  assert.is(priceImpact(0, 1, 1, 1), undefined)
  assert.is(priceImpact(1, 1, 1.1, 1), -10.000000000000009)
})

test('network fee: 150 000 gas at 1 gwei with ETH at 3000 is 0.45 USD', () => {
  assert.is(SWAP_INITIAL_GAS, 150_000n)
  assert.ok(Math.abs((networkFeeUsd(SWAP_INITIAL_GAS, 10n ** 9n, 3000) as number) - 0.45) < 1e-12)
  assert.is(networkFeeUsd(SWAP_INITIAL_GAS, 10n ** 9n, undefined), undefined)
})

test('Max leaves gas for the native currency, spends a whole token', () => {
  const gasPrice = 2n * 10n ** 9n
  assert.is(maxSpendable(ETH, true, gasPrice), ETH - MAX_GAS_RESERVE * gasPrice)
  assert.is(maxSpendable(ETH, false, gasPrice), ETH)
  assert.is(maxSpendable(10n, true, gasPrice), 0n, 'a balance below the reserve spends nothing')
})

test.run()
