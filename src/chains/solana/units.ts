/**
 * Decimal amounts to and from base units (lamports, token units) without floating point.
 */

/**
 * `amount` (a decimal string in whole units) in base units.
 *
 * @throws Error when the amount is not a plain decimal or has more decimals than the token.
 * @example
 * ```ts
 * toBaseUnits('0.1', 9) // 100000000n
 * ```
 */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(amount.trim())
  if (!match || (match[1] === '' && !match[2])) throw new Error(`Invalid amount: ${amount}`)
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > decimals) throw new Error(`The amount has more than ${decimals} decimals`)
  return BigInt(match[1] || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}

/**
 * Base units as a decimal string in whole units, without trailing zeros.
 *
 * @example
 * ```ts
 * fromBaseUnits(1_500_000_000n, 9) // '1.5'
 * ```
 */
export function fromBaseUnits(value: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const whole = value / scale
  const fraction = (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}
