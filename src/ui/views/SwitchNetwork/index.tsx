import { useSignals } from '@preact/signals-react/runtime'
import { currentData } from '../../../core/modal/router'
import { findRequestedNetwork } from '../../../core/state/network'
import { ViewBody } from '../../kit/ViewBody'
import { NetworkList } from '../shared/NetworkList'
import { SwitchApproval } from './SwitchApproval'

/**
 * SwitchNetwork (SPEC §2, §4). Without a network in its data it is Choose Network: the dapp's
 * networks, the active one marked. With one (`{ caipNetworkId }`, pushed when a network is picked or
 * opened by the dapp) it asks the wallet to switch to it and waits.
 * @internal
 */
export default function SwitchNetworkView() {
  useSignals()
  const caipNetworkId = currentData.value?.['caipNetworkId']
  // Router data can come from the dapp (`open({ view, data })`): only one of its networks counts.
  const target = typeof caipNetworkId === 'string' ? findRequestedNetwork(caipNetworkId) : undefined
  if (target) return <SwitchApproval key={target.caipNetworkId} network={target} />
  return (
    <ViewBody>
      <NetworkList />
    </ViewBody>
  )
}
