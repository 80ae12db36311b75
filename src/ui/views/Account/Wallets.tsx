import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { featuresState } from '../../../core/config/features'
import { pushView } from '../../../core/modal/router'
import { showErrorToast } from '../../../core/modal/toasts'
import type { ChainNamespace } from '../../../core/types'
import { disconnectConnection, switchConnection } from '../../../core/wallet/connect'
import { connectionsData, type WalletConnection } from '../../../core/wallet/connections'
import { shortAddress } from '../../format'
import { List } from '../../kit/rows'
import { SmallButton } from '../../kit/SmallButton'
import { Hint } from '../../kit/text'
import { WalletInitial, WalletLogo } from '../../kit/WalletLogo'
import { styled } from '../../theme/stitches'
import { translator } from '../../../i18n/translate'
import accountEn from '../../../i18n/messages/en/account'

const t = translator('account', accountEn)

const Row = styled('li', { display: 'flex', alignItems: 'center', gap: '$2', fontSize: '$sm' })
const Who = styled('span', { flex: 1, display: 'grid', minWidth: 0 })
const Small = { width: '28px', height: '28px' }

/**
 * The wallets connected at once in the namespace (AppKit's ProfileWallets, in the Account view):
 * each with its account, the active one marked, the others to switch to; each can be
 * disconnected alone; "Add wallet" opens Connect for the namespace, to connect another beside them. Shown with
 * multi-wallet on (`features.multiWallet`, default on). Loaded with the Account view, in its own chunk.
 * @internal
 */
export default function Wallets({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  const busy = useSignal<string | undefined>(undefined)
  if (!featuresState.value.multiWallet) return null
  const { connections } = connectionsData(namespace)
  const act = async (connectorId: string, action: () => Promise<void>, failure: string) => {
    if (busy.value) return
    busy.value = connectorId
    try {
      await action()
    } catch {
      showErrorToast(failure)
    } finally {
      busy.value = undefined
    }
  }
  const row = (connection: WalletConnection, index: number) => {
    const address = connection.accounts[0]?.address ?? ''
    const name = connection.name ?? connection.connectorId
    const { connectorId } = connection
    return (
      <Row key={connectorId} data-connector={connectorId}>
        {connection.icon ? (
          <WalletLogo src={connection.icon} alt="" css={Small} />
        ) : (
          <WalletInitial aria-hidden="true" css={Small}>
            {name.charAt(0)}
          </WalletInitial>
        )}
        <Who>
          <span>{name}</span>
          <Hint title={address}>{shortAddress(address)}</Hint>
        </Who>
        {index === 0 ? (
          <Hint>{t('activeWallet')}</Hint>
        ) : (
          <SmallButton
            type="button"
            aria-label={t('switchTo', { name })}
            disabled={busy.value !== undefined}
            onClick={() => act(connectorId, () => switchConnection(namespace, connectorId), t('switchFailed'))}
          >
            {t('switchWallet')}
          </SmallButton>
        )}
        <SmallButton
          type="button"
          aria-label={t('disconnectWallet', { name })}
          disabled={busy.value !== undefined}
          onClick={() => act(connectorId, () => disconnectConnection(namespace, connectorId), t('disconnectFailed'))}
        >
          {t('disconnect')}
        </SmallButton>
      </Row>
    )
  }
  return (
    <section aria-label={t('connectedWallets')}>
      {connections.length > 1 && <List>{connections.map(row)}</List>}
      <SmallButton type="button" onClick={() => pushView('Connect', { namespace })}>
        {t('addWallet')}
      </SmallButton>
    </section>
  )
}
