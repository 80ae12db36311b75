// @ts-check
// The WalletConnect test wallet's polkadot and cosmos keys, namespaces only WalletConnect serves:
// polkadot signs with sr25519 (@scure/sr25519), cosmos with secp256k1 (viem's signer, the same
// curve the EVM and Bitcoin keys use). Public test keys: never fund them on a real network.
// The dapp-side checks use other libraries (@polkadot/util-crypto, @polkadot/types, @cosmjs):
// tests/integration/walletconnect/polkadot-cosmos.test.ts.
import * as sr25519 from '@scure/sr25519'
import { blake2AsU8a, encodeAddress } from '@polkadot/util-crypto'
import { bytesToHex, hexToBytes, isHex, ripemd160, sha256, stringToBytes } from 'viem'
import { privateKeyToAccount, sign } from 'viem/accounts'
import { base64Decode, base64Encode, bech32 } from './signers.js'

/** Polkadot's CAIP-2 id (genesis hash prefix) and Cosmos Hub's: the chains offered by default. */
export const POLKADOT_MAINNET = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
export const COSMOS_HUB = 'cosmos:cosmoshub-4'

/** The fixed sr25519 seed (sha256 of a label). */
export const POLKADOT_TEST_SEED = hexToBytes(sha256(stringToBytes('sigkit sandbox polkadot test key')))
/** The fixed secp256k1 key for cosmos. */
export const COSMOS_TEST_PRIVATE_KEY = sha256(stringToBytes('sigkit sandbox cosmos test key'))

const rpcError = (/** @type {number} */ code, /** @type {string} */ message) =>
  Object.assign(new Error(message), { code })

/** @param {unknown} value  @returns {Uint8Array} */
function hexBytes(value) {
  if (typeof value !== 'string' || !isHex(value)) throw rpcError(-32602, `Expected a hex string, got ${String(value)}`)
  return hexToBytes(value)
}

/** SCALE compact integer. @param {bigint | number | string} input */
function compact(input) {
  let value = BigInt(input)
  if (value < 0n) throw rpcError(-32602, 'A compact integer cannot be negative')
  if (value < 1n << 6n) return new Uint8Array([Number(value) << 2])
  if (value < 1n << 14n) {
    const v = (Number(value) << 2) | 1
    return new Uint8Array([v & 0xff, v >> 8])
  }
  if (value < 1n << 30n) {
    const v = ((Number(value) << 2) | 2) >>> 0
    return new Uint8Array([v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24])
  }
  const bytes = []
  while (value > 0n) {
    bytes.push(Number(value & 0xffn))
    value >>= 8n
  }
  return new Uint8Array([((bytes.length - 4) << 2) | 3, ...bytes])
}

/** u32 little-endian. @param {unknown} input */
function u32(input) {
  const value = typeof input === 'string' && isHex(input) ? Number(BigInt(input)) : Number(input)
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw rpcError(-32602, `Not a u32: ${String(input)}`)
  return new Uint8Array([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24])
}

/**
 * The bytes a polkadot extrinsic signature covers, for a SignerPayloadJSON with the standard
 * signed extensions (mortality, nonce, tip, spec and transaction versions, genesis, block hash):
 * call ‖ era ‖ compact nonce ‖ compact tip ‖ specVersion ‖ transactionVersion ‖ genesisHash ‖
 * blockHash, hashed with blake2-256 when longer than 256 bytes (as the runtime checks it).
 * @param {Record<string, unknown>} payload
 */
export function polkadotSigningPayload(payload) {
  const parts = [
    hexBytes(payload['method']),
    hexBytes(payload['era']),
    compact(BigInt(/** @type {string} */ (payload['nonce']))),
    compact(BigInt(/** @type {string} */ (payload['tip'] ?? '0x00'))),
    u32(payload['specVersion']),
    u32(payload['transactionVersion']),
    hexBytes(payload['genesisHash']),
    hexBytes(payload['blockHash']),
  ]
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.length
  }
  return bytes.length > 256 ? blake2AsU8a(bytes, 256) : bytes
}

/** A polkadot signer: one sr25519 key, its SS58 address (prefix 0, Polkadot's). */
export function polkadotSignerFrom({ seed = POLKADOT_TEST_SEED } = {}) {
  const secretKey = sr25519.secretFromSeed(seed)
  const publicKey = sr25519.getPublicKey(secretKey)
  const address = encodeAddress(publicKey, 0)
  /** @param {unknown} asked */
  const check = (asked) => {
    if (asked !== undefined && asked !== address) throw rpcError(4100, `Unknown address ${String(asked)}`)
  }
  return {
    address,
    publicKey: bytesToHex(publicKey),
    /**
     * polkadot_signMessage: `{ address, message }` → `{ signature }` over `<Bytes>message</Bytes>`
     * (polkadot.js' signRaw: a hex message is its bytes, other text its UTF-8).
     * @param {{ address?: string, message?: unknown }} params
     */
    signMessage({ address: asked, message }) {
      check(asked)
      if (typeof message !== 'string') throw rpcError(-32602, 'message must be a string')
      const data = isHex(message) ? hexToBytes(message) : stringToBytes(message)
      const wrapped = new Uint8Array([...stringToBytes('<Bytes>'), ...data, ...stringToBytes('</Bytes>')])
      return { signature: bytesToHex(sr25519.sign(secretKey, wrapped)) }
    },
    /**
     * polkadot_signTransaction: `{ address, transactionPayload }` → `{ id, signature }`, the
     * signature with its MultiSignature type byte (0x01 sr25519), as polkadot.js' signPayload.
     * @param {{ address?: string, transactionPayload?: Record<string, unknown> }} params
     * @param {number} id
     */
    signTransaction({ address: asked, transactionPayload }, id) {
      check(asked ?? transactionPayload?.['address'])
      if (!transactionPayload || typeof transactionPayload !== 'object')
        throw rpcError(-32602, 'transactionPayload must be an object')
      const signature = sr25519.sign(secretKey, polkadotSigningPayload(transactionPayload))
      return { id, signature: bytesToHex(new Uint8Array([1, ...signature])) }
    },
  }
}

