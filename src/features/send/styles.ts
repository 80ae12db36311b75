import { styled } from '../../ui/theme/stitches'

export { ErrorText, Field, Input, Label, Select } from '../../ui/primitives/form'

/** @internal */
export const Form = styled('form', { display: 'grid', gap: '$3', padding: '0 $3' })

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
