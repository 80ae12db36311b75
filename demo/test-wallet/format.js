// Conversions between what dapps send (hex strings) and what the person reads in the prompt.
// No dependencies: this runs as a plain browser module and in Node.

/** @param {number} chainId */
export const toHexChainId = (chainId) => `0x${chainId.toString(16)}`

/**
 * A chain id as EIP-695 writes it: a 0x-prefixed hex string without leading zeros. Anything else
 * (decimal numbers, "0x01") gives undefined, so callers can answer -32602.
 * @param {unknown} value
 * @returns {number | undefined}
 */
export function parseHexChainId(value) {
  if (typeof value !== 'string' || !/^0x[1-9a-f][0-9a-f]*$/i.test(value)) return undefined
  const chainId = Number.parseInt(value, 16)
  return Number.isSafeInteger(chainId) ? chainId : undefined
}

/** @param {unknown} value */
export const isHex = (value) => typeof value === 'string' && /^0x[0-9a-f]*$/i.test(value)

/** A JSON-RPC quantity: hex with at least one digit. @param {unknown} value */
export const isQuantity = (value) => typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)

/** @param {unknown} value */
export const isAddress = (value) => typeof value === 'string' && /^0x[0-9a-f]{40}$/i.test(value)

/** @param {string} a  @param {string} b */
export const sameAddress = (a, b) => a.toLowerCase() === b.toLowerCase()

/**
 * Wei (hex or decimal quantity) as an ether amount: "0.5", "1", "0.000000000000000001".
 * @param {string | number | bigint | undefined} wei
 */
export function formatEther(wei) {
  const value = BigInt(wei ?? 0)
  const sign = value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  const whole = abs / 10n ** 18n
  const fraction = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}

/** @param {string} text */
export function utf8ToHex(text) {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * What a personal_sign message says, for the prompt: its UTF-8 text, or the hex itself when the
 * bytes are not text (a hash, say) so the person is not shown mojibake.
 * @param {string} hexMessage
 */
export function describeMessage(hexMessage) {
  const hex = hexMessage.slice(2)
  if (hex.length % 2 !== 0) return hexMessage
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // Control characters other than line breaks and tabs mean binary data, not a message.
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? hexMessage : text
  } catch {
    return hexMessage
  }
}
