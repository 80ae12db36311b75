import { styled } from '../../ui/theme/stitches'

/** The account and network being signed in. @internal */
export const Account = styled('p', { margin: 0, fontSize: '$sm', fontWeight: 600 })

/** @internal */
export const Actions = styled('div', { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '$2' })
