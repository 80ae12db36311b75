/**
 * Sending SOL and SPL tokens: the transaction is built here with @solana/kit (legacy message, the
 * wallet as fee payer), then the wallet signs and sends it. A wallet that can only sign gets
 * `solana_signTransaction` and SigKit sends the signed transaction itself.
 */
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  isSignature,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Base64EncodedWireTransaction,
  type Instruction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import type { SendParameters } from '../../core/state/adapters'
import type { CaipNetworkId } from '../../core/types'
import { toBaseUnitsExact } from '../../lib/units'
import { isRecord } from '../../lib/validate'
import { WALLET_ERROR_CODES, walletErrorCode } from '../../lib/wallet-errors'
import type { SolanaRpc } from './rpc'

/**
 * Builds the transfer of `amount` from `from` to `to` (SOL, or the SPL token `token`) as a wire
 * transaction awaiting the wallet's signature.
 *
 * @example
 * ```ts
 * const wire = await buildTransfer(rpc, { provider, network, from, to, amount: '0.1' })
 * ```
 */
export async function buildTransfer(rpc: SolanaRpc, parameters: SendParameters): Promise<Base64EncodedWireTransaction> {
  const payer = address(parameters.from)
  const recipient = address(parameters.to)
  const { token } = parameters
  const instructions = token?.address
    ? await tokenTransfer(
        rpc,
        payer,
        recipient,
        address(token.address.split(':').at(-1) ?? ''),
        toBaseUnitsExact(parameters.amount, Number(token.quantity.decimals)),
        Number(token.quantity.decimals),
      )
    : [
        getTransferSolInstruction({
          source: createNoopSigner(payer),
          destination: recipient,
          amount: toBaseUnitsExact(parameters.amount, parameters.network.nativeCurrency.decimals),
        }),
      ]
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (draft) => setTransactionMessageFeePayer(payer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

/** transferChecked between associated token accounts, creating the recipient's when missing. */
async function tokenTransfer(
  rpc: SolanaRpc,
  owner: Address,
  recipient: Address,
  mint: Address,
  amount: bigint,
  decimals: number,
): Promise<Instruction[]> {
  // The mint's owner is its token program (Token or Token-2022); the accounts derive from it.
  const { value: mintAccount } = await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
  if (!mintAccount) throw new Error('Token mint not found on this network')
  const tokenProgram = mintAccount.owner
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner, mint, tokenProgram }),
    findAssociatedTokenPda({ owner: recipient, mint, tokenProgram }),
  ])
  const authority = createNoopSigner(owner)
  return [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: authority,
      ata: destination,
      owner: recipient,
      mint,
      tokenProgram,
    }),
    getTransferCheckedInstruction(
      { source, mint, destination, authority, amount, decimals },
      { programAddress: tokenProgram },
    ),
  ]
}

/**
 * Has the wallet sign and send `transaction`; returns the signature (base58).
 *
 * @example
 * ```ts
 * const signature = await submitTransaction(provider, rpc, wire, network.caipNetworkId)
 * ```
 */
export async function submitTransaction(
  provider: SendParameters['provider'],
  rpc: SolanaRpc,
  transaction: Base64EncodedWireTransaction,
  chain: CaipNetworkId,
): Promise<string> {
  try {
    return signatureOf(
      await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } }, chain),
    )
  } catch (error) {
    const code = walletErrorCode(error)
    if (code !== WALLET_ERROR_CODES.unsupportedMethod && code !== WALLET_ERROR_CODES.methodNotFound) throw error
  }
  const signed = await provider.request({ method: 'solana_signTransaction', params: { transaction } }, chain)
  const wire = isRecord(signed) && typeof signed['transaction'] === 'string' ? signed['transaction'] : undefined
  if (!wire) throw new Error('The wallet returned an invalid reply')
  return rpc
    .sendTransaction(wire as Base64EncodedWireTransaction, { encoding: 'base64', preflightCommitment: 'confirmed' })
    .send()
}

function signatureOf(reply: unknown): string {
  const signature = isRecord(reply) ? reply['signature'] : undefined
  if (typeof signature !== 'string' || !isSignature(signature))
    throw new Error('The wallet returned an invalid signature')
  return signature
}
