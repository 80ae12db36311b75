/**
 * Connecting, restoring and disconnecting wallets (SPEC §4 "Connection status" and "Disconnect").
 * LAZY: reached through `import()` from the views and from session restore, so none of this is
 * page-load weight. Chain work goes through the adapter registry; providers come from connectors.
 */
import { batch, effect, signal } from '@preact/signals-core'
import { getAccountState, resetAccount, setAccount } from '../state/account'
import { type ChainAdapter, type ConnectReturnType } from '../state/adapters'
import { getResolvedOptions } from '../config/appkit-state'
import { refreshAccountData, forgetBalances, startBalanceAutoRefresh } from './balances'
import { formatCaipAddress, formatCaipNetworkId } from '../lib/caip'
import { clock } from '../lib/clock'
import { setConnectionStatus, setConnections } from '../state/connection'
import { connectorsState, findConnector, isConnector, type ConnectorInfo } from '../state/connectors'
import { CHAIN_NAMESPACES } from '../constants'
import { DISCONNECT_WAIT_MS } from '../limits'
import { sendEvent } from '../analytics'
import { emitCoreEvent } from '../lifecycle'
import { waitForTransaction } from './transaction'
import { closeModal, modalState, openModal } from '../modal/modal'
import {
  createUnknownNetwork,
  findRequestedNetwork,
  getNetworkState,
  isNetworkSupported,
  setActiveCaipNetwork,
} from '../state/network'
import { currentView, resetView } from '../modal/router'
import { connectedConnector } from '../state/connected-connector'
import { declinedSignatureText } from './sign'
import { showErrorToast } from '../modal/toasts'
import {
  getActiveNamespace,
  getConnectedConnectorIds,
  getConnectionStatus,
  setConnectedConnectorId,
} from '../lib/storage'
import type { AccountEntry, CaipNetwork, ChainNamespace, EIP1193Provider } from '../types'
import { describeWalletError, isUserRejection } from '../lib/wallet-errors'
import { activeNamespace } from '../state/account'
import { loadAdapter } from '../config/appkit-state'

/** What the ConnectingExternal view shows about the attempt in progress. */
export const connectingState = {
  connectorId: signal<string | undefined>(undefined),
  /** Message of the last failed attempt; cleared when a new one starts. */
  error: signal<string | undefined>(undefined),
}

const stopWatching = new Map<ChainNamespace, () => void>()

/** How long a restore waits for the stored wallet to announce itself (extensions inject late). */
const CONNECTOR_WAIT_MS = 1500

/** Where a connection should land when the visitor asked for a namespace (SwitchActiveChain). */
export interface ConnectTarget {
  namespace: ChainNamespace
  /** The network to make active once connected. */
  caipNetworkId?: string
}

/**
 * Connects with an injected (or other in-page) connector: the wallet prompts, then the account,
 * network and balances are set, the session is remembered, and the modal closes (or shows
 * UnsupportedChain when the wallet is on a network the dapp does not support). A wallet with
 * several providers connects the `target` namespace, else the active one when it has it.
 *
 * @throws the wallet's error (also shown on ConnectingExternal through {@link connectingState}).
 * @example
 * ```ts
 * await connectExternal('dev.sigkit.testwallet')
 * await connectExternal('dev.sigkit.testwallet', { namespace: 'solana' })
 * ```
 */
export async function connectExternal(connectorId: string, target?: ConnectTarget): Promise<void> {
  const connector = findConnector(connectorId)
  batch(() => {
    connectingState.connectorId.value = connectorId
    connectingState.error.value = undefined
  })
  const namespace = connectNamespace(connector, target)
  const previousStatus = getAccountState(namespace).status.peek()
  try {
    const provider = connector?.providers?.[namespace]
    if (!connector || !provider) throw new Error('Provider not found')
    setAccount(namespace, { status: 'connecting' })
    setConnectionStatus('connecting')
    const adapter = await loadAdapter(namespace)
    const requested = target?.caipNetworkId ? findRequestedNetwork(target.caipNetworkId) : undefined
    const network = requested ?? currentNetwork(namespace)
    if (!network) throw new Error('Chain not configured')
    const result = await adapter.connect({ provider, network })
    finishConnection(namespace, connector, adapter, result)
    // The visitor connected this namespace to use it: it becomes the active one.
    if (target) setActiveCaipNetwork(getNetworkState(namespace).caipNetwork.peek() ?? network)
    sendEvent({ type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: connector.name } })
    routeAfterConnect(namespace)
  } catch (error) {
    setAccount(namespace, { status: previousStatus === 'connected' ? 'connected' : 'disconnected' })
    setConnectionStatus(anyConnected() ? 'connected' : 'disconnected')
    const message = isUserRejection(error) ? 'Connection declined' : describeWalletError(error)
    connectingState.error.value = message
    sendEvent({ type: 'track', event: 'CONNECT_ERROR', properties: { message } })
    throw error
  }
}

