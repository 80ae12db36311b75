import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { getAccountState } from '../../core/state/account'
import type { ChainNamespace, EIP1193Provider } from '../../core/types'

/** What {@link useAppKitProvider} returns. */
export interface UseAppKitProviderReturnType<T> {
  /** The connected wallet's provider (EIP-1193 for eip155), or undefined while not connected. */
  walletProvider: T | undefined
  /** The connector type, e.g. `'injected'`. */
  walletProviderType: string | undefined
}

/**
 * The connected wallet's provider for a namespace. For eip155 it is an EIP-1193 provider that viem
 * (`custom(walletProvider)`) and wagmi accept; transactions sent through it refresh SigKit's
 * balances once mined.
 * @example
 * ```tsx
 * const { walletProvider } = useAppKitProvider<EIP1193Provider>('eip155')
 * const client = walletProvider && createWalletClient({ chain, transport: custom(walletProvider) })
 * ```
 */
export function useAppKitProvider<T = EIP1193Provider>(namespace: ChainNamespace): UseAppKitProviderReturnType<T> {
  useSignals()
  const state = getAccountState(namespace)
  const status = state.status.value
  const address = state.address.value
  const [result, setResult] = useState<UseAppKitProviderReturnType<T>>({
    walletProvider: undefined,
    walletProviderType: undefined,
  })
  useEffect(() => {
    let current = true
    if (status !== 'connected') {
      setResult({ walletProvider: undefined, walletProviderType: undefined })
      return
    }
    void import('../../core/wallet/connect').then(async (connection) => {
      const found = await connection.getWalletProvider(namespace)
      if (current) setResult({ walletProvider: found?.provider as T | undefined, walletProviderType: found?.type })
    })
    return () => {
      current = false
    }
  }, [namespace, status, address])
  return result
}
