import { useSignals } from '@preact/signals-react/runtime'
import { orderedConnectors } from '../../../core/state/connectors'
import { List } from '../../kit/rows'
import ConnectingWalletConnectView from '../ConnectingWalletConnect'
import { WalletRow } from '../Connect/WalletSection'
import { translator } from '../../../i18n/translate'
import connectEn from '../../../i18n/messages/en/connect'

const t = translator('connect', connectEn)

/**
 * The basic variant of connecting through WalletConnect (SPEC §2: ConnectingWalletConnectBasic),
 * what WalletConnect's entry opens in basic mode: the pairing for any WalletConnect wallet (the QR
 * code on a desktop, copy-link on a phone) with the other ways to connect listed under it, so the
 * visitor chooses on one screen.
 * @internal
 */
export default function ConnectingWalletConnectBasicView() {
  useSignals()
  const others = orderedConnectors.value.filter((connector) => connector.type !== 'walletConnect')
  return (
    <>
      <ConnectingWalletConnectView />
      {others.length > 0 && (
        <List aria-label={t('otherWallets')}>
          {others.map((connector) => (
            <WalletRow key={connector.id} connector={connector} target={undefined} />
          ))}
        </List>
      )}
    </>
  )
}
