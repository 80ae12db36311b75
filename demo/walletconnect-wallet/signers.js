// @ts-check
// The keys of the WalletConnect test wallet and what signs with them: EVM (viem, anvil's account
// #0), Solana (ed25519; the signing function is passed in: node:crypto in Node, WebCrypto in the
// browser) and Bitcoin (secp256k1, BIP-137 message signatures, a native SegWit address).
// Runs in Node and in the browser. Every key here is a public test key: never fund it on a real
// network.
import { bytesToHex, hexToBytes, isHex, ripemd160, sha256, stringToBytes } from 'viem'
import { mnemonicToAccount, privateKeyToAccount, sign } from 'viem/accounts'

/** Anvil's mnemonic; account #0 is what the sandbox funds. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
/** Anvil account #0 (0xf39F…2266). */
export const ANVIL_PRIVATE_KEY = /** @type {`0x${string}`} */ (
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
)

/**
 * The fixed Solana test key: 64 bytes, ed25519 seed (bytes 1…32) then its public key, as
 * Solana's `Keypair.secretKey` (the integration tests check the public key with node:crypto).
 * Copied by every user, so a caller changing it changes nothing.
 */
export const SOLANA_TEST_SECRET_KEY = hexToBytes(
  /** @type {`0x${string}`} */ (
    '0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20' +
      '79b5562e8fe654f94078b112e8a98ba7901f853ae695bed7e0e3910bad049664'
  ),
)

/** Bitcoin mainnet (CAIP-2) and Solana mainnet: the chains the wallet offers when nothing local exists. */
export const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93'
export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** The fixed Bitcoin test key (sha256 of a label), its address is derived below. */
export const BITCOIN_TEST_PRIVATE_KEY = sha256(stringToBytes('sigkit sandbox bitcoin test key'))

// ── base58 (Bitcoin alphabet, as Solana uses) ────────────────────────────────────────────────

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** @param {Uint8Array} bytes */
export function base58Encode(bytes) {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let out = ''
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out
    value /= 58n
  }
  return '1'.repeat(zeros) + out
}

/** @param {string} text @returns {Uint8Array} */
export function base58Decode(text) {
  if (typeof text !== 'string') throw new TypeError('base58: expected a string')
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) throw new Error(`base58: invalid character "${char}"`)
    value = value * 58n + BigInt(digit)
  }
  const bytes = []
  while (value > 0n) {
    bytes.unshift(Number(value % 256n))
    value /= 256n
  }
  return new Uint8Array([...new Array(zeros).fill(0), ...bytes])
}

// ── base64 (no Buffer: the page runs in a browser) ───────────────────────────────────────────

/** @param {Uint8Array} bytes */
export function base64Encode(bytes) {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** @param {string} text */
export function base64Decode(text) {
  const binary = atob(text)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

// ── EVM ──────────────────────────────────────────────────────────────────────────────────────

/**
 * @param {{ privateKey?: `0x${string}`, mnemonic?: string, addressIndex?: number }} [options]
 *   neither: anvil's account #0
 */
export function evmAccountFrom({ privateKey, mnemonic, addressIndex = 0 } = {}) {
  if (privateKey) return privateKeyToAccount(privateKey)
  if (mnemonic) return mnemonicToAccount(mnemonic, { addressIndex })
  return privateKeyToAccount(ANVIL_PRIVATE_KEY)
}

/**
 * personal_sign's message: hex is raw bytes, anything else is UTF-8 text.
 * @param {unknown} message
 */
export function personalSignMessage(message) {
  return typeof message === 'string' && isHex(message) ? { raw: message } : String(message)
}

// ── Solana ───────────────────────────────────────────────────────────────────────────────────

/**
 * A Solana signer over an ed25519 `sign(seed, bytes)`.
 * @param {{ secretKey?: Uint8Array | number[], signEd25519: (seed: Uint8Array, bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array }} options
 */
export function solanaSignerFrom({ secretKey = SOLANA_TEST_SECRET_KEY, signEd25519 }) {
  const key = Uint8Array.from(secretKey)
  if (key.length !== 64) throw new Error('solana.secretKey must be 64 bytes (seed then public key)')
  const seed = key.slice(0, 32)
  const publicKey = key.slice(32)
  const address = base58Encode(publicKey)
  /** @param {Uint8Array} bytes */
  const signBytes = async (bytes) => Uint8Array.from(await signEd25519(seed, bytes))
  return {
    address,
    publicKey,
    signBytes,
    /**
     * solana_signMessage: `{ message: base58, pubkey }` → `{ signature: base58 }`
     * @param {{ message: string, pubkey?: string }} params
     */
    async signMessage({ message, pubkey }) {
      if (pubkey && pubkey !== address) throw Object.assign(new Error(`Unknown public key ${pubkey}`), { code: 4100 })
      return { signature: base58Encode(await signBytes(base58Decode(message))) }
    },
    /**
     * solana_signTransaction: `{ transaction: base64 }` (a serialized transaction, legacy or v0)
     * → `{ signature: base58, transaction: base64 }` with this key's signature slot filled.
     * @param {{ transaction: string }} params
     */
    async signTransaction({ transaction }) {
      const wire = base64Decode(transaction)
      const [count, countSize] = readCompactU16(wire, 0)
      const messageStart = countSize + count * 64
      const message = wire.slice(messageStart)
      const first = /** @type {number} */ (message[0])
      const header = first & 0x80 ? 1 : 0 // v0 messages start with a version byte
      const requiredSignatures = /** @type {number} */ (message[header])
      const [keyCount, keyCountSize] = readCompactU16(message, header + 3)
      const keysStart = header + 3 + keyCountSize
      let slot = -1
      for (let index = 0; index < Math.min(keyCount, requiredSignatures); index++) {
        const candidate = message.slice(keysStart + index * 32, keysStart + index * 32 + 32)
        if (candidate.every((byte, i) => byte === publicKey[i])) slot = index
      }
      if (slot < 0 || slot >= count)
        throw Object.assign(new Error('The transaction does not ask this wallet to sign'), { code: -32602 })
      const signature = await signBytes(message)
      const signed = Uint8Array.from(wire)
      signed.set(signature, countSize + slot * 64)
      return { signature: base58Encode(signature), transaction: base64Encode(signed) }
    },
  }
}

/** @param {Uint8Array} bytes  @param {number} offset  @returns {[number, number]} value and its size in bytes */
function readCompactU16(bytes, offset) {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = /** @type {number} */ (bytes[offset + size])
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return [value, size + 1]
  }
  return [value, 3]
}

// ── Bitcoin ──────────────────────────────────────────────────────────────────────────────────

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/** @param {number[]} values */
function bech32Polymod(values) {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) checksum ^= /** @type {number} */ (generators[i])
  }
  return checksum >>> 0
}

