import { Button } from '../../ui/kit/Button'
import { styled } from '../../ui/theme/stitches'

/** The account and network being signed in. @internal */
export const Account = styled('p', { margin: 0, fontSize: '$sm', fontWeight: 600 })

/** @internal */
export const Actions = styled('div', { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '$2' })

/** A quiet button beside the primary one (the kit's Button has no such tone: first-open weight). @internal */
export const QuietButton = styled(Button, {
  background: '$surfaceHover',
  color: '$text',
  '&:hover': { filter: 'brightness(1.05)' },
})
