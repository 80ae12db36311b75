import { styled } from '../theme/stitches'

/** A full-width, keyboard-reachable row such as a wallet in the Connect list. @internal */
export const ListItem = styled('button', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  width: '100%',
  minHeight: '$control',
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
  color: '$text',
  fontSize: '$md',
  '&:hover': { background: '$surfaceHover' },
  '&[disabled]': { opacity: 0.5, cursor: 'not-allowed' },
})
