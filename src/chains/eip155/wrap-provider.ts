/**
 * The provider dapps get from `useAppKitProvider('eip155')`: the wallet's own EIP-1193 provider,
 * watched so that a transaction sent through it refreshes the balances once mined.
 */
import type { EIP1193Provider } from '../../core/types'

const SEND_METHODS = new Set(['eth_sendTransaction', 'wallet_sendTransaction'])
const wrapped = new WeakMap<EIP1193Provider, EIP1193Provider>()

/**
 * Wraps `provider`, once per provider, calling `onTransactionSent` with each hash it returns.
 *
 * @example
 * ```ts
 * const walletClient = createWalletClient({ transport: custom(wrapProvider(provider, hooks)) })
 * ```
 */
export function wrapProvider(provider: EIP1193Provider, hooks: { onTransactionSent(hash: string): void }): EIP1193Provider {
  let result = wrapped.get(provider)
  if (!result) {
    result = {
      async request(args) {
        const answer = await provider.request(args)
        if (SEND_METHODS.has(args.method) && typeof answer === 'string') hooks.onTransactionSent(answer)
        return answer
      },
      on: (event, listener) => provider.on?.(event, listener),
      removeListener: (event, listener) => provider.removeListener?.(event, listener)
    }
    wrapped.set(provider, result)
  }
  return result
}
