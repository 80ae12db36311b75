/**
 * The `solana_*` requests of a WalletConnect session, answered by a Wallet Standard wallet's
 * features. LAZY: loaded on the first request, beside the solana adapter (and its codecs).
 * @internal
 */
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder } from '@solana/kit'

import { isRecord } from '../../lib/validate'
import { WALLET_ERROR_CODES } from '../../lib/wallet-errors'
import type { StandardWallet } from './wallet-standard'

type Account = StandardWallet['accounts'][number]
type Feature = Record<string, (...args: any[]) => Promise<any>>

/**
 * Answers one request with the wallet's features.
 * @internal
 */
export async function request(
  wallet: StandardWallet,
  { method, params }: { method: string; params?: unknown },
  chain?: string,
): Promise<unknown> {
  const input = isRecord(params) ? params : {}
  switch (method) {
    case 'solana_requestAccounts':
      return addresses((await feature(wallet, 'standard:connect')()).accounts)
    case 'solana_getAccounts':
      // Already granted accounts, else a silent connect (which never prompts).
      return addresses(
        wallet.accounts.length > 0
          ? wallet.accounts
          : (await feature(wallet, 'standard:connect')({ silent: true })).accounts,
      )
    case 'solana_disconnect':
      return wallet.features['standard:disconnect'] ? feature(wallet, 'standard:disconnect')() : undefined
    case 'solana_signMessage': {
      const message = getBase58Encoder().encode(String(input['message'] ?? ''))
      const signMessage = feature(wallet, 'solana:signMessage')
      const [signed] = await signMessage({ account: account(wallet, input['pubkey']), message })
      return { signature: getBase58Decoder().decode(bytes(signed?.signature)) }
    }
    case 'solana_signTransaction': {
      const [signed] = await feature(wallet, 'solana:signTransaction')(transactionInput(wallet, input, chain))
      return { transaction: getBase64Decoder().decode(bytes(signed?.signedTransaction)) }
    }
    case 'solana_signAndSendTransaction': {
      const [sent] = await feature(wallet, 'solana:signAndSendTransaction')(transactionInput(wallet, input, chain))
      return { signature: getBase58Decoder().decode(bytes(sent?.signature)) }
    }
    default:
      throw Object.assign(new Error(`The wallet does not support ${method}`), {
        code: WALLET_ERROR_CODES.unsupportedMethod,
      })
  }
}

/**
 * The method of the wallet's feature `name` (`solana:signMessage`): by the Wallet Standard's
 * convention, named as the feature is after its namespace (`signMessage`).
 */
function feature(wallet: StandardWallet, name: string): (...args: unknown[]) => Promise<any> {
  const method = name.slice(name.indexOf(':') + 1)
  const found = wallet.features[name] as Feature | undefined
  if (typeof found?.[method] !== 'function') {
    throw Object.assign(new Error(`The wallet does not support ${name}`), {
      code: WALLET_ERROR_CODES.unsupportedMethod,
    })
  }
  return found[method].bind(found)
}

function addresses(accounts: unknown): string[] {
  return Array.isArray(accounts)
    ? accounts.flatMap((item) => (isRecord(item) && typeof item['address'] === 'string' ? [item['address']] : []))
    : []
}

/** The wallet's account object for `address`, else its first (the one SigKit connected). */
function account(wallet: StandardWallet, address: unknown): Account {
  const found = wallet.accounts.find((item) => item.address === address) ?? wallet.accounts[0]
  if (!found) throw Object.assign(new Error('The wallet is not connected'), { code: WALLET_ERROR_CODES.unauthorized })
  return found
}

function transactionInput(wallet: StandardWallet, input: Record<string, unknown>, chain: string | undefined) {
  return {
    account: account(wallet, undefined),
    transaction: getBase64Encoder().encode(String(input['transaction'] ?? '')),
    // The Wallet Standard asks for the chain; without one the wallet uses its first Solana chain.
    chain: chain ?? wallet.chains.find((item) => item.startsWith('solana:')),
  }
}

function bytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value
  throw new Error('The wallet returned an invalid reply')
}
