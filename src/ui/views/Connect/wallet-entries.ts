/**
 * The Connect list's entries that need nothing installed: WalletConnect (a QR code on a desktop,
 * the wallets a phone opens) and All Wallets, the full list, last. Listed when the modal first
 * opens, beside the installed wallets' discovery.
 */
import { getResolvedOptions } from '../../../core/config/appkit-state'
import { featuresState } from '../../../core/config/features'
import { CHAIN_NAMESPACES } from '../../../core/constants'
import { isMobile } from '../../../lib/device'
import { addConnectors, findConnector } from '../../../core/state/connectors'
import { isConnectorWithBehaviour } from '../../../core/connector'
import { walletConnectView } from '../../../connectors/walletconnect/view'

let listed = false

/**
 * Lists WalletConnect and All Wallets (once per page; not without a project id, which both need).
 * On a desktop, once Connect has painted and the page is idle, WalletConnect's provider loads and
 * a pairing is made, so its QR code paints at once on the click; on a phone the recent, featured
 * and recommended wallets are listed, and they prepare the pairing once painted.
 *
 * @example
 * ```ts
 * listWalletEntries()
 * ```
 */
export function listWalletEntries(): void {
  if (listed || typeof window === 'undefined' || getResolvedOptions()?.projectIdMissing) return
  listed = true
  const chains = CHAIN_NAMESPACES
  // A WalletConnect session restored on load listed the connector itself; an entry that only lists
  // it would replace it, and the session could no longer be ended (disconnect asks the connector).
  if (!isConnectorWithBehaviour(findConnector('walletConnect')))
    addConnectors([
      {
        id: 'walletConnect',
        name: 'WalletConnect',
        type: 'walletConnect',
        chains,
        view: walletConnectView(getResolvedOptions()),
      },
    ])
  // Last in the list (SPEC §9 order ends with recommended): the full wallet list.
  if (featuresState.peek().allWallets)
    addConnectors([{ id: 'allWallets', name: 'All Wallets', type: 'recommended', chains, view: 'AllWallets' }])
  if (isMobile()) void import('../../../headless/phone-wallets').then((phone) => phone.listPhoneWallets())
  else if (typeof requestIdleCallback === 'function')
    requestIdleCallback(
      () =>
        void import('../../../connectors/walletconnect')
          .then((walletConnect) => walletConnect.prepareWalletConnect())
          // A pairing made ahead that fails is made again when the visitor picks WalletConnect.
          .catch(() => undefined),
    )
}
