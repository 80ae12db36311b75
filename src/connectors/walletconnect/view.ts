/**
 * Which view WalletConnect's entry opens (SPEC §2): in basic mode the basic variant,
 * ConnectingWalletConnectBasic (the QR code with the other wallets under it), else
 * ConnectingWalletConnect. Light on purpose: the Connect list's entry imports it at first open.
 */

/** The views WalletConnect's entry can open. */
export type WalletConnectView = 'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic'

/**
 * The view WalletConnect's entry opens for these options.
 *
 * @example
 * ```ts
 * walletConnectView({ basic: true }) // 'ConnectingWalletConnectBasic'
 * ```
 */
export function walletConnectView(options: { basic?: boolean } | undefined): WalletConnectView {
  return options?.basic ? 'ConnectingWalletConnectBasic' : 'ConnectingWalletConnect'
}
