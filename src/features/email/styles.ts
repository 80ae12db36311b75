import { styled } from '../../ui/theme/stitches'

/** @internal */
export const Form = styled('form', { display: 'flex', gap: '$2' })

/** @internal */
export const EmailInput = styled('input', {
  flex: 1,
  minWidth: 0,
  height: '$control',
  padding: '0 $3',
  borderRadius: '$md',
  border: '1px solid $border',
  background: '$surface',
  color: '$text',
  fontSize: '$md',
  '&::placeholder': { color: '$textMuted' },
  '&[aria-invalid="true"]': { borderColor: '$error' },
})

/** @internal */
export const Body = styled('div', { display: 'grid', justifyItems: 'center', gap: '$3', padding: '0 $3' })

/** @internal */
export const Text = styled('p', { margin: 0, color: '$text', fontSize: '$md', textAlign: 'center' })

/** @internal */
export const Muted = styled('p', { margin: 0, color: '$textMuted', fontSize: '$sm', textAlign: 'center' })

/** The frame's error, or the widget's, under the field it is about. @internal */
export const ErrorText = styled('p', { margin: '$2 0 0', color: '$error', fontSize: '$sm', textAlign: 'center' })

/** @internal */
export const Digits = styled('div', { display: 'flex', gap: '$2', justifyContent: 'center' })

/** @internal */
export const Digit = styled('input', {
  width: '40px',
  height: '48px',
  borderRadius: '$sm',
  border: '1px solid $border',
  background: '$surface',
  color: '$text',
  fontSize: '$lg',
  textAlign: 'center',
  '&[aria-invalid="true"]': { borderColor: '$error' },
})

/** @internal */
export const LinkButton = styled('button', {
  padding: '$1 $2',
  borderRadius: '$sm',
  // The text colour, underlined: the accent on the dark background is below 4.5:1 for small text.
  color: '$text',
  textDecoration: 'underline',
  fontSize: '$sm',
  fontWeight: 600,
  '&[disabled]': { color: '$textMuted', cursor: 'not-allowed' },
})

/**
 * Where the secure frame's own approval screen is shown: the iframe (in the page, on the frame's
 * origin) is positioned over this box; nothing of the request is rendered by the modal.
 * @internal
 */
export const FrameSlot = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 'min(520px, calc(100vh - 120px))',
  margin: '0 $3',
  borderRadius: '$md',
  background: '$surface',
  color: '$textMuted',
  fontSize: '$sm',
})