/**
 * bech32 of `bytes` (regrouped into 5-bit words) after `leading` words: a SegWit v0 address is
 * `bech32('bc', program, [0])`, a Cosmos address `bech32('cosmos', hash)`.
 * @param {string} hrp  @param {Uint8Array} bytes  @param {number[]} [leading]
 */
export function bech32(hrp, bytes, leading = []) {
  const words = [...leading]
  let accumulator = 0
  let bits = 0
  for (const byte of bytes) {
    accumulator = (accumulator << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      words.push((accumulator >>> bits) & 31)
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31)
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)]
  const polymod = bech32Polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1
  const checksum = Array.from({ length: 6 }, (_, i) => (polymod >>> (5 * (5 - i))) & 31)
  return `${hrp}1${[...words, ...checksum].map((word) => BECH32[word]).join('')}`
}

/**
 * A SegWit v0 (bech32) address for a 20-byte program.
 * @param {string} hrp  @param {Uint8Array} program
 */
function segwitV0Address(hrp, program) {
  return bech32(hrp, program, [0])
}

/**
 * Bitcoin's compactSize length prefix and the bytes.
 * @param {Uint8Array} bytes
 */
function varString(bytes) {
  const length = bytes.length
  const prefix =
    length < 0xfd
      ? [length]
      : length <= 0xffff
        ? [0xfd, length & 0xff, length >> 8]
        : [0xfe, length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff, length >>> 24]
  return new Uint8Array([...prefix, ...bytes])
}

/**
 * The hash a Bitcoin "signmessage" signature covers.
 * @param {string} message
 */
export function bitcoinMessageHash(message) {
  const payload = new Uint8Array([
    ...varString(stringToBytes('Bitcoin Signed Message:\n')),
    ...varString(stringToBytes(message)),
  ])
  return sha256(sha256(payload))
}

/** A Bitcoin signer: native SegWit (P2WPKH) address, BIP-137 message signatures. */
export function bitcoinSignerFrom({ privateKey = BITCOIN_TEST_PRIVATE_KEY } = {}) {
  const uncompressed = hexToBytes(privateKeyToAccount(privateKey).publicKey)
  const parity = /** @type {number} */ (uncompressed[64]) & 1
  const publicKey = new Uint8Array([parity ? 0x03 : 0x02, ...uncompressed.slice(1, 33)])
  const address = segwitV0Address('bc', hexToBytes(ripemd160(sha256(publicKey))))
  return {
    address,
    publicKey: bytesToHex(publicKey).slice(2),
    /**
     * bip122 signMessage: `{ message, address|account }` → `{ address, signature (base64), messageHash }`
     * @param {{ message: unknown, address?: string, account?: string }} params
     */
    async signMessage({ message, address: asked, account }) {
      const wanted = asked ?? account
      if (wanted && wanted !== address) throw Object.assign(new Error(`Unknown address ${wanted}`), { code: 4100 })
      const hash = bitcoinMessageHash(String(message))
      const { r, s, yParity } = await sign({ hash, privateKey })
      const signature = new Uint8Array([
        39 + (yParity ?? 0),
        ...hexToBytes(r, { size: 32 }),
        ...hexToBytes(s, { size: 32 }),
      ])
      return { address, signature: base64Encode(signature), messageHash: hash.slice(2) }
    },
    /** bip122 getAccountAddresses */
    accountAddresses() {
      return [{ address, publicKey: bytesToHex(publicKey).slice(2), path: "m/84'/0'/0'/0/0", intention: 'payment' }]
    },
  }
}
