// @ts-check
// The JSON-RPC methods of the sandbox's Solana network (solana.mjs serves them over HTTP and
// WebSocket): the part of Solana's RPC API wallets and dapps use, answered from the ledger
// (solana-ledger.mjs). Commitment levels are accepted and ignored: a landed transaction is
// final at once. Answers use Solana's shapes (`{ context: { slot }, value }` where Solana has
// them); bigints are written as JSON numbers by toJson().
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  isAddress,
} from '@solana/kit'
import { RPC_ERRORS, RpcError, SLOTS_PER_EPOCH, decodeWireTransaction, feeOf } from './solana-ledger.mjs'

/** What getVersion reports: the Agave release whose RPC shapes these answers follow. */
export const SOLANA_CORE_VERSION = '2.2.20'
const FEATURE_SET = 3_294_202_862
const MAX_SIGNATURES_PER_STATUS_REQUEST = 256
const MAX_MULTIPLE_ACCOUNTS = 100
const MAX_SIGNATURES_FOR_ADDRESS = 1000

/** JSON with bigints written as plain numbers (Solana's u64 fields). */
export function toJson(/** @type {unknown} */ value) {
  return JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? `__bigint__${item}` : item)).replace(
    /"__bigint__(-?\d+)"/g,
    '$1',
  )
}

const invalidParams = (/** @type {string} */ message) => new RpcError(RPC_ERRORS.INVALID_PARAMS, message)

/** @returns {string} */
function addressParam(/** @type {unknown} */ value, what = 'address') {
  if (typeof value !== 'string' || !isAddress(value))
    throw invalidParams(`Invalid param: ${what} is not a valid base58 address`)
  return value
}

/** @returns {Record<string, any>} */
const configParam = (/** @type {unknown} */ value) =>
  value && typeof value === 'object' && !Array.isArray(value) ? /** @type {any} */ (value) : {}

/** Bytes of an encoded transaction or message ('base58' is Solana's default). */
function bytesParam(/** @type {unknown} */ value, /** @type {string} */ encoding = 'base58') {
  if (typeof value !== 'string') throw invalidParams('Invalid param: expected an encoded transaction string')
  try {
    if (encoding === 'base64') return Uint8Array.from(getBase64Encoder().encode(value))
    if (encoding === 'base58') return Uint8Array.from(getBase58Encoder().encode(value))
  } catch {
    throw invalidParams(`Invalid param: not ${encoding}`)
  }
  throw invalidParams(`Invalid param: unsupported encoding ${encoding}`)
}

/**
 * @param {{
 *   ledger: ReturnType<typeof import('./solana-ledger.mjs').createLedger>,
 *   accounts: ReturnType<typeof import('./solana-accounts.mjs').createAccountReader>,
 *   genesisHash: string,
 *   identity: string,
 *   airdrop: (address: string, lamports: bigint) => Promise<string>,
 * }} options
 * @returns {Record<string, (params: unknown[]) => unknown>}
 */
