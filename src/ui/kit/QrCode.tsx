/** A QR code drawn as SVG (a WalletConnect pairing, a Receive address, a Farcaster sign-in link). */
import encodeQR from 'qr'
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

/** One path of unit squares for the dark modules, framed by the quiet zone the spec asks for. */
function qrPath(modules: boolean[][]): string {
  let path = ''
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    }),
  )
  return path
}

/**
 * `value` as a QR code, drawn from the encoder's module grid; `label` is its accessible name.
 * @internal
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const modules = encodeQR(value, 'raw', { ecc: 'medium', border: 2 })
  const size = modules.length
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
        <path d={qrPath(modules)} fill="currentColor" />
      </svg>
    </Frame>
  )
}
