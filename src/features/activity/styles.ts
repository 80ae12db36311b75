import { WindowRow, WindowScroller } from '../../ui/kit/windowed'
import { styled } from '../../ui/theme/stitches'

/** Height of a transaction row, the basis of the windowed list's arithmetic. @internal */
export const TRANSACTION_ROW_HEIGHT = 64

/** Height of a month's heading row. @internal */
export const MONTH_ROW_HEIGHT = 32

/** Height of the row after the last one: 'Loading…', or the failure with its retry. @internal */
export const FOOTER_HEIGHT = 56

/** Height of the list: five transactions. Smaller screens get less; the list measures itself. @internal */
export const LIST_HEIGHT = 5 * TRANSACTION_ROW_HEIGHT

/** @internal */
export const Scroller = styled(WindowScroller, {
  height: `${LIST_HEIGHT}px`,
  // The modal scrolls on short screens; the list must leave room for the profile above it.
  maxHeight: 'calc(100vh - 300px)',
  minHeight: `${2 * TRANSACTION_ROW_HEIGHT}px`,
  marginTop: '$2',
  borderRadius: '$md',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
})

/** @internal */
export const MonthRow = styled(WindowRow, {
  height: `${MONTH_ROW_HEIGHT}px`,
  display: 'flex',
  alignItems: 'flex-end',
  padding: '0 $3 $1',
  margin: 0,
  color: '$textMuted',
  fontSize: '$sm',
  fontWeight: 600,
})

/** @internal */
export const TransactionItem = styled(WindowRow, {
  height: `${TRANSACTION_ROW_HEIGHT - 4}px`,
  display: 'grid',
  gridTemplateColumns: '40px minmax(0, 1fr) auto',
  gridTemplateRows: '1fr 1fr',
  alignItems: 'center',
  columnGap: '$3',
  padding: '0 $3',
  borderRadius: '$md',
  background: '$surface',
})

/** @internal */
export const IconBox = styled('span', {
  position: 'relative',
  gridRow: 'span 2',
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: '$full',
  background: '$surfaceHover',
  color: '$textMuted',
  fontWeight: 600,
  '& img': {
    position: 'absolute',
    inset: 0,
    width: '40px',
    height: '40px',
    borderRadius: '$full',
    objectFit: 'cover',
    background: '$surfaceHover',
  },
})

/** The arrow on the icon's corner; the row's title says the same in words. @internal */
export const DirectionBadge = styled('span', {
  position: 'absolute',
  insetInlineEnd: '-4px',
  bottom: '-4px',
  display: 'grid',
  placeItems: 'center',
  width: '18px',
  height: '18px',
  borderRadius: '$full',
  background: '$bg',
  color: '$text',
  fontSize: '11px',
  lineHeight: 1,
  '&[data-direction="in"]': { color: '$success' },
})

const line = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const

/** @internal */
export const Title = styled('span', { ...line, alignSelf: 'end', color: '$text', fontSize: '$md', fontWeight: 600 })

/** @internal */
export const Amount = styled('span', {
  ...line,
  alignSelf: 'end',
  maxWidth: '160px',
  textAlign: 'end',
  color: '$text',
  fontSize: '$md',
  '&[data-direction="in"]': { color: '$success' },
})

/** @internal */
export const Secondary = styled('span', { ...line, alignSelf: 'start', color: '$textMuted', fontSize: '$sm' })

/** @internal */
export const TimeText = styled('time', { alignSelf: 'start', textAlign: 'end', color: '$textMuted', fontSize: '$sm' })

/** @internal */
export const Footer = styled(WindowRow, {
  height: `${FOOTER_HEIGHT}px`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  color: '$textMuted',
  fontSize: '$md',
})

/** @internal */
export const NftGrid = styled('ul', {
  listStyle: 'none',
  margin: '$2 0 0',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
  gap: '$2',
  maxHeight: `${LIST_HEIGHT}px`,
  overflowY: 'auto',
})

/** @internal */
export const NftCard = styled('li', {
  display: 'grid',
  gap: '$1',
  padding: '$1',
  borderRadius: '$md',
  background: '$surface',
  fontSize: '$sm',
  color: '$text',
  '& img, & [data-preview]': {
    width: '100%',
    aspectRatio: '1',
    borderRadius: '$sm',
    objectFit: 'cover',
    background: '$surfaceHover',
  },
  '& span': { ...line, padding: '0 $1' },
})
