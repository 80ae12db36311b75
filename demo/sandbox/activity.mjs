// @ts-check
// Real activity on demand, for tests and the bench: `count` small transfers on one sandbox chain,
// sent the quick way (POST /__sandbox/activity on the emulator, or api.sendActivity()).
//
//   await activity.send({ chainId: 'eip155:31337', count: 120 })                  // 120 × 0.0001 ETH, wallet → recipient
//   await activity.send({ chainId: 'eip155:31338', token: 'USDC', amount: '2.5', to: 'wallet', from: 'recipient' })
//   await activity.send({ chainId: solanaCaip, token: 'USDC', count: 3 })          // SPL, wallet → recipient
//   // → { chainId, from, to, token, amount, hashes: [...] } once every transfer is mined / landed
//
// `from` and `to`: 'wallet' (the default sender), 'recipient' (the default receiver, or the wallet
// when the recipient sends), or an address. On the anvil chains any address can send: the ones
// anvil does not hold are impersonated (anvil_impersonateAccount); the transfers go out one after
// the other, each mined in its own block (about 2 ms each: 120 take a few hundred ms).
// On Solana only the sandbox's wallet and recipient can send (their keys are known); the transfers
// are signed together and sent in one JSON-RPC batch, which the local network lands in order.
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase16Encoder,
  getBase64EncodedWireTransaction,
  isAddress as isSolanaAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { encodeFunctionData, erc20Abi, isAddress, parseUnits } from 'viem'
import {
  SOLANA_RECIPIENT_ADDRESS,
  SOLANA_RECIPIENT_SEED,
  SOLANA_WALLET_ADDRESS,
  SOLANA_WALLET_SEED,
} from '../test-wallet/solana-account.js'
import { ANVIL_ACCOUNTS } from './chains.mjs'
import { rpcBatch, rpcCall, sendInOrder } from './evm-batch.mjs'

/** At most this many transfers per request. */
export const ACTIVITY_MAX_COUNT = 1000
/** What each transfer moves when `amount` is not given, in whole units: small, so thousands fit in the funding. */
export const DEFAULT_ACTIVITY_AMOUNTS = Object.freeze({ native: '0.0001', token: '0.01' })
const GAS = Object.freeze({ native: 21_000n, token: 100_000n })
const SOLANA_TRANSFERS_PER_BLOCKHASH = 100
const COMPUTE_BUDGET_PROGRAM = /** @type {import('@solana/kit').Address} */ (
  'ComputeBudget111111111111111111111111111111'
)

/** The Compute Budget program's SetComputeUnitLimit instruction (tag 2, then the limit as u32 LE). */
function computeUnitLimit(/** @type {number} */ units) {
  const data = new Uint8Array(5)
  data[0] = 2
  new DataView(data.buffer).setUint32(1, units, true)
  return { programAddress: COMPUTE_BUDGET_PROGRAM, data }
}

/**
 * @typedef {{ chainId?: unknown, from?: unknown, to?: unknown, count?: unknown, token?: unknown, amount?: unknown }} ActivityRequest
 * @typedef {{ chainId: string, from: string, to: string, token: string, amount: string, hashes: string[] }} ActivityResult
 */

/**
 * @param {{
 *   chains: import('./api.mjs').EmulatedChain[],
 *   tokens: Record<number, import('./api.mjs').EmulatedToken[]>,
 *   solana?: import('./api.mjs').EmulatedSolanaNetwork,
 * }} options
 */
