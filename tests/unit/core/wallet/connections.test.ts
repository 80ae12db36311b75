// Several wallets at once in one namespace (src/core/wallet/connections.ts and the connect path
// that applies its rules): every connection keeps its own accounts, chain and connector, the first
// is the active one that the account state follows, switching asks no wallet, ending one leaves the
// others, and a reload restores them all without a prompt. Connectors follow the contract and
// answer as each test scripts; the real wallets are covered by the e2e spec multi-wallet.spec.mjs.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { effect } from '@preact/signals-core'
import { initCore, registerAdapter, registerConnector } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import { onCoreEvent } from '../../../../src/core/lifecycle'
import { getConnectedConnectorIds } from '../../../../src/core/lib/storage'
import { getAccountState } from '../../../../src/core/state/account'
import { getNetworkState } from '../../../../src/core/state/network'
import { connectionState } from '../../../../src/core/state/connection'
import { addConnectors } from '../../../../src/core/state/connectors'
import type { ChainNamespace } from '../../../../src/core/types'
import {
  connect,
  disconnect,
  disconnectConnection,
  reconnect,
  switchConnection,
} from '../../../../src/core/wallet/connect'
import { getStoredConnections, placeConnection } from '../../../../src/core/wallet/connections'
import { settle } from '../../../helpers/async'
import { base, mainnet, solana } from '../../../helpers/networks'
import { createMemoryStorage, installStorage, type MemoryStorage } from '../../helpers/memory-storage'
import { resetAllState } from '../../helpers/reset'
import { EVM, quietAdapter, scriptedConnector, type ScriptedConnector } from '../../helpers/scripted-connector'

const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const THIRD = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

let storage: MemoryStorage
let restoreStorage = () => {}

function setUp(features: Record<string, unknown> = {}): void {
  initCore(
    validateOptions({
      projectId: 'p1',
      networks: [mainnet, base, solana],
      features: { analytics: false, ...features },
    }),
  )
  for (const namespace of ['eip155', 'solana'] as const)
    registerAdapter(namespace, async () => ({ createAdapter: () => quietAdapter(namespace) }))
}

test.before.each(() => {
  storage = createMemoryStorage()
  restoreStorage = installStorage(storage)
  setUp()
})

test.after.each(async () => {
  await resetAllState()
  restoreStorage()
})

/** Wallet `id` with one account on a chain; `b` on Base with SECOND, as two real wallets would differ. */
function wallet(id: string, address: string, chainId: number): ScriptedConnector {
  const connector = scriptedConnector(id)
  connector.answers.connect = async ({ namespace }) => ({
    connections: [{ namespace, accounts: [{ address, type: 'eoa' }], chainId }],
  })
  connector.answers.restore = async (namespaces) => ({
    connections: namespaces.map((namespace) => ({ namespace, accounts: [{ address, type: 'eoa' }], chainId })),
  })
  addConnectors([connector])
  registerConnector(id, async () => connector)
  return connector
}

const live = (namespace: ChainNamespace = 'eip155') =>
  (connectionState.connections.value.get(namespace) ?? []).map((entry) => [
    entry.connectorId,
    entry.accounts[0]?.address,
    entry.chainId,
  ])
const account = () => getAccountState('eip155').address.value
const chain = () => getNetworkState('eip155').caipNetwork.value?.caipNetworkId

/** A reload: state back to a fresh page, storage as the last page left it. */
async function reload(): Promise<void> {
  const kept = new Map(storage.data)
  await resetAllState()
  for (const [key, value] of kept) storage.setItem(key, value)
  setUp()
}

test('a second wallet connects beside the first: it becomes active, the first keeps its account and chain', async () => {
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await connect(a)
  const statuses: string[] = []
  const stop = effect(() => void statuses.push(getAccountState('eip155').status.value))
  await connect(b)
  stop()
  assert.equal(live(), [
    ['wallet.b', SECOND, 8453],
    ['wallet.a', EVM, 1],
  ])
  assert.is(account(), SECOND)
  assert.is(chain(), 'eip155:8453')
  assert.is(getAccountState('eip155').connectedWalletInfo.value?.name, 'Wallet wallet.b')
  // The visitor stays connected while the second wallet prompts: no `connecting` in between.
  assert.equal(statuses, ['connected'])
  assert.is(getConnectedConnectorIds().eip155, 'wallet.b')
})

