// SigKit Test Wallet, Solana side: a Wallet Standard wallet (the interface Phantom, Solflare and
// Backpack expose to dapps) holding the sandbox's Solana test key. Unlike the EVM side, nothing
// else holds this key, so the wallet signs itself (ed25519 with WebCrypto) and sends signed
// transactions through the local RPC's sendTransaction.
//
// Environment-agnostic (browser and Node 20): no DOM, no dependencies, the global fetch and
// WebCrypto. Registration with apps (the wallet-standard:* window events) is in wallet-standard.js.
//
// Features: standard:connect, standard:disconnect, standard:events, solana:signMessage,
// solana:signTransaction, solana:signAndSendTransaction. Each request is one prompt through
// `approve`, the same person (and the same queue) as the EVM side.
import { createAsk } from './approval.js'
import { createAuthorizedOrigins } from './authorized-origins.js'
import { base58Decode, base58Encode, bytesToBase64, bytesToHex, hexToBytes } from './bytes.js'
import { callChain } from './chain-rpc.js'
import { ed25519FromSeed } from './ed25519.js'
import { createEmitter } from './emitter.js'
import { internalError, invalidParams, unauthorized } from './errors.js'
import { messageText } from './format.js'
import { describeTransaction, parseTransaction, requiredSigners, withSignature } from './solana-transaction.js'
import { createMemoryStorage } from './storage.js'

/** Where the wallet keeps the sites allowed to see its Solana account (beside the EVM side's). */
export const SOLANA_STORAGE_KEY = 'solanaAuthorizedOrigins'

/** What each account can do: the Solana features (the standard:* ones are the wallet's own). */
const ACCOUNT_FEATURES = Object.freeze([
  'solana:signAndSendTransaction',
  'solana:signTransaction',
  'solana:signMessage',
])
const SUPPORTED_TRANSACTION_VERSIONS = Object.freeze(/** @type {const} */ (['legacy', 0]))

/** How long signAndSendTransaction waits for the commitment a dapp asks for, and how often it looks. */
const CONFIRM_TIMEOUT_MS = 30_000
const CONFIRM_POLL_MS = 200
const COMMITMENTS = ['processed', 'confirmed', 'finalized']

/**
 * @typedef {object} SolanaWalletAccount  a Wallet Standard WalletAccount
 * @property {string} address  base58
 * @property {Uint8Array} publicKey  32 bytes (a copy each time it is read)
 * @property {readonly string[]} chains
 * @property {readonly string[]} features
 * @property {string} label
 * @property {string} [icon]
 */

/**
 * @param {object} options
 * @param {string | Uint8Array} options.seed  the ed25519 seed: 32 bytes, or 64 hex digits
 * @param {string} options.chain  the CAIP-2 id of the network, e.g. solana:<genesis hash prefix>
 * @param {string} [options.chainName]  what the prompt calls the network
 * @param {string} options.rpcUrl  the JSON-RPC endpoint signAndSendTransaction sends to
 * @param {(request: import('./provider.js').ApprovalRequest) => Promise<boolean> | boolean} options.approve  asks the person
 * @param {import('./storage.js').WalletStorage} [options.storage]  default in-memory
 * @param {string} [options.origin]  the site the wallet is injected into (default location.origin)
 * @param {string} [options.name]
 * @param {`data:image/${string}`} options.icon  a data: URL (the Wallet Standard wants one)
 * @param {SubtleCrypto} [options.subtle]  default globalThis.crypto.subtle
 */
