/**
 * Account access and wallet events for Solana providers: the `solana_*` requests a WalletConnect
 * session answers, which injected (Wallet Standard) wallets answer too through their connector.
 * Solana wallets do not switch networks: the dapp's network is the connection's network.
 */
import { isAddress } from '@solana/kit'
import type { ConnectReturnType, WalletEventHandlers } from '../../core/state/adapters'
import type { CaipNetwork, EIP1193Provider } from '../../core/types'

/** Addresses from a wallet reply; anything that is not a Solana address is dropped. @internal */
export function parseAccounts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && isAddress(item)) : []
}

/**
 * Asks the wallet for its accounts (it prompts).
 *
 * @example
 * ```ts
 * const { accounts, chainId } = await connect({ provider, network: solanaDevnet })
 * ```
 */
export async function connect({
  provider,
  network,
}: {
  provider: EIP1193Provider
  network: CaipNetwork
}): Promise<ConnectReturnType> {
  const accounts = parseAccounts(await provider.request({ method: 'solana_requestAccounts' }))
  if (accounts.length === 0) throw new Error('Account not found for connector')
  return { accounts, chainId: network.id }
}

/**
 * The accounts the wallet still grants this site, without a prompt; undefined when none.
 *
 * @example
 * ```ts
 * const session = await reconnect({ provider, network })
 * ```
 */
export async function reconnect({
  provider,
  network,
}: {
  provider: EIP1193Provider
  network?: CaipNetwork
}): Promise<ConnectReturnType | undefined> {
  const accounts = parseAccounts(await provider.request({ method: 'solana_getAccounts' }))
  if (accounts.length === 0 || !network) return undefined
  return { accounts, chainId: network.id }
}

/**
 * Asks the wallet to forget the site.
 *
 * @example
 * ```ts
 * await disconnect({ provider })
 * ```
 */
export async function disconnect({ provider }: { provider: EIP1193Provider }): Promise<void> {
  await provider.request({ method: 'solana_disconnect' })
}

/**
 * Follows account changes (an empty list means the wallet disconnected); returns the function
 * that stops.
 *
 * @example
 * ```ts
 * const stop = watch(provider, { accountsChanged, chainChanged, disconnect })
 * ```
 */
export function watch(provider: EIP1193Provider, handlers: WalletEventHandlers): () => void {
  const onAccounts = (accounts: unknown) => handlers.accountsChanged(parseAccounts(accounts))
  const off = provider.on?.('accountsChanged', onAccounts)
  return () => {
    if (typeof off === 'function') off()
    else provider.removeListener?.('accountsChanged', onAccounts)
  }
}