test('switching makes a connection active again without asking any wallet', async () => {
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await connect(a)
  await connect(b)
  const changed: string[] = []
  const stop = onCoreEvent('accountChanged', (event) => void changed.push(event.address))
  await switchConnection('eip155', 'wallet.a')
  stop()
  assert.is(account(), EVM)
  assert.is(chain(), 'eip155:1')
  assert.is(getAccountState('eip155').connectedWalletInfo.value?.name, 'Wallet wallet.a')
  assert.equal(live(), [
    ['wallet.a', EVM, 1],
    ['wallet.b', SECOND, 8453],
  ])
  assert.equal(changed, [EVM])
  assert.is(a.asked.connect.length, 1)
  assert.is(b.asked.connect.length, 1)
  assert.is(getConnectedConnectorIds().eip155, 'wallet.a')
})

test('connecting a wallet that is connected beside the active one switches to it, with no prompt', async () => {
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await connect(a)
  await connect(b)
  await connect(a)
  assert.is(account(), EVM)
  assert.is(a.asked.connect.length, 1)
})

test("switching to an account the connection does not have fails with the spec's text", async () => {
  await connect(wallet('wallet.a', EVM, 1))
  try {
    await switchConnection('eip155', 'wallet.a', THIRD)
    assert.unreachable('switched to an unknown account')
  } catch (error) {
    assert.is((error as Error).message, 'Account not found for connector')
  }
})

test('disconnecting the active wallet leaves the other connected and active; the first is kept as recent', async () => {
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await connect(a)
  await connect(b)
  await disconnectConnection('eip155', 'wallet.b')
  assert.equal(b.asked.disconnect, [['eip155']])
  assert.equal(a.asked.disconnect, [])
  assert.equal(live(), [['wallet.a', EVM, 1]])
  assert.is(account(), EVM)
  assert.is(getAccountState('eip155').status.value, 'connected')
  assert.is(connectionState.status.value, 'connected')
  assert.equal(getStoredConnections('eip155'), [
    { connectorId: 'wallet.a', accounts: [{ address: EVM }] },
    { connectorId: 'wallet.b', accounts: [{ address: SECOND }], recent: true },
  ])
})

test('disconnecting a wallet beside the active one leaves the active account as it is', async () => {
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await connect(a)
  await connect(b)
  await disconnectConnection('eip155', 'wallet.a')
  assert.equal(live(), [['wallet.b', SECOND, 8453]])
  assert.is(account(), SECOND)
})

test('a recent connection forgets an address; with its last one it goes', async () => {
  const a = wallet('wallet.a', EVM, 1)
  await connect(a)
  await connect(wallet('wallet.b', SECOND, 8453))
  await disconnectConnection('eip155', 'wallet.a')
  await disconnectConnection('eip155', 'wallet.a', EVM)
  assert.equal(getStoredConnections('eip155'), [{ connectorId: 'wallet.b', accounts: [{ address: SECOND }] }])
})

test('disconnect() ends every connection of the namespace, each wallet asked once', async () => {
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await connect(a)
  await connect(b)
  await disconnect('eip155')
  assert.equal(live(), [])
  assert.is(getAccountState('eip155').status.value, 'disconnected')
  assert.equal([a.asked.disconnect, b.asked.disconnect], [[['eip155']], [['eip155']]])
  assert.equal(getConnectedConnectorIds(), {})
  assert.ok(getStoredConnections('eip155').every((entry) => entry.recent))
})

test('what a wallet beside the active one reports changes its own connection only', async () => {
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await connect(a)
  await connect(b)
  a.emitter.emit({ type: 'accountsChanged', namespace: 'eip155', accounts: [{ address: THIRD, type: 'eoa' }] })
  a.emitter.emit({ type: 'chainChanged', namespace: 'eip155', chainId: 8453 })
  await settle()
  assert.equal(live(), [
    ['wallet.b', SECOND, 8453],
    ['wallet.a', THIRD, 8453],
  ])
  assert.is(account(), SECOND)
  a.emitter.emit({ type: 'disconnect' })
  await settle()
  assert.equal(live(), [['wallet.b', SECOND, 8453]])
  assert.is(account(), SECOND)
})

test('the active wallet ending the session on its side makes the other active', async () => {
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await connect(a)
  await connect(b)
  b.emitter.emit({ type: 'disconnect' })
  await settle()
  assert.is(account(), EVM)
  assert.is(chain(), 'eip155:1')
  assert.is(getAccountState('eip155').status.value, 'connected')
})

