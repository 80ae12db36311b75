import { useSignals } from '@preact/signals-react/runtime'
import { isChainNamespace } from '../../../core/lib/caip'
import { findRequestedNetwork } from '../../../core/state/network'
import { currentData, pushView } from '../../../core/modal/router'
import type { ChainNamespace } from '../../../core/types'
import { Button } from '../../kit/Button'
import { NetworkBadge } from '../../kit/NetworkBadge'
import { Heading, Text } from '../../kit/text'
import { ViewBody } from '../../kit/ViewBody'
import { translator } from '../../../i18n/translate'
import networksEn from '../../../i18n/messages/en/networks'

const t = translator('networks', networksEn)

/** How a namespace is named to visitors. */
const NAMESPACE_NAMES: Record<ChainNamespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * The visitor picked a network of a namespace their wallet is not connected in (SPEC §4
 * "Network switching"): say so, and go to Connect for that namespace. Once a wallet connects
 * there, the picked network becomes the active one.
 * @internal
 */
export default function SwitchActiveChainView() {
  useSignals()
  const data = currentData.value
  // Router data can come from the dapp (`open({ view, data })`): only a known namespace counts.
  const namespace = isChainNamespace(data?.['namespace']) ? data['namespace'] : 'eip155'
  const caipNetworkId = String(data?.['caipNetworkId'] ?? '')
  const networkName = findRequestedNetwork(caipNetworkId)?.name ?? NAMESPACE_NAMES[namespace]
  const chain = NAMESPACE_NAMES[namespace]
  return (
    <ViewBody centered centerText>
      <NetworkBadge name={networkName} />
      <Heading>{t('switchTo', { name: networkName })}</Heading>
      <Text tone="muted">{t('notConnectedOn', { chain, network: networkName })}</Text>
      <Button type="button" wide onClick={() => pushView('Connect', { namespace, caipNetworkId })}>
        {t(/^[AEIOU]/.test(chain) ? 'connectChainWalletAn' : 'connectChainWalletA', { chain })}
      </Button>
    </ViewBody>
  )
}