export function createSolanaTestWallet({
  seed,
  chain,
  chainName = chain,
  rpcUrl,
  approve,
  storage = createMemoryStorage(),
  origin = globalThis.location?.origin ?? 'http://localhost',
  name = 'SigKit Test Wallet',
  icon,
  subtle,
}) {
  const seedBytes = typeof seed === 'string' ? hexToBytes(seed) : seed
  if (!(seedBytes instanceof Uint8Array) || seedBytes.length !== 32)
    throw new TypeError('createSolanaTestWallet: `seed` must be 32 bytes (64 hex digits)')
  if (typeof chain !== 'string' || !/^solana:.+/.test(chain))
    throw new TypeError(`createSolanaTestWallet: invalid chain ${chain}`)
  if (typeof rpcUrl !== 'string') throw new TypeError('createSolanaTestWallet: `rpcUrl` must be a URL')
  if (typeof approve !== 'function') throw new TypeError('createSolanaTestWallet: `approve` must be a function')
  if (typeof icon !== 'string' || !icon.startsWith('data:image/'))
    throw new TypeError('createSolanaTestWallet: `icon` must be a data:image/ URL')

  const ask = createAsk(approve, origin)
  const authorizedOrigins = createAuthorizedOrigins(storage, SOLANA_STORAGE_KEY)
  const events = createEmitter()
  const chains = Object.freeze([chain])

  /** The key is made on first use (WebCrypto is asynchronous; registration is not). */
  /** @type {Promise<{ account: SolanaWalletAccount, sign(bytes: Uint8Array): Promise<Uint8Array> }> | undefined} */
  let keyPromise
  const key = () =>
    (keyPromise ??= ed25519FromSeed(seedBytes, subtle).then(({ publicKey, sign }) => ({
      account: createAccount(publicKey),
      sign,
    })))

  /** @param {Uint8Array} publicKey  @returns {SolanaWalletAccount} */
  function createAccount(publicKey) {
    const bytes = publicKey.slice()
    return Object.freeze({
      address: base58Encode(bytes),
      get publicKey() {
        return bytes.slice()
      },
      chains,
      features: ACCOUNT_FEATURES,
      label: name,
      icon,
    })
  }

  /** @type {readonly SolanaWalletAccount[]} */
  let accounts = Object.freeze([])
  /** @type {Promise<void> | undefined}  concurrent connects (a double click) share one prompt */
  let pendingConnect

  /** @param {readonly SolanaWalletAccount[]} next */
  function setAccounts(next) {
    if (next.length === accounts.length && next.every((account, i) => account === accounts[i])) return
    accounts = Object.freeze([...next])
    events.emit('change', { accounts })
  }

  /**
   * The wallet's account, when `input.account` is it and the site may use it.
   * @param {any} input  @param {string} feature
   */
  async function signerFor(input, feature) {
    if (typeof input !== 'object' || input === null)
      throw invalidParams(`${feature} expects inputs of the form { account, … }.`)
    const { account, sign } = await key()
    if (input.account?.address !== account.address) {
      throw unauthorized(
        `${input.account?.address ?? "The input's account"} is not this wallet's account (${account.address}).`,
      )
    }
    if (!authorizedOrigins.has(origin)) throw unauthorized('Call standard:connect first.')
    return { account, sign }
  }

  /** @param {unknown} requested  @param {string} feature */
  function checkChain(requested, feature) {
    if (requested !== undefined && requested !== chain) {
      throw invalidParams(`${feature}: this wallet is on ${chain}, not ${String(requested)}.`)
    }
  }

  /**
   * Reads and checks one transaction input: the account is the wallet's, the chain its chain, and
   * the wallet's key one of the transaction's required signers.
   * @param {any} input  @param {string} feature
   */
  async function transactionInput(input, feature) {
    const signer = await signerFor(input, feature)
    checkChain(input.chain, feature)
    const transaction = parseTransaction(input.transaction)
    const signers = requiredSigners(transaction)
    if (!signers.includes(signer.account.address)) {
      const others = signers.slice(1)
      throw invalidParams(
        `This wallet cannot sign the transaction: its account ${signer.account.address} is not the fee payer (${signers[0]})${others.length > 0 ? ` nor one of the other signers (${others.join(', ')})` : ''}.`,
      )
    }
    return {
      ...signer,
      transaction,
      summary: `${describeTransaction(transaction, signer.account.address)} · on ${chainName}`,
    }
  }

  /** @param {unknown[]} inputs  @param {string} feature */
  function checkInputs(inputs, feature) {
    if (inputs.length === 0) throw invalidParams(`${feature} expects at least one input.`)
  }

  /**
   * Checks every transaction input, asks the person once for all of them, and signs them.
   * The prompt's `params` (what `window.sigkitTestWallet.pending` returns) are plain JSON, the
   * transactions base64.
   * @param {string} feature  @param {string} action  @param {any[]} inputs
   * @returns {Promise<Uint8Array[]>} the signed transactions, in wire format
   */
  async function approveAndSign(feature, action, inputs) {
    checkInputs(inputs, feature)
    const checked = []
    for (const input of inputs) checked.push(await transactionInput(input, feature))
    const params = checked.map(({ account, transaction }) => ({
      account: account.address,
      chain,
      transaction: bytesToBase64(transaction.bytes),
    }))
    await ask(feature, params, action, checked.map(({ summary }) => summary).join('\n'))
    return Promise.all(
      checked.map(async ({ account, sign, transaction }) =>
        withSignature(transaction, account.address, await sign(transaction.message)),
      ),
    )
  }

  /**
   * Waits until the node reports the signature at `commitment` (or better).
   * @param {string} signature  base58  @param {string} commitment
   */
  async function confirm(signature, commitment) {
    const wanted = COMMITMENTS.indexOf(commitment)
    if (wanted < 0)
      throw invalidParams(
        `Unknown commitment ${JSON.stringify(commitment)}: expected one of ${COMMITMENTS.join(', ')}.`,
      )
    const deadline = Date.now() + CONFIRM_TIMEOUT_MS
    for (;;) {
      const statuses = /** @type {any} */ (await callChain(rpcUrl, 'getSignatureStatuses', [[signature]]))
      const status = statuses?.value?.[0]
      if (status?.err) throw internalError(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`)
      if (status && COMMITMENTS.indexOf(status.confirmationStatus) >= wanted) return
      if (Date.now() > deadline)
        throw internalError(`Transaction ${signature} was not ${commitment} after ${CONFIRM_TIMEOUT_MS / 1000} s.`)
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
    }
  }

  const features = Object.freeze({
    'standard:connect': Object.freeze({
      version: '1.0.0',
      /** @param {{ silent?: boolean }} [input] */
      async connect({ silent = false } = {}) {
        const { account } = await key()
        if (!authorizedOrigins.has(origin)) {
          if (silent) return { accounts }
          pendingConnect ??= ask(
            'standard:connect',
            [{ silent }],
            'Connect to this site',
            `Share your Solana address ${account.address} on ${chainName} and let the site ask for approvals.`,
          )
            .then(() => void authorizedOrigins.add(origin))
            .finally(() => {
              pendingConnect = undefined
            })
          await pendingConnect
        }
        setAccounts([account])
        return { accounts }
      },
    }),

    'standard:disconnect': Object.freeze({
      version: '1.0.0',
      async disconnect() {
        authorizedOrigins.delete(origin)
        setAccounts([])
      },
    }),

    'standard:events': Object.freeze({
      version: '1.0.0',
      /**
       * @param {'change'} event  the only event of the standard
       * @param {(properties: { accounts?: readonly SolanaWalletAccount[] }) => void} listener
       * @returns {() => void} removes the listener
       */
      on(event, listener) {
        events.on(event, listener)
        return () => events.removeListener(event, listener)
      },
    }),

    'solana:signMessage': Object.freeze({
      version: '1.1.0',
      /** @param {...{ account: SolanaWalletAccount, message: Uint8Array }} inputs */
      async signMessage(...inputs) {
        checkInputs(inputs, 'solana:signMessage')
        const checked = []
        for (const input of inputs) {
          const signer = await signerFor(input, 'solana:signMessage')
          if (!(input.message instanceof Uint8Array))
            throw invalidParams('solana:signMessage expects the message as a Uint8Array.')
          checked.push({
            ...signer,
            message: input.message.slice(),
            text: messageText(input.message) ?? `0x${bytesToHex(input.message)}`,
          })
        }
        await ask(
          'solana:signMessage',
          checked.map(({ account, text }) => ({ account: account.address, message: text })),
          'Sign message',
          checked.map(({ text }) => text).join('\n\n'),
        )
        return Promise.all(
          checked.map(async ({ sign, message }) => ({
            signedMessage: message,
            signature: await sign(message),
            signatureType: 'ed25519',
          })),
        )
      },
    }),

    'solana:signTransaction': Object.freeze({
      version: '1.0.0',
      supportedTransactionVersions: SUPPORTED_TRANSACTION_VERSIONS,
      /** @param {...{ account: SolanaWalletAccount, transaction: Uint8Array, chain?: string }} inputs */
      async signTransaction(...inputs) {
        const signed = await approveAndSign('solana:signTransaction', 'Sign transaction', inputs)
        return signed.map((signedTransaction) => ({ signedTransaction }))
      },
    }),

    'solana:signAndSendTransaction': Object.freeze({
      version: '1.0.0',
      supportedTransactionVersions: SUPPORTED_TRANSACTION_VERSIONS,
      /**
       * Options as the standard names them: `commitment` (wait for it before returning),
       * `preflightCommitment`, `skipPreflight`, `maxRetries`, `minContextSlot` (passed to the node).
       * @param {...{ account: SolanaWalletAccount, transaction: Uint8Array, chain: string, options?: Record<string, unknown> }} inputs
       */
      async signAndSendTransaction(...inputs) {
        const signedTransactions = await approveAndSign('solana:signAndSendTransaction', 'Send transaction', inputs)
        const outputs = []
        // One after the other: a dapp sending several expects them to land in order.
        for (const [i, signed] of signedTransactions.entries()) {
          const { commitment, preflightCommitment, skipPreflight, maxRetries, minContextSlot } = inputs[i].options ?? {}
          const config = Object.fromEntries(
            Object.entries({
              encoding: 'base64',
              preflightCommitment,
              skipPreflight,
              maxRetries,
              minContextSlot,
            }).filter(([, value]) => value !== undefined),
          )
          const signature = await callChain(rpcUrl, 'sendTransaction', [bytesToBase64(signed), config])
          if (typeof signature !== 'string')
            throw internalError(`sendTransaction returned ${JSON.stringify(signature)} instead of a signature.`)
          if (typeof commitment === 'string') await confirm(signature, commitment)
          outputs.push({ signature: base58Decode(signature) })
        }
        return outputs
      },
    }),
  })

  return Object.freeze({
    version: /** @type {const} */ ('1.0.0'),
    name,
    icon,
    chains,
    get accounts() {
      return accounts
    },
    features,
  })
}
