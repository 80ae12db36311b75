import { styled } from '../../ui/theme/stitches'

/** A provider's fee range, at the end of its row. @internal */
export const ProviderMeta = styled('span', { marginInlineStart: 'auto', color: '$textMuted', fontSize: '$sm' })
