/**
 * Token helpers shared by the Account and Send views: identity and amount/fiat formatting. Kept
 * out of `format.ts`, which the connect button loads with the page: these are only needed once a
 * view shows assets.
 */
import { FIAT_FORMAT } from '../core/constants'
import type { TokenBalance } from '../core/types'
import { numberFormat } from './number-format'

/** In the visitor's locale (`en-US` for English: SPEC §9's `$1,250.50`). */
const USD: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: FIAT_FORMAT.decimals,
  maximumFractionDigits: FIAT_FORMAT.decimals,
}

/**
 * A token quantity with at most 4 decimals, e.g. `'1234.56789'` → `'1,234.5679'`. A value that is
 * not a number (the balance service is remote input) is shown as is rather than as `NaN`.
 * @internal
 */
export function formatQuantity(numeric: string): string {
  const amount = Number(numeric)
  return numeric.trim() !== '' && Number.isFinite(amount)
    ? numberFormat({ maximumFractionDigits: 4 }).format(amount)
    : numeric
}

/**
 * A US dollar value with 2 decimals, e.g. `1250.5` → `'$1,250.50'`; empty when unknown.
 * @internal
 */
export function formatUsd(value: number | undefined): string {
  return value !== undefined && Number.isFinite(value) ? numberFormat(USD).format(value) : ''
}

/**
 * A token's identity: its CAIP-10 address, or chain and symbol for the native token (which has no
 * address).
 * @internal
 */
export function tokenKey(token: TokenBalance): string {
  return token.address ?? `${token.chainId}:${token.symbol}`
}
