import { styled } from '../../theme/stitches'
import { NetworkList } from '../shared/NetworkList'

const Body = styled('div', { padding: '0 $3' })

/**
 * Choose Network: the dapp's networks, the active one marked; picking one asks the wallet.
 * @internal
 */
export default function SwitchNetworkView() {
  return (
    <Body>
      <NetworkList />
    </Body>
  )
}
