// @ts-check
// The chain behind the sandbox's Solana RPC (solana.mjs): one LiteSVM instance plus what a
// validator adds around execution and LiteSVM leaves out: slots and block heights, a window of
// recent blockhashes, signature statuses and the transactions themselves (for getTransaction),
// and events for the WebSocket subscriptions.
//
// Every transaction that lands (succeeded, or failed in a program and paid its fee) is one slot:
// it runs in the current slot, then the slot advances and a fresh blockhash becomes the latest,
// so two identical transfers built one after the other get different blockhashes and both land.
// LiteSVM's own blockhash check (latest only) is off; this ledger accepts any blockhash issued in
// the last MAX_BLOCKHASH_AGE blocks, as a validator does. Block height = slot (no skipped slots).
import {
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
} from '@solana/kit'

/** A blockhash is valid for this many blocks after it was the latest (Solana's value). */
export const MAX_BLOCKHASH_AGE = 150
/** Statuses of this many recent slots answer getSignatureStatuses without searchTransactionHistory. */
const STATUS_CACHE_SLOTS = 300
export const LAMPORTS_PER_SIGNATURE = 5000
export const SLOTS_PER_EPOCH = 432_000
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const DEFAULT_COMPUTE_UNITS_PER_INSTRUCTION = 200_000
const MAX_COMPUTE_UNITS = 1_400_000

/** A JSON-RPC error with Solana's codes (the HTTP/WS layer turns it into `{ error }`). */
export class RpcError extends Error {
  /** @param {number} code @param {string} message @param {unknown} [data] */
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}

export const RPC_ERRORS = Object.freeze({
  PARSE: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  PREFLIGHT_FAILURE: -32002,
  SIGNATURE_VERIFICATION: -32003,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
})

// LiteSVM's error enums are `const enum`s (numbers at run time, no name table): their names in
// declaration order, from litesvm/dist/internal.d.ts (Solana's TransactionError and
// InstructionError variants without fields).
const TRANSACTION_ERROR_NAMES = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
]
const INSTRUCTION_ERROR_NAMES = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
]

/** Messages of the errors a person most often meets (Solana's own wording); others show their name. */
const TRANSACTION_ERROR_MESSAGES = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
}

/**
 * A LiteSVM error as Solana's RPC writes a TransactionError in JSON
 * (`"BlockhashNotFound"`, `{ "InstructionError": [0, { "Custom": 1 }] }`, …).
 * @param {unknown} error what FailedTransactionMetadata.err() returned
 * @returns {unknown}
 */
export function transactionErrorJson(error) {
  if (typeof error === 'number') return TRANSACTION_ERROR_NAMES[error] ?? `TransactionError${error}`
  const value = /** @type {any} */ (error)
  const kind = value?.constructor?.name ?? ''
  if (kind === 'TransactionErrorInstructionError')
    return { InstructionError: [value.index, instructionErrorJson(value.err())] }
  if (kind === 'TransactionErrorDuplicateInstruction') return { DuplicateInstruction: value.index }
  if (kind === 'TransactionErrorInsufficientFundsForRent')
    return { InsufficientFundsForRent: { account_index: value.accountIndex } }
  if (kind === 'TransactionErrorProgramExecutionTemporarilyRestricted') {
    return { ProgramExecutionTemporarilyRestricted: { account_index: value.accountIndex } }
  }
  return String(value)
}

/** @param {any} error */
function instructionErrorJson(error) {
  if (typeof error === 'number') return INSTRUCTION_ERROR_NAMES[error] ?? `InstructionError${error}`
  if (error?.constructor?.name === 'InstructionErrorCustom') return { Custom: error.code }
  if (error?.constructor?.name?.startsWith('InstructionErrorBorshIo')) return { BorshIoError: error.msg }
  return String(error)
}

