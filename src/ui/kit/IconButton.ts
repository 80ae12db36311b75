/** A square button holding only an icon: the modal's back and close, a toast's dismiss, copy. */
import { styled } from '../theme/stitches'

/**
 * Callers must give it an `aria-label`, which is its only accessible name.
 * @internal
 */
export const IconButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '$sm',
  color: '$text',
  '&:hover': { background: '$surfaceHover' },
})
