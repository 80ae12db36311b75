import { Text } from '../../kit/text'
import { ViewBody } from '../../kit/ViewBody'
import { styled } from '../../theme/stitches'
import { DisconnectButton } from '../shared/DisconnectButton'
import { NetworkList } from '../shared/NetworkList'
import { translator } from '../../../i18n/translate'
import networksEn from '../../../i18n/messages/en/networks'

const t = translator('networks', networksEn)

/** A little further from the list than the view's gap: it introduces the list as a whole. */
const Intro = styled(Text, { marginBottom: '$1', defaultVariants: { tone: 'muted', centered: true } })

/**
 * Shown when the wallet is on a network the dapp does not support: switch to one it does, or
 * disconnect. Switching from here closes the modal (core's rule for leaving an unsupported network).
 * @internal
 */
export default function UnsupportedChainView() {
  return (
    <ViewBody>
      <Intro>{t('unsupported')}</Intro>
      <NetworkList />
      <DisconnectButton />
    </ViewBody>
  )
}
