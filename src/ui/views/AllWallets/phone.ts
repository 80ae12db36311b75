/**
 * Phones: a tap on a wallet must open it in that same tap (iOS Safari blocks a navigation that
 * follows an await), so the pairing URI is fetched when the list opens, before any tap.
 */
import { connectionState } from '../../../core/state/connection'
import { isMobile } from '../../../core/state/connectors'
import { connectionSignals, hasValidPairing } from '../../../core/state/pairing'
import type { WalletListing } from '../../../core/types'
import { inAppBrowserLink, isTelegram, walletLink } from '../../../connectors/walletconnect/links'

/**
 * On a phone, starts a WalletConnect pairing now so its URI is ready when the visitor taps.
 * @internal
 */
export function preparePairing(): void {
  if (!isMobile() || hasValidPairing()) return
  void import('../../../connectors/walletconnect')
    .then((walletConnect) => walletConnect.connectWalletConnect())
    .catch(() => undefined)
}

/**
 * On a phone, opens the tapped wallet at once: its in-app browser for the wallets that work that
 * way, else its `mobile_link` with the encoded pairing URI. Returns whether it did.
 * @internal
 */
export function openOnPhone(wallet: WalletListing): boolean {
  if (!isMobile()) return false
  let href = inAppBrowserLink(wallet, location.href)
  const uri = connectionState.wcUri.peek()
  if (!href && wallet.mobile_link && uri && hasValidPairing()) {
    href = walletLink(wallet.mobile_link, uri, {
      telegramAndroid: isTelegram() && /Android/i.test(navigator.userAgent),
    })
    connectionSignals.wcLinking.value = { href, name: wallet.name }
    connectionSignals.recentWallet.value = wallet
  }
  if (!href) return false
  // Telegram's webview does not follow a wallet link in place; it opens it outside.
  window.open(href, isTelegram() ? '_blank' : '_self', 'noreferrer noopener')
  return true
}
