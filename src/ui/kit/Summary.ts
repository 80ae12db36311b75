/** Label/value lines on a muted panel, as a `<dl>`: a quote's fees and totals, a payment's terms. */
import { styled } from '../theme/stitches'

/** @internal */
export const Summary = styled('dl', {
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '$1 $3',
  margin: 0,
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
  fontSize: '$sm',
  '& dt': { color: '$textMuted' },
  '& dd': { margin: 0, textAlign: 'end', color: '$text', fontVariantNumeric: 'tabular-nums' },
})
