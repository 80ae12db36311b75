import { useSignals } from '@preact/signals-react/runtime'
import { activeCaipNetwork } from '../../core/state/network'
import type { CaipNetwork, CaipNetworkId } from '../../core/types'

/** What {@link useAppKitNetwork} returns. */
export interface UseAppKitNetworkReturnType {
  caipNetwork: CaipNetwork | undefined
  caipNetworkId: CaipNetworkId | undefined
  chainId: number | string | undefined
  /** Switches to one of the dapp's networks; the wallet is asked when one is connected. */
  switchNetwork(network: CaipNetwork): Promise<void>
}

/**
 * The active network, and a way to switch it.
 * @example
 * ```tsx
 * const { caipNetwork, switchNetwork } = useAppKitNetwork()
 * return <button onClick={() => switchNetwork(base)}>{caipNetwork?.name}</button>
 * ```
 */
export function useAppKitNetwork(): UseAppKitNetworkReturnType {
  useSignals()
  const caipNetwork = activeCaipNetwork.value
  return {
    caipNetwork,
    caipNetworkId: caipNetwork?.caipNetworkId,
    chainId: caipNetwork?.id,
    switchNetwork,
  }
}

function switchNetwork(network: CaipNetwork): Promise<void> {
  return import('../../core/wallet/switch-network').then((switching) => switching.switchNetwork(network))
}
