/** A view's content under the modal's header: its parts in a column, inset from the modal's edges. */
import { styled } from '../theme/stitches'

/**
 * `spacing` tight for a list's parts, loose for the account's sections; `centered` for parts
 * shown at their own width (a QR code, a code entry, a status); `centerText` for a message view.
 * @internal
 */
export const ViewBody = styled('div', {
  display: 'grid',
  // One column as wide as the modal: a long word (a German compound, a name) wraps inside it
  // rather than widening the view past the modal's edge.
  gridTemplateColumns: 'minmax(0, 1fr)',
  overflowWrap: 'break-word',
  gap: '$3',
  padding: '0 $3',
  variants: {
    spacing: { tight: { gap: '$2' }, loose: { gap: '$4' } },
    centered: { true: { justifyItems: 'center' } },
    centerText: { true: { textAlign: 'center' } },
  },
})
