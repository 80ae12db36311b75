// @ts-check
// Generated SVG images for the API emulator: wallet logos, token icons and avatars, so the
// demo shows distinct pictures without shipping (or fetching) any image files.
import { createHash } from 'node:crypto'

/** @param {string} text */
const escapeXml = (text) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  )

/** A stable colour for a key: same key, same hue, on every run. */
export function colourFor(/** @type {string} */ key) {
  const hue = createHash('sha256').update(key).digest().readUInt16BE(0) % 360
  return `hsl(${hue}, 62%, 46%)`
}

/**
 * A square (rounded) or round badge with a few letters on a colour derived from `key`.
 * @param {{ key: string, label: string, shape?: 'square' | 'circle', size?: number }} options
 * @returns {string} an SVG document
 */
export function badgeSvg({ key, label, shape = 'square', size = 96 }) {
  const text = escapeXml(label.slice(0, 4))
  const fontSize = Math.round(size * (text.length > 2 ? 0.26 : 0.38))
  const background =
    shape === 'circle'
      ? `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="${colourFor(key)}"/>`
      : `<rect width="${size}" height="${size}" rx="${Math.round(size * 0.22)}" fill="${colourFor(key)}"/>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(label)}">` +
    background +
    `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" fill="#fff" ` +
    `font-family="system-ui, sans-serif" font-weight="600" font-size="${fontSize}">${text}</text></svg>`
  )
}
