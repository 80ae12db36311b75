/**
 * The connector contract: what every way of connecting a wallet (injected, WalletConnect, the
 * embedded wallet) implements, and how it reports to core. The shape wagmi gives its connectors:
 * core calls `connect`, `restore`, `disconnect` and `provider`; the connector tells core what
 * happens on the wallet's side through its typed emitter (an account or chain changed, the wallet
 * ended the session, a connection it made itself). A connector never writes core state and never
 * calls core's internals: core applies what it reports, in one connect path (`wallet/connect.ts`).
 *
 * Connectors reach the rest of SigKit only through {@link connectorContext} (the options, the
 * networks, analytics, alerts and chain adapters), so a connector folder depends on this module,
 * the types and a few generic helpers.
 */
import { getResolvedOptions, loadAdapter } from './config/appkit-state'
import { featuresState } from './config/features'
import { themeState } from './config/theme'
import { reportError, sendEvent } from './analytics'
import { ALERTS, showAlert } from './modal/alerts'
import { setConnectedConnectorId } from './lib/storage'
import { showErrorToast } from './modal/toasts'
import { activeNamespace, getAccountState } from './state/account'
import { addConnectors, findConnector, removeConnectors, connectorsState, type ConnectorInfo } from './state/connectors'
import { findRequestedNetwork, getNetworkState, requestedNetworks } from './state/network'
import { connectionState } from './state/connection'
import type {
  AccountEntry,
  AccountType,
  AccountUser,
  CaipNetwork,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  EIP1193Provider,
  SocialProvider,
  ViewName,
} from './types'
import { log } from '../lib/logger'

export type { ConnectorInfo, ConnectorType } from './state/connectors'
export type { ChainAdapter } from './state/adapters'
export type { AlertDefinition } from './modal/alerts'
export type { TrackedEvent } from './analytics'
export type { SIWXCacao, SIWXConfig, SIWXMessageData, SIWXSession } from './config/siwx'

/** What an account of a connection carries beyond its address (the embedded wallet says who signed in). */
export interface AccountDetails {
  user?: AccountUser | undefined
  socialProvider?: SocialProvider | undefined
  preferredAccountType?: AccountType | undefined
  connectedWalletInfo?: ConnectedWalletInfo | undefined
  /** Whether the smart account is deployed (the embedded wallet says). */
  smartAccountDeployed?: boolean | undefined
  /** Labels of the connection's addresses, by address. */
  addressLabels?: ReadonlyMap<string, string>
}

/** One namespace a connection covers: its accounts (the first is the active one) and chain. */
export interface NamespaceConnection {
  namespace: ChainNamespace
  accounts: readonly AccountEntry[]
  /** The chain id as the wallet reports it (a number for eip155). */
  chainId: number | string
  details?: AccountDetails
  /**
   * The networks the wallet approved in this namespace (a WalletConnect session's chains); absent
   * when the wallet takes any network (an injected EVM wallet adds the ones it does not know).
   */
  approvedCaipNetworkIds?: readonly CaipNetworkId[]
}

/** What a connection (or a restored one) gave: each namespace it covers. */
export interface ConnectionResult {
  connections: readonly NamespaceConnection[]
  /** How the wallet behind the connection presents itself (a WalletConnect session's peer). */
  wallet?: { name: string; icon?: string | undefined }
}

/** What core asks a connector to connect. */
export interface ConnectParameters {
  /** The namespace the visitor is connecting (a connector with one session connects all it can). */
  namespace: ChainNamespace
  /** The network that namespace should land on. */
  network: CaipNetwork
  /** Connector-specific parameters (a WalletConnect wallet listing, an embedded login method). */
  [parameter: string]: unknown
}

/** Something that happened on the wallet's side, reported to core. */
export type ConnectorEvent =
  /** A connection the connector made without `connect` (a prepared pairing approved, a finished redirect login). */
  | { type: 'connect'; result: ConnectionResult }
  /** The wallet now acts as another account (first of `accounts`), or its account list changed. */
  | { type: 'accountsChanged'; namespace: ChainNamespace; accounts: readonly AccountEntry[] }
  /** The wallet is on another chain. */
  | { type: 'chainChanged'; namespace: ChainNamespace; chainId: number | string }
  /** The wallet ended these namespaces (all of this connector's when absent). */
  | { type: 'disconnect'; namespaces?: readonly ChainNamespace[] }
  /** More about who is connected (who signed in, the account type in effect). */
  | { type: 'details'; namespace: ChainNamespace; details: AccountDetails }
  /** The networks of a namespace where the wallet has smart accounts. */
  | { type: 'smartAccountNetworks'; namespace: ChainNamespace; chainIds: readonly number[] }
  /**
   * The connection changed on the wallet's side (a WalletConnect session update: namespaces,
   * accounts or chains): applied as it is now, not as a new connection.
   */
  | { type: 'change'; result: ConnectionResult }
  /**
   * A pairing code the visitor scans or opens (WalletConnect) and when it expires; no code once it
   * is used or gone, with `failed` when the pairing failed.
   */
  | { type: 'pairing'; uri?: string | undefined; expiresAt?: number | undefined; failed?: boolean }
  /**
   * The connector shows its own screen inside the modal (the embedded wallet's approval screen)
   * and waits for the visitor there; `done` once it has the answer (or the visitor left). Without
   * a view, the modal only opens (where it is) for what the connector tells the visitor.
   */
  | { type: 'screen'; view?: ViewName; phase: 'open' }
  | { type: 'screen'; view: ViewName; phase: 'done'; outcome: 'success' | 'error' | 'cancel' }

