/**
 * Connecting, restoring and disconnecting wallets (SPEC §4 "Connection status" and "Disconnect"):
 * the one connect path every connector goes through. Core asks a connector (`core/connector.ts`)
 * and applies what it reports, whether it answers a `connect` or reports an event of its own.
 * Where the modal goes afterwards is the UI's decision: core emits the moments (`afterConnect`,
 * `connectionSettled`, `unsupportedNetwork`) and never navigates.
 * LAZY: reached through `import()` from the views, the hooks and session restore.
 */
import { batch, effect, signal } from '@preact/signals-core'
import { getAccountState, resetAccount, setAccount, activeNamespace } from '../state/account'
import { getConnectorSources, getResolvedOptions, loadAdapter } from '../config/appkit-state'
import { refreshAccountData, forgetBalances, startBalanceAutoRefresh } from './balances'
import { formatCaipAddress, formatCaipNetworkId } from '../lib/caip'
import { clock } from '../../lib/clock'
import {
  connectedConnector,
  connectionState,
  setConnectionStatus,
  setConnections,
  type WritableConnectionSignals,
} from '../state/connection'
import { connectorsState, findConnector, isConnector } from '../state/connectors'
import { CHAIN_NAMESPACES, DISCONNECT_WAIT_MS } from '../constants'
import { emitCoreEvent } from '../lifecycle'
import { startTabSync, withRestoreLock } from './tab-sync'
import { sendEvent } from '../analytics'
import { showErrorToast } from '../modal/toasts'
import { waitForTransaction } from './transaction'
import { declinedSignatureText } from './sign'
import { modalState } from '../modal/state'
import {
  createUnknownNetwork,
  findRequestedNetwork,
  getNetworkState,
  isNetworkSupported,
  setActiveCaipNetwork,
} from '../state/network'
import { setApprovedNetworks } from '../state/approved-networks'
import { featuresState } from '../config/features'
import {
  connectionsOf,
  extrasOf,
  forgetStoredAddress,
  getStoredConnections,
  keepExtras,
  persistConnections,
  placeConnection,
} from './connections'
import {
  getActiveNamespace,
  getConnectedConnectorIds,
  getConnectionStatus,
  setConnectedConnectorId,
  addRecentWallet,
  storeDeepLink,
} from '../lib/storage'
import { describeWalletError, isUserRejection } from '../../lib/wallet-errors'
import { isConnectorWithBehaviour, type Connector, type ConnectorEvent, type NamespaceConnection } from '../connector'
import type { ConnectionResult } from '../connector'
import type { AccountEntry, CaipNetwork, ChainNamespace, Connection, EIP1193Provider, WalletListing } from '../types'

/** What the ConnectingExternal view shows about the attempt in progress. */
export const connectingState = {
  connectorId: signal<string | undefined>(undefined),
  /** Message of the last failed attempt; cleared when a new one starts. */
  error: signal<string | undefined>(undefined),
}

/** Where a connection should land when the visitor asked for a namespace (SwitchActiveChain). */
export interface ConnectTarget {
  namespace: ChainNamespace
  /** The network to make active once connected. */
  caipNetworkId?: string
}

/** What {@link connect} takes besides the connector. */
export interface ConnectOptions extends Partial<ConnectTarget> {
  /** The listed wallet the visitor picked (a WalletConnect wallet), remembered as recent once connected. */
  wallet?: WalletListing
  /** Connector-specific parameters, passed through. */
  [parameter: string]: unknown
}

/** One connection attempt per connector at a time: a second ask joins the one in flight. */
const attempts = new Map<string, Promise<void>>()

/** Connector errors (SPEC §8 "Connector errors"), in the words wagmi gives them. */
export const CONNECTOR_ERRORS = {
  chainNotConfigured: 'Chain not configured',
  alreadyConnected: 'Connector already connected',
  notConnected: 'Connector not connected',
  accountNotFound: 'Account not found for connector',
  providerNotFound: 'Provider not found',
  /** `{connector}` is the connector's name. */
  unavailableReconnecting: 'Connector "{connector}" unavailable while reconnecting',
} as const

