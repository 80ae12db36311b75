/**
 * `openPay`: the dapp asks the visitor to pay. Only the argument check is here (the `sigkit/pay`
 * entry's own weight); the payment itself loads on the first call.
 */
import { parsePayArguments, type PayArguments, type PayResult } from './arguments'

/**
 * Opens the Pay view asking the visitor to pay `amount` of `asset` to `recipient` through the
 * connected wallet (connecting one first if needed). Resolves with the transaction hash once it
 * is confirmed on chain; rejects with a `PayError` whose `reason` says why not: `invalid`,
 * `unavailable` (no createAppKit, or `features.pay` off), `busy`, `rejected`, `failed`, `closed`.
 *
 * @example
 * ```ts
 * const { hash } = await openPay({
 *   recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
 *   amount: '5',
 *   asset: { network: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
 * })
 * ```
 */
export async function openPay(args: PayArguments): Promise<PayResult> {
  const request = parsePayArguments(args)
  const { startPayment } = await import('./request')
  return startPayment(request)
}
