// Tabs in step (src/core/wallet/tab-sync.ts): "the other tab" is a second BroadcastChannel on the
// project's channel name in this process (Node's BroadcastChannel delivers between them as
// browsers do between tabs). What this tab hears is applied as its own connector's events, never
// by asking the wallet; what happens here is told to the other tabs; anything malformed is ignored.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initCore, registerAdapter, registerConnector } from '../../../../src/core/config/appkit-state'
import type { ChainAdapter } from '../../../../src/core/state/adapters'
import { validateOptions } from '../../../../src/core/config/options'
import { createConnectorEmitter, type Connector, type ConnectionResult } from '../../../../src/core/connector'
import { setConnectedConnectorId } from '../../../../src/core/lib/storage'
import { getAccountState } from '../../../../src/core/state/account'
import { addConnectors } from '../../../../src/core/state/connectors'
import { getNetworkState } from '../../../../src/core/state/network'
import type { ChainNamespace } from '../../../../src/core/types'
import { connect, disconnect, reconnect } from '../../../../src/core/wallet/connect'
import { followStoredConnections, isTabMessage } from '../../../../src/core/wallet/tab-sync'
import { deferred, settle, waitFor } from '../../../helpers/async'
import { base, mainnet, solana } from '../../../helpers/networks'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import { resetAllState } from '../../helpers/reset'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER_EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CHANNEL = 'sigkit-sync:p1'

/** A wallet that grants the test account on mainnet and records every question core asks it. */
function recordingConnector(id: string): Connector & { asked: string[] } {
  const asked: string[] = []
  const grant = (namespace: ChainNamespace): ConnectionResult => ({
    connections: [{ namespace, accounts: [{ address: EVM, type: 'eoa' }], chainId: 1 }],
  })
  return {
    id,
    name: `Wallet ${id}`,
    type: 'injected',
    chains: ['eip155'],
    emitter: createConnectorEmitter(),
    asked,
    async connect({ namespace }) {
      asked.push('connect')
      return grant(namespace)
    },
    async restore({ namespaces }) {
      asked.push('restore')
      return { connections: namespaces.flatMap((namespace) => grant(namespace).connections) }
    },
    async disconnect() {
      asked.push('disconnect')
    },
    async switchNetwork() {
      asked.push('switchNetwork')
    },
    provider: () => ({ request: async () => null }),
  }
}

/** The other tab: what it heard, and a way to talk. */
let otherTab: BroadcastChannel
let heard: unknown[] = []
let restoreStorage = () => {}

test.before.each(() => {
  restoreStorage = installStorage(createMemoryStorage())
  initCore(validateOptions({ projectId: 'p1', networks: [mainnet, base, solana], features: { analytics: false } }))
  registerAdapter('eip155', async () => ({
    createAdapter: () =>
      ({
        namespace: 'eip155',
        getNativeBalance: async () => ({ value: '1', symbol: 'ETH' }),
        getTokenBalances: async () => [],
        getIdentity: async () => ({ name: undefined, avatar: undefined }),
      }) as unknown as ChainAdapter,
  }))
  heard = []
  otherTab = new BroadcastChannel(CHANNEL)
  otherTab.onmessage = (event) => heard.push(event.data)
})

test.after.each(async () => {
  otherTab.close()
  await resetAllState()
  restoreStorage()
})

/** Connects `wallet` here as the visitor would, then forgets what that told the other tab. */
async function connectedHere(wallet: Connector & { asked: string[] }): Promise<void> {
  addConnectors([wallet])
  await connect(wallet)
  await waitFor(() => heard.length > 0, { what: 'the connection to reach the other tab' })
  heard = []
  wallet.asked.length = 0
}

const fromOtherTab = async (message: unknown) => {
  otherTab.postMessage(message)
  await settle()
}

// ── what this tab tells the others ───────────────────────────────────────────────────────────

