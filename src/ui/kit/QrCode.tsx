/** A QR code drawn as SVG (a WalletConnect pairing, a Receive address, a Farcaster sign-in link). */
import { encodeQrCode } from '../../lib/qr'
import { styled } from '../theme/stitches'

const Frame = styled('div', {
  display: 'grid',
  placeItems: 'center',
  width: '240px',
  height: '240px',
  padding: '$3',
  borderRadius: '$md',
  // Dark modules on white in both themes: scanners expect the usual contrast.
  background: '#ffffff',
  color: '#141414',
})

/**
 * `value` as a QR code, drawn from the encoder's module grid; `label` is its accessible name.
 * @internal
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  // A quiet zone of 2 modules: the white frame's padding adds the rest.
  const { size, path } = encodeQrCode(value, { border: 2 })
  return (
    <Frame>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${size} ${size}`}
        width="216"
        height="216"
        shapeRendering="crispEdges"
      >
        <path d={path} fill="currentColor" />
      </svg>
    </Frame>
  )
}
