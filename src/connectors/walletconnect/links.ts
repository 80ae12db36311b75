/**
 * Wallet links carrying a pairing URI. Built synchronously, so a tap can navigate at once (iOS
 * Safari blocks a navigation that follows an await).
 */
import { appLink } from '../../lib/links'

/**
 * The link that opens `link` (a wallet's `mobile_link`, `desktop_link` or `webapp_link`) with the
 * pairing URI: an http(s) link gets `/wc?uri=`, a custom scheme gets `://wc?uri=`. Inside Telegram
 * on Android the URI is encoded twice: Telegram decodes a link once before handing it to the app.
 * Undefined when the link's scheme is refused (`javascript:`, `data:`…: see `appLink`), whether
 * it came from the wallet API or from storage.
 *
 * @example
 * ```ts
 * walletLink('metamask://', 'wc:abc@2?…') // 'metamask://wc?uri=wc%3Aabc%402%3F…'
 * walletLink('https://link.trustwallet.com', uri) // 'https://link.trustwallet.com/wc?uri=…'
 * ```
 */
export function walletLink(link: string, uri: string, { telegramAndroid = false } = {}): string | undefined {
  const once = encodeURIComponent(uri)
  const encoded = telegramAndroid ? encodeURIComponent(once) : once
  if (/^https?:\/\//i.test(link)) return appLink(`${link.replace(/\/+$/, '')}/wc?uri=${encoded}`)
  const scheme = link.includes('://') ? link.slice(0, link.indexOf('://')) : link.replace(/[:/]+$/, '')
  return appLink(`${scheme}://wc?uri=${encoded}`)
}

/**
 * Whether the page runs inside Telegram (a mini app or its in-app browser).
 *
 * @example
 * ```ts
 * window.open(href, isTelegram() ? '_blank' : '_self')
 * ```
 */
export function isTelegram(): boolean {
  if (typeof window === 'undefined') return false
  const scope = window as { Telegram?: unknown; TelegramWebviewProxy?: unknown; TelegramWebviewProxyProto?: unknown }
  return Boolean(scope.TelegramWebviewProxy || scope.Telegram || scope.TelegramWebviewProxyProto)
}

/**
 * The wallets that, when not injected on a phone, are opened through their in-app browser with the
 * dapp's page instead of pairing (SPEC §2: two Solana wallets and one other), by rdns.
 */
const IN_APP_BROWSERS: Record<string, (page: string, origin: string) => string> = {
  'app.phantom': (page, origin) =>
    `https://phantom.app/ul/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent(origin)}`,
  'com.solflare': (page, origin) =>
    `https://solflare.com/ul/v1/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent(origin)}`,
  'com.coinbase.wallet': (page) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`,
}

/**
 * The link that reopens `page` inside the wallet's own browser, for the wallets that work that way.
 *
 * @example
 * ```ts
 * inAppBrowserLink({ rdns: 'app.phantom' }, 'https://my.dapp/swap') // 'https://phantom.app/ul/browse/…'
 * ```
 */
export function inAppBrowserLink(wallet: { rdns?: string | null }, page: string): string | undefined {
  const link = wallet.rdns ? IN_APP_BROWSERS[wallet.rdns] : undefined
  return link?.(page, new URL(page).origin)
}
