/**
 * wallet_switchEthereumChain, falling back to wallet_addEthereumChain when the wallet does not know
 * the network (code 4902), as SPEC §4 and §7 describe.
 */
import { numberToHex } from 'viem'
import type { CaipNetwork, EIP1193Provider } from '../../core/types'
import { WALLET_ERROR_CODES, walletErrorCode } from '../../lib/wallet-errors'
import { parseChainId } from './connect'

/** Parameters of {@link switchNetwork}. */
export interface SwitchNetworkParameters {
  provider: EIP1193Provider
  network: CaipNetwork
}

/**
 * Asks the wallet to switch to `network`, adding it first when the wallet answers 4902.
 *
 * @example
 * ```ts
 * await switchNetwork({ provider, network: localhostL2 })
 * ```
 */
export async function switchNetwork({ provider, network }: SwitchNetworkParameters): Promise<void> {
  const chainId = numberToHex(Number(network.id))
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    return
  } catch (error) {
    if (walletErrorCode(error) !== WALLET_ERROR_CODES.unrecognizedChain) throw error
  }
  await provider.request({
    method: 'wallet_addEthereumChain',
    params: [
      {
        chainId,
        rpcUrls: [...network.rpcUrls.default.http],
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
      },
    ],
  })
  // Most wallets switch after adding; the ones that only add need a second request.
  const now = parseChainId(await provider.request({ method: 'eth_chainId' }))
  if (now !== Number(network.id))
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
}
