/**
 * `sigkit/wagmi`: the `WagmiAdapter` of Reown AppKit's wagmi setup, for SigKit. A dapp written
 * the AppKit way keeps its code and changes its imports:
 *
 * ```ts
 * import { WagmiAdapter } from 'sigkit/wagmi'          // was '@reown/appkit-adapter-wagmi'
 * import { createAppKit } from 'sigkit/react'          // was '@reown/appkit/react'
 * import { mainnet, arbitrum } from 'sigkit/networks'  // was '@reown/appkit/networks'
 * ```
 *
 * wagmi, @tanstack/react-query and viem are the dapp's (peer dependencies; what SigKit uses of
 * @wagmi/core it takes from `wagmi`, which re-exports it, so AppKit's install line is enough): nothing
 * of them is bundled here, so a dapp has one viem.
 * @packageDocumentation
 */
import { createConfig, type Config, type CreateConfigParameters, type CreateConnectorFn } from 'wagmi'
import type { Chain, Transport } from 'viem'
import type { CaipNetwork } from '../core/types'
import type { EvmChain } from '../core/config/options'
import { SIGKIT_CONNECTOR_ID, sigkitConnector } from './connector'
import { toWagmiChains } from './chains'
import { sigkitTransport } from './transport'

export { SIGKIT_CONNECTOR_ID }

/** The options of AppKit's `new WagmiAdapter(…)`. */
export interface WagmiAdapterOptions {
  /** The dapp's networks (`sigkit/networks` or `viem/chains`); wagmi gets the EVM ones. */
  networks: readonly (CaipNetwork | EvmChain)[]
  /** The project id (kept for AppKit parity; `createAppKit` is where SigKit uses it). */
  projectId: string
  /** wagmi's `ssr` (state hydrated after mount). */
  ssr?: boolean
  /** wagmi's storage (e.g. `createStorage({ storage: cookieStorage })`). */
  storage?: CreateConfigParameters['storage']
  /**
   * Transports by chain id. A chain without one reads through SigKit's RPC: the proxy of
   * `createAppKit`'s `endpoints.rpc` with the project id, then the chain's own RPC URLs.
   */
  transports?: Record<number, Transport>
  /**
   * More wagmi connectors, after SigKit's own. A wallet connected through one of these directly
   * (not in the modal) is wagmi's alone: the modal does not show it.
   */
  connectors?: CreateConnectorFn[]
  /** Any other wagmi `createConfig` parameter (batch, pollingInterval, syncConnectedChain, …). */
  [parameter: string]: unknown
}

/** Thrown for invalid adapter options; `path` names the option. */
export class WagmiAdapterOptionsError extends Error {
  readonly path: string
  constructor(path: string, message: string) {
    super(`${path} ${message}`)
    this.name = 'WagmiAdapterOptionsError'
    this.path = path
  }
}

/**
 * AppKit's wagmi adapter: makes the wagmi config (`wagmiConfig`) whose one connector is SigKit's
 * connection. Pass it to `createAppKit({ adapters: [wagmiAdapter] })` and its `wagmiConfig` to
 * `<WagmiProvider>`; wagmi's hooks then work through whatever wallet the visitor connected in the
 * modal, and a wagmi-side disconnect or chain switch shows in the modal (and the other way round).
 *
 * @throws WagmiAdapterOptionsError when `networks` has no EVM network or an option has the wrong type.
 * @example
 * ```tsx
 * const wagmiAdapter = new WagmiAdapter({ networks: [mainnet, arbitrum], projectId })
 * createAppKit({ adapters: [wagmiAdapter], networks: [mainnet, arbitrum], projectId, metadata })
 * <WagmiProvider config={wagmiAdapter.wagmiConfig}>…</WagmiProvider>
 * ```
 */
export class WagmiAdapter {
  /** The namespace this adapter serves, as AppKit's adapters name it. */
  readonly namespace = 'eip155' as const
  readonly projectId: string
  /** The networks given, as passed. */
  readonly networks: readonly (CaipNetwork | EvmChain)[]
  /** The EVM networks as viem chains, in wagmi's config. */
  readonly wagmiChains: readonly [Chain, ...Chain[]]
  /** The wagmi config for `<WagmiProvider config={…}>` and `@wagmi/core` actions. */
  readonly wagmiConfig: Config

  constructor(options: WagmiAdapterOptions) {
    if (typeof options !== 'object' || options === null)
      throw new WagmiAdapterOptionsError('options', 'must be an object')
    const { networks, projectId, transports = {}, connectors = [], ...rest } = options
    if (typeof projectId !== 'string') throw new WagmiAdapterOptionsError('projectId', 'must be a string')
    if (rest.ssr !== undefined && typeof rest.ssr !== 'boolean')
      throw new WagmiAdapterOptionsError('ssr', 'must be a boolean')
    if (!Array.isArray(connectors) || connectors.some((item) => typeof item !== 'function'))
      throw new WagmiAdapterOptionsError('connectors', 'must be an array of wagmi connector functions')
    if (typeof transports !== 'object' || transports === null)
      throw new WagmiAdapterOptionsError('transports', 'must be an object of transports by chain id')
    const chains = toWagmiChains(networks, (path, message) => new WagmiAdapterOptionsError(path, message))
    this.projectId = projectId
    this.networks = networks
    this.wagmiChains = chains
    const config: Config = createConfig({
      ...(rest as Partial<CreateConfigParameters>),
      chains,
      transports: Object.fromEntries(
        chains.map((chain) => [chain.id, transports[chain.id] ?? sigkitTransport(chain, projectId)]),
      ),
      connectors: [sigkitConnector({ isConnectedInWagmi: (uid) => config.state.connections.has(uid) }), ...connectors],
      // The modal lists and connects the browser's wallets; wagmi finding them too would connect
      // them behind SigKit's back on a reconnect.
      multiInjectedProviderDiscovery: false,
    } as CreateConfigParameters)
    this.wagmiConfig = config
  }
}
