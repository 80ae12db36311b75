// Solana signing inside the frame (@solana/kit, WebCrypto Ed25519). Wire shapes as AppKit's Solana
// adapter sends them to the hosted frame: every message and transaction is base58 (a transaction
// is its wire bytes, signature slots included), and the replies are
//   solana_signMessage             { message, pubkey }        → { signature }
//   solana_signTransaction         { transaction }            → { transaction } (signed)
//   solana_signAllTransactions     { transactions }           → { transactions }
//   solana_signAndSendTransaction  { transaction, options? }  → { signature }
import {
  createKeyPairFromPrivateKeyBytes,
  createSolanaRpc,
  getAddressFromPublicKey,
  getBase16Encoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const LAMPORTS_PER_SOL = 1_000_000_000

/** A new ed25519 seed (32 random bytes), hex. */
export function newSolanaSeed() {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Imported once per seed; the CryptoKeys are not extractable. @type {Map<string, Promise<CryptoKeyPair>>} */
const keyPairs = new Map()

/** @param {string} seed */
function keyPairOf(seed) {
  let pair = keyPairs.get(seed)
  if (!pair) {
    pair = createKeyPairFromPrivateKeyBytes(Uint8Array.from(getBase16Encoder().encode(seed)))
    keyPairs.set(seed, pair)
  }
  return pair
}

/** @param {string} seed @returns {Promise<string>} */
export async function solanaAddressOf(seed) {
  return getAddressFromPublicKey((await keyPairOf(seed)).publicKey)
}

/** @param {unknown} value @param {string} what @returns {Uint8Array} */
function fromBase58(value, what) {
  if (typeof value !== 'string' || value === '') throw new Error(`Invalid ${what}`)
  try {
    return Uint8Array.from(getBase58Encoder().encode(value))
  } catch {
    throw new Error(`Invalid ${what}: not base58`)
  }
}

const toBase58 = (/** @type {Uint8Array} */ bytes) => getBase58Decoder().decode(bytes)

/** @param {any} params */
function paramsObject(params) {
  if (!params || typeof params !== 'object' || Array.isArray(params)) throw new Error('Invalid params')
  return params
}

/** @param {string} seed @param {unknown} params */
export async function signMessage(seed, params) {
  const { message, pubkey } = paramsObject(params)
  if (pubkey !== undefined && pubkey !== (await solanaAddressOf(seed))) throw new Error('pubkey is not this account')
  const signature = await signBytes((await keyPairOf(seed)).privateKey, fromBase58(message, 'message'))
  return { signature: toBase58(signature) }
}

/** Decode, sign this account's slot, keep everyone else's. @param {string} seed @param {unknown} encoded */
async function signWire(seed, encoded) {
  let transaction
  try {
    transaction = getTransactionDecoder().decode(fromBase58(encoded, 'transaction'))
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Invalid transaction')) throw error
    throw new Error('Invalid transaction: cannot decode it')
  }
  const address = await solanaAddressOf(seed)
  if (!(address in transaction.signatures)) throw new Error('The transaction does not ask this account to sign')
  return partiallySignTransaction([await keyPairOf(seed)], transaction)
}

/** @param {string} seed @param {unknown} params */
export async function signTransaction(seed, params) {
  const signed = await signWire(seed, paramsObject(params).transaction)
  return { transaction: toBase58(Uint8Array.from(getTransactionEncoder().encode(signed))) }
}

/** @param {string} seed @param {unknown} params */
export async function signAllTransactions(seed, params) {
  const { transactions } = paramsObject(params)
  if (!Array.isArray(transactions) || transactions.length === 0) throw new Error('Invalid transactions')
  const signed = []
  for (const encoded of transactions) {
    signed.push(toBase58(Uint8Array.from(getTransactionEncoder().encode(await signWire(seed, encoded)))))
  }
  return { transactions: signed }
}

/** @param {string} seed @param {unknown} params @param {string} rpcUrl */
export async function signAndSendTransaction(seed, params, rpcUrl) {
  const { transaction, options = {} } = paramsObject(params)
  const signed = await signWire(seed, transaction)
  /** @type {Record<string, unknown>} */
  const config = { encoding: 'base64' }
  if (typeof options?.skipPreflight === 'boolean') config.skipPreflight = options.skipPreflight
  if (typeof options?.preflightCommitment === 'string') config.preflightCommitment = options.preflightCommitment
  if (Number.isSafeInteger(options?.maxRetries)) config.maxRetries = BigInt(options.maxRetries)
  if (Number.isSafeInteger(options?.minContextSlot)) config.minContextSlot = BigInt(options.minContextSlot)
  const signature = await createSolanaRpc(rpcUrl)
    .sendTransaction(getBase64EncodedWireTransaction(signed), /** @type {any} */ (config))
    .send()
  return { signature: String(signature) }
}

// ── what the approval screen shows ────────────────────────────────────────────────────────────

/** @param {unknown} encoded @returns {{ label: string, value: string }[]} */
function describeTransaction(encoded) {
  const { messageBytes } = getTransactionDecoder().decode(fromBase58(encoded, 'transaction'))
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  const keys = message.staticAccounts.map(String)
  /** @type {{ label: string, value: string }[]} */
  const rows = [{ label: 'Fee payer', value: keys[0] ?? '?' }]
  message.instructions.forEach((instruction, index) => {
    const program = keys[instruction.programAddressIndex] ?? '?'
    const data = instruction.data ?? new Uint8Array()
    const accounts = instruction.accountIndices ?? []
    // System program instruction 2 is a transfer: u32 tag, u64 lamports, [from, to].
    if (
      program === SYSTEM_PROGRAM &&
      data.length === 12 &&
      new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2
    ) {
      const lamports = new DataView(data.buffer, data.byteOffset).getBigUint64(4, true)
      rows.push({
        label: `Instruction ${index + 1}`,
        value: `Send ${Number(lamports) / LAMPORTS_PER_SOL} SOL to ${keys[accounts[1] ?? -1] ?? '?'}`,
      })
    } else {
      rows.push({ label: `Instruction ${index + 1}`, value: `Program ${program} (${data.length} bytes of data)` })
    }
  })
  return rows
}

/** @param {string} method @param {unknown} params @returns {{ label: string, value: string }[]} */
export function describeSolanaRequest(method, params) {
  const body = /** @type {any} */ (params) ?? {}
  try {
    if (method === 'solana_signMessage') {
      const bytes = fromBase58(body.message, 'message')
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      return [{ label: 'Message', value: text }]
    }
    if (method === 'solana_signAllTransactions') {
      return (body.transactions ?? []).flatMap((/** @type {unknown} */ encoded, /** @type {number} */ index) => [
        { label: `Transaction ${index + 1}`, value: '' },
        ...describeTransaction(encoded),
      ])
    }
    return describeTransaction(body.transaction)
  } catch {
    return [{ label: 'Data', value: JSON.stringify(params) }]
  }
}
