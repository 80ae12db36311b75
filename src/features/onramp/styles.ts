import { styled } from '../../ui/theme/stitches'

export { ErrorText, Field, Input, Label, Select } from '../../ui/primitives/form'

/** @internal */
export const Body = styled('div', { display: 'grid', gap: '$3', padding: '0 $3' })

/** @internal */
export const Hint = styled('span', { color: '$textMuted', fontSize: '$sm' })

/** A notice on a muted panel (estimates, results). @internal */
export const Note = styled('p', {
  margin: 0,
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
  color: '$text',
  fontSize: '$sm',
})

/** Label/value lines such as the quote's fees and totals. @internal */
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
  '& dd': { margin: 0, textAlign: 'right', color: '$text', fontVariantNumeric: 'tabular-nums' },
})

/** @internal */
export const ProviderMeta = styled('span', { marginLeft: 'auto', color: '$textMuted', fontSize: '$sm' })
