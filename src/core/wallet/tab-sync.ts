/**
 * Tabs in step: with the dapp open in several tabs, a connection, an account or network switch
 * and a disconnect made in one show in the others, without a reload and without a prompt.
 *
 * - A tab that connects stores its connector (as it always did); the others hear it through the
 *   `storage` event (`createAppKit` listens, and loads this module then) or this channel, and
 *   restore the stored session as a reload would: no prompt.
 * - Account, network and disconnect go over a `BroadcastChannel` named per project. A tab applies
 *   them as if its own connector had reported them (`onConnectorEvent`), only for a namespace it
 *   has connected through the same connector; core never asks the wallet for them.
 * - Restores take a lock across tabs ({@link withRestoreLock}): two tabs loading at once restore
 *   one after the other, so a WalletConnect session or the embedded frame's is never refreshed by
 *   two tabs at the same time.
 *
 * Messages come from another tab: outside input, each one validated, anything else ignored.
 * LAZY: started by the first connection or restore (`connect.ts`), never at import.
 */
import { onCoreEvent } from '../lifecycle'
import { getResolvedOptions } from '../config/appkit-state'
import { getAccountState } from '../state/account'
import { connectedConnector, connectionState } from '../state/connection'
import { findRequestedNetwork } from '../state/network'
import { getConnectedConnectorIds } from '../lib/storage'
import { isCaipNetworkId, isChainNamespace } from '../lib/caip'
import { openTabChannel, withTabLock, type TabChannel } from '../lib/tabs'
import { CHAIN_NAMESPACES } from '../constants'
import { onConnectorEvent, reconnect } from './connect'
import type { AccountEntry, AccountType, ChainNamespace } from '../types'
import type { ConnectorEvent } from '../connector'

/** What one tab tells the others; every message names the namespace and the connector it is about. */
export type TabMessage =
  | { type: 'connected'; namespace: ChainNamespace; connectorId: string }
  | { type: 'accounts'; namespace: ChainNamespace; connectorId: string; accounts: AccountEntry[] }
  | { type: 'network'; namespace: ChainNamespace; connectorId: string; caipNetworkId: string }
  | { type: 'disconnected'; namespace: ChainNamespace; connectorId: string }

const ACCOUNT_TYPES: readonly AccountType[] = ['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']
/** Bounds on what another tab may send: an address, an id, a list of accounts. */
const MAX_TEXT = 256
const MAX_ACCOUNTS = 64

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT

function isAccountEntry(value: unknown): value is AccountEntry {
  if (typeof value !== 'object' || value === null) return false
  const { address, type } = value as Record<string, unknown>
  return isText(address) && ACCOUNT_TYPES.includes(type as AccountType)
}

/**
 * Whether `data` (from another tab) is a {@link TabMessage}.
 * @internal
 */
export function isTabMessage(data: unknown): data is TabMessage {
  if (typeof data !== 'object' || data === null) return false
  const message = data as Record<string, unknown>
  if (!isChainNamespace(message['namespace']) || !isText(message['connectorId'])) return false
  switch (message['type']) {
    case 'connected':
    case 'disconnected':
      return true
    case 'accounts': {
      const accounts = message['accounts']
      return (
        Array.isArray(accounts) &&
        accounts.length > 0 &&
        accounts.length <= MAX_ACCOUNTS &&
        accounts.every(isAccountEntry)
      )
    }
    case 'network':
      return isCaipNetworkId(message['caipNetworkId']) && (message['caipNetworkId'] as string).length <= MAX_TEXT
    default:
      return false
  }
}

/** The names of the channel and the restore lock: per project, so two dapps on one origin stay apart. */
function tabName(kind: 'sync' | 'restore'): string {
  return `sigkit-${kind}:${getResolvedOptions()?.projectId ?? ''}`
}

let channel: TabChannel | undefined
let stopListening: (() => void) | undefined
/** True while a message from another tab is applied: what it changes is not sent back. */
let applyingRemote = false

/**
 * Starts following the other tabs and telling them what happens here. Once per page; a no-op
 * without `BroadcastChannel`.
 *
 * @example
 * ```ts
 * startTabSync()
 * ```
 */
