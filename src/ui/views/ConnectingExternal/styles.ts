import { styled } from '../../theme/stitches'
import { Text } from '../../kit/text'
import { ViewBody } from '../../kit/ViewBody'

/**
 * The body of the connecting views (this one and ConnectingWalletConnect), `centered` and
 * `centerText`: the wallet's logo or the QR code comes first, further from the header than other
 * views' parts.
 * @internal
 */
export const ConnectingBody = styled(ViewBody, { padding: '$4 $4 0' })

/** The wallet icon with room for the spinner ring around it. @internal */
export const IconFrame = styled('div', {
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  width: '88px',
  height: '88px',
})

/** Focusable so "Try again" can hand focus to it when the button itself goes away. @internal */
export const Status = styled(Text, { outline: 'none' })
