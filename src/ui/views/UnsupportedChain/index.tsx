import { styled } from '../../theme/stitches'
import { DisconnectButton } from '../shared/DisconnectButton'
import { NetworkList } from '../shared/NetworkList'

const Body = styled('div', { display: 'grid', gap: '$3', padding: '0 $3' })

const Text = styled('p', { margin: '0 0 $1', textAlign: 'center', color: '$textMuted', fontSize: '$md' })

/**
 * Shown when the wallet is on a network the dapp does not support: switch to one it does, or
 * disconnect. Switching from here closes the modal (core's rule for leaving an unsupported network).
 * @internal
 */
export default function UnsupportedChainView() {
  return (
    <Body>
      <Text>This app doesn't support your current network. Switch to an available option to continue.</Text>
      <NetworkList />
      <DisconnectButton />
    </Body>
  )
}
