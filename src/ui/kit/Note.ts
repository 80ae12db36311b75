/** A notice on a muted panel: an estimate, a result, what a payment still needs. */
import { styled } from '../theme/stitches'

/** @internal */
export const Note = styled('p', {
  margin: 0,
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
  color: '$text',
  fontSize: '$sm',
})