/**
 * Connects with a connector: it asks the wallet, then every namespace it granted is put into state
 * (account, network, balances), the session is remembered, and `afterConnect` lets a feature take
 * the modal over before `connectionSettled` (or `unsupportedNetwork` when the wallet is on a
 * network the dapp does not support). React StrictMode's double mount, or a visitor going back and
 * picking the same wallet while it prompts, join the attempt in flight instead of asking again.
 *
 * @throws the wallet's error (also shown on ConnectingExternal through {@link connectingState});
 * 'Connector already connected' when the namespace is connected through this connector already;
 * 'Connector "{name}" unavailable while reconnecting' while the page-load restore is asking it;
 * 'Chain not configured' when the dapp has no network in the namespace; 'Account not found for
 * connector' when the wallet granted no account.
 * @example
 * ```ts
 * await connect('dev.sigkit.testwallet')
 * await connect(walletConnectConnector, { wallet: listing })
 * await connect('dev.sigkit.testwallet', { namespace: 'solana' })
 * ```
 */
export function connect(connectorOrId: Connector | string, options: ConnectOptions = {}): Promise<void> {
  const id = typeof connectorOrId === 'string' ? connectorOrId : connectorOrId.id
  let attempt = attempts.get(id)
  if (!attempt) {
    attempt = run(connectorOrId, options).finally(() => attempts.delete(id))
    attempts.set(id, attempt)
  }
  return attempt
}

async function run(connectorOrId: Connector | string, options: ConnectOptions): Promise<void> {
  const found = typeof connectorOrId === 'string' ? findConnector(connectorOrId) : connectorOrId
  const id = typeof connectorOrId === 'string' ? connectorOrId : connectorOrId.id
  batch(() => {
    connectingState.connectorId.value = id
    connectingState.error.value = undefined
  })
  const namespace = connectNamespace(found, options.namespace)
  const account = getAccountState(namespace)
  const previousStatus = account.status.peek()
  // Another wallet added beside a connected one (multi-wallet): the connected account stays
  // active, and shown as connected, until the new wallet grants its own.
  const adding = previousStatus === 'connected'
  // A connection nobody answered is no connection in progress once the modal is closed: the button
  // goes back to "Connect Wallet". The wallet may still approve later (a pairing is not cancelled).
  const release = modalState.open.subscribe((open) => {
    if (!open && connectionState.status.peek() === 'connecting') settleStatus()
  })
  try {
    if (!isConnectorWithBehaviour(found)) throw new Error(CONNECTOR_ERRORS.providerNotFound)
    // A second prompt for a wallet already granting this namespace would only replace the session;
    // one connected beside the active wallet is switched to instead.
    if (adding && connectedThrough(namespace, found)) throw new Error(CONNECTOR_ERRORS.alreadyConnected)
    if (adding && holds(namespace, found.id)) return await switchConnection(namespace, found.id)
    // The restore is asking this wallet for its stored session: a prompt now would race it.
    if (restoringConnectorIds.has(found.id))
      throw new Error(CONNECTOR_ERRORS.unavailableReconnecting.replace('{connector}', found.name))
    if (!adding) {
      setAccount(namespace, { status: 'connecting' })
      setConnectionStatus('connecting')
    }
    const requested = options.caipNetworkId ? findRequestedNetwork(options.caipNetworkId) : undefined
    const network = requested ?? currentNetwork(namespace)
    if (!network) throw new Error(CONNECTOR_ERRORS.chainNotConfigured)
    const { namespace: _target, caipNetworkId: _network, ...extra } = options
    const result = await found.connect({ ...extra, namespace, network })
    applyResult(found, result, { restored: false, activate: [namespace] })
    // The visitor connected this namespace to use it: it becomes the active one (also when the
    // active namespace has no connection, so the button shows the account just connected).
    const active = activeNamespace.peek()
    if (options.namespace || (active && getAccountState(active).status.peek() !== 'connected'))
      setActiveCaipNetwork(getNetworkState(namespace).caipNetwork.peek() ?? network)
    remember(found, options.wallet)
    await settleAfterConnect(activeNamespace.peek() ?? namespace)
  } catch (error) {
    // Back to what it was (a restore still running keeps its `reconnecting`).
    if (account.status.peek() === 'connecting')
      setAccount(namespace, { status: previousStatus === 'connecting' ? 'disconnected' : previousStatus })
    settleStatus()
    connectingState.error.value = isUserRejection(error) ? 'Connection declined' : describeWalletError(error)
    throw error
  } finally {
    release()
  }
}

/** The namespace a connector connects: the asked one, else the active one if it has it, else its first. */
function connectNamespace(connector: { chains: readonly ChainNamespace[] } | undefined, asked?: ChainNamespace) {
  if (asked) return asked
  const active = activeNamespace.peek()
  const chains = connector?.chains ?? []
  return active && chains.includes(active) ? active : (chains[0] ?? 'eip155')
}

/** A namespace's current network, else the first the dapp requested in it. */
function currentNetwork(namespace: ChainNamespace): CaipNetwork | undefined {
  const state = getNetworkState(namespace)
  return state.caipNetwork.peek() ?? state.requestedCaipNetworks.peek()[0]
}

