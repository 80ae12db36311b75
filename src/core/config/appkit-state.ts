/**
 * Wires validated options into core state, and holds the app-wide singletons (resolved options,
 * the AppKit instance the hooks use). Re-exports the theme so the lead's code has one entry point.
 */
import { batch } from '@preact/signals-core'
import { ALERTS, showAlert } from '../modal/alerts'
import { setLocalFeatures } from './features'
import { setActiveCaipNetwork, setRequestedNetworks } from '../state/network'
import type { ResolvedOptions } from './options'
import type { AdapterModule, ChainAdapter } from '../state/adapters'
import type { ChainNamespace } from '../types'
import type { Connector } from '../connector'
import { getActiveCaipNetworkId } from '../lib/storage'
import { themeState } from './theme'
import { configureLog } from '../../lib/logger'

export { setThemeMode, setThemeVariables, themeState } from './theme'

let resolvedOptions: ResolvedOptions | undefined
let appKitInstance: unknown

/**
 * Puts validated options into state: requested networks, the active network (the one stored from
 * the last visit if the dapp still supports it, else `defaultNetwork`, else the first), theme and
 * local features, and the log's level (`debug`). Raises the project-not-configured alert when the project id is missing.
 * Touches no network.
 *
 * @example
 * ```ts
 * initCore(validateOptions({ projectId, networks: [mainnet, solana] }))
 * ```
 */
export function initCore(resolved: ResolvedOptions): void {
  resolvedOptions = resolved
  configureLog({ debug: resolved.debug })
  const storedId = getActiveCaipNetworkId()
  const stored = storedId ? resolved.networks.find((network) => network.caipNetworkId === storedId) : undefined
  batch(() => {
    setRequestedNetworks(resolved.networks)
    setActiveCaipNetwork(stored ?? resolved.defaultNetwork)
    themeState.mode.value = resolved.themeMode
    themeState.variables.value = { ...resolved.themeVariables }
    setLocalFeatures(resolved)
  })
  if (resolved.projectIdMissing) showAlert(ALERTS.PROJECT_ID_NOT_CONFIGURED)
}

/**
 * The options `initCore` received, or undefined before `createAppKit`.
 *
 * @example
 * ```ts
 * const endpoints = getResolvedOptions()?.endpoints
 * ```
 */
export function getResolvedOptions(): ResolvedOptions | undefined {
  return resolvedOptions
}

/**
 * Registers the AppKit instance for the hooks (called by `createAppKit`).
 *
 * @example
 * ```ts
 * setAppKitInstance(appKit)
 * ```
 */
export function setAppKitInstance(instance: unknown): void {
  appKitInstance = instance
}

/**
 * The AppKit instance; hooks call this so that using them before `createAppKit` fails clearly.
 *
 * @throws Error 'Please call createAppKit before using the open hook'
 * @example
 * ```ts
 * const appKit = getAppKitOrThrow<AppKit>()
 * ```
 */
export function getAppKitOrThrow<T = unknown>(): T {
  if (appKitInstance === undefined) throw new Error('Please call createAppKit before using the open hook')
  return appKitInstance as T
}

/** @internal Forgets options and instance (tests). */
export function resetAppKitState(): void {
  resolvedOptions = undefined
  appKitInstance = undefined
}

/** How to load a namespace's adapter chunk (an `import()`). */
export type AdapterLoader = () => Promise<AdapterModule>

const loaders = new Map<ChainNamespace, AdapterLoader>()
const loaded = new Map<ChainNamespace, Promise<ChainAdapter>>()

/**
 * Registers how to load a namespace's adapter; `createAppKit` does this with `import()`.
 *
 * @example
 * ```ts
 * registerAdapter('eip155', () => import('./chains/eip155'))
 * ```
 */
export function registerAdapter(namespace: ChainNamespace, loader: AdapterLoader): void {
  loaders.set(namespace, loader)
  loaded.delete(namespace)
}

/**
 * Whether a namespace has a chain adapter (eip155, solana); WalletConnect alone serves the others.
 *
 * @example
 * ```ts
 * hasAdapter('polkadot') // false
 * ```
 */
export function hasAdapter(namespace: ChainNamespace): boolean {
  return loaders.has(namespace)
}

/**
 * The adapter of a namespace, loaded once and made from the options `initCore` received.
 *
 * @throws Error 'Adapter not found' when no adapter is registered for the namespace.
 * @example
 * ```ts
 * const adapter = await loadAdapter('eip155')
 * ```
 */
export function loadAdapter(namespace: ChainNamespace): Promise<ChainAdapter> {
  let adapter = loaded.get(namespace)
  if (!adapter) {
    const loader = loaders.get(namespace)
    if (!loader || !resolvedOptions) return Promise.reject(new Error('Adapter not found'))
    const { projectId, endpoints } = resolvedOptions
    adapter = loader().then((chunk) => chunk.createAdapter({ projectId, endpoints }))
    // A failed chunk load must be retried next time, not remembered.
    adapter.catch(() => loaded.delete(namespace))
    loaded.set(namespace, adapter)
  }
  return adapter
}

/**
 * How to bring a connector back for a stored session: the lazy connectors (WalletConnect, the
 * embedded wallet) by id, and the installed wallets' discovery for any other id.
 */
export interface ConnectorSources {
  /** Loads the connector with this id (an `import()` and its connector). */
  byId: Map<string, () => Promise<Connector>>
  /** Starts finding installed wallets (their ids are announced, not known ahead). */
  installed?: () => Promise<void>
}

const connectorSources: ConnectorSources = { byId: new Map() }

/**
 * Registers how to load a lazy connector by its id; `createAppKit` does this with `import()`.
 *
 * @example
 * ```ts
 * registerConnector('walletConnect', () => import('./connectors/walletconnect').then((wc) => wc.walletConnectConnector))
 * ```
 */
export function registerConnector(id: string, load: () => Promise<Connector>): void {
  connectorSources.byId.set(id, load)
}

/**
 * Registers how installed wallets are found (for a stored session of one of them).
 *
 * @example
 * ```ts
 * registerInstalledWallets(() => import('./connectors/injected').then((injected) => injected.startInjectedDiscovery()))
 * ```
 */
export function registerInstalledWallets(discover: () => Promise<void>): void {
  connectorSources.installed = discover
}

/** What {@link registerConnector} and {@link registerInstalledWallets} registered. @internal */
export function getConnectorSources(): Readonly<ConnectorSources> {
  return connectorSources
}
