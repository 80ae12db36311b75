import { Input } from '../../kit/form'
import { Text } from '../../kit/text'
import { WindowRow, WindowScroller } from '../../kit/windowed'
import { keyframes, styled } from '../../theme/stitches'

/** Height of every row, the basis of the virtual list's arithmetic. @internal */
export const ROW_HEIGHT = 56

/** Height of the list: seven rows. Smaller screens get less; the list measures itself. @internal */
export const LIST_HEIGHT = 7 * ROW_HEIGHT

/** @internal */
export const SearchInput = styled(Input, { minHeight: '40px', padding: '0 $3', borderRadius: '$full' })

/** Hidden from sight, not from screen readers. @internal */
export const VisuallyHidden = styled('label', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})

/** How many wallets the list or the search holds; its line is kept while it is empty. @internal */
export const Summary = styled(Text, {
  minHeight: '1.5em',
  defaultVariants: { tone: 'muted', size: 'sm', centered: true },
})

/** @internal */
export const Scroller = styled(WindowScroller, {
  height: `${LIST_HEIGHT}px`,
  // The modal itself scrolls on short screens; the list must leave room for the search field.
  maxHeight: 'calc(100vh - 220px)',
  outline: 'none',
})

/** @internal */
export const Row = styled(WindowRow, {
  height: `${ROW_HEIGHT - 6}px`,
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '0 $3',
  borderRadius: '$md',
  background: '$surface',
  color: '$text',
  cursor: 'pointer',
  userSelect: 'none',
  '&:hover': { background: '$surfaceHover' },
  // Drawn inside: the scroll container would clip a ring drawn around the row.
  '&:focus-visible': { outlineOffset: '-2px' },
})

const pulse = keyframes({ '50%': { opacity: 0.5 } })

/** A row whose page is still on its way. @internal */
export const PlaceholderRow = styled(Row, { cursor: 'default', animation: `${pulse} 1.2s ease-in-out infinite` })

/**
 * A wallet's logo box: the initial fills it, and the logo, laid over it, shows once it has loaded
 * (then the initial hides, so a logo with transparent parts does not show it through). @internal
 */
export const LogoFrame = styled('span', {
  position: 'relative',
  display: 'flex',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  '& > img': { position: 'absolute', top: 0, insetInlineStart: 0, opacity: 0 },
  '& > img[data-loaded]': { opacity: 1 },
  '& > img[data-loaded] + span': { visibility: 'hidden' },
})

/** @internal */
export const Name = styled('span', {
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

/** @internal */
export const Tag = styled('span', {
  padding: '2px $2',
  borderRadius: '$full',
  border: '1px solid $border',
  color: '$textMuted',
  fontSize: '$sm',
})

/** @internal */
export const Notice = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  padding: '$2',
  color: '$text',
  fontSize: '$md',
})
