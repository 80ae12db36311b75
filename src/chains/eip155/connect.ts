/**
 * Account access and wallet events over EIP-1193.
 */
import { log } from '../../lib/logger'
import { getAddress } from 'viem'
import type { ConnectReturnType, WalletEventHandlers } from '../../core/state/adapters'
import type { EIP1193Provider } from '../../core/types'

/** Accounts from a wallet reply, checksummed; anything that is not an address is dropped. */
function parseAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    try {
      return typeof item === 'string' ? [getAddress(item)] : []
    } catch {
      return []
    }
  })
}

/** A chain id from a wallet reply (hex string, decimal string or number). @internal */
export function parseChainId(value: unknown): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`Invalid chain id from wallet: ${String(value)}`)
  return id
}

async function readChainId(provider: EIP1193Provider): Promise<number> {
  return parseChainId(await provider.request({ method: 'eth_chainId' }))
}

/**
 * Asks the wallet for accounts (it prompts).
 *
 * @example
 * ```ts
 * const { accounts, chainId } = await connect({ provider: window.ethereum })
 * ```
 */
export async function connect({ provider }: { provider: EIP1193Provider }): Promise<ConnectReturnType> {
  const accounts = parseAccounts(await provider.request({ method: 'eth_requestAccounts' }))
  if (accounts.length === 0) throw new Error('Account not found for connector')
  return { accounts, chainId: await readChainId(provider) }
}

/**
 * The accounts the wallet still grants this site, without a prompt; undefined when none.
 *
 * @example
 * ```ts
 * const session = await reconnect({ provider })
 * ```
 */
export async function reconnect({ provider }: { provider: EIP1193Provider }): Promise<ConnectReturnType | undefined> {
  const accounts = parseAccounts(await provider.request({ method: 'eth_accounts' }))
  if (accounts.length === 0) return undefined
  return { accounts, chainId: await readChainId(provider) }
}

/**
 * Asks the wallet to forget the site (EIP-2255 `wallet_revokePermissions`, where supported).
 *
 * @example
 * ```ts
 * await disconnect({ provider })
 * ```
 */
export async function disconnect({ provider }: { provider: EIP1193Provider }): Promise<void> {
  await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
}

/**
 * Follows accountsChanged, chainChanged and disconnect; returns the function that stops.
 *
 * @example
 * ```ts
 * const stop = watch(provider, { accountsChanged, chainChanged, disconnect })
 * ```
 */
export function watch(provider: EIP1193Provider, handlers: WalletEventHandlers): () => void {
  const onAccounts = (accounts: unknown) => handlers.accountsChanged(parseAccounts(accounts))
  const onChain = (chainId: unknown) => {
    try {
      handlers.chainChanged(parseChainId(chainId))
    } catch (error) {
      log('warn', 'ignored chainChanged', error)
    }
  }
  const onDisconnect = (error: unknown) => {
    // MetaMask reports a lost RPC connection as disconnect 1013 and reconnects by itself.
    if ((error as { code?: unknown } | undefined)?.code === 1013) return
    handlers.disconnect()
  }
  provider.on?.('accountsChanged', onAccounts)
  provider.on?.('chainChanged', onChain)
  provider.on?.('disconnect', onDisconnect)
  return () => {
    provider.removeListener?.('accountsChanged', onAccounts)
    provider.removeListener?.('chainChanged', onChain)
    provider.removeListener?.('disconnect', onDisconnect)
  }
}
