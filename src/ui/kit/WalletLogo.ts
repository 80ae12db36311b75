/** A wallet's logo in a row (40 px) or on its connecting view (`size="large"`, 64 px), or its initial. */
import { styled } from '../theme/stitches'

/** @internal */
export const WalletLogo = styled('img', {
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: '$sm',
  objectFit: 'cover',
  variants: { size: { large: { width: '64px', height: '64px', borderRadius: '$md' } } },
})

/**
 * Stands in for a wallet logo that is missing or failed: the name's initial, or a mark the row
 * draws itself (WalletConnect, All Wallets), clipped to the logo's corners.
 * @internal
 */
export const WalletInitial = styled('span', WalletLogo, {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  background: '$surfaceHover',
  color: '$textMuted',
  fontWeight: 600,
  variants: { size: { large: { fontSize: '$lg' } } },
})
