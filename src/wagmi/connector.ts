/**
 * The wagmi connector that is SigKit: whatever wallet the visitor connected in the modal
 * (injected, WalletConnect, the embedded wallet), wagmi's hooks reach it through this one
 * connector. SigKit stays the owner of the connection; this side only mirrors it and forwards.
 */
import { createConnector } from 'wagmi'
import { effect } from '@preact/signals-core'
import { SwitchChainError, UserRejectedRequestError, type Chain, type EIP1193Provider } from 'viem'
import { getAccountState } from '../core/state/account'
import { findRequestedNetwork } from '../core/state/network'
import { modalState, openModal } from '../core/modal/modal'
import { isRestoringEvm, readEvmConnection, type EvmConnection } from './sigkit-state'

/** The connector's id in wagmi (`useAccount().connector.id`). */
export const SIGKIT_CONNECTOR_ID = 'sigkit'

/** How long a reconnect waits for SigKit's own restore before wagmi gives up on it. */
const RESTORE_WAIT_MS = 10_000

/** Resolves with the first value `read` returns that is not undefined (read inside an effect). */
function when<T>(read: () => T | undefined, timeoutMs?: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined
    let done = false
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => finish(undefined), timeoutMs)
    function finish(value: T | undefined) {
      if (done) return
      done = true
      clearTimeout(timer)
      queueMicrotask(() => stop?.())
      resolve(value)
    }
    stop = effect(() => {
      const value = read()
      if (value !== undefined) finish(value)
    })
    if (done) stop()
  })
}

/**
 * SigKit's eip155 provider for wagmi: one stable EIP-1193 object that forwards each request to
 * the wallet connected now (SigKit's wrapped provider, so sent transactions refresh its balances).
 */
function createBridgeProvider(): EIP1193Provider {
  const request = async (args: { method: string; params?: unknown }) => {
    const { getWalletProvider } = await import('../core/wallet/connect')
    const found = await getWalletProvider('eip155')
    if (!found) throw Object.assign(new Error('Connector not connected'), { code: 4900 })
    return found.provider.request(args as { method: string; params?: unknown[] })
  }
  // wagmi follows events through the connector's emitter, not the provider's.
  return { request, on: () => undefined, removeListener: () => undefined } as unknown as EIP1193Provider
}

/** What the connector needs from the adapter that made it. */
export interface SigKitConnectorHooks {
  /** Whether wagmi has this connector connected now (read from the wagmi config's state). */
  isConnectedInWagmi(uid: string): boolean
}

/**
 * The wagmi connector over SigKit's connection.
 *
 * - `connect()` returns SigKit's connection; not connected, it opens the modal and waits for the
 *   visitor (closing the modal rejects with UserRejectedRequestError). On a reconnect it waits for
 *   SigKit's own session restore instead, so a reload asks the wallet nothing.
 * - `disconnect()` and `switchChain()` go through SigKit (the modal follows).
 * - SigKit connecting, switching or disconnecting in the modal is told to wagmi (`connect`,
 *   `change`, `disconnect` events).
 *
 * @example
 * ```ts
 * createConfig({ chains, transports, connectors: [sigkitConnector({ isConnectedInWagmi })] })
 * ```
 */
export function sigkitConnector(hooks: SigKitConnectorHooks) {
  const provider = createBridgeProvider()
  return createConnector<EIP1193Provider>((config) => {
    const chainOf = (chainId: number): Chain | undefined => config.chains.find((chain) => chain.id === chainId)
    let uid: string | undefined
    let last: EvmConnection | undefined
    return {
      id: SIGKIT_CONNECTOR_ID,
      name: 'SigKit',
      type: SIGKIT_CONNECTOR_ID,
      async setup() {
        uid = (config.emitter as { uid?: string }).uid
        // SigKit → wagmi. Deferred a task: the config is still being made when wagmi calls setup.
        await Promise.resolve()
        effect(() => {
          const connection = readEvmConnection()
          const previous = last
          last = connection
          const connected = uid !== undefined && hooks.isConnectedInWagmi(uid)
          if (!connection) {
            if (previous && connected) config.emitter.emit('disconnect')
            return
          }
          if (!connected) config.emitter.emit('connect', { accounts: connection.accounts, chainId: connection.chainId })
          else if (previous?.chainId !== connection.chainId || previous.accounts.join() !== connection.accounts.join())
            config.emitter.emit('change', { accounts: connection.accounts, chainId: connection.chainId })
        })
      },
      async connect(parameters) {
        let connection = readEvmConnection()
        if (!connection && parameters?.isReconnecting) {
          connection = await when(
            () => readEvmConnection() ?? (isRestoringEvm() ? undefined : null),
            RESTORE_WAIT_MS,
          ).then((value) => value ?? undefined)
        }
        if (!connection && !parameters?.isReconnecting) connection = await connectInModal()
        if (!connection) throw new Error('Connector not connected')
        if (parameters?.chainId !== undefined && parameters.chainId !== connection.chainId) {
          const chain = await this.switchChain!({ chainId: parameters.chainId })
          connection = { ...connection, chainId: chain.id }
        }
        last = connection
        return { accounts: connection.accounts, chainId: connection.chainId } as never
      },
      async disconnect() {
        const { disconnect } = await import('../core/wallet/connect')
        await disconnect('eip155')
      },
      async getAccounts() {
        return readEvmConnection()?.accounts ?? []
      },
      async getChainId() {
        const connection = readEvmConnection()
        return connection?.chainId ?? config.chains[0].id
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        const connected = await when(
          () => (readEvmConnection() ? true : isRestoringEvm() ? undefined : false),
          RESTORE_WAIT_MS,
        )
        return connected === true
      },
      async switchChain({ chainId }) {
        const chain = chainOf(chainId)
        const network = findRequestedNetwork(`eip155:${chainId}`)
        if (!chain || !network) throw new SwitchChainError(new Error(`Chain ${chainId} is not among the networks`))
        const { switchNetwork } = await import('../core/wallet/switch-network')
        try {
          await switchNetwork(network)
        } catch (error) {
          if ((error as { code?: number })?.code === 4001) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts as `0x${string}`[] })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

/** Opens SigKit's modal and waits: the connection, or UserRejectedRequestError when it closes. */
async function connectInModal(): Promise<EvmConnection> {
  await openModal({ view: 'Connect', namespace: 'eip155' })
  const outcome = await when(() => {
    const connection = readEvmConnection()
    if (connection) return connection
    // Closed without connecting (a connection in progress is still given its chance).
    const status = getAccountState('eip155').status.value
    if (!modalState.open.value && status !== 'connecting' && status !== 'reconnecting') return null
    return undefined
  })
  if (!outcome) throw new UserRejectedRequestError(new Error('The modal was closed before a wallet connected'))
  return outcome
}
