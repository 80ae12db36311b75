import { localeState } from '../i18n/translate'

/**
 * `0x1234…abcd`: enough of an address to recognise it, short enough for a button.
 * @internal
 */
export function shortAddress(address: string): string {
  return address.length <= 13 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * The locale `Intl` formats in: the visitor's, `en-US` for English (SPEC §9's formats), always with
 * Latin digits, as wallets and block explorers write amounts.
 * @internal
 */
export function intlLocale(): string {
  const tag = localeState.tag.value
  return `${tag === 'en' ? 'en-US' : tag}-u-nu-latn`
}

/**
 * A balance with at most 3 decimals (SPEC §9 amount display), trailing zeros dropped; a value that
 * is not a finite number is shown as is rather than as `NaN`.
 * @internal
 */
export function formatBalance(value: string, symbol: string): string {
  const amount = Number(value)
  const shown = Number.isFinite(amount) ? amount.toLocaleString(intlLocale(), { maximumFractionDigits: 3 }) : value
  return symbol ? `${shown} ${symbol}` : shown
}
