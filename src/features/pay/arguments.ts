/**
 * What a dapp asks `openPay` for, checked before anything opens, and how a payment ends when it
 * does not succeed. Imported by the `sigkit/pay` entry itself, so it imports nothing.
 */

/** The asset to pay in (AppKit Pay's PaymentAsset shape). */
export interface PaymentAsset {
  /** CAIP-2 network id, e.g. `eip155:8453` or `solana:5eykt…`. */
  network: string
  /** The token's contract address (EVM) or mint (Solana), or `native`. */
  asset: string
  metadata: { name: string; symbol: string; decimals: number }
}

/** What {@link openPay} takes. */
export interface PayArguments {
  /** Who is paid: an address of the asset's namespace. */
  recipient: string
  /** How much, in whole units of the asset (e.g. `'5'` for 5 USDC). */
  amount: string | number
  asset: PaymentAsset
}

/** A payment that went through. */
export interface PayResult {
  /** The transaction hash (EVM) or signature (Solana), confirmed on chain. */
  hash: string
  network: string
  recipient: string
  amount: string
  asset: PaymentAsset
}

/**
 * Why a payment did not go through: `invalid` arguments, `unavailable` (no createAppKit, or the
 * `pay` feature is off), `busy` (another payment is open), `rejected` by the wallet, `failed`
 * (the wallet or chain failed, or the transaction reverted), `closed` (the visitor closed the modal).
 */
export type PayErrorReason = 'invalid' | 'unavailable' | 'busy' | 'rejected' | 'failed' | 'closed'

/** The error a payment rejects with; `reason` says which way it ended. */
export class PayError extends Error {
  readonly reason: PayErrorReason
  constructor(reason: PayErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PayError'
    this.reason = reason
  }
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const CAIP2 = /^(eip155|solana):[-_a-zA-Z0-9]{1,32}$/

/** An address of a namespace, by its form (the adapter checks it again before sending). */
function isAddressOf(namespace: string, value: string): boolean {
  return namespace === 'eip155' ? EVM_ADDRESS.test(value) : BASE58_ADDRESS.test(value)
}

/**
 * The arguments checked and normalised (amount as a decimal string), or a {@link PayError}
 * (`invalid`) naming what is wrong.
 *
 * @example
 * ```ts
 * parsePayArguments({ recipient: '0x…', amount: 5, asset: { network: 'eip155:1', asset: '0xA0b8…', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } } })
 * ```
 */
export function parsePayArguments(input: unknown): PayArguments & { amount: string } {
  const fail = (message: string): never => {
    throw new PayError('invalid', message)
  }
  if (!input || typeof input !== 'object') return fail('openPay takes { recipient, amount, asset }')
  const { recipient, amount, asset } = input as Record<string, unknown>
  if (!asset || typeof asset !== 'object') return fail('asset must be { network, asset, metadata }')
  const { network, asset: token, metadata } = asset as Record<string, unknown>
  if (typeof network !== 'string' || !CAIP2.test(network))
    return fail('asset.network must be a CAIP-2 id of an eip155 or solana network')
  const namespace = network.split(':')[0] as string
  if (typeof token !== 'string' || (token !== 'native' && !isAddressOf(namespace, token)))
    return fail(`asset.asset must be 'native' or a token address of ${namespace}`)
  if (!metadata || typeof metadata !== 'object') return fail('asset.metadata must be { name, symbol, decimals }')
  const { name, symbol, decimals } = metadata as Record<string, unknown>
  if (typeof name !== 'string' || typeof symbol !== 'string' || symbol === '')
    return fail('asset.metadata must have a name and a symbol')
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 36)
    return fail('asset.metadata.decimals must be an integer from 0 to 36')
  if (typeof recipient !== 'string' || !isAddressOf(namespace, recipient))
    return fail(`recipient must be an address of ${namespace}`)
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount
  if (typeof text !== 'string' || !/^\d*\.?\d+$/.test(text.trim()) || Number(text) <= 0)
    return fail('amount must be a number greater than zero')
  const fraction = text.trim().split('.')[1]?.replace(/0+$/, '') ?? ''
  if (fraction.length > decimals) return fail(`amount has more than ${decimals} decimals`)
  return {
    recipient,
    amount: text.trim(),
    asset: { network, asset: token, metadata: { name, symbol, decimals } },
  }
}
