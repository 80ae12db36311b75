// The QR encoder behind the modal's QR codes and `sigkit/qr`: what it draws scans back (jsQR reads
// the rendered path) to the exact value, a pairing URI included; the quiet zone is as asked; bad
// input is refused with a clear error.
import jsQR from 'jsqr'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { encodeQrCode } from '../../../src/lib/qr'

const PAIRING_URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300'

/** The dark squares the SVG path draws, as "x,y" keys; every command must be one unit square. */
function squaresOf(path: string): Set<string> {
  const commands = path.match(/M\d+ \d+h1v1h-1z/g) ?? []
  assert.is(commands.join(''), path, 'the path is unit squares only')
  return new Set(commands.map((command) => /M(\d+) (\d+)/.exec(command)!.slice(1, 3).join(',')))
}

/** Paints the path's squares black on white at `scale` pixels a module and decodes the image. */
function scan(path: string, size: number, scale = 4): string | undefined {
  const squares = squaresOf(path)
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (let y = 0; y < width; y++)
    for (let x = 0; x < width; x++)
      if (squares.has(`${Math.floor(x / scale)},${Math.floor(y / scale)}`)) {
        const at = (y * width + x) * 4
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0
      }
  return jsQR(pixels, width, width)?.data
}

test('the drawn path scans back to the value: a WalletConnect pairing URI, an address, a link', () => {
  for (const value of [PAIRING_URI, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'https://example.com/?a=1&b=ü']) {
    const { size, path } = encodeQrCode(value)
    assert.is(scan(path, size), value)
  }
})

test('the path draws exactly the dark modules, inside a quiet zone of `border` modules (4 by default)', () => {
  for (const border of [undefined, 2, 1]) {
    const { size, modules, path } = encodeQrCode(PAIRING_URI, border === undefined ? {} : { border })
    const quiet = border ?? 4
    assert.is(modules.length, size)
    assert.ok(modules.every((row) => row.length === size))
    const dark = new Set(modules.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : []))))
    assert.equal(squaresOf(path), dark)
    for (let i = 0; i < quiet; i++) {
      assert.ok(modules[i]!.every((on) => !on) && modules[size - 1 - i]!.every((on) => !on), `row ${i} is quiet`)
      assert.ok(
        modules.every((row) => !row[i] && !row[size - 1 - i]),
        `column ${i} is quiet`,
      )
    }
    // The symbol itself starts right after the quiet zone: a finder pattern's dark corner.
    assert.ok(modules[quiet]![quiet], `finder pattern at ${quiet}`)
  }
  // The same value with a narrower quiet zone is the same symbol, smaller by the difference.
  assert.is(encodeQrCode(PAIRING_URI).size - encodeQrCode(PAIRING_URI, { border: 2 }).size, 4)
})

test('bad input is refused with a clear error', () => {
  assert.throws(() => encodeQrCode(''), /value must be a non-empty string/)
  assert.throws(() => encodeQrCode(42 as unknown as string), /value must be a non-empty string/)
  for (const border of [0, -1, 1.5, 17, Number.NaN])
    assert.throws(() => encodeQrCode('x', { border }), /border must be a whole number from 1 to 16/)
  // Beyond the largest QR code's capacity (version 40, medium correction: 2331 bytes).
  assert.throws(() => encodeQrCode('x'.repeat(3000)))
})

test.run()
