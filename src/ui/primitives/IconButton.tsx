import { styled } from '../theme/stitches'

/**
 * A square button holding only an icon; callers must give it an `aria-label`, which is its only
 * accessible name.
 * @internal
 */
export const IconButton = styled('button', {
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '$sm',
  color: '$text',
  cursor: 'pointer',
  '&:hover': { background: '$surfaceHover' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
})
