/**
 * What kind of device the visitor is on.
 */

/**
 * Whether the visitor is on a phone or tablet (iPadOS reports itself as a Mac with touch): which
 * wallets to offer, and whether WalletConnect shows a QR code or opens a wallet.
 *
 * @example
 * ```ts
 * if (isMobile()) openDeepLink(uri)
 * ```
 */
export function isMobile(): boolean {
  if (typeof navigator === 'undefined') return false
  const agent = navigator.userAgent
  if (/Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(agent)) return true
  return navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1
}
