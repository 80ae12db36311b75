// @ts-check
// Accounts as Solana's RPC writes them: base58/base64 data (with dataSlice), and jsonParsed for
// SPL Token mints and token accounts (the fields wallets read; Token-2022 extensions are left
// out). Used by the sandbox's Solana RPC (solana-rpc.mjs) and for the token balances in
// getTransaction's meta.
import { getBase58Decoder, getBase64Decoder } from '@solana/kit'
import {
  TOKEN_PROGRAM_ADDRESS,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
} from '@solana-program/token'
import { RPC_ERRORS, RpcError } from './solana-ledger.mjs'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const TOKEN_PROGRAMS = Object.freeze([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS])
/** What Solana writes as rentEpoch for rent-exempt accounts (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18446744073709551615n
const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen']
/** Solana refuses base58 for accounts larger than this. */
const MAX_BASE58_BYTES = 128

/** @typedef {{ address: string, lamports: bigint, programAddress: string, executable: boolean, data: Uint8Array }} SvmAccount */

/**
 * An amount in base units as Solana's UiTokenAmount.
 * @param {bigint} amount @param {number} decimals
 */
export function uiTokenAmount(amount, decimals) {
  const uiAmountString = formatBaseUnits(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/** `1250500000n, 6` → '1250.5' (no trailing zeros, no exponent). */
export function formatBaseUnits(/** @type {bigint} */ amount, /** @type {number} */ decimals) {
  const negative = amount < 0n
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const isTokenProgram = (/** @type {string} */ owner) => TOKEN_PROGRAMS.includes(/** @type {any} */ (owner))

// Token-2022 accounts with extensions are longer: the base layout, padding up to 165 bytes, then
// an account type byte (1 = mint, 2 = token account) and the extensions.
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_TOKEN = 2

/** @param {SvmAccount} account @param {number} baseSize @param {number} accountType */
const isTokenLayout = ({ programAddress, data }, baseSize, accountType) =>
  isTokenProgram(programAddress) &&
  (data.length === baseSize || (data.length > getTokenSize() && data[getTokenSize()] === accountType))

/**
 * The SPL token account in `account`, decoded, or undefined when it is not one.
 * @param {SvmAccount} account
 */
export function decodeTokenAccount(account) {
  if (!isTokenLayout(account, getTokenSize(), ACCOUNT_TYPE_TOKEN)) return undefined
  return getTokenDecoder().decode(account.data.subarray(0, getTokenSize()))
}

/** The SPL mint in `account`, decoded, or undefined when it is not one. @param {SvmAccount} account */
export function decodeMint(account) {
  if (!isTokenLayout(account, getMintSize(), ACCOUNT_TYPE_MINT)) return undefined
  return getMintDecoder().decode(account.data.subarray(0, getMintSize()))
}

const optionValue = (/** @type {any} */ option) => (option?.__option === 'Some' ? option.value : null)

/**
 * Reads accounts out of one SVM for the RPC.
 * @param {import('litesvm').LiteSVM} svm
 */
export function createAccountReader(svm) {
  /** @returns {SvmAccount | undefined} */
  function get(/** @type {string} */ address) {
    const account = svm.getAccount(/** @type {any} */ (address))
    return account.exists ? /** @type {any} */ (account) : undefined
  }

  /** Decimals of a mint, or undefined when `mint` is not one. */
  const decimalsOf = (/** @type {string} */ mint) => {
    const account = get(mint)
    return account ? decodeMint(account)?.decimals : undefined
  }

  /** The jsonParsed `data` of a token account or mint, or undefined for anything else. */
  function parsed(/** @type {SvmAccount} */ account) {
    const space = account.data.length
    const token = decodeTokenAccount(account)
    if (token) {
      const decimals = decimalsOf(token.mint) ?? 0
      const native = optionValue(token.isNative)
      const delegate = optionValue(token.delegate)
      const closeAuthority = optionValue(token.closeAuthority)
      return {
        program: account.programAddress === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022',
        parsed: {
          type: 'account',
          info: {
            isNative: native !== null,
            mint: token.mint,
            owner: token.owner,
            state: ACCOUNT_STATES[token.state] ?? 'uninitialized',
            tokenAmount: uiTokenAmount(token.amount, decimals),
            ...(delegate ? { delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) } : {}),
            ...(closeAuthority ? { closeAuthority } : {}),
            ...(native !== null ? { rentExemptReserve: uiTokenAmount(native, decimals) } : {}),
          },
        },
        space,
      }
    }
    const mint = decodeMint(account)
    if (mint) {
      return {
        program: account.programAddress === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022',
        parsed: {
          type: 'mint',
          info: {
            decimals: mint.decimals,
            freezeAuthority: optionValue(mint.freezeAuthority),
            isInitialized: mint.isInitialized,
            mintAuthority: optionValue(mint.mintAuthority),
            supply: mint.supply.toString(),
          },
        },
        space,
      }
    }
    return undefined
  }

  /**
   * An account in RPC form. `jsonParsed` falls back to base64 for accounts it cannot parse, as
   * Solana does.
   * @param {SvmAccount | undefined} account
   * @param {{ encoding?: string, dataSlice?: { offset: number, length: number } }} [config]
   */
  function encode(account, { encoding = 'base58', dataSlice } = {}) {
    if (!account) return null
    const slice = (/** @type {Uint8Array} */ data) =>
      dataSlice ? data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length) : data
    /** @type {unknown} */
    let data
    if (encoding === 'jsonParsed') data = parsed(account) ?? [getBase64Decoder().decode(slice(account.data)), 'base64']
    else if (encoding === 'base64') data = [getBase64Decoder().decode(slice(account.data)), 'base64']
    else if (encoding === 'base58' || encoding === 'binary') {
      const bytes = slice(account.data)
      if (bytes.length > MAX_BASE58_BYTES)
        throw new RpcError(
          RPC_ERRORS.INVALID_PARAMS,
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        )
      data = encoding === 'binary' ? getBase58Decoder().decode(bytes) : [getBase58Decoder().decode(bytes), 'base58']
    } else throw new RpcError(RPC_ERRORS.INVALID_PARAMS, `Unsupported encoding: ${encoding}`)
    return {
      data,
      executable: account.executable,
      lamports: account.lamports,
      owner: account.programAddress,
      rentEpoch: RENT_EXEMPT_EPOCH,
      space: BigInt(account.data.length),
    }
  }

  /**
   * Token accounts among `addresses`, as getTransaction's pre/postTokenBalances entries.
   * @param {string[]} addresses
   */
  function tokenBalances(addresses) {
    return addresses.flatMap((address, accountIndex) => {
      const account = get(address)
      const token = account && decodeTokenAccount(account)
      if (!account || !token) return []
      const decimals = decimalsOf(token.mint) ?? 0
      return [
        {
          accountIndex,
          mint: token.mint,
          owner: token.owner,
          programId: account.programAddress,
          uiTokenAmount: uiTokenAmount(token.amount, decimals),
        },
      ]
    })
  }

  /**
   * Token accounts of `owner`, of one mint or one token program.
   * @param {string} owner
   * @param {{ mint?: string, programId?: string }} filter
   */
  function tokenAccountsOf(owner, filter) {
    const programs = filter.programId ? [filter.programId] : TOKEN_PROGRAMS
    if (filter.programId && !isTokenProgram(filter.programId)) {
      throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid param: unrecognized Token program id')
    }
    if (filter.mint && decimalsOf(filter.mint) === undefined)
      throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid param: could not find mint')
    return programs.flatMap((program) =>
      svm.getProgramAccounts(/** @type {any} */ (program)).filter((account) => {
        const token = decodeTokenAccount(/** @type {any} */ (account))
        return token && token.owner === owner && (!filter.mint || token.mint === filter.mint)
      }),
    )
  }

  /** The balance of a token account, or RpcError when it is not one. */
  function tokenAccountBalance(/** @type {string} */ address) {
    const account = get(address)
    const token = account && decodeTokenAccount(account)
    if (!token) throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid param: not a Token account')
    return uiTokenAmount(token.amount, decimalsOf(token.mint) ?? 0)
  }

  /** The supply of a mint, or RpcError when it is not one. */
  function tokenSupply(/** @type {string} */ address) {
    const account = get(address)
    const mint = account && decodeMint(account)
    if (!mint) throw new RpcError(RPC_ERRORS.INVALID_PARAMS, 'Invalid param: not a Token mint')
    return uiTokenAmount(mint.supply, mint.decimals)
  }

  return { get, encode, tokenBalances, tokenAccountsOf, tokenAccountBalance, tokenSupply }
}
