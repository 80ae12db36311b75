/** Number formats of the visitor's locale for the views that show amounts. */
import { intlLocale } from './format'

const numberFormats = new Map<string, Intl.NumberFormat>()

/**
 * A number format of the current locale (made once per locale and options).
 * @internal
 */
export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale()
  const key = `${locale} ${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)))
  return format
}