/** SPEC §4 "Finalizing": the wallet the visitor picked is recent, the deep link they opened kept. */
function remember(connector: Connector, wallet: WalletListing | undefined): void {
  const linking = connectionState.wcLinking.peek()
  if (linking && connector.type === 'walletConnect') storeDeepLink(linking)
  if (wallet) addRecentWallet(wallet)
}

/**
 * After a connection the visitor made: UnsupportedChain's moment when the wallet is on a network
 * the dapp does not support, else the features' (`afterConnect`, where sign-in may keep the modal),
 * then `connectionSettled` with whether one did. Only for a connection made in the open modal.
 */
async function settleAfterConnect(namespace: ChainNamespace): Promise<void> {
  if (!modalState.open.peek()) return
  const network = getNetworkState(namespace).caipNetwork.peek()
  if (shouldShowUnsupported(network)) {
    void emitCoreEvent('unsupportedNetwork', { namespace, caipNetworkId: network?.caipNetworkId, during: 'connect' })
    return
  }
  const decisions: Promise<boolean>[] = []
  void emitCoreEvent('afterConnect', { namespace, keepOpen: (decision) => decisions.push(decision) })
  // A feature's next step (sign-in) failing to load must not leave the modal on a stale view.
  const kept = (await Promise.all(decisions.map((decision) => decision.catch(() => false)))).includes(true)
  void emitCoreEvent('connectionSettled', { namespace, keptOpen: kept })
}

function shouldShowUnsupported(network: CaipNetwork | undefined): boolean {
  const options = getResolvedOptions()
  return (
    !isNetworkSupported(network) && !(options?.allowUnsupportedChain ?? false) && (options?.enableNetworkSwitch ?? true)
  )
}

// ── what connectors report ─────────────────────────────────────────────────────────────────

/** How a result is applied: whether it was restored, and the namespaces where it becomes the active connection. */
interface ApplyOptions {
  restored: boolean
  /**
   * Namespaces where this connection becomes the active one. Elsewhere it is active only where
   * the namespace has no other (or it was the active one already); beside another, it is kept as
   * one of the namespace's connections.
   */
  activate: readonly ChainNamespace[]
}

/**
 * Puts what a connector granted into state: each namespace's connection, and where it is the
 * active one, the network, account and remembered connector; with a shared session, the
 * connector's namespaces it no longer covers end.
 */
function applyResult(connector: Connector, result: ConnectionResult, options: ApplyOptions): void {
  // From the first connection on, the dapp's other tabs follow this one and it follows them.
  startTabSync()
  const covered = new Set(result.connections.map((connection) => connection.namespace))
  for (const connection of result.connections) applyConnection(connector, result, connection, options)
  if (connector.sharedSession)
    for (const namespace of namespacesOf(connector.id))
      if (!covered.has(namespace)) dropConnection(namespace, connector.id)
}

function applyConnection(
  connector: Connector,
  { wallet }: ConnectionResult,
  { namespace, accounts, chainId, details, approvedCaipNetworkIds }: NamespaceConnection,
  { restored, activate }: ApplyOptions,
): void {
  if (!accounts[0]?.address) throw new Error(CONNECTOR_ERRORS.accountNotFound)
  const name = wallet?.name ?? connector.name
  const icon = wallet?.icon ?? connector.imageUrl
  const connection: Connection = { connectorId: connector.id, chainId, accounts: [...accounts], name, icon }
  keepExtras(namespace, connector.id, {
    walletInfo: { name, icon, identifier: connector.rdns ?? connector.id },
    details,
    approvedCaipNetworkIds,
  })
  const list = connectionsOf(namespace)
  const active = activate.includes(namespace) || list.length === 0 || list[0]!.connectorId === connector.id
  if (!active) {
    setConnections(namespace, placeConnection(list, connection, { activate: false, keepOthers: true }))
    persistConnections(namespace)
    return
  }
  activateConnection(namespace, connection, { restored })
}

interface ActivateOptions {
  restored: boolean
  /** The namespace's connections to place it among (default: as they are). */
  list?: readonly Connection[]
  /** The connection that was active (default: the list's first). */
  previous?: Connection | undefined
}

/**
 * Makes `connection` the namespace's active one: first in its list (the others kept when
 * multi-wallet is on), its account, network and wallet in the account state, remembered for the
 * next load. A connection of another connector than the active one replaces the account's state
 * whole (no balance, profile or sign-in details of the previous wallet remain).
 */
