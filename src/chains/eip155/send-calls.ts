/**
 * `wallet_sendCalls` (EIP-5792) as the dapp's provider passes it on: SPEC §5 checks each call
 * before the wallet sees the batch. LAZY: part of the eip155 adapter chunk.
 */
import { isRecord } from '../../lib/validate'
import { WALLET_ERROR_CODES } from '../../lib/wallet-errors'

/** SPEC §5's rule, as the error a dapp gets when a call breaks it. */
export const SEND_CALLS_INVALID = "wallet_sendCalls: each call's to and data must begin with 0x"

/**
 * Throws (code -32602, {@link SEND_CALLS_INVALID}) unless `params` is `[{ calls }]` with at least
 * one call, each with a `to` beginning with 0x and, when it has one, a `data` beginning with 0x
 * (EIP-5792 lets a plain transfer leave `data` out).
 *
 * @example
 * ```ts
 * checkSendCalls([{ calls: [{ to: '0xabc…', data: '0x095ea7b3…' }] }]) // passes
 * ```
 */
export function checkSendCalls(params: unknown): void {
  const batch = Array.isArray(params) ? params[0] : undefined
  const calls = isRecord(batch) ? batch['calls'] : undefined
  if (!Array.isArray(calls) || calls.length === 0 || !calls.every(isHexCall)) {
    throw Object.assign(new Error(SEND_CALLS_INVALID), { code: WALLET_ERROR_CODES.invalidParams })
  }
}

function isHexCall(call: unknown): boolean {
  if (!isRecord(call)) return false
  const { to, data } = call
  return (
    typeof to === 'string' &&
    to.startsWith('0x') &&
    (data === undefined || (typeof data === 'string' && data.startsWith('0x')))
  )
}
