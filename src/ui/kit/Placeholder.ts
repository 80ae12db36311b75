/** What an Account tab shows in place of its list: loading, empty, or failed with a retry. */
import { styled } from '../theme/stitches'

/** `stacked` puts a message's button under it rather than beside it. @internal */
export const Placeholder = styled('p', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  margin: '$2 0 0',
  padding: '$4',
  color: '$textMuted',
  fontSize: '$md',
  variants: { stacked: { true: { flexDirection: 'column', textAlign: 'center' } } },
})
