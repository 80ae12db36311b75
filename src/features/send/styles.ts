import { SmallButton } from '../../ui/kit/SmallButton'
import { styled } from '../../ui/theme/stitches'

/** @internal */
export const AmountRow = styled('div', { display: 'flex', gap: '$2' })

/** Max, as tall as the amount field beside it. @internal */
export const MaxButton = styled(SmallButton, { padding: '0 $3', borderRadius: '$md' })