test('a connection, an account switch, a network switch and a disconnect made here reach the other tab', async () => {
  const wallet = recordingConnector('wallet.a')
  addConnectors([wallet])
  await connect(wallet)
  await waitFor(() => heard.length > 0, { what: 'the connected message' })
  assert.equal(heard, [{ type: 'connected', namespace: 'eip155', connectorId: 'wallet.a' }])

  heard = []
  wallet.emitter.emit({
    type: 'accountsChanged',
    namespace: 'eip155',
    accounts: [
      { address: OTHER_EVM, type: 'eoa' },
      { address: EVM, type: 'eoa' },
    ],
  })
  wallet.emitter.emit({ type: 'chainChanged', namespace: 'eip155', chainId: 8453 })
  await waitFor(() => heard.length === 2, { what: 'the account and network messages' })
  assert.equal(heard, [
    {
      type: 'accounts',
      namespace: 'eip155',
      connectorId: 'wallet.a',
      accounts: [
        { address: OTHER_EVM, type: 'eoa' },
        { address: EVM, type: 'eoa' },
      ],
    },
    { type: 'network', namespace: 'eip155', connectorId: 'wallet.a', caipNetworkId: 'eip155:8453' },
  ])

  heard = []
  await disconnect()
  await waitFor(() => heard.length === 1, { what: 'the disconnected message' })
  assert.equal(heard, [{ type: 'disconnected', namespace: 'eip155', connectorId: 'wallet.a' }])
})

test('a restore tells nothing: every tab restores by itself', async () => {
  const wallet = recordingConnector('wallet.a')
  setConnectedConnectorId('eip155', wallet.id)
  registerConnector(wallet.id, async () => wallet)
  addConnectors([wallet])
  await reconnect()
  await settle()
  assert.is(getAccountState('eip155').status.peek(), 'connected')
  assert.equal(heard, [], 'neither "connected" nor the restored network')
})

// ── what this tab does with what the others tell ─────────────────────────────────────────────

test("the other tab's network switch is followed here without asking the wallet, and not echoed back", async () => {
  const wallet = recordingConnector('wallet.a')
  await connectedHere(wallet)
  await fromOtherTab({ type: 'network', namespace: 'eip155', connectorId: 'wallet.a', caipNetworkId: 'eip155:8453' })
  assert.is(getNetworkState('eip155').caipNetwork.peek()?.caipNetworkId, 'eip155:8453')
  assert.is(getAccountState('eip155').caipAddress.peek(), `eip155:8453:${EVM}`)
  assert.equal(wallet.asked, [], 'no switch asked of the wallet')
  assert.equal(heard, [], 'nothing sent back')
})

test("the other tab's account switch is followed here", async () => {
  const wallet = recordingConnector('wallet.a')
  await connectedHere(wallet)
  await fromOtherTab({
    type: 'accounts',
    namespace: 'eip155',
    connectorId: 'wallet.a',
    accounts: [{ address: OTHER_EVM, type: 'eoa' }],
  })
  assert.is(getAccountState('eip155').address.peek(), OTHER_EVM)
  assert.equal(wallet.asked, [])
  assert.equal(heard, [])
})

test("the other tab's disconnect clears the namespace here without asking the wallet", async () => {
  const wallet = recordingConnector('wallet.a')
  await connectedHere(wallet)
  await fromOtherTab({ type: 'disconnected', namespace: 'eip155', connectorId: 'wallet.a' })
  assert.is(getAccountState('eip155').status.peek(), 'disconnected')
  assert.equal(wallet.asked, [], 'the wallet was asked once, by the other tab')
  assert.equal(heard, [])
})

test('news about another connector, or a network the dapp does not have, changes nothing here', async () => {
  const wallet = recordingConnector('wallet.a')
  await connectedHere(wallet)
  await fromOtherTab({ type: 'disconnected', namespace: 'eip155', connectorId: 'wallet.b' })
  await fromOtherTab({ type: 'network', namespace: 'eip155', connectorId: 'wallet.a', caipNetworkId: 'eip155:10' })
  await fromOtherTab({
    type: 'network',
    namespace: 'eip155',
    connectorId: 'wallet.a',
    caipNetworkId: solana.caipNetworkId,
  })
  await fromOtherTab({ type: 'disconnected', namespace: 'solana', connectorId: 'wallet.a' })
  assert.is(getAccountState('eip155').status.peek(), 'connected')
  assert.is(getNetworkState('eip155').caipNetwork.peek()?.caipNetworkId, 'eip155:1')
})

