import { styled } from '../../ui/theme/stitches'

/** @internal */
export const Form = styled('form', { display: 'grid', gap: '$3', padding: '0 $3' })

/** @internal */
export const Field = styled('div', { display: 'grid', gap: '$1' })

/** @internal */
export const Label = styled('label', { color: '$textMuted', fontSize: '$sm', fontWeight: 600 })

const control = {
  width: '100%',
  minHeight: '44px',
  padding: '$2 $3',
  borderRadius: '$md',
  border: '1px solid $border',
  background: '$surface',
  color: '$text',
  font: 'inherit',
  fontSize: '$md',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '1px' },
} as const

/** @internal */
export const Input = styled('input', { ...control, '&[readonly]': { opacity: 0.7 } })

/** @internal */
export const Select = styled('select', control)

/** @internal */
export const AmountRow = styled('div', { display: 'flex', gap: '$2' })

/** @internal */
export const MaxButton = styled('button', {
  padding: '0 $3',
  borderRadius: '$md',
  background: '$surfaceHover',
  color: '$text',
  fontSize: '$sm',
  fontWeight: 600,
  '&[disabled]': { opacity: 0.5, cursor: 'not-allowed' },
})

/** @internal */
export const Hint = styled('span', { minHeight: '1.2em', color: '$textMuted', fontSize: '$sm' })

/** @internal */
export const ErrorText = styled('p', { margin: 0, color: '$error', fontSize: '$md' })
