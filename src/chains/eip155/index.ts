/**
 * The eip155 chain adapter, on viem. LAZY: loaded when an EVM connection starts or is restored.
 */
import { formatUnits, isAddress, stringToHex } from 'viem'
import { BLOCKCHAIN_API } from '../../api/blockchain-api'
import { apiClient } from '../../api/client'
import type { AdapterConfig, ChainAdapter } from '../../core/state/adapters'
import { createClientCache } from './client'
import { connect, disconnect, reconnect, watch } from './connect'
import { assertWalletChain, buildSendRequest, prepareTransaction, submitTransaction } from './send-transaction'
import { switchNetwork } from './switch-network'
import { waitForReceipt } from './receipt'
import { wrapProvider } from './wrap-provider'
import { forgetWalletCapabilities, walletAssetBalances } from './wallet-assets'

/**
 * Creates the eip155 adapter.
 *
 * @example
 * ```ts
 * const adapter = createEip155Adapter({ projectId, endpoints })
 * ```
 */
export function createEip155Adapter(config: AdapterConfig): ChainAdapter {
  const clientFor = createClientCache({ rpcProxy: config.endpoints.rpc, projectId: config.projectId })
  const api = apiClient(BLOCKCHAIN_API, config)
  return {
    namespace: 'eip155',
    // Wallet capabilities are asked once per connection: a new or ended one forgets them.
    connect(parameters) {
      forgetWalletCapabilities(parameters.provider)
      return connect(parameters)
    },
    reconnect(parameters) {
      forgetWalletCapabilities(parameters.provider)
      return reconnect(parameters)
    },
    disconnect(parameters) {
      forgetWalletCapabilities(parameters.provider)
      return disconnect(parameters)
    },
    watch,
    switchNetwork,
    async getNativeBalance({ address, network }) {
      const wei = await clientFor(network).getBalance({ address: address as `0x${string}` })
      return { value: formatUnits(wei, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },
    getTokenBalances: ({ address, network, forceUpdate }) =>
      api.getBalances({ address, caipNetworkId: network.caipNetworkId, ...(forceUpdate ? { forceUpdate } : {}) }),
    getWalletAssets: walletAssetBalances,
    getIdentity: ({ address }) => api.getIdentity({ address, sender: address }),
    async signMessage({ provider, address, message }) {
      const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] })
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
        throw new Error('The wallet returned an invalid signature')
      return signature
    },
    async sendTransaction(parameters) {
      await assertWalletChain(parameters.provider, parameters.network)
      const client = clientFor(parameters.network)
      const request = await prepareTransaction(client, buildSendRequest(parameters))
      return submitTransaction(parameters.provider, request)
    },
    async sendCall({ provider, network, from, to, data, value, gas }) {
      if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) throw new Error('Invalid calldata')
      await assertWalletChain(provider, network)
      const request = await prepareTransaction(clientFor(network), {
        from: from as `0x${string}`,
        to: to as `0x${string}`,
        data: data as `0x${string}`,
        ...(value ? { value } : {}),
        ...(gas ? { gas } : {}),
      })
      return submitTransaction(provider, request)
    },
    waitForReceipt: ({ network, hash }) => waitForReceipt(clientFor(network), hash as `0x${string}`),
    watchBlocks: ({ network, onBlock }) =>
      clientFor(network).watchBlockNumber({ onBlockNumber: () => onBlock(), emitOnBegin: false }),
    isAddress: (value) => isAddress(value, { strict: false }),
    wrapProvider,
  }
}

/** The adapter registry's entry point (core/appkit-state `loadAdapter`). */
export const createAdapter = createEip155Adapter