export function createSolanaMethods({ ledger, accounts, genesisHash, identity, airdrop }) {
  const withContext = (/** @type {unknown} */ value) => ({
    context: { apiVersion: SOLANA_CORE_VERSION, slot: ledger.slot() },
    value,
  })
  const keyed = (/** @type {{ address: string }} */ account, /** @type {Record<string, any>} */ config) => ({
    pubkey: account.address,
    account: accounts.encode(/** @type {any} */ (account), config),
  })

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET }),
    getGenesisHash: () => genesisHash,
    getIdentity: () => ({ identity }),
    getSlot: () => ledger.slot(),
    getBlockHeight: () => ledger.blockHeight(),
    getTransactionCount: () => BigInt(ledger.transactionCount()),
    getEpochInfo: () => {
      const slot = ledger.slot()
      return {
        absoluteSlot: slot,
        blockHeight: ledger.blockHeight(),
        epoch: slot / BigInt(SLOTS_PER_EPOCH),
        slotIndex: slot % BigInt(SLOTS_PER_EPOCH),
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: BigInt(ledger.transactionCount()),
      }
    },
    getEpochSchedule: () => ({
      slotsPerEpoch: SLOTS_PER_EPOCH,
      leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
      warmup: false,
      firstNormalEpoch: 0,
      firstNormalSlot: 0,
    }),
    getRecentPrioritizationFees: () => [],
    getLatestBlockhash: () => withContext(ledger.latestBlockhash()),
    isBlockhashValid: ([blockhash]) => withContext(typeof blockhash === 'string' && ledger.isBlockhashValid(blockhash)),
    getMinimumBalanceForRentExemption: ([size]) => {
      if (!Number.isInteger(size) || /** @type {number} */ (size) < 0)
        throw invalidParams('Invalid param: data length must be a non-negative integer')
      return ledger.svm.minimumBalanceForRentExemption(BigInt(/** @type {number} */ (size)))
    },
    getFeeForMessage: ([message]) => {
      let compiled
      try {
        // Typed as legacy or v0, the versions feeOf reads (kit's decoder also reads v1).
        compiled = /** @type {import('./solana-ledger.mjs').LegacyOrV0Message} */ (
          getCompiledTransactionMessageDecoder().decode(bytesParam(message, 'base64'))
        )
      } catch (error) {
        if (error instanceof RpcError) throw error
        throw invalidParams('Invalid param: failed to deserialize message')
      }
      return withContext(ledger.isBlockhashValid(compiled.lifetimeToken) ? feeOf(compiled) : null)
    },

    getBalance: ([address]) => withContext(accounts.get(addressParam(address))?.lamports ?? 0n),
    getAccountInfo: ([address, config]) =>
      withContext(accounts.encode(accounts.get(addressParam(address)), configParam(config))),
    getMultipleAccounts: ([addresses, config]) => {
      if (!Array.isArray(addresses) || addresses.length > MAX_MULTIPLE_ACCOUNTS) {
        throw invalidParams(`Invalid param: expected an array of at most ${MAX_MULTIPLE_ACCOUNTS} addresses`)
      }
      return withContext(
        addresses.map((address) => accounts.encode(accounts.get(addressParam(address)), configParam(config))),
      )
    },
    getProgramAccounts: ([program, rawConfig]) => {
      const config = configParam(rawConfig)
      const filters = Array.isArray(config.filters) ? config.filters : []
      const list = ledger.svm
        .getProgramAccounts(/** @type {any} */ (addressParam(program, 'program id')))
        .filter((account) => filters.every((filter) => matchesFilter(account.data, filter)))
        .map((account) => keyed(account, config))
      return config.withContext ? withContext(list) : list
    },
    getTokenAccountsByOwner: ([owner, filter, config]) => {
      const { mint, programId } = configParam(filter)
      if (!mint === !programId) throw invalidParams('Invalid param: give exactly one of mint or programId')
      const found = accounts.tokenAccountsOf(addressParam(owner), {
        ...(mint ? { mint: addressParam(mint, 'mint') } : {}),
        ...(programId ? { programId: addressParam(programId, 'programId') } : {}),
      })
      return withContext(found.map((account) => keyed(account, configParam(config))))
    },
    getTokenAccountBalance: ([address]) => withContext(accounts.tokenAccountBalance(addressParam(address))),
    getTokenSupply: ([mint]) => withContext(accounts.tokenSupply(addressParam(mint, 'mint'))),

    sendTransaction: ([encoded, rawConfig]) => {
      const config = configParam(rawConfig)
      return ledger.send(bytesParam(encoded, config.encoding), { skipPreflight: config.skipPreflight === true })
        .signature
    },
    simulateTransaction: ([encoded, rawConfig]) => {
      const config = configParam(rawConfig)
      const result = ledger.simulate(bytesParam(encoded, config.encoding), {
        sigVerify: config.sigVerify === true,
        replaceRecentBlockhash: config.replaceRecentBlockhash === true,
      })
      /** @type {unknown} */
      let accountsAfter = null
      const wanted = configParam(config.accounts)
      if (Array.isArray(wanted.addresses)) {
        accountsAfter = wanted.addresses.map((address) => {
          const after =
            result.postAccounts.find((account) => account.address === address) ?? accounts.get(addressParam(address))
          return accounts.encode(/** @type {any} */ (after), { encoding: wanted.encoding ?? 'base64' })
        })
      }
      return withContext({
        err: result.err,
        logs: result.logs,
        accounts: accountsAfter,
        unitsConsumed: result.unitsConsumed,
        returnData: null,
        innerInstructions: null,
        replacementBlockhash: result.replacementBlockhash,
      })
    },
    requestAirdrop: async ([address, lamports]) => {
      if (!Number.isSafeInteger(lamports) || /** @type {number} */ (lamports) <= 0)
        throw invalidParams('Invalid param: lamports must be a positive integer')
      return airdrop(addressParam(address), BigInt(/** @type {number} */ (lamports)))
    },

    getSignatureStatuses: ([signatures, config]) => {
      if (!Array.isArray(signatures) || signatures.length > MAX_SIGNATURES_PER_STATUS_REQUEST) {
        throw invalidParams(
          `Invalid param: expected an array of at most ${MAX_SIGNATURES_PER_STATUS_REQUEST} signatures`,
        )
      }
      const search = configParam(config).searchTransactionHistory === true
      return withContext(
        signatures.map((signature) => {
          const landed = typeof signature === 'string' ? ledger.statusOf(signature, search) : null
          if (!landed) return null
          return {
            slot: landed.slot,
            confirmations: null,
            err: landed.err,
            status: landed.err === null ? { Ok: null } : { Err: landed.err },
            confirmationStatus: 'finalized',
          }
        }),
      )
    },
    getTransaction: ([signature, rawConfig]) => {
      const config = configParam(rawConfig)
      const landed = typeof signature === 'string' ? ledger.transaction(signature) : undefined
      if (!landed) return null
      if (landed.version !== 'legacy' && config.maxSupportedTransactionVersion === undefined) {
        throw new RpcError(
          RPC_ERRORS.UNSUPPORTED_TRANSACTION_VERSION,
          `Transaction version (${landed.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${landed.version}`,
        )
      }
      return transactionJson(landed, config.encoding ?? 'json')
    },
    getSignaturesForAddress: ([address, rawConfig]) => {
      const owner = addressParam(address)
      const config = configParam(rawConfig)
      const limit = Math.min(
        Number.isInteger(config.limit) ? config.limit : MAX_SIGNATURES_FOR_ADDRESS,
        MAX_SIGNATURES_FOR_ADDRESS,
      )
      let list = ledger.history().filter((landed) => landed.accountKeys.includes(owner))
      if (config.before) list = list.slice(list.findIndex((landed) => landed.signature === config.before) + 1)
      if (config.until) {
        const until = list.findIndex((landed) => landed.signature === config.until)
        if (until >= 0) list = list.slice(0, until)
      }
      return list.slice(0, limit).map((landed) => ({
        signature: landed.signature,
        slot: landed.slot,
        err: landed.err,
        memo: null,
        blockTime: landed.blockTime,
        confirmationStatus: 'finalized',
      }))
    },
  }
}