function activateConnection(
  namespace: ChainNamespace,
  connection: Connection,
  { restored, list = connectionsOf(namespace), previous = list[0] }: ActivateOptions,
): void {
  const { connectorId, accounts, chainId = '' } = connection
  const address = accounts[0]!.address
  const kept = extrasOf(namespace, connectorId)
  const otherWallet = previous !== undefined && previous.connectorId !== connectorId
  const network = networkFor(namespace, chainId)
  batch(() => {
    if (otherWallet) resetAccount(namespace)
    setApprovedNetworks(namespace, kept?.approvedCaipNetworkIds)
    applyNetwork(namespace, network)
    setAccount(namespace, {
      address,
      caipAddress: formatCaipAddress(namespace, chainId, address),
      allAccounts: accounts as AccountEntry[],
      connectedWalletInfo: kept?.walletInfo,
      ...kept?.details,
      status: 'connected',
    })
    setConnections(
      namespace,
      placeConnection(list, connection, { activate: true, keepOthers: featuresState.peek().multiWallet }),
    )
  })
  setConnectedConnectorId(namespace, connectorId)
  persistConnections(namespace)
  setConnectionStatus('connected')
  startBalanceAutoRefresh()
  void refreshAccountData(namespace, { force: true })
  void emitCoreEvent('connected', { namespace, address, connectorId, restored })
  if (otherWallet && previous.accounts[0]?.address.toLowerCase() !== address.toLowerCase())
    void emitCoreEvent('accountChanged', { namespace, address })
}

/** Network of `chainId` in a namespace: the requested one, or the Unknown Network placeholder. */
function networkFor(namespace: ChainNamespace, chainId: number | string): CaipNetwork {
  const caipNetworkId = formatCaipNetworkId(namespace, chainId)
  return findRequestedNetwork(caipNetworkId) ?? createUnknownNetwork(caipNetworkId)
}

/**
 * What a connector reported, applied: called for every event of every listed connector
 * (`state/connectors.ts` follows their emitters).
 * @internal
 */
export function onConnectorEvent(connector: Connector, event: ConnectorEvent): void {
  switch (event.type) {
    case 'connect':
      applyResult(connector, event.result, {
        restored: false,
        activate: [activeNamespace.peek() ?? event.result.connections[0]?.namespace ?? 'eip155'],
      })
      remember(connector, undefined)
      void settleAfterConnect(activeNamespace.peek() ?? event.result.connections[0]?.namespace ?? 'eip155')
      return
    case 'change':
      return applyResult(connector, event.result, { restored: false, activate: [] })
    case 'smartAccountNetworks':
      getNetworkState(event.namespace).smartAccountEnabledNetworks.value = [...event.chainIds]
      return
    case 'accountsChanged':
      if (event.accounts.length === 0) return dropConnection(event.namespace, connector.id)
      if (connectedThrough(event.namespace, connector)) return applyAccountChange(event.namespace, event.accounts)
      return updateConnection(event.namespace, connector.id, { accounts: [...event.accounts] })
    case 'chainChanged':
      if (connectedThrough(event.namespace, connector)) applyWalletNetwork(event.namespace, event.chainId)
      updateConnection(event.namespace, connector.id, { chainId: event.chainId })
      return
    case 'disconnect':
      for (const namespace of event.namespaces ?? namespacesOf(connector.id)) dropConnection(namespace, connector.id)
      return
    case 'details': {
      const kept = extrasOf(event.namespace, connector.id)
      if (kept) keepExtras(event.namespace, connector.id, { ...kept, details: { ...kept.details, ...event.details } })
      if (connectedThrough(event.namespace, connector)) setAccount(event.namespace, event.details)
      return
    }
    case 'pairing':
      batch(() => {
        const state = connectionState as WritableConnectionSignals
        state.wcUri.value = event.uri
        state.wcPairingExpiry.value = event.expiresAt
        state.wcError.value = event.failed ?? false
      })
      return
    case 'screen':
      void emitCoreEvent('connectorScreen', { connectorId: connector.id, ...event })
      return
  }
}

/** The namespace's active connection is through this connector. */
function connectedThrough(namespace: ChainNamespace, connector: Connector): boolean {
  return connectionsOf(namespace)[0]?.connectorId === connector.id
}

/** The namespace has a connection through this connector, active or not. */
function holds(namespace: ChainNamespace, connectorId: string): boolean {
  return connectionsOf(namespace).some((connection) => connection.connectorId === connectorId)
}