/** The namespace a connector connects: the asked one, else the active one if it has it, else its first. */
function connectNamespace(connector: ConnectorInfo | undefined, target: ConnectTarget | undefined): ChainNamespace {
  if (target) return target.namespace
  const active = activeNamespace.peek()
  const chains = connector?.chains ?? []
  return active && chains.includes(active) ? active : (chains[0] ?? 'eip155')
}

/** A namespace's current network, else the first the dapp requested in it. */
function currentNetwork(namespace: ChainNamespace): CaipNetwork | undefined {
  const state = getNetworkState(namespace)
  return state.caipNetwork.peek() ?? state.requestedCaipNetworks.peek()[0]
}

let reconnecting: Promise<void> | undefined

/**
 * Restores the stored session on startup without a wallet prompt: the stored `connected` becomes
 * `connecting`, then `connected` if at least one stored connector still grants accounts, else
 * `disconnected`. The most recently used namespace goes first and only one restore runs at a time.
 *
 * @example
 * ```ts
 * startInjectedDiscovery(); await reconnect()
 * ```
 */
export function reconnect(): Promise<void> {
  reconnecting ??= restore().finally(() => {
    reconnecting = undefined
  })
  return reconnecting
}

/** Whether a session restore is running (its `connecting` status is the page load's, not a click's). */
export function isRestoring(): boolean {
  return reconnecting !== undefined
}

async function restore(): Promise<void> {
  const stored = getConnectedConnectorIds()
  const lastNamespace = getActiveNamespace()
  const namespaces = (Object.keys(stored) as ChainNamespace[]).sort(
    (a, b) => Number(b === lastNamespace) - Number(a === lastNamespace),
  )
  if (namespaces.length === 0) {
    if (getConnectionStatus() !== 'disconnected') setConnectionStatus('disconnected')
    return
  }
  setConnectionStatus('connecting')
  for (const namespace of namespaces) {
    if (getAccountState(namespace).status.peek() !== 'connected') setAccount(namespace, { status: 'connecting' })
  }
  let restored = false
  for (const namespace of namespaces) {
    // Restored already by its connector's own session (WalletConnect restores every namespace).
    if (getAccountState(namespace).status.peek() === 'connected') {
      restored = true
      continue
    }
    try {
      const connector = await waitForConnector(stored[namespace] as string)
      const provider = connector?.providers?.[namespace]
      if (!connector || !provider) throw new Error('Provider not found')
      const adapter = await loadAdapter(namespace)
      const network = currentNetwork(namespace)
      const result = await adapter.reconnect({ provider, ...(network ? { network } : {}) })
      if (!result) throw new Error('Connector not connected')
      finishConnection(namespace, connector, adapter, result, { restored: true })
      restored = true
    } catch {
      clearNamespace(namespace)
    }
  }
  setConnectionStatus(restored ? 'connected' : 'disconnected')
}

function waitForConnector(id: string): Promise<ConnectorInfo | undefined> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined
    const timer = clock.setTimeout(() => {
      stop?.()
      resolve(undefined)
    }, CONNECTOR_WAIT_MS)
    stop = effect(() => {
      const connector = connectorsState.value.find((item) => isConnector(item, id))
      if (!connector) return
      clock.clearTimeout(timer)
      queueMicrotask(() => stop?.())
      resolve(connector)
    })
  })
}

/** Network of `chainId` in a namespace: the requested one, or the Unknown Network placeholder. */
function networkFor(namespace: ChainNamespace, chainId: number | string): CaipNetwork {
  const caipNetworkId = formatCaipNetworkId(namespace, chainId)
  return findRequestedNetwork(caipNetworkId) ?? createUnknownNetwork(caipNetworkId)
}

function finishConnection(
  namespace: ChainNamespace,
  connector: ConnectorInfo,
  adapter: ChainAdapter,
  result: ConnectReturnType,
  how: { restored: boolean } = { restored: false },
): void {
  applyConnection(namespace, connector, result, how)
  const provider = connector.providers?.[namespace]
  if (provider) watchWallet(namespace, provider, adapter)
}

