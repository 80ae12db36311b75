// Conversions between what dapps send (hex strings) and what the person reads in the prompt.
// No dependencies: this runs as a plain browser module and in Node.
import { bytesToHex, hexToBytes } from './bytes.js'

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
 * An integer amount of a token's smallest unit as a decimal amount: formatUnits(5n * 10n ** 17n, 18)
 * is "0.5", formatUnits(100_000_000, 9) "0.1".
 * @param {string | number | bigint | undefined} value  @param {number} decimals
 */
export function formatUnits(value, decimals) {
  const amount = BigInt(value ?? 0)
  const sign = amount < 0n ? '-' : ''
  const abs = amount < 0n ? -amount : amount
  const unit = 10n ** BigInt(decimals)
  const whole = abs / unit
  const fraction = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * Wei (hex or decimal quantity) as an ether amount: "0.5", "1", "0.000000000000000001".
 * @param {string | number | bigint | undefined} wei
 */
export const formatEther = (wei) => formatUnits(wei, 18)

/** Lamports as SOL: "0.1". @param {number | bigint} lamports */
export const formatSol = (lamports) => formatUnits(lamports, 9)

/** @param {string} text */
export const utf8ToHex = (text) => `0x${bytesToHex(new TextEncoder().encode(text))}`

/**
 * What a message to sign says, for the prompt: its UTF-8 text, or undefined when the bytes are
 * not text (a hash, say), so the person is not shown mojibake.
 * @param {Uint8Array} bytes
 */
export function messageText(bytes) {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // Control characters other than line breaks and tabs mean binary data, not a message.
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? undefined : text
  } catch {
    return undefined
  }
}

/**
 * What a personal_sign message says, for the prompt: its UTF-8 text, or the hex itself when the
 * bytes are not text.
 * @param {string} hexMessage
 */
export function describeMessage(hexMessage) {
  let bytes
  try {
    bytes = hexToBytes(hexMessage)
  } catch {
    return hexMessage
  }
  return messageText(bytes) ?? hexMessage
}
