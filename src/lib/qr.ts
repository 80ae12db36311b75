/**
 * QR codes as module grids and SVG paths: the modal's QR codes (src/ui/kit/QrCode.tsx) and the
 * public `sigkit/qr` entry (src/qr.ts) for a dapp that draws its own connect screen.
 */
import encodeQR from 'qr'

/** A QR code ready to draw: its modules and the same as one SVG path. */
export interface QrCodeMatrix {
  /** Modules per side, the quiet zone included: the SVG's `viewBox` is `0 0 size size`. */
  size: number
  /** The rows of modules, top to bottom; `true` is a dark module. */
  modules: boolean[][]
  /** The dark modules as one SVG path of unit squares (`<path d={path}>` in a `0 0 size size` viewBox). */
  path: string
}

/** How `encodeQrCode` draws the code. */
export interface QrCodeOptions {
  /**
   * The quiet zone, in modules, on each side (4 by default, as the QR standard asks). A smaller
   * one needs a light margin around the drawing.
   */
  border?: number
}

/**
 * Encodes `value` (a WalletConnect pairing URI, an address, a link) as a QR code, with medium error
 * correction. Draw the dark modules on a light background: scanners expect that contrast.
 *
 * @throws TypeError when `value` is not a non-empty string or `border` is not a whole number from 1
 *   to 16; the encoder's Error when `value` is too long for a QR code.
 * @example
 * ```ts
 * const { size, path } = encodeQrCode(wcUri)
 * svg.setAttribute('viewBox', `0 0 ${size} ${size}`)
 * svg.querySelector('path').setAttribute('d', path)
 * ```
 */
export function encodeQrCode(value: string, { border = 4 }: QrCodeOptions = {}): QrCodeMatrix {
  if (typeof value !== 'string' || value === '') throw new TypeError('encodeQrCode: value must be a non-empty string')
  if (!Number.isInteger(border) || border < 1 || border > 16)
    throw new TypeError('encodeQrCode: border must be a whole number from 1 to 16')
  const modules = encodeQR(value, 'raw', { ecc: 'medium', border })
  let path = ''
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    }),
  )
  return { size: modules.length, modules, path }
}
