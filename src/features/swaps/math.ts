/**
 * The swap's arithmetic (HOSTED-API §6.1): the minimum received after slippage, price impact, the
 * network fee in USD, the rate, and what Max may spend. Amounts stay bigints in base units
 * (`lib/units` converts them from and to text) so nothing rounds on the way to the chain; only
 * what is shown becomes a number.
 */
import { fromBaseUnits } from '../../lib/units'

/** Slippage tolerance in percent (SPEC §9, `CONVERT_SLIPPAGE_TOLERANCE`). */
export const SWAP_SLIPPAGE_PERCENT = 1

/** Gas limit of a swap before the API built it, for the fee estimate (HOSTED-API §6.1). */
export const SWAP_INITIAL_GAS = 150_000n

/**
 * Gas Max leaves unspent of a native balance: twice a generous swap (300 000, what the API
 * assumes when it cannot estimate), so a fee that rises between Max and signing still fits.
 */
export const MAX_GAS_RESERVE = 600_000n

/**
 * The least a swap may pay out at `slippagePercent` below the quote, in the same base units;
 * the router reverts below it. Rounded down, as the API rounds the calldata's minimum.
 *
 * @example
 * ```ts
 * minimumReceived(299_000_000n, 1) // 296_010_000n
 * ```
 */
export function minimumReceived(toAmount: bigint, slippagePercent: number = SWAP_SLIPPAGE_PERCENT): bigint {
  return (toAmount * BigInt(10_000 - Math.round(slippagePercent * 100))) / 10_000n
}

/**
 * Price impact in percent: how much less the output is worth than the input at market prices,
 * (in × inPrice − out × outPrice) / (in × inPrice) × 100. Undefined without both prices.
 *
 * @example
 * ```ts
 * priceImpact(1, 3000, 2990, 1) // 0.333…
 * ```
 */
export function priceImpact(
  amountIn: number,
  priceIn: number | undefined,
  amountOut: number,
  priceOut: number | undefined,
): number | undefined {
  if (!priceIn || !priceOut || !(amountIn > 0)) return undefined
  const valueIn = amountIn * priceIn
  return ((valueIn - amountOut * priceOut) / valueIn) * 100
}

/**
 * The network fee in USD: gas × gas price in the native currency, times its price.
 *
 * @example
 * ```ts
 * networkFeeUsd(150_000n, 10n ** 9n, 3000) // 0.45
 * ```
 */
export function networkFeeUsd(
  gas: bigint,
  gasPrice: bigint,
  nativePrice: number | undefined,
  nativeDecimals = 18,
): number | undefined {
  if (!nativePrice) return undefined
  return Number(fromBaseUnits(gas * gasPrice, nativeDecimals)) * nativePrice
}

/**
 * How much of the output token one whole input token buys at this quote.
 *
 * @example
 * ```ts
 * exchangeRate(10n ** 17n, 18, 299_000_000n, 6) // 2990
 * ```
 */
export function exchangeRate(fromAmount: bigint, fromDecimals: number, toAmount: bigint, toDecimals: number): number {
  const from = Number(fromBaseUnits(fromAmount, fromDecimals))
  return from > 0 ? Number(fromBaseUnits(toAmount, toDecimals)) / from : 0
}

/**
 * What Max fills in: the whole balance of a token, or of the native currency what remains after
 * {@link MAX_GAS_RESERVE} gas at `gasPrice` (nothing when that is more than the balance).
 *
 * @example
 * ```ts
 * maxSpendable(10n ** 18n, true, 10n ** 9n) // 10n ** 18n - 600_000n * 10n ** 9n
 * ```
 */
export function maxSpendable(balance: bigint, native: boolean, gasPrice: bigint | undefined): bigint {
  if (!native) return balance
  const reserve = MAX_GAS_RESERVE * (gasPrice ?? 0n)
  return balance > reserve ? balance - reserve : 0n
}