/** The namespaces with a connection through a connector, from connection state. */
function namespacesOf(connectorId: string): ChainNamespace[] {
  return CHAIN_NAMESPACES.filter((namespace) => holds(namespace, connectorId))
}

/** A connection's accounts or chain changed on the wallet's side: kept in its entry (active or not). */
function updateConnection(namespace: ChainNamespace, connectorId: string, change: Partial<Connection>): void {
  const list = connectionsOf(namespace)
  if (!holds(namespace, connectorId)) return
  setConnections(
    namespace,
    list.map((connection) => (connection.connectorId === connectorId ? { ...connection, ...change } : connection)),
  )
  persistConnections(namespace)
}

/**
 * One connection of a namespace ends (the visitor disconnected it, or its wallet did): the others
 * stay; when it was the active one, the next becomes active, and without another the namespace is
 * cleared.
 */
function dropConnection(namespace: ChainNamespace, connectorId: string, { settle = true } = {}): void {
  const list = connectionsOf(namespace)
  const index = list.findIndex((connection) => connection.connectorId === connectorId)
  if (index < 0) return
  const rest = list.filter((_, at) => at !== index)
  if (rest.length === 0) return clearNamespace(namespace, { settle })
  if (index === 0) return activateConnection(namespace, rest[0]!, { restored: false, list: rest, previous: list[0] })
  setConnections(namespace, rest)
  persistConnections(namespace)
}

/**
 * Makes one of a namespace's live connections the active one (AppKit's `switchConnection`), with
 * `address` as its active account when given (one of that connection's accounts). The wallet is
 * not asked: every connection kept its accounts and chain. A connection that is not live (a recent
 * one) is connected again, which may prompt its wallet.
 *
 * @throws 'Account not found for connector' when `address` is not one of the connection's accounts.
 * @example
 * ```ts
 * await switchConnection('eip155', 'walletConnect')
 * ```
 */
export async function switchConnection(
  namespace: ChainNamespace,
  connectorId: string,
  address?: string,
): Promise<void> {
  const connection = connectionsOf(namespace).find((entry) => entry.connectorId === connectorId)
  if (!connection) return connect(connectorId, { namespace })
  const chosen = address
    ? connection.accounts.find((account) => account.address.toLowerCase() === address.toLowerCase())
    : connection.accounts[0]
  if (!chosen) throw new Error(CONNECTOR_ERRORS.accountNotFound)
  const accounts = [chosen, ...connection.accounts.filter((account) => account !== chosen)]
  if (connectionsOf(namespace)[0] === connection && accounts[0] === connection.accounts[0]) return
  activateConnection(namespace, { ...connection, accounts }, { restored: false })
}

/**
 * Ends one connection of a namespace (AppKit's `deleteConnection` and a disconnect with a
 * connector id): a live one is disconnected (its wallet asked to forget the site, at most
 * DISCONNECT_WAIT_MS) and the others stay, the next active if it was; a recent one forgets
 * `address` (the connection goes with its last address).
 *
 * @example
 * ```ts
 * await disconnectConnection('eip155', 'walletConnect')
 * ```
 */
export async function disconnectConnection(
  namespace: ChainNamespace,
  connectorId: string,
  address?: string,
): Promise<void> {
  if (!holds(namespace, connectorId)) {
    if (!address) return
    forgetStoredAddress(namespace, connectorId, address)
    // The list's readers (hooks, the Account view) re-read the stored ones with the live ones.
    setConnections(namespace, connectionsOf(namespace))
    return
  }
  await disconnectTargets([[namespace, connectorId]], namespace)
}

/** The wallet moved to another chain: its network, UnsupportedChain's moment if the dapp has no such network, fresh balances. */
function applyWalletNetwork(namespace: ChainNamespace, chainId: number | string): void {
  const network = networkFor(namespace, chainId)
  if (getNetworkState(namespace).caipNetwork.peek()?.caipNetworkId === network.caipNetworkId) return
  applyNetwork(namespace, network)
  if (shouldShowUnsupported(network))
    void emitCoreEvent('unsupportedNetwork', {
      namespace,
      caipNetworkId: network.caipNetworkId,
      during: 'walletSwitch',
    })
  void refreshAccountData(namespace, { force: true })
}

/** Makes `network` current for its namespace (active too when the namespace is the active one). */
export function applyNetwork(namespace: ChainNamespace, network: CaipNetwork): void {
  const state = getNetworkState(namespace)
  const previous = state.caipNetwork.peek()?.caipNetworkId
  const active = activeNamespace.peek()
  if (active === namespace || active === undefined) setActiveCaipNetwork(network)
  else state.caipNetwork.value = network
  const address = getAccountState(namespace).address.peek()
  if (address) setAccount(namespace, { caipAddress: formatCaipAddress(namespace, network.id, address) })
  if (previous !== network.caipNetworkId) announceNetwork(namespace, network)
}