/** getProgramAccounts filters: `{ dataSize }` and `{ memcmp: { offset, bytes, encoding? } }`. */
function matchesFilter(/** @type {ArrayLike<number>} */ data, /** @type {any} */ filter) {
  if (filter?.dataSize !== undefined) return data.length === filter.dataSize
  if (filter?.memcmp) {
    const { offset = 0, bytes = '', encoding = 'base58' } = filter.memcmp
    const wanted = bytesParam(bytes, encoding)
    return wanted.every((byte, index) => data[offset + index] === byte)
  }
  throw invalidParams('Invalid param: unsupported filter')
}

/**
 * A landed transaction as getTransaction answers it ('json', 'jsonParsed' (as json), 'base64'
 * or 'base58').
 * @param {import('./solana-ledger.mjs').LandedTransaction} landed
 * @param {string} encoding
 */
function transactionJson(landed, encoding) {
  const meta = {
    err: landed.err,
    status: landed.err === null ? { Ok: null } : { Err: landed.err },
    fee: landed.fee,
    preBalances: landed.preBalances,
    postBalances: landed.postBalances,
    innerInstructions: landed.innerInstructions,
    logMessages: landed.logs,
    preTokenBalances: landed.preTokenBalances,
    postTokenBalances: landed.postTokenBalances,
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: landed.computeUnitsConsumed,
  }
  /** @type {unknown} */
  let transaction
  if (encoding === 'base64')
    transaction = [getBase64Decoder().decode(/** @type {Uint8Array} */ (landed.wire)), 'base64']
  else if (encoding === 'base58')
    transaction = [getBase58Decoder().decode(/** @type {Uint8Array} */ (landed.wire)), 'base58']
  else if (encoding === 'json' || encoding === 'jsonParsed') {
    const { transaction: decoded, message } = decodeWireTransaction(/** @type {Uint8Array} */ (landed.wire))
    const base58 = getBase58Decoder()
    transaction = {
      signatures: Object.values(decoded.signatures).map((bytes) => (bytes ? base58.decode(bytes) : '1'.repeat(64))),
      message: {
        accountKeys: message.staticAccounts,
        header: {
          numRequiredSignatures: message.header.numSignerAccounts,
          numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        },
        instructions: message.instructions.map((instruction) => ({
          programIdIndex: instruction.programAddressIndex,
          accounts: instruction.accountIndices ?? [],
          data: base58.decode(instruction.data ?? new Uint8Array()),
          stackHeight: null,
        })),
        recentBlockhash: message.lifetimeToken,
        ...(message.version === 'legacy'
          ? {}
          : {
              addressTableLookups: /** @type {any} */ (message.addressTableLookups ?? []).map(
                (/** @type {any} */ lookup) => ({
                  accountKey: lookup.lookupTableAddress,
                  writableIndexes: lookup.writableIndexes ?? lookup.writableIndices,
                  readonlyIndexes: lookup.readonlyIndexes ?? lookup.readonlyIndices,
                }),
              ),
            }),
      },
    }
  } else throw invalidParams(`Invalid param: unsupported encoding ${encoding}`)
  return { slot: landed.slot, blockTime: landed.blockTime, version: landed.version, meta, transaction }
}

