import { List } from '../../ui/kit/rows'
import { ViewBody } from '../../ui/kit/ViewBody'
import { styled } from '../../ui/theme/stitches'

/** The view's body, whose track never grows past the modal for an input's intrinsic width. @internal */
export const SwapBody = styled(ViewBody, { gridTemplateColumns: 'minmax(0, 1fr)' })

/** One side of the swap: label, amount and token, then balance or USD value. @internal */
export const Side = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '$2',
  padding: '$3',
  borderRadius: '$md',
  background: '$surface',
})

/** @internal */
export const Row = styled('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '$2' })

/** @internal */
export const AmountInput = styled('input', {
  flex: 1,
  width: 0,
  minWidth: 0,
  padding: '$1 0',
  border: 'none',
  background: 'transparent',
  color: '$text',
  font: 'inherit',
  fontSize: '$lg',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&[readonly]': { opacity: 0.7 },
})

/** @internal */
export const Output = styled('output', {
  flex: 1,
  minWidth: 0,
  padding: '$1 0',
  color: '$text',
  fontSize: '$lg',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
})

/** @internal */
export const TokenButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  flexShrink: 0,
  minHeight: '36px',
  padding: '$1 $3 $1 $1',
  borderRadius: '$full',
  background: '$surfaceHover',
  color: '$text',
  fontSize: '$md',
  fontWeight: 600,
})

/** @internal */
export const Icon = styled('img', { width: '24px', height: '24px', borderRadius: '$full', objectFit: 'cover' })

/** @internal */
export const Initial = styled('span', {
  display: 'grid',
  placeItems: 'center',
  width: '24px',
  height: '24px',
  borderRadius: '$full',
  background: '$border',
  color: '$textMuted',
  fontSize: '$sm',
})

/** @internal */
export const Flip = styled('button', {
  display: 'grid',
  placeItems: 'center',
  justifySelf: 'center',
  width: '32px',
  height: '32px',
  margin: '-$2 0',
  borderRadius: '$full',
  background: '$surfaceHover',
  color: '$text',
  fontSize: '$md',
})

/** @internal */
export const Details = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '$1 $3',
  margin: 0,
  fontSize: '$sm',
  '& dt': { color: '$textMuted' },
  '& dd': { margin: 0, textAlign: 'end', color: '$text' },
})

/** @internal */
export const Buttons = styled('div', { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '$2' })

/** @internal */
export const TokenList = styled(List, { gap: '$1', maxHeight: '360px', overflowY: 'auto' })

/** @internal */
export const TokenRow = styled('button', {
  display: 'grid',
  gridTemplateColumns: '24px 1fr auto',
  alignItems: 'center',
  columnGap: '$3',
  width: '100%',
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
  color: '$text',
  fontSize: '$md',
  textAlign: 'start',
  '&:hover': { background: '$surfaceHover' },
})