/** @internal Tells the features that a namespace's (or the active) network changed. */
export function announceNetwork(namespace: ChainNamespace, network: CaipNetwork): void {
  void emitCoreEvent('networkChanged', { namespace, caipNetworkId: network.caipNetworkId })
}

/** The connected wallet now acts as another of its accounts (`accounts[0]`): address, fresh balance and profile. */
function applyAccountChange(namespace: ChainNamespace, accounts: readonly AccountEntry[]): void {
  const address = accounts[0]?.address
  if (!address) return
  const account = getAccountState(namespace)
  if (account.address.peek()?.toLowerCase() === address.toLowerCase())
    return setAccount(namespace, { allAccounts: accounts })
  const chainId = getNetworkState(namespace).caipNetwork.peek()?.id ?? ''
  setAccount(namespace, {
    address,
    caipAddress: formatCaipAddress(namespace, chainId, address),
    allAccounts: accounts,
    tokenBalance: [],
    balance: undefined,
    profileName: undefined,
    profileImage: undefined,
  })
  const connection = connectionState.connections.peek().get(namespace)?.[0]
  if (connection) setConnections(namespace, [{ ...connection, accounts: [...accounts] }])
  void refreshAccountData(namespace, { force: true })
  void emitCoreEvent('accountChanged', { namespace, address })
}

/** Whether any namespace is connected (the overall connection status follows it). */
export function anyConnected(): boolean {
  return CHAIN_NAMESPACES.some((namespace) => getAccountState(namespace).status.peek() === 'connected')
}

/** The overall status from the namespaces' own (a restore still running is `reconnecting`). */
function settleStatus(): void {
  setConnectionStatus(anyConnected() ? 'connected' : reconnecting ? 'reconnecting' : 'disconnected')
}

/**
 * Local half of a disconnect: clears account, network approval, wallet info and the connection
 * (also what happens when the wallet ended the session).
 */
function clearNamespace(namespace: ChainNamespace, { settle = true }: { settle?: boolean } = {}): void {
  const address = getAccountState(namespace).address.peek()
  batch(() => {
    resetAccount(namespace)
    setAccount(namespace, { connectedWalletInfo: undefined, lastRetry: undefined })
    setConnections(namespace, [])
    setApprovedNetworks(namespace, undefined)
  })
  persistConnections(namespace)
  if (address) forgetBalances(address)
  if (settle) settleStatus()
  void emitCoreEvent('namespaceCleared', { namespace, address })
}

// ── restore ────────────────────────────────────────────────────────────────────────────────

let reconnecting: Promise<void> | undefined
/** The connectors the restore is asking now (a prompt for one of them waits for the restore). */
const restoringConnectorIds = new Set<string>()

/**
 * Restores the stored session on startup without a wallet prompt: the status is `reconnecting`
 * (a previous connection exists), then `connected` if at least one stored connector still grants
 * accounts, else `disconnected`. Each connector is asked once for all the namespaces it held, one
 * at a time, the one of the most recently used namespace first; only one restore runs at a time
 * (a second call joins it).
 *
 * @example
 * ```ts
 * await reconnect()
 * ```
 */
export function reconnect(): Promise<void> {
  // One tab restores at a time: two loading at once must not refresh one session together.
  reconnecting ??= withRestoreLock(restore).finally(() => {
    reconnecting = undefined
  })
  return reconnecting
}

/** How long a restore waits for the stored wallet to announce itself (extensions inject late). */
const CONNECTOR_WAIT_MS = 1500