/**
 * Answer one JSON-RPC payload (one request or a batch). Returns undefined when nothing is to be
 * sent back (only notifications).
 * @template C
 * @param {unknown} payload the parsed JSON
 * @param {Record<string, (params: any[], context: C) => unknown>} methods
 * @param {C} [context] passed to every method (the WebSocket's per-message state)
 */
export async function answerJsonRpc(payload, methods, context) {
  if (Array.isArray(payload)) {
    if (payload.length === 0)
      return errorReply(null, new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Invalid request: empty batch'))
    const replies = []
    // One after another: a batch's transactions land in order.
    for (const request of payload) {
      const reply = await answerOne(request, methods, context)
      if (reply) replies.push(reply)
    }
    return replies.length > 0 ? replies : undefined
  }
  return answerOne(payload, methods, context)
}

async function answerOne(
  /** @type {any} */ request,
  /** @type {Record<string, Function>} */ methods,
  /** @type {unknown} */ context,
) {
  const id = request && typeof request === 'object' && 'id' in request ? request.id : null
  if (!request || typeof request !== 'object' || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return errorReply(id, new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Invalid request'))
  }
  const isNotification = !('id' in request)
  const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined
  if (!method)
    return isNotification ? undefined : errorReply(id, new RpcError(RPC_ERRORS.METHOD_NOT_FOUND, 'Method not found'))
  const params = request.params === undefined ? [] : request.params
  if (!Array.isArray(params))
    return errorReply(id, new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid params: expected an array'))
  try {
    const result = await method(params, context)
    return isNotification ? undefined : { jsonrpc: '2.0', id, result }
  } catch (error) {
    if (isNotification) return undefined
    if (error instanceof RpcError) return errorReply(id, error)
    console.error('[sandbox solana]', error)
    return errorReply(id, new RpcError(-32603, `Internal error: ${error instanceof Error ? error.message : error}`))
  }
}

/** @param {unknown} id @param {RpcError} error */
export function errorReply(id, error) {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) },
  }
}
