/**
 * The provider dapps get from `useAppKitProvider('eip155')`: the wallet's own EIP-1193 provider,
 * watched so that a transaction sent through it refreshes the balances once mined, and a request
 * the person declines is reported (the widget shows 'Signature declined'). A `wallet_sendCalls`
 * batch is checked first (SPEC §5: each call's to and data begin with 0x).
 */
import type { EIP1193Provider } from '../../core/types'
import { isUserRejection } from '../../lib/wallet-errors'
import { checkSendCalls } from './send-calls'

const SEND_METHODS = new Set(['eth_sendTransaction', 'wallet_sendTransaction'])
const SIGNING_METHODS = new Set([
  ...SEND_METHODS,
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'wallet_sendCalls',
])

/** What the widget wants to know about requests made through the provider. */
export interface ProviderHooks {
  onTransactionSent(hash: string): void
  onSignatureDeclined(method: string): void
}
const wrapped = new WeakMap<EIP1193Provider, EIP1193Provider>()

/**
 * Wraps `provider`, once per provider, calling `onTransactionSent` with each hash it returns and
 * `onSignatureDeclined` when the person declines a signing request.
 *
 * @example
 * ```ts
 * const walletClient = createWalletClient({ transport: custom(wrapProvider(provider, hooks)) })
 * ```
 */
export function wrapProvider(provider: EIP1193Provider, hooks: ProviderHooks): EIP1193Provider {
  let result = wrapped.get(provider)
  if (!result) {
    result = {
      async request(args) {
        if (args.method === 'wallet_sendCalls') checkSendCalls(args.params)
        let answer: unknown
        try {
          answer = await provider.request(args)
        } catch (error) {
          if (SIGNING_METHODS.has(args.method) && isUserRejection(error)) hooks.onSignatureDeclined(args.method)
          throw error
        }
        if (SEND_METHODS.has(args.method) && typeof answer === 'string') hooks.onTransactionSent(answer)
        return answer
      },
      on: (event, listener) => provider.on?.(event, listener),
      removeListener: (event, listener) => provider.removeListener?.(event, listener),
    }
    wrapped.set(provider, result)
  }
  return result
}
