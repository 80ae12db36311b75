import { ViewBody } from '../../kit/ViewBody'
import { NetworkList } from '../shared/NetworkList'

/**
 * Choose Network: the dapp's networks, the active one marked; picking one asks the wallet.
 * @internal
 */
export default function SwitchNetworkView() {
  return (
    <ViewBody>
      <NetworkList />
    </ViewBody>
  )
}