/** One line for a TransactionError in JSON form, as Solana's Display writes it. */
export function describeTransactionError(/** @type {unknown} */ error) {
  if (typeof error === 'string')
    return TRANSACTION_ERROR_MESSAGES[/** @type {keyof typeof TRANSACTION_ERROR_MESSAGES} */ (error)] ?? error
  const value = /** @type {Record<string, any>} */ (error)
  if (value?.InstructionError) {
    const [index, inner] = value.InstructionError
    const what =
      typeof inner === 'string'
        ? inner
        : inner.Custom !== undefined
          ? `custom program error: 0x${inner.Custom.toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${what}`
  }
  if (value?.InsufficientFundsForRent)
    return `Transaction results in an account (${value.InsufficientFundsForRent.account_index}) with insufficient funds for rent`
  return JSON.stringify(error)
}

/**
 * @typedef {Exclude<ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>, { version: 1 }>}
 *   LegacyOrV0Message
 */

/**
 * A wire transaction, decoded. Throws RpcError INVALID_PARAMS when it is not one.
 * @param {Uint8Array} bytes
 */
export function decodeWireTransaction(bytes) {
  try {
    const transaction = getTransactionDecoder().decode(bytes)
    // Typed as a legacy or v0 message, the versions LiteSVM runs (kit's decoder also reads v1).
    const message = /** @type {LegacyOrV0Message} */ (
      getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    )
    if (message.staticAccounts.length === 0) throw new Error('no fee payer')
    // An unsigned transaction (simulateTransaction without sigVerify) has the all-zero signature.
    const firstSignature = Object.values(transaction.signatures)[0] ?? new Uint8Array(64)
    return { transaction, message, signature: getBase58Decoder().decode(firstSignature) }
  } catch (error) {
    throw new RpcError(
      RPC_ERRORS.INVALID_PARAMS,
      `failed to deserialize transaction: ${error instanceof Error ? error.message : error}`,
    )
  }
}

/**
 * The fee of a compiled message: 5000 lamports per signature plus the priority fee its
 * ComputeBudget instructions ask for (compute unit price × limit, rounded up). Without a limit
 * instruction the limit is 200 000 units per other instruction (at most 1.4 M).
 * @param {ReturnType<typeof decodeWireTransaction>['message']} message
 */
export function feeOf(message) {
  let microLamportsPerUnit = 0n
  let unitLimit
  let otherInstructions = 0
  for (const instruction of message.instructions) {
    const data = instruction.data ?? new Uint8Array()
    if (message.staticAccounts[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions += 1
      continue
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data[0] === 2 && data.length >= 5) unitLimit = view.getUint32(1, true)
    if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true)
  }
  const units = BigInt(
    unitLimit ?? Math.min(MAX_COMPUTE_UNITS, DEFAULT_COMPUTE_UNITS_PER_INSTRUCTION * otherInstructions),
  )
  const priority = (microLamportsPerUnit * units + 999_999n) / 1_000_000n
  return BigInt(message.header.numSignerAccounts * LAMPORTS_PER_SIGNATURE) + priority
}

/**
 * @typedef {{
 *   signature: string,
 *   slot: bigint,
 *   blockTime: number,
 *   err: unknown,
 *   wire: Uint8Array | undefined,
 *   version: 'legacy' | number,
 *   accountKeys: string[],
 *   fee: bigint,
 *   logs: string[],
 *   computeUnitsConsumed: bigint,
 *   innerInstructions: { index: number, instructions: { programIdIndex: number, accounts: number[], data: string, stackHeight: number }[] }[],
 *   preBalances: bigint[],
 *   postBalances: bigint[],
 *   preTokenBalances: unknown[],
 *   postTokenBalances: unknown[],
 * }} LandedTransaction
 */

/**
 * @param {{
 *   svm: import('litesvm').LiteSVM,
 *   tokenBalancesOf?: (accountKeys: string[]) => unknown[],
 *   now?: () => number,
 * }} options `tokenBalancesOf`: the pre/postTokenBalances entries for these keys (solana-rpc.mjs)
 */