export function startTabSync(): void {
  if (channel) return
  channel = openTabChannel(tabName('sync'), receive)
  if (!channel) return
  const subscriptions = [
    onCoreEvent('connected', ({ namespace, connectorId, restored }) => {
      // Every tab restores by itself; only a new connection is news.
      if (!restored) send({ type: 'connected', namespace, connectorId })
    }),
    onCoreEvent('accountChanged', ({ namespace }) => {
      const connectorId = connectorOf(namespace)
      const accounts = getAccountState(namespace).allAccounts.peek()
      if (connectorId && accounts.length > 0)
        send({
          type: 'accounts',
          namespace,
          connectorId,
          accounts: accounts.map(({ address, type }) => ({ address, type })),
        })
    }),
    onCoreEvent('networkChanged', ({ namespace, caipNetworkId }) => {
      const connectorId = connectorOf(namespace)
      // A restore puts each tab on its own stored network: not news either.
      if (connectorId && connectionState.status.peek() !== 'reconnecting')
        send({ type: 'network', namespace, connectorId, caipNetworkId })
    }),
    // The visitor's disconnect, not a failed restore or a wallet that ended the session (which
    // every tab hears from the wallet itself).
    onCoreEvent('disconnecting', ({ namespace }) => {
      const connectorId = connectorOf(namespace)
      if (connectorId) send({ type: 'disconnected', namespace, connectorId })
    }),
  ]
  stopListening = () => subscriptions.forEach((unsubscribe) => unsubscribe())
}

/** @internal Stops following the other tabs (tests). */
export function stopTabSync(): void {
  stopListening?.()
  stopListening = undefined
  channel?.close()
  channel = undefined
}

/** The connector a namespace is connected through, if it is connected. */
function connectorOf(namespace: ChainNamespace): string | undefined {
  if (getAccountState(namespace).status.peek() !== 'connected') return undefined
  return connectionState.connections.peek().get(namespace)?.[0]?.connectorId
}

function send(message: TabMessage): void {
  if (!applyingRemote) channel?.post(message)
}

function receive(data: unknown): void {
  if (!isTabMessage(data)) return
  if (data.type === 'connected') return followStoredConnections()
  // Only what this tab holds through the same connector follows; anything else is not ours.
  const connector = connectedConnector(data.namespace)
  if (!connector || connector.id !== data.connectorId) return
  const event = connectorEventOf(data)
  if (!event) return
  applyingRemote = true
  try {
    onConnectorEvent(connector, event)
  } finally {
    applyingRemote = false
  }
}

/** The connector event another tab's message amounts to here (a network the dapp has, only). */
function connectorEventOf(message: Exclude<TabMessage, { type: 'connected' }>): ConnectorEvent | undefined {
  switch (message.type) {
    case 'accounts':
      return { type: 'accountsChanged', namespace: message.namespace, accounts: message.accounts }
    case 'network': {
      const network = findRequestedNetwork(message.caipNetworkId)
      if (!network || network.chainNamespace !== message.namespace) return undefined
      return { type: 'chainChanged', namespace: message.namespace, chainId: network.id }
    }
    case 'disconnected':
      return { type: 'disconnect', namespaces: [message.namespace] }
  }
}

/**
 * Another tab stored a connection: when a stored namespace is not connected here through the
 * stored connector, the stored session is restored, as on a reload (no prompt). A namespace this
 * tab is connecting itself is left alone.
 *
 * @example
 * ```ts
 * addEventListener('storage', () => followStoredConnections())
 * ```
 */
export function followStoredConnections(): void {
  const stored = getConnectedConnectorIds()
  const behind = CHAIN_NAMESPACES.some((namespace) => {
    const id = stored[namespace]
    const status = getAccountState(namespace).status.peek()
    return id !== undefined && status !== 'connecting' && connectorOf(namespace) !== id
  })
  if (behind) void reconnect()
}

/**
 * Runs a restore while no other tab of the project restores: tabs loading at once restore one
 * after the other, each from what the one before left in storage.
 *
 * @example
 * ```ts
 * await withRestoreLock(restore)
 * ```
 */
export function withRestoreLock(task: () => Promise<void>): Promise<void> {
  return withTabLock(tabName('restore'), task)
}
