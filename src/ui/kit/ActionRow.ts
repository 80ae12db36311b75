/** A row of buttons and links under a view's content, centred, wrapping when they do not fit. */
import { styled } from '../theme/stitches'

/** @internal */
export const ActionRow = styled('div', { display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: '$2' })

/**
 * A centred line of small muted text and text buttons inside a view: the embedded wallet's
 * settings, the offer to choose a name.
 * @internal
 */
export const QuietRow = styled(ActionRow, { alignItems: 'center', color: '$textMuted', fontSize: '$sm' })