test('malformed or hostile messages are ignored (validated before anything is applied)', async () => {
  const wallet = recordingConnector('wallet.a')
  await connectedHere(wallet)
  const hostile: unknown[] = [
    null,
    'disconnected',
    42,
    [],
    { type: 'disconnected' },
    { type: 'disconnected', namespace: 'eip155' },
    { type: 'disconnected', namespace: 'evil', connectorId: 'wallet.a' },
    { type: 'disconnected', namespace: 'eip155', connectorId: 7 },
    { type: 'disconnected', namespace: 'eip155', connectorId: 'x'.repeat(10_000) },
    { type: 'logout', namespace: 'eip155', connectorId: 'wallet.a' },
    { type: 'accounts', namespace: 'eip155', connectorId: 'wallet.a', accounts: [] },
    { type: 'accounts', namespace: 'eip155', connectorId: 'wallet.a', accounts: [{ address: OTHER_EVM }] },
    { type: 'accounts', namespace: 'eip155', connectorId: 'wallet.a', accounts: 'all' },
    {
      type: 'accounts',
      namespace: 'eip155',
      connectorId: 'wallet.a',
      accounts: Array.from({ length: 65 }, () => ({ address: OTHER_EVM, type: 'eoa' })),
    },
    { type: 'network', namespace: 'eip155', connectorId: 'wallet.a', caipNetworkId: 8453 },
    { type: 'network', namespace: 'eip155', connectorId: 'wallet.a', caipNetworkId: 'eip155' },
  ]
  for (const message of hostile) assert.is(isTabMessage(message), false, JSON.stringify(message)?.slice(0, 80))
  for (const message of hostile) await fromOtherTab(message)
  assert.is(getAccountState('eip155').status.peek(), 'connected')
  assert.is(getAccountState('eip155').address.peek(), EVM)
  assert.equal(wallet.asked, [])
})

test("the other tab's connection is restored here from storage, once, without a prompt", async () => {
  const wallet = recordingConnector('wallet.a')
  registerConnector(wallet.id, async () => wallet)
  addConnectors([wallet])
  // This tab has the channel open already (say it had connected Solana); then the other tab connects.
  await reconnect()
  const { startTabSync } = await import('../../../../src/core/wallet/tab-sync')
  startTabSync()
  setConnectedConnectorId('eip155', wallet.id)
  await fromOtherTab({ type: 'connected', namespace: 'eip155', connectorId: 'wallet.a' })
  await waitFor(() => getAccountState('eip155').status.peek() === 'connected', { what: 'the restored account' })
  assert.is(getAccountState('eip155').address.peek(), EVM)
  // The storage event comes as well (createAppKit's listener): already in step, nothing more.
  followStoredConnections()
  await fromOtherTab({ type: 'connected', namespace: 'eip155', connectorId: 'wallet.a' })
  assert.equal(wallet.asked, ['restore'], 'one restore, no connect prompt')
})

test('a namespace this tab is connecting itself is not restored under it', async () => {
  const wallet = recordingConnector('wallet.a')
  const answer = deferred<ConnectionResult>()
  wallet.connect = async () => {
    wallet.asked.push('connect')
    return answer.promise
  }
  addConnectors([wallet])
  registerConnector(wallet.id, async () => wallet)
  const connecting = connect(wallet)
  setConnectedConnectorId('eip155', wallet.id)
  followStoredConnections()
  await settle()
  assert.equal(wallet.asked, ['connect'])
  answer.resolve({ connections: [{ namespace: 'eip155', accounts: [{ address: EVM, type: 'eoa' }], chainId: 1 }] })
  await connecting
})

// ── the restore lock ─────────────────────────────────────────────────────────────────────────

test('restores take the project lock: while another tab holds it, this one waits, then restores', async () => {
  const held: string[] = []
  let release = () => {}
  const otherTabHolds = new Promise<void>((resolve) => (release = resolve))
  let queue = otherTabHolds
  const locks = {
    request(name: string, task: () => Promise<unknown>) {
      held.push(name)
      const run = queue.then(task)
      queue = run.then(
        () => undefined,
        () => undefined,
      )
      return run
    },
  }
  Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true, writable: true })
  try {
    const wallet = recordingConnector('wallet.a')
    setConnectedConnectorId('eip155', wallet.id)
    registerConnector(wallet.id, async () => wallet)
    addConnectors([wallet])
    const restoring = reconnect()
    await settle()
    assert.equal(held, ['sigkit-restore:p1'])
    assert.equal(wallet.asked, [], 'nothing asked while the other tab restores')
    release()
    await restoring
    assert.equal(wallet.asked, ['restore'])
    assert.is(getAccountState('eip155').status.peek(), 'connected')
  } finally {
    delete (globalThis as { navigator?: unknown }).navigator
  }
})

test.run()
