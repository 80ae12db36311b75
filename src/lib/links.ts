/**
 * Links and picture URLs from outside data (wallet listings, wallet announcements, API replies,
 * the secure frame's replies, storage). Every such URL goes through one of these before it
 * becomes an `href`, a navigation or an `<img src>`: a link opens only with an allowed scheme,
 * never `javascript:`, `data:`, `vbscript:`, `file:`, `blob:` or a browser-internal one. Picture
 * URLs are checked by `isImageUrl` (`validate.ts`), beside the other input guards the options and
 * the identity cache use.
 */
import { isHttpUrl } from './validate'

/** The longest link accepted: longer is not a link any service sends, only a payload. */
const MAX_LINK_LENGTH = 4096

/**
 * Schemes that run code, read local or in-memory content, or reach the browser's own pages: never
 * a wallet's app scheme, whatever a listing says.
 */
const REFUSED_SCHEME =
  /^((java|vb|live)script|data|file|blob|filesystem|about|view-source|intent|jar|resource|wss?|chrome|[a-z]+-extension):$/

/**
 * `value` when it is an absolute http(s) URL, else undefined: a web page from outside data (an
 * on-ramp checkout, a social login's provider page, a wallet's web app).
 *
 * @example
 * ```ts
 * webLink('https://pay.example/checkout?id=1') // 'https://pay.example/checkout?id=1'
 * webLink('javascript:alert(1)') // undefined
 * ```
 */
export function webLink(value: unknown): string | undefined {
  return isHttpUrl(value) && value.length <= MAX_LINK_LENGTH ? value : undefined
}

/**
 * `value` when it is an http(s) URL or a wallet's own app scheme (a deep link such as
 * `metamask://`), else undefined. Schemes that run code or read local content are refused.
 *
 * @example
 * ```ts
 * appLink('metamask://') // 'metamask://'
 * appLink('https://link.trustwallet.com') // 'https://link.trustwallet.com'
 * appLink('vbscript:msgbox') // undefined
 * ```
 */
export function appLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LINK_LENGTH) return undefined
  try {
    // The scheme as the browser reads it: lower case, leading spaces and controls, tabs and newlines dropped.
    return REFUSED_SCHEME.test(new URL(value).protocol) ? undefined : value
  } catch {
    return undefined
  }
}