/**
 * Puts a granted account into state: network, account, connection, the remembered connector id and
 * status; then starts the balance refresh. Connectors that follow their own session events (such
 * as WalletConnect) call this for each namespace of the session.
 *
 * @throws Error 'Account not found for connector' when no account was granted.
 * @example
 * ```ts
 * applyConnection('bip122', walletConnectInfo, { accounts: ['bc1q…'], chainId: '000000000019d6689c085ae165831e93' })
 * ```
 */
export function applyConnection(
  namespace: ChainNamespace,
  connector: ConnectorInfo,
  result: ConnectReturnType,
  { restored }: { restored: boolean } = { restored: false },
): void {
  const address = result.accounts[0]
  if (!address) throw new Error('Account not found for connector')
  const network = networkFor(namespace, result.chainId)
  batch(() => {
    applyNetwork(namespace, network)
    setAccount(namespace, {
      address,
      caipAddress: formatCaipAddress(namespace, result.chainId, address),
      allAccounts: result.accounts.map((account) => ({ address: account, type: 'eoa' as const })),
      connectedWalletInfo: {
        name: connector.name,
        icon: connector.imageUrl,
        identifier: connector.rdns ?? connector.id,
      },
      status: 'connected',
    })
    setConnections(namespace, [
      { connectorId: connector.id, chainId: result.chainId, accounts: result.accounts.map((a) => ({ address: a })) },
    ])
  })
  setConnectedConnectorId(namespace, connector.id)
  setConnectionStatus('connected')
  startBalanceAutoRefresh()
  void refreshAccountData(namespace, { force: true })
  void emitCoreEvent('connected', { namespace, address, connectorId: connector.id, restored })
}

/**
 * Where the modal goes once a wallet connected: closed, or UnsupportedChain when the wallet is on
 * a network the dapp does not support (and switching is on), or a feature's next step when one
 * keeps it open through the `afterConnect` event (SIWX: SIWXSignMessage for an account with no
 * session). Every connector ends this way.
 *
 * @example
 * ```ts
 * routeAfterConnect('eip155')
 * ```
 */
export function routeAfterConnect(namespace: ChainNamespace): void {
  if (!modalState.open.peek()) return
  if (shouldShowUnsupported(getNetworkState(namespace).caipNetwork.peek())) return resetView('UnsupportedChain')
  const decisions: Promise<boolean>[] = []
  void emitCoreEvent('afterConnect', { namespace, keepOpen: (decision) => decisions.push(decision) })
  if (decisions.length === 0) return void closeModal()
  const from = currentView.peek()
  // A feature's next step (sign-in) failing to load must not leave the modal on a stale view.
  void Promise.all(decisions.map((decision) => decision.catch(() => false))).then((kept) => {
    if (!kept.includes(true) && currentView.peek() === from) closeModal()
  })
}

function shouldShowUnsupported(network: CaipNetwork | undefined): boolean {
  const options = getResolvedOptions()
  return (
    !isNetworkSupported(network) && !(options?.allowUnsupportedChain ?? false) && (options?.enableNetworkSwitch ?? true)
  )
}

/** Makes `network` current for its namespace (active too when the namespace is the active one). */
export function applyNetwork(namespace: ChainNamespace, network: CaipNetwork): void {
  const previous = getNetworkState(namespace).caipNetwork.peek()?.caipNetworkId
  if (activeNamespace.peek() === namespace || activeNamespace.peek() === undefined) setActiveCaipNetwork(network)
  else getNetworkState(namespace).caipNetwork.value = network
  const address = getAccountState(namespace).address.peek()
  if (address) setAccount(namespace, { caipAddress: formatCaipAddress(namespace, network.id, address) })
  if (previous !== network.caipNetworkId) announceNetwork(namespace, network)
}

/** @internal Tells the features that a namespace's (or the active) network changed. */
export function announceNetwork(namespace: ChainNamespace, network: CaipNetwork): void {
  void emitCoreEvent('networkChanged', { namespace, caipNetworkId: network.caipNetworkId })
}

function watchWallet(namespace: ChainNamespace, provider: EIP1193Provider, adapter: ChainAdapter): void {
  stopWatching.get(namespace)?.()
  stopWatching.set(
    namespace,
    adapter.watch(provider, {
      accountsChanged(accounts) {
        if (!accounts[0]) return clearNamespace(namespace)
        applyAccountChange(
          namespace,
          accounts.map((account) => ({ address: account, type: 'eoa' as const })),
        )
      },
      chainChanged(chainId) {
        const network = networkFor(namespace, chainId)
        if (getNetworkState(namespace).caipNetwork.peek()?.caipNetworkId === network.caipNetworkId) return
        applyNetwork(namespace, network)
        if (shouldShowUnsupported(network)) void openModal({ view: 'UnsupportedChain' })
        else if (modalState.open.peek() && currentView.peek() === 'UnsupportedChain') resetView('Account')
        void refreshAccountData(namespace, { force: true })
      },
      disconnect() {
        clearNamespace(namespace)
      },
    }),
  )
}

