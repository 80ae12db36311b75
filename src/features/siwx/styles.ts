import { Button } from '../../ui/primitives/Button'
import { styled } from '../../ui/theme/stitches'

/** @internal */
export const Body = styled('div', { display: 'grid', gap: '$3', padding: '0 $3', textAlign: 'center' })

/** @internal */
export const Heading = styled('h3', { margin: 0, fontSize: '$lg', fontWeight: 600 })

/** @internal */
export const Text = styled('p', { margin: 0, color: '$textMuted', fontSize: '$md' })

/** @internal */
export const Account = styled('p', { margin: 0, fontSize: '$sm', fontWeight: 600 })

/** @internal */
export const ErrorText = styled('p', { margin: 0, color: '$error', fontSize: '$sm' })

/** @internal */
export const Actions = styled('div', { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '$2' })

/** A quiet button beside the primary one (the Button primitive has no such tone: first-open weight). @internal */
export const QuietButton = styled(Button, {
  background: '$surfaceHover',
  color: '$text',
  '&:hover': { filter: 'brightness(1.05)' },
})
