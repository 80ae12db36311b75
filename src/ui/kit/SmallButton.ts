/** A small secondary button beside a field or a line: Max, Cancel, Try again. */
import { styled } from '../theme/stitches'

/** @internal */
export const SmallButton = styled('button', {
  padding: '$1 $2',
  borderRadius: '$sm',
  background: '$surfaceHover',
  color: '$text',
  fontSize: '$sm',
  fontWeight: 600,
  '&[disabled]': { opacity: 0.5, cursor: 'not-allowed' },
})
