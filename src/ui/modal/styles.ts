import { fadeIn, keyframes, styled } from '../theme/stitches'
import { ANIMATION_MS, MODAL_SHAKE_MS } from '../../core/constants'

const slideUp = keyframes({
  from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' },
})
const shake = keyframes({
  '20%, 60%': { transform: 'translateX(-6px)' },
  '40%, 80%': { transform: 'translateX(6px)' },
})

/** @internal */
export const Backdrop = styled('div', {
  position: 'fixed',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '$4',
  background: '$backdrop',
  pointerEvents: 'auto',
  animation: `${fadeIn} ${ANIMATION_MS.viewTransition}ms ease`,
  '@media (max-width: 430px)': { alignItems: 'flex-end', padding: 0 },
})

/** @internal */
export const Card = styled('div', {
  position: 'relative',
  width: '100%',
  maxWidth: '$modal',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  borderRadius: '$lg',
  background: '$bg',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$md',
  border: '1px solid $border',
  boxShadow: '0 16px 48px rgba(0,0,0,0.35)',
  pointerEvents: 'auto',
  transition: `height ${ANIMATION_MS.modalHeight}ms ease`,
  animation: `${slideUp} ${ANIMATION_MS.viewTransition}ms ease`,
  outline: 'none',
  '@media (max-width: 430px)': { maxWidth: '100%', borderRadius: '$lg $lg 0 0' },
  variants: {
    shake: { true: { animation: `${shake} ${MODAL_SHAKE_MS}ms ease` } },
    embedded: { true: { boxShadow: 'none', animation: 'none' } },
  },
})

/** @internal */
export const LoadingOverlay = styled('div', {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'inherit',
  background: '$bg',
  opacity: 0.85,
})

/** Holds the toast at the bottom of the page while the modal is closed. @internal */
export const ToastLayer = styled('div', {
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  height: '72px',
  pointerEvents: 'none',
  zIndex: 'var(--sk-z-index, 2147483000)',
  '& > *': { pointerEvents: 'auto' },
})
