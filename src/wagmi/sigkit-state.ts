/**
 * What the wagmi bridge reads of SigKit's eip155 connection, as plain values: the accounts wagmi
 * sees, the chain id, and whether SigKit is still restoring a stored session.
 */
import { getAddress, type Address } from 'viem'
import { getAccountState } from '../core/state/account'
import { getNetworkState } from '../core/state/network'
import { getConnectedConnectorIds } from '../core/lib/storage'

/** SigKit's eip155 connection as wagmi wants it, or undefined while not connected. */
export interface EvmConnection {
  /** Checksummed; the active account first. */
  accounts: readonly [Address, ...Address[]]
  chainId: number
}

/**
 * The eip155 connection SigKit has now (reads signals: inside an effect it tracks them). An
 * account that is not an EVM address (a wallet's bad reply) is left out rather than passed on.
 *
 * @example
 * ```ts
 * const connection = readEvmConnection() // { accounts: ['0xf39F…'], chainId: 31337 }
 * ```
 */
export function readEvmConnection(): EvmConnection | undefined {
  const account = getAccountState('eip155')
  const network = getNetworkState('eip155').caipNetwork.value
  const address = account.address.value
  if (account.status.value !== 'connected' || !address || typeof network?.id !== 'number') return undefined
  const others = account.allAccounts.value.map((entry) => entry.address).filter((item) => item !== address)
  const accounts = [address, ...others].flatMap((item) => {
    try {
      return [getAddress(item)]
    } catch {
      return []
    }
  })
  if (accounts.length === 0) return undefined
  return { accounts: accounts as [Address, ...Address[]], chainId: network.id }
}

/**
 * Whether SigKit may still bring an eip155 session back: one is stored and its restore has not
 * ended (status connecting, or not started yet).
 */
export function isRestoringEvm(): boolean {
  const status = getAccountState('eip155').status.value
  if (status === 'connecting' || status === 'reconnecting') return true
  return status === 'disconnected' && typeof window !== 'undefined' && Boolean(getConnectedConnectorIds().eip155)
}
