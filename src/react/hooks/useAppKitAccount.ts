import { useSignals } from '@preact/signals-react/runtime'
import { activeNamespace, getAccountState } from '../../core/state/account'
import type { AccountEntry, CaipAddress, ChainNamespace, ConnectionStatus } from '../../core/types'

/** Options of {@link useAppKitAccount}. */
export interface UseAppKitAccountParameters {
  /** The namespace to read; default the active one. */
  namespace?: ChainNamespace
}

/** What {@link useAppKitAccount} returns. */
export interface UseAppKitAccountReturnType {
  allAccounts: readonly AccountEntry[]
  caipAddress: CaipAddress | undefined
  address: string | undefined
  isConnected: boolean
  status: ConnectionStatus
}

/**
 * The connected account of a namespace (default the active one). The component re-renders only
 * when one of these fields changes.
 * @example
 * ```tsx
 * const { address, isConnected } = useAppKitAccount()
 * return isConnected ? <p>{address}</p> : null
 * ```
 */
export function useAppKitAccount(parameters: UseAppKitAccountParameters = {}): UseAppKitAccountReturnType {
  useSignals()
  const namespace = parameters.namespace ?? activeNamespace.value ?? 'eip155'
  const state = getAccountState(namespace)
  const status = state.status.value
  return {
    allAccounts: state.allAccounts.value,
    caipAddress: state.caipAddress.value,
    address: state.address.value,
    isConnected: status === 'connected',
    status,
  }
}
