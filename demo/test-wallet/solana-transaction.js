// The Solana transaction wire format, read by hand: enough to sign a transaction in place and to
// tell the person what it does. Legacy and version 0 messages.
//
//   transaction  compact-u16 n, n × 64-byte signatures, message
//   message      [0x80 | version]  (v0 only; a legacy message starts with its header)
//                header: numRequiredSignatures, numReadonlySigned, numReadonlyUnsigned (u8 each)
//                compact-u16 k, k × 32-byte account keys (the signers first, fee payer at 0)
//                32-byte recent blockhash
//                compact-u16 i, i × { programIdIndex u8, compact-u16 a, a × u8, compact-u16 d, d bytes }
//                (v0) compact-u16 l, l × { 32-byte table, compact-u16 w, w × u8, compact-u16 r, r × u8 }
//
// The signatures sign the message bytes; signature j belongs to account key j.
import { invalidParams } from './errors.js'
import { base58Encode } from './bytes.js'
import { formatSol } from './format.js'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const SIGNATURE_BYTES = 64
const KEY_BYTES = 32
/** The System program's Transfer instruction: u32 LE index 2, then u64 LE lamports. */
const SYSTEM_TRANSFER = 2

/**
 * @typedef {object} ParsedInstruction
 * @property {number} programIdIndex
 * @property {number[]} accountIndexes
 * @property {Uint8Array} data
 *
 * @typedef {object} ParsedTransaction
 * @property {Uint8Array} bytes  the whole transaction, as given
 * @property {number} signaturesOffset  where signature 0 starts
 * @property {Uint8Array} message  the bytes the signatures sign
 * @property {'legacy' | 0} version
 * @property {number} numRequiredSignatures
 * @property {string[]} accountKeys  base58, in message order (lookup-table addresses not included)
 * @property {ParsedInstruction[]} instructions
 * @property {number} lookupTables  how many address lookup tables a v0 message uses
 */

/** Reads the wire format front to back; every read past the end is a -32602. */
function reader(/** @type {Uint8Array} */ bytes) {
  let offset = 0
  const need = (/** @type {number} */ count, /** @type {string} */ what) => {
    if (offset + count > bytes.length)
      throw invalidParams(`Invalid transaction: it ends inside ${what} (byte ${offset} of ${bytes.length}).`)
  }
  return {
    get offset() {
      return offset
    },
    u8(/** @type {string} */ what) {
      need(1, what)
      return /** @type {number} */ (bytes[offset++])
    },
    /** Solana's compact-u16 ("shortvec"): 7 bits a byte, low bits first, at most 3 bytes. */
    compactU16(/** @type {string} */ what) {
      let value = 0
      for (let shift = 0; shift <= 14; shift += 7) {
        need(1, what)
        const byte = /** @type {number} */ (bytes[offset++])
        value |= (byte & 0x7f) << shift
        if ((byte & 0x80) === 0) {
          if (value > 0xffff) break
          return value
        }
      }
      throw invalidParams(`Invalid transaction: ${what} is not a valid compact-u16.`)
    },
    take(/** @type {number} */ count, /** @type {string} */ what) {
      need(count, what)
      offset += count
      return bytes.subarray(offset - count, offset)
    },
  }
}

/**
 * @param {unknown} bytes  a transaction in wire format
 * @returns {ParsedTransaction}
 */