/**
 * The connected wallet now acts as another of its accounts (`accounts[0]`): the address, a fresh
 * balance and profile, and the `accountChanged` event. Connectors call it when the wallet says so.
 *
 * @example
 * ```ts
 * applyAccountChange('eip155', [{ address: '0xab…', type: 'eoa' }])
 * ```
 */
export function applyAccountChange(namespace: ChainNamespace, accounts: readonly AccountEntry[]): void {
  const address = accounts[0]?.address
  if (!address) return
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
  void refreshAccountData(namespace, { force: true })
  void emitCoreEvent('accountChanged', { namespace, address })
}

/** Whether any namespace is connected (the overall connection status follows it). */
export function anyConnected(): boolean {
  return CHAIN_NAMESPACES.some((namespace) => getAccountState(namespace).status.peek() === 'connected')
}

/**
 * Local half of a disconnect: clears account, network approval, wallet info and connector id
 * (also what a connector calls when the wallet ended the session).
 *
 * @example
 * ```ts
 * clearNamespace('solana')
 * ```
 */
export function clearNamespace(namespace: ChainNamespace): void {
  stopWatching.get(namespace)?.()
  stopWatching.delete(namespace)
  const address = getAccountState(namespace).address.peek()
  batch(() => {
    resetAccount(namespace)
    setAccount(namespace, { connectedWalletInfo: undefined, lastRetry: undefined })
    setConnections(namespace, [])
    getNetworkState(namespace).approvedCaipNetworkIds.value = []
  })
  if (address) forgetBalances(address)
  setConnectionStatus(anyConnected() ? 'connected' : 'disconnected')
  void emitCoreEvent('namespaceCleared', { namespace, address })
}

/**
 * Disconnects one namespace, or every connected one. Namespaces sharing a WalletConnect or
 * embedded-wallet session go together. The wallet is asked to forget the site, but SigKit waits at
 * most DISCONNECT_WAIT_MS for it; local state is cleared either way.
 *
 * @throws Error 'Failed to disconnect' when clearing fails.
 * @example
 * ```ts
 * await disconnect()          // everything
 * await disconnect('solana')  // only Solana
 * ```
 */
export async function disconnect(namespace?: ChainNamespace): Promise<void> {
  const stored = getConnectedConnectorIds()
  const connected = CHAIN_NAMESPACES.filter((ns) => getAccountState(ns).status.peek() !== 'disconnected' || stored[ns])
  let targets = namespace ? [namespace] : connected
  const shared = new Set(
    targets
      .map((ns) => stored[ns])
      .filter((id) => id !== undefined && ['walletConnect', 'auth'].includes(findConnector(id)?.type ?? '')),
  )
  targets = [...new Set([...targets, ...connected.filter((ns) => shared.has(stored[ns]))])]
  try {
    await Promise.all(
      targets.flatMap((ns) => [
        askWalletToDisconnect(ns, stored[ns]),
        emitCoreEvent('disconnecting', { namespace: ns, address: getAccountState(ns).address.peek() }),
      ]),
    )
    for (const ns of targets) clearNamespace(ns)
    sendEvent({ type: 'track', event: 'DISCONNECT_SUCCESS', properties: { namespace: namespace ?? 'all' } })
  } catch (error) {
    sendEvent({ type: 'track', event: 'DISCONNECT_ERROR', properties: { message: describeWalletError(error) } })
    throw new Error(namespace ? `Failed to disconnect chain ${namespace}` : 'Failed to disconnect', { cause: error })
  }
}

async function askWalletToDisconnect(namespace: ChainNamespace, connectorId: string | undefined): Promise<void> {
  const connector = connectorId ? findConnector(connectorId) : undefined
  const provider = connector?.providers?.[namespace]
  if (!connector || (!connector.disconnect && !provider)) return
  let timer: unknown
  const timeout = new Promise<void>((resolve) => {
    timer = clock.setTimeout(resolve, DISCONNECT_WAIT_MS)
  })
  const ask = connector.disconnect
    ? connector.disconnect()
    : loadAdapter(namespace).then((adapter) => adapter.disconnect({ provider: provider as EIP1193Provider }))
  // Many wallets cannot forget a site; their refusal must not keep the visitor connected.
  await Promise.race([ask.catch(() => undefined), timeout])
  clock.clearTimeout(timer)
}

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
  const provider = connector?.providers?.[namespace]
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