// ── cosmos ───────────────────────────────────────────────────────────────────────────────────

/** Protobuf: a varint. @param {bigint} value */
function varint(value) {
  const bytes = []
  do {
    let byte = Number(value & 0x7fn)
    value >>= 7n
    if (value > 0n) byte |= 0x80
    bytes.push(byte)
  } while (value > 0n)
  return bytes
}

/**
 * The SignDoc's protobuf bytes (cosmos.tx.v1beta1.SignDoc: body_bytes = 1, auth_info_bytes = 2,
 * chain_id = 3, account_number = 4; proto3 leaves empty and zero fields out).
 * @param {{ bodyBytes: Uint8Array, authInfoBytes: Uint8Array, chainId: string, accountNumber: bigint }} doc
 */
export function cosmosSignDocBytes({ bodyBytes, authInfoBytes, chainId, accountNumber }) {
  const chain = stringToBytes(chainId)
  /** @type {number[]} */
  const out = []
  const field = (/** @type {number} */ tag, /** @type {Uint8Array} */ bytes) => {
    if (bytes.length > 0) out.push(tag, ...varint(BigInt(bytes.length)), ...bytes)
  }
  field(0x0a, bodyBytes)
  field(0x12, authInfoBytes)
  field(0x1a, chain)
  if (accountNumber > 0n) out.push(0x20, ...varint(accountNumber))
  return new Uint8Array(out)
}

/**
 * Amino JSON as the Cosmos SDK signs it: keys sorted at every depth, no spaces, and `&`, `<`, `>`
 * escaped as \u0026, \u003c, \u003e.
 * @param {unknown} value
 * @returns {string}
 */
export function sortedJson(value) {
  /** @type {(item: unknown) => unknown} */
  const sort = (item) =>
    Array.isArray(item)
      ? item.map(sort)
      : item && typeof item === 'object'
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sort(/** @type {Record<string, unknown>} */ (item)[key])]),
          )
        : item
  return JSON.stringify(sort(value)).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e')
}

/** A cosmos signer: one secp256k1 key, its `cosmos1…` address. */
export function cosmosSignerFrom({ privateKey = COSMOS_TEST_PRIVATE_KEY, prefix = 'cosmos' } = {}) {
  const uncompressed = hexToBytes(privateKeyToAccount(privateKey).publicKey)
  const parity = /** @type {number} */ (uncompressed[64]) & 1
  const publicKey = new Uint8Array([parity ? 0x03 : 0x02, ...uncompressed.slice(1, 33)])
  const address = bech32(prefix, hexToBytes(ripemd160(sha256(publicKey))))
  const pubKey = { type: 'tendermint/PubKeySecp256k1', value: base64Encode(publicKey) }
  /** @param {unknown} asked */
  const check = (asked) => {
    if (asked !== undefined && asked !== address) throw rpcError(4100, `Unknown address ${String(asked)}`)
  }
  /** sha256 then secp256k1, r ‖ s (low s), base64. @param {Uint8Array} bytes */
  const signBytes = async (bytes) => {
    const { r, s } = await sign({ hash: sha256(bytes), privateKey })
    return base64Encode(new Uint8Array([...hexToBytes(r, { size: 32 }), ...hexToBytes(s, { size: 32 })]))
  }
  return {
    address,
    /** cosmos_getAccounts: `[{ algo, address, pubkey (base64) }]` */
    accounts() {
      return [{ algo: 'secp256k1', address, pubkey: base64Encode(publicKey) }]
    },
    /**
     * cosmos_signDirect: `{ signerAddress, signDoc: { chainId, accountNumber, authInfoBytes,
     * bodyBytes } }` (bytes base64) → `{ signature: { pub_key, signature }, signed: signDoc }`.
     * @param {{ signerAddress?: string, signDoc?: Record<string, unknown> }} params
     */
    async signDirect({ signerAddress, signDoc }) {
      check(signerAddress)
      if (!signDoc || typeof signDoc !== 'object') throw rpcError(-32602, 'signDoc must be an object')
      const bytes = cosmosSignDocBytes({
        bodyBytes: base64Decode(String(signDoc['bodyBytes'] ?? '')),
        authInfoBytes: base64Decode(String(signDoc['authInfoBytes'] ?? '')),
        chainId: String(signDoc['chainId'] ?? ''),
        accountNumber: BigInt(/** @type {string} */ (signDoc['accountNumber'] ?? '0')),
      })
      return { signature: { pub_key: pubKey, signature: await signBytes(bytes) }, signed: signDoc }
    },
    /**
     * cosmos_signAmino: `{ signerAddress, signDoc: StdSignDoc }` → `{ signature, signed }`.
     * @param {{ signerAddress?: string, signDoc?: unknown }} params
     */
    async signAmino({ signerAddress, signDoc }) {
      check(signerAddress)
      if (!signDoc || typeof signDoc !== 'object') throw rpcError(-32602, 'signDoc must be an object')
      const signature = await signBytes(stringToBytes(sortedJson(signDoc)))
      return { signature: { pub_key: pubKey, signature }, signed: signDoc }
    },
  }
}