export function createActivity({ chains, tokens, solana }) {
  const solanaRpc = solana && createSolanaRpc(solana.rpcUrl)
  /** @type {Map<string, Promise<import('@solana/kit').KeyPairSigner>>} */
  const solanaSigners = new Map()
  const solanaSigner = (/** @type {string} */ seed) => {
    let signer = solanaSigners.get(seed)
    if (!signer) {
      signer = createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(getBase16Encoder().encode(seed)))
      solanaSigners.set(seed, signer)
    }
    return signer
  }

  /**
   * @param {ActivityRequest} request
   * @returns {Promise<ActivityResult>} throws RangeError for a request it cannot carry out
   */
  async function send(request) {
    if (!request || typeof request !== 'object') throw new RangeError('Expected a JSON object body')
    const count = request.count ?? 1
    if (
      !Number.isInteger(count) ||
      /** @type {number} */ (count) < 1 ||
      /** @type {number} */ (count) > ACTIVITY_MAX_COUNT
    )
      throw new RangeError(`count must be an integer from 1 to ${ACTIVITY_MAX_COUNT}`)
    if (request.amount !== undefined && (typeof request.amount !== 'string' || !/^\d+(\.\d+)?$/.test(request.amount)))
      throw new RangeError('amount must be a decimal string such as "0.5"')
    if (request.token !== undefined && typeof request.token !== 'string') throw new RangeError('token must be a symbol')
    const chainId = typeof request.chainId === 'number' ? `eip155:${request.chainId}` : request.chainId
    if (typeof chainId !== 'string') throw new RangeError('chainId (CAIP-2) is required')
    if (solana && chainId === solana.caipNetworkId) return sendOnSolana(/** @type {number} */ (count), chainId, request)
    const chain = chains.find((candidate) => (candidate.caipNetworkId ?? `eip155:${candidate.chainId}`) === chainId)
    if (!chain) throw new RangeError(`Unknown chainId ${chainId}`)
    return sendOnEvm(/** @type {number} */ (count), chain, chainId, request)
  }

  /**
   * @param {number} count
   * @param {import('./api.mjs').EmulatedChain} chain
   * @param {string} chainId
   * @param {ActivityRequest} request
   */
  async function sendOnEvm(count, chain, chainId, request) {
    const named = { wallet: ANVIL_ACCOUNTS.wallet, recipient: ANVIL_ACCOUNTS.recipient }
    const from = evmParty(request.from ?? 'wallet', named, 'from')
    const to = evmParty(request.to ?? (from === named.recipient ? 'wallet' : 'recipient'), named, 'to')
    const symbol = typeof request.token === 'string' ? request.token : 'ETH'
    const token =
      symbol.toUpperCase() === 'ETH'
        ? undefined
        : (tokens[chain.chainId] ?? []).find((candidate) => candidate.symbol.toLowerCase() === symbol.toLowerCase())
    if (symbol.toUpperCase() !== 'ETH' && !token) throw new RangeError(`Unknown token ${symbol} on ${chainId}`)
    const amount =
      /** @type {string | undefined} */ (request.amount) ?? DEFAULT_ACTIVITY_AMOUNTS[token ? 'token' : 'native']
    const units = parseUnits(amount, token?.decimals ?? 18)
    const transfer = token
      ? {
          to: token.address,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] }),
          gas: GAS.token,
        }
      : { to, value: units, gas: GAS.native }

    const held = /** @type {string[]} */ (await rpcCall(chain.rpcUrl, 'eth_accounts'))
    if (!held.some((account) => account.toLowerCase() === from.toLowerCase()))
      await rpcCall(chain.rpcUrl, 'anvil_impersonateAccount', [from])
    const { hashes, receipts } = await sendInOrder(chain.rpcUrl, from, Array(count).fill(transfer))
    const failed = receipts.findIndex((receipt) => receipt.status !== '0x1')
    if (failed >= 0) throw new RangeError(`Transfer ${failed + 1} of ${count} reverted (balance too low?)`)
    return { chainId, from, to, token: token?.symbol ?? 'ETH', amount, hashes }
  }

  /**
   * @param {number} count
   * @param {string} chainId
   * @param {ActivityRequest} request
   */
  async function sendOnSolana(count, chainId, request) {
    const network = /** @type {import('./api.mjs').EmulatedSolanaNetwork} */ (solana)
    const rpc = /** @type {NonNullable<typeof solanaRpc>} */ (solanaRpc)
    /** @type {Record<string, string>} */
    const seeds = { [SOLANA_WALLET_ADDRESS]: SOLANA_WALLET_SEED, [SOLANA_RECIPIENT_ADDRESS]: SOLANA_RECIPIENT_SEED }
    const named = { wallet: SOLANA_WALLET_ADDRESS, recipient: SOLANA_RECIPIENT_ADDRESS }
    const from = solanaParty(request.from ?? 'wallet', named, 'from')
    const seed = seeds[from]
    if (!seed) throw new RangeError('On Solana only the sandbox wallet and recipient can send')
    const to = solanaParty(request.to ?? (from === named.recipient ? 'wallet' : 'recipient'), named, 'to')
    const symbol = typeof request.token === 'string' ? request.token : network.nativeCurrency.symbol
    const isNative = symbol.toUpperCase() === network.nativeCurrency.symbol.toUpperCase()
    const token = network.tokens.find((candidate) => candidate.symbol.toLowerCase() === symbol.toLowerCase())
    if (!isNative && !token) throw new RangeError(`Unknown token ${symbol} on ${chainId}`)
    const amount =
      /** @type {string | undefined} */ (request.amount) ?? DEFAULT_ACTIVITY_AMOUNTS[isNative ? 'native' : 'token']
    const units = parseUnits(amount, isNative ? network.nativeCurrency.decimals : (token?.decimals ?? 0))
    const signer = await solanaSigner(seed)
    const source = /** @type {import('@solana/kit').Address} */ (from)
    const destination = /** @type {import('@solana/kit').Address} */ (to)

    /** @type {any[]} */
    let instructions
    if (isNative || !token) {
      instructions = [getTransferSolInstruction({ source: signer, destination, amount: units })]
    } else {
      const mint = /** @type {import('@solana/kit').Address} */ (token.address)
      const [[fromAccount], [toAccount]] = await Promise.all([
        findAssociatedTokenPda({ owner: source, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
        findAssociatedTokenPda({ owner: destination, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      ])
      instructions = [
        getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: toAccount, owner: destination, mint }),
        getTransferCheckedInstruction({
          source: fromAccount,
          mint,
          destination: toAccount,
          authority: signer,
          amount: units,
          decimals: token.decimals,
        }),
      ]
    }
    /** @type {string[]} */
    const hashes = []
    // A blockhash lasts 150 blocks and each transfer is one: a fresh one per chunk of 100.
    for (let sent = 0; sent < count; sent += SOLANA_TRANSFERS_PER_BLOCKHASH) {
      const size = Math.min(SOLANA_TRANSFERS_PER_BLOCKHASH, count - sent)
      const { value: lifetime } = await rpc.getLatestBlockhash().send()
      const wires = await Promise.all(
        Array.from({ length: size }, async (_, i) => {
          const message = pipe(
            createTransactionMessage({ version: 0 }),
            (draft) => setTransactionMessageFeePayerSigner(signer, draft),
            (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
            // Equal transfers on one blockhash would be one transaction, landing once: a different
            // compute-unit limit tells them apart without changing the fee (no unit price is set).
            (draft) => appendTransactionMessageInstructions([computeUnitLimit(200_000 + i), ...instructions], draft),
          )
          return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message))
        }),
      )
      // The network takes a batch in order, each transaction landing in its own slot.
      try {
        hashes.push(
          ...(await rpcBatch(
            network.rpcUrl,
            wires.map((wire) => ['sendTransaction', [wire, { encoding: 'base64' }]]),
          )),
        )
      } catch (error) {
        throw new RangeError(`A transfer failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    return {
      chainId,
      from,
      to,
      token: token && !isNative ? token.symbol : network.nativeCurrency.symbol,
      amount,
      hashes,
    }
  }

  return { send }
}

/**
 * @param {unknown} party 'wallet', 'recipient' or an address
 * @param {{ wallet: `0x${string}`, recipient: `0x${string}` }} named
 * @param {string} field
 * @returns {`0x${string}`}
 */
function evmParty(party, named, field) {
  if (party === 'wallet' || party === 'recipient') return named[party]
  if (typeof party === 'string' && isAddress(party, { strict: false })) return /** @type {`0x${string}`} */ (party)
  throw new RangeError(`${field} must be 'wallet', 'recipient' or an address`)
}

/**
 * @param {unknown} party 'wallet', 'recipient' or a base58 address
 * @param {{ wallet: string, recipient: string }} named
 * @param {string} field
 * @returns {string}
 */
function solanaParty(party, named, field) {
  if (party === 'wallet' || party === 'recipient') return named[party]
  if (typeof party === 'string' && isSolanaAddress(party)) return party
  throw new RangeError(`${field} must be 'wallet', 'recipient' or a Solana address`)
}
