/**
 * The solana chain adapter, on @solana/kit. LAZY: loaded when a Solana connection starts or is
 * restored, never at page load. It talks to wallets through `solana_*` requests, which a
 * WalletConnect session and the Wallet Standard connector both answer.
 */
import { address as toAddress, getBase58Decoder, getUtf8Encoder, isAddress, isSignature } from '@solana/kit'
import { BLOCKCHAIN_API } from '../../api/blockchain-api'
import { apiClient } from '../../api/client'
import type { AdapterConfig, ChainAdapter } from '../../core/state/adapters'
import { clock } from '../../lib/clock'
import { POLLING_INTERVAL_MS } from '../../core/constants'
import { fromBaseUnits } from '../../lib/units'
import { isRecord } from '../../lib/validate'
import { connect, disconnect, reconnect, watch } from './connect'
import { waitForConfirmation } from './confirm'
import { createRpcCache } from './rpc'
import { buildTransfer, submitTransaction } from './send-transaction'

/**
 * Creates the solana adapter.
 *
 * @example
 * ```ts
 * const adapter = createSolanaAdapter({ projectId, endpoints })
 * ```
 */
export function createSolanaAdapter(config: AdapterConfig): ChainAdapter {
  const rpcFor = createRpcCache({ rpcProxy: config.endpoints.rpc, projectId: config.projectId })
  const api = apiClient(BLOCKCHAIN_API, config)
  return {
    namespace: 'solana',
    connect,
    reconnect,
    disconnect,
    watch,
    // No switchNetwork: Solana wallets have none. Reads and sends follow the dapp's chosen network,
    // which core allows only where the wallet approved it (core/wallet/switch-network.ts).
    async getNativeBalance({ address, network }) {
      const { value } = await rpcFor(network).getBalance(toAddress(address), { commitment: 'confirmed' }).send()
      return { value: fromBaseUnits(value, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
    },
    getTokenBalances: ({ address, network, forceUpdate }) =>
      api.getBalances({ address, caipNetworkId: network.caipNetworkId, ...(forceUpdate ? { forceUpdate } : {}) }),
    async signMessage({ provider, address, message }) {
      // SPEC §7: the message goes base58 encoded; the signature comes back base58.
      const encoded = getBase58Decoder().decode(getUtf8Encoder().encode(message))
      const reply = await provider.request({
        method: 'solana_signMessage',
        params: { message: encoded, pubkey: address },
      })
      const signature = isRecord(reply) ? reply['signature'] : undefined
      if (typeof signature !== 'string' || !isSignature(signature))
        throw new Error('The wallet returned an invalid signature')
      return signature
    },
    async sendTransaction(parameters) {
      const rpc = rpcFor(parameters.network)
      return submitTransaction(
        parameters.provider,
        rpc,
        await buildTransfer(rpc, parameters),
        parameters.network.caipNetworkId,
      )
    },
    waitForReceipt: ({ network, hash }) => waitForConfirmation(rpcFor(network), hash),
    watchBlocks({ network, onBlock }) {
      // The slot moves on with every block; polling it needs no WebSocket.
      let lastSlot: bigint | undefined
      let timer: unknown
      const poll = () => {
        timer = clock.setTimeout(() => {
          rpcFor(network)
            .getSlot({ commitment: 'confirmed' })
            .send()
            .then((slot) => {
              if (lastSlot !== undefined && slot > lastSlot) onBlock()
              lastSlot = slot
            })
            .catch(() => undefined)
            .finally(() => {
              if (timer !== undefined) poll()
            })
        }, POLLING_INTERVAL_MS)
      }
      poll()
      return () => {
        clock.clearTimeout(timer)
        timer = undefined
      }
    },
    isAddress: (value) => isAddress(value),
  }
}

/** The adapter registry's entry point (core/appkit-state `loadAdapter`). */
export const createAdapter = createSolanaAdapter
