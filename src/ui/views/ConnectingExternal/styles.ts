import { styled } from '../../theme/stitches'

/** @internal */
export const Body = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$3',
  padding: '$4 $4 0',
  textAlign: 'center',
})

/** The wallet icon with room for the spinner ring around it. @internal */
export const IconFrame = styled('div', {
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  width: '88px',
  height: '88px',
})

/** @internal */
export const WalletImage = styled('img', { width: '64px', height: '64px', borderRadius: '$md', objectFit: 'cover' })

/** Stands in for a wallet that announced no icon. @internal */
export const WalletInitial = styled('span', {
  display: 'grid',
  placeItems: 'center',
  width: '64px',
  height: '64px',
  borderRadius: '$md',
  background: '$surfaceHover',
  color: '$textMuted',
  fontSize: '$lg',
  fontWeight: 600,
})

/** @internal */
export const Heading = styled('h3', { margin: 0, fontSize: '$lg', fontWeight: 600, color: '$text' })

/** Focusable so "Try again" can hand focus to it when the button itself goes away. @internal */
export const Status = styled('p', {
  margin: 0,
  fontSize: '$md',
  color: '$textMuted',
  outline: 'none',
  variants: { failed: { true: { color: '$error' } } },
})