export function createLedger({ svm, tokenBalancesOf = () => [], now = Date.now }) {
  svm.withBlockhashCheck(false)
  // LiteSVM's clock starts at a mainnet-like slot; a local network starts at genesis.
  svm.warpToSlot(0n)
  /** blockhash → last valid block height */
  const recentBlockhashes = new Map()
  /** @type {Map<string, LandedTransaction>} */
  const landed = new Map()
  /** @type {Set<(transaction: LandedTransaction) => void>} */
  const landedListeners = new Set()
  /** @type {Set<(slot: bigint) => void>} */
  const slotListeners = new Set()

  const slot = () => svm.getClock().slot
  const rememberLatestBlockhash = () => {
    recentBlockhashes.set(svm.latestBlockhash(), slot() + BigInt(MAX_BLOCKHASH_AGE))
    for (const [blockhash, lastValid] of recentBlockhashes) {
      if (lastValid < slot()) recentBlockhashes.delete(blockhash)
    }
  }
  rememberLatestBlockhash()

  const isBlockhashValid = (/** @type {string} */ blockhash) => (recentBlockhashes.get(blockhash) ?? -1n) >= slot()

  /** The next slot, with a fresh latest blockhash. */
  function advance() {
    svm.warpToSlot(slot() + 1n)
    svm.expireBlockhash()
    rememberLatestBlockhash()
    for (const listener of slotListeners) listener(slot())
  }

  const balancesOf = (/** @type {string[]} */ keys) => keys.map((key) => svm.getBalance(/** @type {any} */ (key)) ?? 0n)

  /**
   * Run a signed wire transaction. Throws RpcError when it does not land: it fails preflight
   * (unless `skipPreflight`), or it cannot be charged at all (bad signature, unknown blockhash,
   * no funds for the fee, already processed). A transaction that fails in a program with
   * `skipPreflight` lands as failed and pays its fee, as on a validator.
   * @param {Uint8Array} wire
   * @param {{ skipPreflight?: boolean }} [options]
   * @returns {LandedTransaction}
   */
  function send(wire, { skipPreflight = false } = {}) {
    const { transaction, message, signature } = decodeWireTransaction(wire)
    if (Object.values(transaction.signatures).some((bytes) => !bytes)) {
      throw new RpcError(RPC_ERRORS.SIGNATURE_VERIFICATION, 'Transaction signature verification failure')
    }
    if (!isBlockhashValid(message.lifetimeToken)) throw preflightError('BlockhashNotFound')
    if (landed.has(signature)) throw preflightError('AlreadyProcessed')
    if (!skipPreflight) {
      const simulated = svm.simulateTransaction(/** @type {any} */ (transaction))
      if ('err' in simulated) throw preflightError(transactionErrorJson(simulated.err()), simulated.meta())
    }
    const accountKeys = [...message.staticAccounts]
    const preBalances = balancesOf(accountKeys)
    const preTokenBalances = tokenBalancesOf(accountKeys)
    const result = svm.sendTransaction(/** @type {any} */ (transaction))
    const failed = 'err' in result
    const err = failed ? transactionErrorJson(result.err()) : null
    // Landed = LiteSVM charged it and keeps it in its history (a fee-payer or signature error does not).
    if (failed && !svm.getTransaction(/** @type {any} */ (signature))) {
      if (err === 'SignatureFailure')
        throw new RpcError(RPC_ERRORS.SIGNATURE_VERIFICATION, 'Transaction signature verification failure')
      throw preflightError(err, result.meta())
    }
    const meta = failed ? result.meta() : result
    const record = {
      signature,
      slot: slot(),
      blockTime: Math.floor(now() / 1000),
      err,
      wire: Uint8Array.from(wire),
      version: message.version,
      accountKeys,
      fee: feeCharged(meta, message),
      logs: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: innerInstructionsOf(meta),
      preBalances,
      postBalances: balancesOf(accountKeys),
      preTokenBalances,
      postTokenBalances: tokenBalancesOf(accountKeys),
    }
    landed.set(signature, record)
    advance()
    for (const listener of landedListeners) listener(record)
    return record
  }

  /**
   * Simulate without changing anything. `sigVerify` false (the RPC default) lets unsigned
   * transactions through; `replaceRecentBlockhash` runs it on the latest blockhash.
   * @param {Uint8Array} wire
   * @param {{ sigVerify?: boolean, replaceRecentBlockhash?: boolean }} [options]
   */
  function simulate(wire, { sigVerify = false, replaceRecentBlockhash = false } = {}) {
    const decoded = decodeWireTransaction(wire)
    let { transaction } = decoded
    let replacementBlockhash = null
    if (replaceRecentBlockhash) {
      if (sigVerify)
        throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'sigVerify may not be used with replaceRecentBlockhash')
      replacementBlockhash = latestBlockhash()
      const messageBytes = getCompiledTransactionMessageEncoder().encode({
        ...decoded.message,
        lifetimeToken: replacementBlockhash.blockhash,
      })
      transaction = { ...transaction, messageBytes: /** @type {any} */ (messageBytes) }
    } else if (!isBlockhashValid(decoded.message.lifetimeToken)) {
      return {
        err: 'BlockhashNotFound',
        logs: [],
        unitsConsumed: 0n,
        postAccounts: [],
        replacementBlockhash,
        message: decoded.message,
      }
    }
    svm.withSigverify(sigVerify)
    let result
    try {
      result = svm.simulateTransaction(/** @type {any} */ (transaction))
    } finally {
      svm.withSigverify(true)
    }
    const failed = 'err' in result
    const meta = result.meta()
    return {
      err: failed
        ? transactionErrorJson(/** @type {import('litesvm').FailedTransactionMetadata} */ (result).err())
        : null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      postAccounts: failed ? [] : /** @type {import('litesvm').SimulatedTransactionInfo} */ (result).postAccounts(),
      replacementBlockhash,
      message: decoded.message,
    }
  }

  function latestBlockhash() {
    const blockhash = svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: recentBlockhashes.get(blockhash) ?? slot() + BigInt(MAX_BLOCKHASH_AGE) }
  }

  /**
   * @param {string} signature
   * @param {boolean} searchTransactionHistory without it, only the last STATUS_CACHE_SLOTS slots
   */
  function statusOf(signature, searchTransactionHistory) {
    const record = landed.get(signature)
    if (!record) return null
    if (!searchTransactionHistory && record.slot + BigInt(STATUS_CACHE_SLOTS) < slot()) return null
    return record
  }

  return {
    svm,
    slot,
    /** No skipped slots: one block per slot. */
    blockHeight: slot,
    latestBlockhash,
    isBlockhashValid,
    send,
    simulate,
    statusOf,
    /** @param {string} signature @returns {LandedTransaction | undefined} */
    transaction: (signature) => landed.get(signature),
    /** Landed transactions, newest first. */
    history: () => [...landed.values()].reverse(),
    transactionCount: () => landed.size,
    /** @param {(transaction: LandedTransaction) => void} listener @returns {() => void} */
    onLanded(listener) {
      landedListeners.add(listener)
      return () => landedListeners.delete(listener)
    },
    /** @param {(slot: bigint) => void} listener @returns {() => void} */
    onSlot(listener) {
      slotListeners.add(listener)
      return () => slotListeners.delete(listener)
    },
  }
}

