import { keyframes, styled } from '../theme/stitches'

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
const slideUp = keyframes({
  from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
})
const shake = keyframes({
  '10%, 90%': { transform: 'translateX(-2px)' },
  '20%, 80%': { transform: 'translateX(4px)' },
  '30%, 50%, 70%': { transform: 'translateX(-6px)' },
  '40%, 60%': { transform: 'translateX(6px)' },
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
  animation: `${fadeIn} 150ms ease`,
  '@media (max-width: 430px)': { alignItems: 'flex-end', padding: 0 },
})

/** @internal */
export const Card = styled('div', {
  position: 'relative',
  width: '100%',
  maxWidth: '$modal',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  paddingBottom: '$4',
  borderRadius: '$lg',
  background: '$bg',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$md',
  border: '1px solid $border',
  boxShadow: '0 16px 48px rgba(0,0,0,0.35)',
  pointerEvents: 'auto',
  transition: '$modalHeight',
  animation: `${slideUp} 150ms ease`,
  outline: 'none',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '@media (max-width: 430px)': { maxWidth: '100%', borderRadius: '$lg $lg 0 0' },
  variants: {
    shake: { true: { animation: `${shake} 500ms ease` } },
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
