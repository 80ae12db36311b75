import { List } from '../../kit/rows'
import { styled } from '../../theme/stitches'

/** @internal */
export const ProfileBox = styled('div', { display: 'grid', justifyItems: 'center', gap: '$2', textAlign: 'center' })

/** @internal */
export const NameRow = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$1',
  fontSize: '$lg',
  fontWeight: 600,
})

/**
 * The wallet features, side by side in equal columns; where their labels do not fit one row (German
 * "Empfangen"), they wrap onto a second row rather than widen the view. @internal
 */
export const FeatureRow = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  '& > button': { flex: '1 1 0', paddingInline: '$2' },
})

/** @internal */
export const Pill = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: '40px',
  padding: '$1 $3 $1 $1',
  borderRadius: '$full',
  background: '$surface',
  color: '$text',
  fontSize: '$md',
  '&:hover': { background: '$surfaceHover' },
})

/** @internal */
export const TabList = styled('div', {
  display: 'flex',
  gap: '$1',
  padding: '$1',
  borderRadius: '$full',
  background: '$surface',
})

/** @internal */
export const Tab = styled('button', {
  flex: 1,
  // A label longer than a third of the row wraps inside its tab rather than pushing the row out.
  minWidth: 0,
  overflowWrap: 'anywhere',
  padding: '$2 $3',
  borderRadius: '$full',
  textAlign: 'center',
  color: '$textMuted',
  fontSize: '$md',
  fontWeight: 600,
  '&[aria-selected="true"]': { background: '$surfaceHover', color: '$text' },
})

/** @internal */
export const TokenItems = styled(List, { margin: '$2 0 0', gap: '$1' })

/** @internal */
export const TokenItem = styled('li', {
  display: 'grid',
  gridTemplateColumns: '32px 1fr auto',
  alignItems: 'center',
  columnGap: '$3',
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
})

/** @internal */
export const TokenIcon = styled('img', {
  width: '32px',
  height: '32px',
  borderRadius: '$full',
  objectFit: 'cover',
  gridRow: 'span 2',
})

/** @internal */
export const TokenInitial = styled('span', {
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '$full',
  background: '$surfaceHover',
  color: '$textMuted',
  fontWeight: 600,
  gridRow: 'span 2',
})

/** @internal */
export const TokenName = styled('span', {
  color: '$text',
  fontSize: '$md',
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

/** @internal */
export const TokenValue = styled('span', { color: '$text', fontSize: '$md', textAlign: 'end' })

/** @internal */
export const TokenQuantity = styled('span', { gridColumn: '2 / 4', color: '$textMuted', fontSize: '$sm' })
