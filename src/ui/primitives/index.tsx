/**
 * The controls the modal shell shares with the views, in one module on purpose: esbuild splits
 * code by module, and a module that the shell and some views share becomes its own small chunk.
 * One module keeps them in the styling chunk the first open loads anyway, instead of a chunk (a
 * request, and gzip overhead on the first-open budget) per primitive. That holds while every view
 * imports this module (each uses at least one of these, if only through `Button`'s spinner).
 * Controls only views use live in their own modules, so the first open does not pay for them.
 */
import { keyframes, styled } from '../theme/stitches'

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

/** @internal */
export const Spinner = styled('span', {
  display: 'inline-block',
  width: '24px',
  height: '24px',
  borderRadius: '$full',
  border: '3px solid $border',
  borderTopColor: '$accent',
  animation: `${spin} 800ms linear infinite`,
})

/**
 * A square button holding only an icon; callers must give it an `aria-label`, which is its only
 * accessible name.
 * @internal
 */
export const IconButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '$sm',
  color: '$text',
  '&:hover': { background: '$surfaceHover' },
})

/** A full-width, keyboard-reachable row such as a wallet in the Connect list. @internal */
export const ListItem = styled('button', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  width: '100%',
  minHeight: '$control',
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
  color: '$text',
  fontSize: '$md',
  '&:hover': { background: '$surfaceHover' },
})

/** A wallet's 40 px logo in a list row. @internal */
export const WalletLogo = styled('img', {
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: '$sm',
  objectFit: 'cover',
})

/** Stands in for a wallet logo that is missing or failed: the name's initial. @internal */
export const WalletInitial = styled('span', WalletLogo, {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: '$surfaceHover',
  color: '$textMuted',
  fontWeight: 600,
})