async function restore(): Promise<void> {
  // Storage is read once here, at startup; afterwards connection state says who is connected.
  const stored = getConnectedConnectorIds()
  const lastNamespace = getActiveNamespace()
  const namespaces = (Object.keys(stored) as ChainNamespace[]).sort(
    (a, b) => Number(b === lastNamespace) - Number(a === lastNamespace),
  )
  if (namespaces.length === 0) {
    if (getConnectionStatus() !== 'disconnected') setConnectionStatus('disconnected')
    return
  }
  setConnectionStatus('reconnecting')
  for (const namespace of namespaces) {
    if (getAccountState(namespace).status.peek() !== 'connected') setAccount(namespace, { status: 'reconnecting' })
  }
  // Each namespace's active connector first (in the namespaces' order), then the wallets connected
  // beside them (multi-wallet), so the active ones are back first.
  const byConnector = new Map<string, ChainNamespace[]>()
  const multiWallet = featuresState.peek().multiWallet
  for (const rank of [0, 1])
    for (const namespace of namespaces) {
      const beside = getStoredConnections(namespace).filter(
        (entry) => !entry.recent && entry.connectorId !== stored[namespace],
      )
      const ids =
        rank === 0 ? [stored[namespace] as string] : multiWallet ? beside.map((entry) => entry.connectorId) : []
      for (const id of ids) byConnector.set(id, [...(byConnector.get(id) ?? []), namespace])
    }
  const pending = [...byConnector]
  while (pending.length > 0) {
    const [id, held] = pending.shift()!
    restoringConnectorIds.add(id)
    let result: ConnectionResult | undefined
    try {
      const connector = await resolveConnector(id)
      if (!connector) throw new Error(CONNECTOR_ERRORS.providerNotFound)
      restoringConnectorIds.add(connector.id)
      result = await connector.restore({ namespaces: held })
      if (result) applyResult(connector, result, { restored: true, activate: held.filter((ns) => stored[ns] === id) })
    } catch {
      result = undefined
    } finally {
      restoringConnectorIds.clear()
    }
    // A namespace none of its stored wallets gave back, with none left to ask, is cleared.
    for (const namespace of held)
      if (
        !result?.connections.some((c) => c.namespace === namespace) &&
        connectionsOf(namespace).length === 0 &&
        !pending.some(([, later]) => later.includes(namespace))
      )
        clearNamespace(namespace)
  }
  setConnectionStatus(anyConnected() ? 'connected' : 'disconnected')
}

/** The connector a stored id names: a lazy one loaded by id, or an installed wallet once it announces itself. */
async function resolveConnector(id: string): Promise<Connector | undefined> {
  const sources = getConnectorSources()
  const load = sources.byId.get(id)
  if (load) return load()
  await sources.installed?.()
  return waitForConnector(id)
}

function waitForConnector(id: string): Promise<Connector | undefined> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined
    const timer = clock.setTimeout(() => {
      stop?.()
      resolve(undefined)
    }, CONNECTOR_WAIT_MS)
    stop = effect(() => {
      const connector = connectorsState.value.find((item) => isConnector(item, id))
      if (!isConnectorWithBehaviour(connector)) return
      clock.clearTimeout(timer)
      queueMicrotask(() => stop?.())
      resolve(connector)
    })
  })
}

// ── disconnect ─────────────────────────────────────────────────────────────────────────────

/**
 * Disconnects one namespace, or every connected one. Namespaces sharing a session (WalletConnect,
 * the embedded wallet) go together. The wallet is asked to forget the site, but SigKit waits at
 * most DISCONNECT_WAIT_MS for it and its refusal is not a failure (many wallets cannot forget a
 * site): local state is cleared either way. Each namespace is cleared on its own, so one that
 * fails (a listener of its state throwing) leaves none of the others connected.
 *
 * @throws Error 'Failed to disconnect chain {namespace}' when clearing the namespace asked for (or
 *   a namespace of its session) fails; 'Failed to disconnect chains' when clearing namespaces of a
 *   disconnect of everything fails (`cause`: an AggregateError of each namespace's error);
 *   'Failed to disconnect' when the overall status cannot be settled afterwards.
 * @example
 * ```ts
 * await disconnect()          // everything
 * await disconnect('solana')  // only Solana
 * ```
 */
export async function disconnect(namespace?: ChainNamespace): Promise<void> {
  const connected = CHAIN_NAMESPACES.filter(
    (ns) => getAccountState(ns).status.peek() !== 'disconnected' || connectionState.connections.peek().has(ns),
  )
  const targets: Target[] = (namespace ? [namespace] : connected).flatMap((ns) => {
    const list = connectionsOf(ns)
    return list.length === 0 ? [[ns, undefined] as Target] : list.map((entry): Target => [ns, entry.connectorId])
  })
  await disconnectTargets(targets, namespace)
}

/** A connection to end: its namespace and connector (none: the namespace, restoring or holding nothing). */
type Target = readonly [ChainNamespace, string | undefined]

/**
 * Ends connections: their wallets are asked to forget the site (a shared session's other
 * namespaces end with it), then a namespace all of whose connections end is cleared, and in one
 * that keeps some, the ones ending are dropped (the next becomes active if the active one ends).
 */