test('a reload restores every connection, the active one active, and asks no wallet to connect', async () => {
  wallet('wallet.a', EVM, 1)
  wallet('wallet.b', SECOND, 8453)
  await connect('wallet.a')
  await connect('wallet.b')
  await switchConnection('eip155', 'wallet.a')
  await reload()
  const a = wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  await reconnect()
  assert.equal(live(), [
    ['wallet.a', EVM, 1],
    ['wallet.b', SECOND, 8453],
  ])
  assert.is(account(), EVM)
  assert.equal([a.asked.connect.length, b.asked.connect.length], [0, 0])
  assert.equal([a.asked.restore, b.asked.restore], [[['eip155']], [['eip155']]])
  // Switching after the reload still needs no wallet: the restored connection kept its chain.
  await switchConnection('eip155', 'wallet.b')
  assert.is(chain(), 'eip155:8453')
})

test('a reload whose active wallet no longer grants the site makes the other active', async () => {
  wallet('wallet.a', EVM, 1)
  wallet('wallet.b', SECOND, 8453)
  await connect('wallet.a')
  await connect('wallet.b')
  await reload()
  wallet('wallet.a', EVM, 1)
  const b = wallet('wallet.b', SECOND, 8453)
  b.answers.restore = async () => undefined
  await reconnect()
  assert.equal(live(), [['wallet.a', EVM, 1]])
  assert.is(account(), EVM)
  assert.is(connectionState.status.value, 'connected')
  assert.equal(
    getStoredConnections('eip155').map((entry) => [entry.connectorId, entry.recent ?? false]),
    [
      ['wallet.a', false],
      ['wallet.b', true],
    ],
  )
})

test('recent connections are not restored', async () => {
  wallet('wallet.a', EVM, 1)
  wallet('wallet.b', SECOND, 8453)
  await connect('wallet.a')
  await connect('wallet.b')
  await disconnectConnection('eip155', 'wallet.a')
  await reload()
  const a = wallet('wallet.a', EVM, 1)
  wallet('wallet.b', SECOND, 8453)
  await reconnect()
  assert.equal(a.asked.restore, [])
  assert.equal(live(), [['wallet.b', SECOND, 8453]])
})

test('with multiWallet off a new wallet replaces the connected one, and only the active one is restored', async () => {
  await resetAllState()
  setUp({ multiWallet: false })
  await connect(wallet('wallet.a', EVM, 1))
  await connect(wallet('wallet.b', SECOND, 8453))
  assert.equal(live(), [['wallet.b', SECOND, 8453]])
  assert.is(account(), SECOND)
})

test('a stored list that is not the shape SigKit writes is read as empty, entry by entry', () => {
  storage.setItem(
    '@sigkit/connections',
    JSON.stringify({
      eip155: [
        { connectorId: 'wallet.a', accounts: [{ address: EVM }], recent: 'yes' },
        { connectorId: 7, accounts: [] },
        { connectorId: 'wallet.b', accounts: [{ addr: SECOND }] },
      ],
      solana: 'nope',
    }),
  )
  assert.equal(getStoredConnections('eip155'), [{ connectorId: 'wallet.a', accounts: [{ address: EVM }] }])
  assert.equal(getStoredConnections('solana'), [])
  storage.setItem('@sigkit/connections', '{not json')
  assert.equal(getStoredConnections('eip155'), [])
})

test('placeConnection: one entry per connector, the active first, an update where it was', () => {
  const a = { connectorId: 'a', accounts: [{ address: EVM }] }
  const b = { connectorId: 'b', accounts: [{ address: SECOND }] }
  const a2 = { connectorId: 'a', accounts: [{ address: THIRD }] }
  assert.equal(placeConnection([a], b, { activate: true, keepOthers: true }), [b, a])
  assert.equal(placeConnection([a], b, { activate: true, keepOthers: false }), [b])
  assert.equal(placeConnection([b, a], a2, { activate: false, keepOthers: true }), [b, a2])
  assert.equal(placeConnection([b], a, { activate: false, keepOthers: true }), [b, a])
  assert.equal(placeConnection([b, a], a2, { activate: true, keepOthers: true }), [a2, b])
})

test.after(() => settle())

test.run()
