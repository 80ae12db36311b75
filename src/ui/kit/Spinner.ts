/** The spinning ring that says something is on its way (a view, a wallet's answer, a send). */
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