async function disconnectTargets(targets: readonly Target[], asked: ChainNamespace | undefined): Promise<void> {
  const byConnector = new Map<Connector | undefined, Set<ChainNamespace>>()
  const add = (connector: Connector | undefined, ns: ChainNamespace) =>
    byConnector.set(connector, (byConnector.get(connector) ?? new Set()).add(ns))
  for (const [ns, id] of targets) {
    const found = id === undefined ? undefined : findConnector(id)
    add(isConnectorWithBehaviour(found) ? found : undefined, ns)
  }
  // A shared session ends as a whole: its other namespaces go with the one asked for.
  for (const connector of [...byConnector.keys()])
    if (connector?.sharedSession) for (const ns of namespacesOf(connector.id)) add(connector, ns)
  const ending = new Map<ChainNamespace, Set<string | undefined>>()
  for (const [ns, id] of targets) ending.set(ns, (ending.get(ns) ?? new Set()).add(id))
  for (const [connector, held] of byConnector)
    if (connector) for (const ns of held) ending.set(ns, (ending.get(ns) ?? new Set()).add(connector.id))
  // The namespaces whose active account goes: sign-in signs it out.
  const leaving = [...ending].filter(([ns, ids]) => ids.has(undefined) || ids.has(connectionsOf(ns)[0]?.connectorId))
  await Promise.all([
    ...[...byConnector].map(([connector, held]) => askWalletToDisconnect(connector, [...held])),
    ...leaving.map(([ns]) =>
      emitCoreEvent('disconnecting', { namespace: ns, address: getAccountState(ns).address.peek() }),
    ),
  ])
  const failures: Error[] = []
  for (const [ns, ids] of ending) {
    try {
      const list = connectionsOf(ns)
      if (ids.has(undefined) || list.every((entry) => ids.has(entry.connectorId))) clearNamespace(ns, { settle: false })
      // The active one last, so the one made active next is one that stays.
      else
        for (const entry of [...list].reverse()) if (ids.has(entry.connectorId)) dropConnection(ns, entry.connectorId)
    } catch (error) {
      failures.push(new Error(`Failed to disconnect chain ${ns}`, { cause: error }))
    }
  }
  let failure: Error | undefined
  if (failures.length > 0)
    failure =
      asked && failures.length === 1
        ? failures[0]
        : new Error('Failed to disconnect chains', { cause: new AggregateError(failures) })
  try {
    settleStatus()
  } catch (error) {
    failure ??= new Error('Failed to disconnect', { cause: error })
  }
  if (failure) {
    sendEvent({ type: 'track', event: 'DISCONNECT_ERROR', properties: { message: failure.message } })
    throw failure
  }
  sendEvent({ type: 'track', event: 'DISCONNECT_SUCCESS', properties: { namespace: asked ?? 'all' } })
}

async function askWalletToDisconnect(connector: Connector | undefined, namespaces: ChainNamespace[]): Promise<void> {
  if (!connector) return
  let timer: unknown
  const timeout = new Promise<void>((resolve) => {
    timer = clock.setTimeout(resolve, DISCONNECT_WAIT_MS)
  })
  // Many wallets cannot forget a site; their refusal must not keep the visitor connected.
  await Promise.race([connector.disconnect({ namespaces }).catch(() => undefined), timeout])
  clock.clearTimeout(timer)
}

// ── providers ──────────────────────────────────────────────────────────────────────────────

/**
 * The connected wallet's provider for a namespace, wrapped so that transactions sent through it
 * refresh the balances once mined (viem and wagmi can use it as an EIP-1193 provider), and the
 * connector's type.
 *
 * @example
 * ```ts
 * const { provider } = (await getWalletProvider('eip155')) ?? {}
 * ```
 */
export async function getWalletProvider(
  namespace: ChainNamespace,
): Promise<{ provider: EIP1193Provider; type: string } | undefined> {
  const connector = connectedConnector(namespace)
  const provider = connector?.provider(namespace)
  if (!connector || !provider || getAccountState(namespace).status.peek() !== 'connected') return undefined
  // The namespaces only WalletConnect serves (bip122, polkadot, cosmos) have no adapter: the dapp
  // gets the session's provider as it is, and its requests go to the wallet unchanged.
  if (namespace !== 'eip155' && namespace !== 'solana') return { provider, type: connector.type }
  const adapter = await loadAdapter(namespace)
  const wrapped = adapter.wrapProvider?.(provider, {
    onTransactionSent(hash) {
      const network = getNetworkState(namespace).caipNetwork.peek()
      if (!network) return
      waitForTransaction({ namespace, adapter, network, hash }).catch(() => undefined)
    },
    onSignatureDeclined() {
      showErrorToast(declinedSignatureText(namespace))
    },
  })
  return { provider: wrapped ?? provider, type: connector.type }
}
