/** The smart-sessions view's rows: what the session is on the left, its Revoke button on the right. */
import { styled } from '../../ui/theme/stitches'

/** @internal */
export const SessionRow = styled('li', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
  '& p': { margin: 0 },
  '& > div': { display: 'grid', gap: '$1', minWidth: 0 },
})
