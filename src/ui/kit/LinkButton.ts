/** A link drawn as the primary button: it opens a wallet, its web app, or Farcaster. */
import { styled } from '../theme/stitches'

/** @internal */
export const LinkButton = styled('a', {
  display: 'inline-flex',
  alignItems: 'center',
  padding: '$2 $4',
  borderRadius: '$full',
  background: '$accent',
  color: '$accentText',
  fontWeight: 600,
  textDecoration: 'none',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
})
