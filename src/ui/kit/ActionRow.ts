/** A row of buttons and links under a view's content, centred, wrapping when they do not fit. */
import { styled } from '../theme/stitches'

/** @internal */
export const ActionRow = styled('div', { display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: '$2' })