/**
 * The error sendTransaction answers when a transaction does not land.
 * @param {unknown} err
 * @param {any} [meta]
 */
function preflightError(err, meta) {
  return new RpcError(RPC_ERRORS.PREFLIGHT_FAILURE, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs: meta?.logs() ?? [],
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: meta?.computeUnitsConsumed() ?? 0n,
  })
}

/**
 * The fee LiteSVM charged. Its metadata has no accessor for it, only its debug text
 * (`… fee: 5000 …`); the computed fee stands in if that text ever changes.
 * @param {any} meta
 * @param {ReturnType<typeof decodeWireTransaction>['message']} message
 */
function feeCharged(meta, message) {
  const match = /\bfee: (\d+)/.exec(String(meta.toString()))
  return match ? BigInt(/** @type {string} */ (match[1])) : feeOf(message)
}

/** @param {any} meta */
function innerInstructionsOf(meta) {
  const base58 = getBase58Decoder()
  return /** @type {any[][]} */ (meta.innerInstructions())
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const instruction = inner.instruction()
        return {
          programIdIndex: instruction.programIdIndex(),
          accounts: [...instruction.accounts()],
          data: base58.decode(instruction.data()),
          stackHeight: inner.stackHeight(),
        }
      }),
    }))
    .filter((entry) => entry.instructions.length > 0)
}
