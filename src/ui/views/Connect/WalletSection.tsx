import type { ComponentType } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { orderedConnectors, type ConnectorInfo } from '../../../core/state/connectors'
import { currentData, pushView } from '../../../core/modal/router'
import type { ChainNamespace } from '../../../core/types'
import { AllWalletsIcon, WalletConnectIcon } from '../../kit/icons'
import { List, ListItem } from '../../kit/rows'
import { Text } from '../../kit/text'
import { WalletInitial, WalletLogo } from '../../kit/WalletLogo'
import { styled } from '../../theme/stitches'
import { translator } from '../../../i18n/translate'
import connectEn from '../../../i18n/messages/en/connect'

const t = translator('connect', connectEn)

const Empty = styled(Text, { padding: '$3', defaultVariants: { tone: 'muted', centered: true } })

/** The rows that are not a wallet of their own draw their mark rather than a letter. */
const ROW_ICONS: Record<string, ComponentType> = { walletConnect: WalletConnectIcon, allWallets: AllWalletsIcon }

/** What Connect was opened for: a namespace to add (from SwitchActiveChain) and its network. */
type Target = Record<string, unknown> | undefined

/**
 * One wallet of the list: its logo (or initial, or WalletConnect's and All Wallets' marks) and
 * name; picking it opens its view.
 * @internal
 */
export function WalletRow({ connector, target }: { connector: ConnectorInfo; target: Target }) {
  const Icon = ROW_ICONS[connector.id]
  return (
    <li>
      <ListItem
        type="button"
        onClick={() => {
          connector.open?.()
          pushView(
            connector.view ?? 'ConnectingExternal',
            connector.viewData ?? (connector.view ? undefined : { ...target, connectorId: connector.id }),
          )
        }}
      >
        {connector.imageUrl ? (
          <WalletLogo src={connector.imageUrl} alt="" width={40} height={40} />
        ) : (
          <WalletInitial aria-hidden="true">{Icon ? <Icon /> : connector.name.slice(0, 1).toUpperCase()}</WalletInitial>
        )}
        {/* All Wallets is SigKit's own row, named in the visitor's language; wallets keep their names. */}
        <span>{connector.id === 'allWallets' ? t('allWallets') : connector.name}</span>
      </ListItem>
    </li>
  )
}

/**
 * The wallets a visitor can connect with, in the connector order of SPEC §9.
 * @internal
 */
export function WalletSection() {
  useSignals()
  // Opening the modal asks the installed wallets to announce themselves before it renders (see
  // createAppKit), so an empty list here means none answered.
  const target = currentData.value
  const namespace = target?.['namespace'] as ChainNamespace | undefined
  const connectors = orderedConnectors.value.filter((connector) => !namespace || connector.chains.includes(namespace))
  return (
    <section data-method="wallet" aria-label={t('walletsSection')}>
      {connectors.length > 0 ? (
        <List aria-label={t('wallets')}>
          {connectors.map((connector) => (
            <WalletRow key={connector.id} connector={connector} target={namespace && target} />
          ))}
        </List>
      ) : (
        <Empty>{t('noWallet')}</Empty>
      )}
    </section>
  )
}