/** Subscribes to a connector's events; returns the function that unsubscribes. */
export interface ConnectorEmitter {
  subscribe(listener: (event: ConnectorEvent) => void): () => void
  emit(event: ConnectorEvent): void
}

/**
 * A way to connect: its listing (what the Connect list shows, {@link ConnectorInfo}) and its
 * behaviour. Room is left for several connections in one namespace: core keys connections by
 * namespace and connector.
 */
export interface Connector extends ConnectorInfo {
  readonly emitter: ConnectorEmitter
  /**
   * One session carries every namespace the connector connected (WalletConnect, the embedded
   * wallet): disconnecting one namespace ends them all.
   */
  readonly sharedSession?: boolean
  /** Asks the wallet (it prompts) and resolves with what it granted. */
  connect(parameters: ConnectParameters): Promise<ConnectionResult>
  /** Brings back a stored session without a prompt; undefined when the wallet no longer grants it. */
  restore(parameters: { namespaces: readonly ChainNamespace[] }): Promise<ConnectionResult | undefined>
  /** Asks the wallet to forget these namespaces (all of the connector's when its session is shared). */
  disconnect(parameters: { namespaces: readonly ChainNamespace[] }): Promise<void>
  /** The wallet's provider for a namespace, as the chain adapter and the dapp use it. */
  provider(namespace: ChainNamespace): EIP1193Provider | undefined
  /** Switches the wallet's network itself; without it core asks through the chain adapter. */
  switchNetwork?(parameters: { namespace: ChainNamespace; network: CaipNetwork }): Promise<void>
  /** The visitor left the connector's screen (closed the modal): what waited there is refused. */
  leaveScreen?(): void
}

/**
 * Whether a listed entry is a connector (listings without behaviour exist: All Wallets, the
 * wallets a phone opens through WalletConnect).
 */
export function isConnectorWithBehaviour(entry: ConnectorInfo | undefined): entry is Connector {
  return entry !== undefined && typeof (entry as Partial<Connector>).connect === 'function'
}

/**
 * A connector's emitter: listeners are called in order, and one that throws is logged without
 * stopping the others or the connector.
 *
 * @example
 * ```ts
 * const emitter = createConnectorEmitter()
 * emitter.emit({ type: 'chainChanged', namespace: 'eip155', chainId: 8453 })
 * ```
 */
export function createConnectorEmitter(): ConnectorEmitter {
  const listeners = new Set<(event: ConnectorEvent) => void>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event)
        } catch (error) {
          log('error', 'connector event handler failed', error)
        }
      }
    },
  }
}

/**
 * What core offers connectors: read-only views of the options, networks and account, the chain
 * adapters, the Connect list, analytics and the modal's alerts and toasts. Everything a connector
 * changes in core goes through its emitter instead.
 */
export const connectorContext = {
  /** The options `createAppKit` received, once it has. */
  options: getResolvedOptions,
  /** The features in effect (local options over the project's remote config). */
  features: () => featuresState.peek(),
  /** The theme the modal shows (the embedded wallet's frame matches it). */
  theme: () => ({ mode: themeState.mode.peek(), variables: themeState.variables.peek() }),
  /** A namespace's chain adapter (loads its chunk once). */
  loadAdapter,
  /** The dapp's networks, in its order. */
  requestedNetworks: () => requestedNetworks.peek(),
  /** The dapp's network with this CAIP-2 id, if it has one. */
  findNetwork: findRequestedNetwork,
  /** A namespace's current network, else the first the dapp requested in it. */
  network(namespace: ChainNamespace): CaipNetwork | undefined {
    const state = getNetworkState(namespace)
    return state.caipNetwork.peek() ?? state.requestedCaipNetworks.peek()[0]
  },
  /** The namespace the visitor uses now. */
  activeNamespace: () => activeNamespace.peek(),
  /** The address a namespace is connected with. */
  address: (namespace: ChainNamespace) => getAccountState(namespace).address.peek(),
  /** The namespaces connected through a connector now. */
  connectedNamespaces(connectorId: string): ChainNamespace[] {
    return [...connectionState.connections.peek()]
      .filter(([, connections]) => connections.some((connection) => connection.connectorId === connectorId))
      .map(([namespace]) => namespace)
  },
  /** The Connect list: publish, withdraw and read entries. */
  list: addConnectors,
  unlist: removeConnectors,
  listed: () => connectorsState.peek(),
  find: findConnector,
  /** Whether the project allows this page's origin (fetches the project's config once); undefined when unknown. */
  async originAllowed(): Promise<boolean | undefined> {
    const remote = await import('./config/remote-config')
    await remote.loadRemoteConfig()
    return remote.originAllowed
  },
  /** Fresh balances for a namespace (after the wallet signed something that may move funds). */
  refreshBalances(namespace: ChainNamespace): void {
    void import('./wallet/balances').then((balances) => balances.refreshBalances(namespace, { force: true }))
  },
  /**
   * Remembers that these namespaces connect through the connector, so the next page load restores
   * it (a login that leaves the page and comes back).
   */
  restoreOnNextLoad(connectorId: string, namespaces: readonly ChainNamespace[]): void {
    for (const namespace of namespaces) setConnectedConnectorId(namespace, connectorId)
  },
  track: sendEvent,
  reportError,
  alerts: ALERTS,
  alert: showAlert,
  toast: showErrorToast,
}
