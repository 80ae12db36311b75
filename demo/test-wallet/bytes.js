// Byte encodings the Solana side needs: base58 (addresses, signatures), base64 (what the RPC's
// sendTransaction takes) and hex (seeds). No Buffer: this runs as a plain browser module too.

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Digit value of each base58 character, by char code; -1 for characters outside the alphabet. */
const BASE58_VALUES = new Int8Array(128).fill(-1)
for (let i = 0; i < BASE58_ALPHABET.length; i++) BASE58_VALUES[BASE58_ALPHABET.charCodeAt(i)] = i

/**
 * Rewrites a big-endian number from one base to another, digit array to digit array (schoolbook
 * division with carries), keeping the leading zeros as leading zeros of the other base.
 * @param {ArrayLike<number>} digits  @param {number} fromBase  @param {number} toBase
 */
function convertBase(digits, fromBase, toBase) {
  let leadingZeros = 0
  while (leadingZeros < digits.length && digits[leadingZeros] === 0) leadingZeros++
  /** Little-endian digits in `toBase`. */
  const out = []
  for (let i = leadingZeros; i < digits.length; i++) {
    let carry = /** @type {number} */ (digits[i])
    for (let j = 0; j < out.length; j++) {
      carry += /** @type {number} */ (out[j]) * fromBase
      out[j] = carry % toBase
      carry = Math.floor(carry / toBase)
    }
    while (carry > 0) {
      out.push(carry % toBase)
      carry = Math.floor(carry / toBase)
    }
  }
  for (let i = 0; i < leadingZeros; i++) out.push(0)
  return out.reverse()
}

/** @param {Uint8Array} bytes  @returns {string} */
export function base58Encode(bytes) {
  return convertBase(bytes, 256, 58)
    .map((digit) => BASE58_ALPHABET[digit])
    .join('')
}

/**
 * @param {string} text
 * @returns {Uint8Array}
 * @throws {TypeError} on a character outside the base58 alphabet
 */
export function base58Decode(text) {
  const digits = Array.from(text, (char) => {
    const value = char.charCodeAt(0) < 128 ? BASE58_VALUES[char.charCodeAt(0)] : -1
    if (value === undefined || value < 0)
      throw new TypeError(`Invalid base58 character ${JSON.stringify(char)} in ${JSON.stringify(text)}.`)
    return value
  })
  return Uint8Array.from(convertBase(digits, 58, 256))
}

/** @param {Uint8Array} bytes */
export function bytesToBase64(bytes) {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Base64 or base64url, padded or not. @param {string} text */
export function base64ToBytes(text) {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '=')), (char) => char.charCodeAt(0))
}

/**
 * @param {string} hex  with or without 0x
 * @returns {Uint8Array}
 * @throws {TypeError} unless it is an even number of hex digits
 */
export function hexToBytes(hex) {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex
  if (!/^(?:[0-9a-f]{2})*$/i.test(digits)) throw new TypeError(`Invalid hex string ${JSON.stringify(hex)}.`)
  const bytes = new Uint8Array(digits.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** @param {Uint8Array} bytes  @returns {string} lowercase, no 0x */
export const bytesToHex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/** @param {Uint8Array} a  @param {Uint8Array} b */
export function bytesEqual(a, b) {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
