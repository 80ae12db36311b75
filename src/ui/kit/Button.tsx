/**
 * The text button of a view's actions ("Try again", "Disconnect", "Send"): primary, quiet (the
 * second choice beside a primary one: "Cancel", "Edit") or danger.
 */
import type { ComponentProps } from 'react'
import { styled } from '../theme/stitches'
import { Spinner } from './Spinner'

const Base = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  minHeight: '40px',
  padding: '$2 $4',
  borderRadius: '$full',
  fontSize: '$md',
  fontWeight: 600,
  textAlign: 'center',
  '&[disabled], &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  variants: {
    tone: {
      primary: { background: '$accent', color: '$accentText', '&:hover': { filter: 'brightness(1.1)' } },
      quiet: { background: '$surfaceHover', color: '$text', '&:hover': { filter: 'brightness(1.05)' } },
      // A ring, not red text: the error colour is too light for text on the light theme's surface.
      danger: {
        background: '$surface',
        color: '$text',
        boxShadow: 'inset 0 0 0 1px $colors$error',
        '&:hover': { background: '$surfaceHover' },
      },
    },
    wide: { true: { width: '100%' } },
  },
  defaultVariants: { tone: 'primary' },
})

/**
 * `busy` shows a spinner and marks the button `aria-disabled` (not `disabled`, which would drop
 * focus to the page); the click handler must still ignore clicks while busy.
 * @internal
 */
export function Button({ busy, children, ...props }: ComponentProps<typeof Base> & { busy?: boolean }) {
  return (
    <Base {...props} aria-disabled={busy || props['aria-disabled'] || undefined}>
      {busy && <Spinner aria-hidden="true" css={{ width: '14px', height: '14px', borderWidth: '2px' }} />}
      {children}
    </Base>
  )
}
