/**
 * Wallet links carrying a pairing URI. Built synchronously, so a tap can navigate at once (iOS
 * Safari blocks a navigation that follows an await).
 */

/**
 * The link that opens `link` (a wallet's `mobile_link`, `desktop_link` or `webapp_link`) with the
 * pairing URI: an http(s) link gets `/wc?uri=`, a custom scheme gets `://wc?uri=`.
 *
 * @example
 * ```ts
 * walletLink('metamask://', 'wc:abc@2?…') // 'metamask://wc?uri=wc%3Aabc%402%3F…'
 * walletLink('https://link.trustwallet.com', uri) // 'https://link.trustwallet.com/wc?uri=…'
 * ```
 */
export function walletLink(link: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (/^https?:\/\//i.test(link)) return `${link.replace(/\/+$/, '')}/wc?uri=${encoded}`
  const scheme = link.includes('://') ? link.slice(0, link.indexOf('://')) : link.replace(/[:/]+$/, '')
  return `${scheme}://wc?uri=${encoded}`
}

/**
 * Telegram mini apps open links through Telegram, which needs the URI encoded twice when the link
 * goes through its `startapp` parameter.
 *
 * @example
 * ```ts
 * telegramLink('https://t.me/wallet?attach=wallet', uri)
 * ```
 */
export function telegramLink(link: string, uri: string): string {
  return `${link}${link.includes('?') ? '&' : '?'}startapp=${encodeURIComponent(encodeURIComponent(uri))}`
}
