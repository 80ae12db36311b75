import { ListItem } from '../../ui/kit/rows'
import { styled } from '../../ui/theme/stitches'

const providerButton = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  borderRadius: '$md',
  background: '$surface',
  color: '$text',
  fontSize: '$md',
  fontWeight: 600,
  '&:hover': { background: '$surfaceHover' },
} as const

/** The first provider: logo and "Continue with …" across the section. @internal */
export const WideButton = styled(ListItem, { justifyContent: 'center', gap: '$2', fontWeight: 600 })

/** The icon-only providers (and "More") under the first one, sharing the width. @internal */
export const Row = styled('div', { display: 'flex', gap: '$2', marginTop: '$2' })

/** @internal */
export const IconTile = styled('button', { ...providerButton, flex: 1, height: '48px' })

/** The ConnectSocials grid of logo-and-name buttons. @internal */
export const Grid = styled('ul', {
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: '$2',
  margin: 0,
  padding: '0 $3',
  listStyle: 'none',
})

/** @internal */
export const GridButton = styled('button', {
  ...providerButton,
  flexDirection: 'column',
  width: '100%',
  padding: '$3 $2',
  fontSize: '$sm',
})

/** The three dots of "More social logins". @internal */
export const Dots = styled('span', {
  display: 'inline-flex',
  gap: '3px',
  '& i': { width: '4px', height: '4px', borderRadius: '$full', background: 'currentColor' },
})
