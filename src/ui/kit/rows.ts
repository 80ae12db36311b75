/** Lists of rows: a wallet, a network, a provider, each a full-width button in a plain list. */
import { styled } from '../theme/stitches'

/** A list without bullets or indent, its rows spaced apart. @internal */
export const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$2' })

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
})
