import { Input } from '../../ui/kit/form'
import { styled } from '../../ui/theme/stitches'

/** @internal */
export const Form = styled('form', { display: 'flex', gap: '$2', width: '100%' })

/** @internal */
export const EmailInput = styled(Input, { flex: 1, minWidth: 0, height: '$control' })

/** @internal */
export const Digits = styled('div', { display: 'flex', gap: '$2', justifyContent: 'center' })

/** @internal */
export const Digit = styled(Input, {
  width: '40px',
  height: '48px',
  padding: 0,
  borderRadius: '$sm',
  fontSize: '$lg',
  textAlign: 'center',
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