export function parseTransaction(bytes) {
  if (!(bytes instanceof Uint8Array)) throw invalidParams('Expected the transaction as a Uint8Array in wire format.')
  const read = reader(bytes)
  const signatureCount = read.compactU16('the signature count')
  const signaturesOffset = read.offset
  read.take(signatureCount * SIGNATURE_BYTES, 'the signatures')
  const messageOffset = read.offset

  const first = read.u8('the message header')
  /** @type {'legacy' | 0} */
  let version = 'legacy'
  let numRequiredSignatures = first
  if (first & 0x80) {
    if ((first & 0x7f) !== 0)
      throw invalidParams(
        `Unsupported transaction version ${first & 0x7f}: this wallet signs legacy and version 0 transactions.`,
      )
    version = 0
    numRequiredSignatures = read.u8('the message header')
  }
  read.take(2, 'the message header')
  const keyCount = read.compactU16('the account key count')
  const accountKeys = Array.from({ length: keyCount }, (_, i) => base58Encode(read.take(KEY_BYTES, `account key ${i}`)))
  read.take(KEY_BYTES, 'the recent blockhash')
  const instructionCount = read.compactU16('the instruction count')
  const instructions = Array.from({ length: instructionCount }, (_, i) => {
    const what = `instruction ${i}`
    const programIdIndex = read.u8(what)
    const accountIndexes = Array.from(read.take(read.compactU16(what), what))
    const data = read.take(read.compactU16(what), what)
    return { programIdIndex, accountIndexes, data }
  })
  let lookupTables = 0
  if (version === 0) {
    lookupTables = read.compactU16('the lookup table count')
    for (let i = 0; i < lookupTables; i++) {
      const what = `lookup table ${i}`
      read.take(KEY_BYTES, what)
      read.take(read.compactU16(what), what)
      read.take(read.compactU16(what), what)
    }
  }
  if (read.offset !== bytes.length) {
    throw invalidParams(`Invalid transaction: ${bytes.length - read.offset} bytes left over after the message.`)
  }
  if (signatureCount !== numRequiredSignatures) {
    throw invalidParams(
      `Invalid transaction: ${signatureCount} signature slots for ${numRequiredSignatures} required signers.`,
    )
  }
  if (numRequiredSignatures === 0 || numRequiredSignatures > keyCount) {
    throw invalidParams(
      `Invalid transaction: ${numRequiredSignatures} required signers among ${keyCount} account keys.`,
    )
  }
  for (const [i, { programIdIndex }] of instructions.entries()) {
    if (programIdIndex >= keyCount)
      throw invalidParams(
        `Invalid transaction: instruction ${i} names program ${programIdIndex} of ${keyCount} account keys.`,
      )
  }
  return {
    bytes,
    signaturesOffset,
    message: bytes.subarray(messageOffset),
    version,
    numRequiredSignatures,
    accountKeys,
    instructions,
    lookupTables,
  }
}

/** The accounts that must sign, fee payer first. @param {ParsedTransaction} transaction */
export const requiredSigners = (transaction) => transaction.accountKeys.slice(0, transaction.numRequiredSignatures)

/**
 * A copy of the transaction with `signature` in the slot of `signer`.
 * @param {ParsedTransaction} transaction  @param {string} signer  base58  @param {Uint8Array} signature
 */
export function withSignature(transaction, signer, signature) {
  const slot = requiredSigners(transaction).indexOf(signer)
  if (slot < 0) throw new TypeError(`${signer} is not a required signer of this transaction`)
  if (signature.length !== SIGNATURE_BYTES) throw new TypeError(`expected a ${SIGNATURE_BYTES}-byte signature`)
  const signed = transaction.bytes.slice()
  signed.set(signature, transaction.signaturesOffset + slot * SIGNATURE_BYTES)
  return signed
}

/**
 * A System program transfer, or undefined for anything else (or accounts in a lookup table).
 * @param {ParsedTransaction} transaction  @param {ParsedInstruction} instruction
 * @returns {{ from: string, to: string, lamports: bigint } | undefined}
 */
function systemTransfer(transaction, { programIdIndex, accountIndexes, data }) {
  if (transaction.accountKeys[programIdIndex] !== SYSTEM_PROGRAM || data.length !== 12 || accountIndexes.length < 2)
    return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (view.getUint32(0, true) !== SYSTEM_TRANSFER) return undefined
  const [from, to] = accountIndexes.map((index) => transaction.accountKeys[index])
  if (from === undefined || to === undefined) return undefined
  return { from, to, lamports: view.getBigUint64(4, true) }
}

/**
 * What the transaction does, in one line for the prompt: "To <address> · 0.1 SOL" for a SOL
 * transfer (compute budget instructions aside), "3 instructions" otherwise.
 * @param {ParsedTransaction} transaction
 * @param {string} [payer]  the wallet's address: a transfer from another account says so
 */
export function describeTransaction(transaction, payer) {
  const instructions = transaction.instructions.filter(
    ({ programIdIndex }) => transaction.accountKeys[programIdIndex] !== COMPUTE_BUDGET_PROGRAM,
  )
  const transfers = instructions.map((instruction) => systemTransfer(transaction, instruction))
  if (transfers.length > 0 && transfers.every((transfer) => transfer !== undefined)) {
    return transfers
      .map(({ from, to, lamports }) =>
        [...(from === payer ? [] : [`From ${from}`]), `To ${to}`, `${formatSol(lamports)} SOL`].join(' · '),
      )
      .join('\n')
  }
  const count = transaction.instructions.length
  return `${count} instruction${count === 1 ? '' : 's'}`
}
