/**
 * The Receive view (feature `receive`): the active address as a QR code and as text, a copy
 * button, and the networks of its namespace it can receive on. LAZY: declared in `./feature.ts`,
 * loaded when the Account view's Receive button is used.
 */
import { useSignals } from '@preact/signals-react/runtime'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { getNetworkState } from '../../core/state/network'
import type { AccountType, CaipNetwork, ChainNamespace } from '../../core/types'
import { Button } from '../../ui/kit/Button'
import { copyAddress } from '../../ui/kit/copy-address'
import { NetworkBadge } from '../../ui/kit/NetworkBadge'
import { QrCode } from '../../ui/kit/QrCode'
import { ViewBody } from '../../ui/kit/ViewBody'
import { AddressText, NetworkItem, NetworkItems, SectionTitle, WarningNote } from './styles'
import { translator } from '../../i18n/translate'
import receiveEn from '../../i18n/messages/en/receive'
import commonEn from '../../i18n/messages/en/common'

const t = translator('receive', receiveEn)
const c = translator('common', commonEn)

/** SPEC §3: a smart account exists only where it was deployed; sending elsewhere would not reach it. */
export const SMART_ACCOUNT_NOTE = receiveEn.smartAccountNote

/**
 * The kind of the active account: what the connector said about this address, else an
 * externally owned account (every connector SigKit has today gives those).
 * @internal
 */
export function accountType(namespace: ChainNamespace, address: string): AccountType {
  const same = (other: string) =>
    namespace === 'eip155' ? other.toLowerCase() === address.toLowerCase() : other === address
  return getAccountState(namespace).allAccounts.value.find((account) => same(account.address))?.type ?? 'eoa'
}

/**
 * The networks an address can receive on: the dapp's networks of its namespace (an address is the
 * same on every network of a namespace), or for a smart account those it is enabled on.
 * @internal
 */
export function receiveNetworks(namespace: ChainNamespace, smartAccount: boolean): readonly CaipNetwork[] {
  const state = getNetworkState(namespace)
  const networks = state.requestedCaipNetworks.value
  if (!smartAccount) return networks
  const enabled = new Set(state.smartAccountEnabledNetworks.value.map(String))
  return networks.filter((network) => enabled.has(String(network.id)) || enabled.has(network.caipNetworkId))
}

/**
 * The Receive view.
 * @internal
 */
export default function ReceiveView() {
  useSignals()
  const namespace = activeNamespace.value
  const address = namespace && getAccountState(namespace).address.value
  // Nothing to receive without an account.
  if (!namespace || !address) return null
  const smart = accountType(namespace, address) === 'smartAccount'
  const networks = receiveNetworks(namespace, smart)
  return (
    <ViewBody centered>
      <QrCode value={address} label={t('qrLabel', { address })} />
      <AddressText data-address="" dir="ltr">
        {address}
      </AddressText>
      <Button type="button" onClick={() => void copyAddress(address)}>
        {c('copyAddress')}
      </Button>
      <section aria-labelledby="sk-receive-networks">
        <SectionTitle id="sk-receive-networks">{smart ? t('smartAccountNetworks') : t('networks')}</SectionTitle>
        {smart && <WarningNote role="note">{t('smartAccountNote')}</WarningNote>}
        <NetworkItems>
          {networks.map((network) => (
            <NetworkItem key={network.caipNetworkId}>
              <NetworkBadge name={network.name} />
              {network.name}
            </NetworkItem>
          ))}
        </NetworkItems>
      </section>
    </ViewBody>
  )
}
