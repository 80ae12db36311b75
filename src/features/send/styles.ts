import { SmallButton } from '../../ui/kit/SmallButton'
import { styled } from '../../ui/theme/stitches'

/** @internal */
export const AmountRow = styled('div', { display: 'flex', gap: '$2' })

/** Max, as tall as the amount field beside it. @internal */
export const MaxButton = styled(SmallButton, { padding: '0 $3', borderRadius: '$md' })

/** Where a receiver name points: its picture, the name and the full address. @internal */
export const ReceiverCard = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'center',
  gap: '$1 $2',
  padding: '$2 $3',
  borderRadius: '$md',
  background: '$surface',
  fontSize: '$sm',
  '& img': { gridRow: 'span 2', width: '32px', height: '32px', borderRadius: '$full', objectFit: 'cover' },
  '& [data-receiver-name]': { color: '$text', fontWeight: 600, overflowWrap: 'anywhere' },
  '& [data-receiver-address]': { color: '$textMuted', fontFamily: 'monospace', overflowWrap: 'anywhere' },
})
