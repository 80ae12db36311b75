/**
 * Form controls the views share (send, on-ramp, swaps, email, the wallet search): a field, its
 * label, inputs, selects.
 */
import { styled } from '../theme/stitches'

/**
 * The look of a text field or select: full width, 44 px tall, a muted placeholder, a visible focus
 * ring, and a red border while `aria-invalid`.
 * @internal
 */
export const control = {
  width: '100%',
  minHeight: '44px',
  padding: '$2 $3',
  borderRadius: '$md',
  border: '1px solid $border',
  background: '$surface',
  color: '$text',
  font: 'inherit',
  fontSize: '$md',
  '&::placeholder': { color: '$textMuted' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '1px' },
  '&[aria-invalid="true"]': { borderColor: '$error' },
} as const

/** A label above its control. @internal */
export const Field = styled('div', { display: 'grid', gap: '$1' })

/** @internal */
export const Label = styled('label', { color: '$textMuted', fontSize: '$sm', fontWeight: 600 })

/** @internal */
export const Input = styled('input', { ...control, '&[readonly]': { opacity: 0.7 } })

/** @internal */
export const Select = styled('select', control)
