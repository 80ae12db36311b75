import { useSignals } from '@preact/signals-react/runtime'
import { activeNamespace, getAccountState } from '../../core/state/account'
import type { ConnectedWalletInfo } from '../../core/types'

/** What {@link useWalletInfo} returns. */
export interface UseWalletInfoReturnType {
  /** Name, icon and identifier (rdns) of the connected wallet. */
  walletInfo: ConnectedWalletInfo | undefined
}

/**
 * The wallet connected in the active namespace.
 * @example
 * ```tsx
 * const { walletInfo } = useWalletInfo()
 * return <img src={walletInfo?.icon} alt={walletInfo?.name} />
 * ```
 */
export function useWalletInfo(): UseWalletInfoReturnType {
  useSignals()
  const namespace = activeNamespace.value
  return { walletInfo: namespace ? getAccountState(namespace).connectedWalletInfo.value : undefined }
}
