/**
 * Decimal amounts to and from base units (wei, lamports, token units) as bigints, without floating
 * point. Text becomes base units in two ways, for two kinds of caller: {@link toBaseUnits} reads what
 * a visitor is typing (undefined while it is not a number, digits a token cannot hold cut), and
 * {@link toBaseUnitsExact} an amount that must arrive on chain exactly as written (it throws
 * rather than drop a digit).
 */

/** A plain non-negative decimal: digits, optionally a point and more digits (`'1.5'`, `'.5'`, `'5.'`). */
const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** The whole and fraction digits of a plain decimal (spaces around it allowed), or undefined. */
function splitDecimal(text: string): { whole: string; fraction: string } | undefined {
  const match = DECIMAL.exec(text.trim())
  if (!match || (match[1] === '' && !match[2])) return undefined
  return { whole: match[1] || '0', fraction: match[2] ?? '' }
}

/**
 * Decimal text in whole units → base units, or undefined when it is not a plain non-negative
 * decimal (`'1,5'`, `'-1'`, `'1e3'`, `''`). Digits beyond `decimals` are cut, not rounded: no token
 * can move them, and a typed amount never grows past what was typed.
 *
 * @example
 * ```ts
 * toBaseUnits('0.1', 18) // 100000000000000000n
 * toBaseUnits('0.1234567', 6) // 123456n
 * toBaseUnits('abc', 6) // undefined
 * ```
 */
export function toBaseUnits(text: string, decimals: number): bigint | undefined {
  const parts = splitDecimal(text)
  if (!parts) return undefined
  return BigInt(parts.whole + parts.fraction.slice(0, decimals).padEnd(decimals, '0'))
}

/**
 * Decimal text in whole units → exactly those base units. Trailing zeros beyond `decimals` are
 * fine (`'0.300000000'` with 9); any other digit there would be lost, so it throws instead.
 *
 * @throws Error `Invalid amount: …` when the text is not a plain non-negative decimal, or
 *   `The amount has more than {decimals} decimals`.
 * @example
 * ```ts
 * toBaseUnitsExact('0.1', 9) // 100000000n
 * toBaseUnitsExact('0.0000000001', 9) // throws
 * ```
 */
export function toBaseUnitsExact(amount: string, decimals: number): bigint {
  const parts = splitDecimal(amount)
  if (!parts) throw new Error(`Invalid amount: ${amount}`)
  const fraction = parts.fraction.replace(/0+$/, '')
  if (fraction.length > decimals) throw new Error(`The amount has more than ${decimals} decimals`)
  return BigInt(parts.whole + fraction.padEnd(decimals, '0'))
}

/**
 * Base units → decimal text in whole units, without trailing zeros (a negative value keeps its
 * sign: a difference of two amounts).
 *
 * @example
 * ```ts
 * fromBaseUnits(1_500_000n, 6) // '1.5'
 * fromBaseUnits(1n, 9) // '0.000000001'
 * ```
 */
export function fromBaseUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
