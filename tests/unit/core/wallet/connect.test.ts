// The one connect path (src/core/wallet/connect.ts) with connectors that follow the contract and
// answer as the test says (the wallets behind them are covered by the connector and integration
// suites): the restore's status, order and single flight (SPEC §4 "Connection status"), the
// disconnect's wait and failures (SPEC §4 "Disconnect", §8 'Failed to disconnect…'), and the
// connector errors of SPEC §8 where they arise.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { effect } from '@preact/signals-core'
import { initCore, registerAdapter } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import type { ConnectionResult } from '../../../../src/core/connector'
import { DISCONNECT_WAIT_MS } from '../../../../src/core/constants'
import { subscribeEvents, type EventRecord } from '../../../../src/core/analytics'
import { getConnectedConnectorIds, storeActiveNamespace } from '../../../../src/core/lib/storage'
import { getAccountState } from '../../../../src/core/state/account'
import { connectionState } from '../../../../src/core/state/connection'
import { addConnectors } from '../../../../src/core/state/connectors'
import type { ChainNamespace } from '../../../../src/core/types'
import { connect, connectingState, disconnect, reconnect } from '../../../../src/core/wallet/connect'
import { signMessage } from '../../../../src/core/wallet/sign'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import { deferred, settle, rejection } from '../../../helpers/async'
import { mainnet, solana } from '../../../helpers/networks'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import { resetAllState } from '../../helpers/reset'
import {
  EVM,
  SOL,
  granted,
  quietAdapter,
  scriptedConnector,
  storedSession,
  type ScriptedConnector,
} from '../../helpers/scripted-connector'

let restoreStorage = () => {}
let events: EventRecord[] = []

test.before.each(() => {
  restoreStorage = installStorage(createMemoryStorage())
  initCore(validateOptions({ projectId: 'p1', networks: [mainnet, solana], features: { analytics: false } }))
  for (const namespace of ['eip155', 'solana'] as const)
    registerAdapter(namespace, async () => ({ createAdapter: () => quietAdapter(namespace) }))
  events = []
  subscribeEvents((record) => events.push(record))
})

test.after.each(async () => {
  await resetAllState()
  restoreStorage()
})

const tracked = (name: string) => events.filter((record) => record.data.event === name)

// ── restore ──────────────────────────────────────────────────────────────────────────────────

test('a restore is `reconnecting` (a previous connection exists), then connected; the account too', async () => {
  const wallet = scriptedConnector('wallet.a')
  storedSession({ eip155: wallet })
  const statuses: string[] = []
  const accountStatuses: string[] = []
  const stops = [
    effect(() => void statuses.push(connectionState.status.value)),
    effect(() => void accountStatuses.push(getAccountState('eip155').status.value)),
  ]
  await reconnect()
  stops.forEach((stop) => stop())
  assert.equal(statuses, ['disconnected', 'reconnecting', 'connected'])
  assert.equal(accountStatuses, ['disconnected', 'reconnecting', 'connected'])
  assert.is(getAccountState('eip155').address.peek(), EVM)
})

test('a restore the wallet no longer grants ends disconnected with no stored connection', async () => {
  const wallet = scriptedConnector('wallet.a')
  wallet.answers.restore = async () => undefined
  storedSession({ eip155: wallet })
  const statuses: string[] = []
  const stop = effect(() => void statuses.push(connectionState.status.value))
  await reconnect()
  stop()
  assert.equal(statuses, ['disconnected', 'reconnecting', 'disconnected'])
  assert.equal(getConnectedConnectorIds(), {})
  assert.is(connectionState.connections.peek().size, 0)
})

test('a restore asks the most recently used connector first and one connector at a time', async () => {
  const evmWallet = scriptedConnector('wallet.evm')
  const solanaWallet = scriptedConnector('wallet.sol', ['solana'])
  storedSession({ eip155: evmWallet, solana: solanaWallet })
  storeActiveNamespace('solana') // the visitor last used Solana
  const order: string[] = []
  const solanaAnswer = deferred<ConnectionResult | undefined>()
  solanaWallet.answers.restore = () => {
    order.push('solana wallet asked')
    return solanaAnswer.promise
  }
  evmWallet.answers.restore = async (namespaces) => {
    order.push('evm wallet asked')
    return granted(...namespaces)
  }
  const restoring = reconnect()
  await settle()
  assert.equal(order, ['solana wallet asked'], 'the other wallet waits for the first to answer')
  solanaAnswer.resolve(granted('solana'))
  await restoring
  assert.equal(order, ['solana wallet asked', 'evm wallet asked'])
  assert.is(connectionState.status.peek(), 'connected')
  assert.is(getAccountState('solana').address.peek(), SOL)
  assert.is(getAccountState('eip155').address.peek(), EVM)
})

test('connected when at least one stored connector reconnects; the other namespace is cleared', async () => {
  const evmWallet = scriptedConnector('wallet.evm')
  const solanaWallet = scriptedConnector('wallet.sol', ['solana'])
  solanaWallet.answers.restore = async () => {
    throw new Error('locked')
  }
  storedSession({ eip155: evmWallet, solana: solanaWallet })
  await reconnect()
  assert.is(connectionState.status.peek(), 'connected')
  assert.is(getAccountState('solana').status.peek(), 'disconnected')
  assert.equal(getConnectedConnectorIds(), { eip155: 'wallet.evm' })
})

test('two reconnect() calls at once make one attempt: each wallet is asked once, both calls share it', async () => {
  const wallet = scriptedConnector('wallet.a')
  const answer = deferred<ConnectionResult | undefined>()
  wallet.answers.restore = () => answer.promise
  storedSession({ eip155: wallet })
  const first = reconnect()
  const second = reconnect()
  assert.is(first, second)
  await settle()
  answer.resolve(granted('eip155'))
  await Promise.all([first, second])
  assert.is(wallet.asked.restore.length, 1)
  // Once it ended, a new call is a new attempt.
  await reconnect()
  assert.is(wallet.asked.restore.length, 2)
})

// ── connector errors (SPEC §8) ───────────────────────────────────────────────────────────────

test("connecting a wallet while the restore is asking it: 'unavailable while reconnecting', and no prompt", async () => {
  const wallet = scriptedConnector('wallet.a')
  addConnectors([wallet])
  const answer = deferred<ConnectionResult | undefined>()
  wallet.answers.restore = () => answer.promise
  storedSession({ eip155: wallet })
  const restoring = reconnect()
  await settle()
  const error = await rejection(connect('wallet.a'))
  assert.is(error.message, 'Connector "Wallet wallet.a" unavailable while reconnecting')
  assert.is(connectingState.error.peek(), 'Connector "Wallet wallet.a" unavailable while reconnecting')
  assert.is(wallet.asked.connect.length, 0, 'the wallet was not prompted')
  assert.is(getAccountState('eip155').status.peek(), 'reconnecting', 'the restore goes on')
  answer.resolve(granted('eip155'))
  await restoring
  assert.is(getAccountState('eip155').status.peek(), 'connected')
})

test('another wallet can be connected while the restore asks a different one', async () => {
  const stored = scriptedConnector('wallet.stored')
  const other = scriptedConnector('wallet.other', ['solana'])
  addConnectors([other])
  const answer = deferred<ConnectionResult | undefined>()
  stored.answers.restore = () => answer.promise
  storedSession({ eip155: stored })
  const restoring = reconnect()
  await settle()
  await connect('wallet.other', { namespace: 'solana' })
  assert.is(getAccountState('solana').address.peek(), SOL)
  answer.resolve(granted('eip155'))
  await restoring
  assert.is(getAccountState('eip155').address.peek(), EVM)
})

test("connecting a wallet already connected in that namespace: 'Connector already connected', no second prompt", async () => {
  const wallet = scriptedConnector('wallet.a')
  addConnectors([wallet])
  await connect('wallet.a')
  assert.is(getAccountState('eip155').status.peek(), 'connected')
  const error = await rejection(connect('wallet.a'))
  assert.is(error.message, 'Connector already connected')
  assert.is(wallet.asked.connect.length, 1)
  assert.is(getAccountState('eip155').status.peek(), 'connected', 'the connection stays')
  assert.is(connectionState.status.peek(), 'connected')
})

test("a namespace the dapp has no network in: 'Chain not configured', nothing asked, disconnected", async () => {
  initCore(validateOptions({ projectId: 'p1', networks: [mainnet], features: { analytics: false } }))
  const wallet = scriptedConnector('wallet.sol', ['solana'])
  addConnectors([wallet])
  const error = await rejection(connect('wallet.sol'))
  assert.is(error.message, 'Chain not configured')
  assert.is(wallet.asked.connect.length, 0)
  assert.is(getAccountState('solana').status.peek(), 'disconnected')
  assert.is(connectionState.status.peek(), 'disconnected')
})

test("a wallet granting no account: 'Account not found for connector', disconnected, nothing stored", async () => {
  const wallet = scriptedConnector('wallet.a')
  wallet.answers.connect = async () => ({ connections: [{ namespace: 'eip155', accounts: [], chainId: 1 }] })
  addConnectors([wallet])
  const error = await rejection(connect('wallet.a'))
  assert.is(error.message, 'Account not found for connector')
  assert.is(getAccountState('eip155').status.peek(), 'disconnected')
  assert.is(getAccountState('eip155').address.peek(), undefined)
  assert.equal(getConnectedConnectorIds(), {})
})

test("signing before connecting: 'Connector not connected'", async () => {
  const error = await rejection(signMessage('hello', 'eip155'))
  assert.is(error.message, 'Connector not connected')
})

// ── disconnect ───────────────────────────────────────────────────────────────────────────────

test('disconnect waits at most 3000 ms for a wallet that never answers, then clears the account', async () => {
  assert.is(DISCONNECT_WAIT_MS, 3000, 'SPEC §9 "Disconnect wait"')
  const wallet = scriptedConnector('wallet.a')
  addConnectors([wallet])
  await connect('wallet.a')
  const manual = createManualClock()
  const restoreClock = setClock(manual)
  try {
    wallet.answers.disconnect = () => new Promise<void>(() => undefined)
    let done = false
    const disconnecting = disconnect().then(() => (done = true))
    await settle()
    manual.advance(DISCONNECT_WAIT_MS - 1)
    await settle()
    assert.is(done, false, 'still waiting for the wallet')
    assert.is(getAccountState('eip155').status.peek(), 'connected')
    manual.advance(1)
    await disconnecting
    assert.equal(wallet.asked.disconnect, [['eip155']])
    assert.is(getAccountState('eip155').status.peek(), 'disconnected')
    assert.is(getAccountState('eip155').address.peek(), undefined)
    assert.is(connectionState.status.peek(), 'disconnected')
    assert.equal(getConnectedConnectorIds(), {})
  } finally {
    restoreClock()
  }
})

test('a wallet refusing to forget the site does not keep the visitor connected: cleared, success tracked', async () => {
  const wallet = scriptedConnector('wallet.a')
  addConnectors([wallet])
  await connect('wallet.a')
  wallet.answers.disconnect = async () => {
    throw new Error('wallet_revokePermissions is not supported')
  }
  await disconnect()
  assert.is(getAccountState('eip155').status.peek(), 'disconnected')
  assert.is(tracked('DISCONNECT_SUCCESS').length, 1)
  assert.is(tracked('DISCONNECT_ERROR').length, 0)
})

/** A listener of a namespace's account that fails when the account goes (as a dapp's subscriber may). */
function failWhenAccountGoes(namespace: ChainNamespace): { stop(): void; error: Error } {
  const error = new Error(`${namespace} listener failed`)
  let seen = false
  const stop = effect(() => {
    const address = getAccountState(namespace).address.value
    if (address) seen = true
    else if (seen) throw error
  })
  return { stop, error }
}

test("clearing the asked namespace fails: 'Failed to disconnect chain {namespace}', the cause kept, error tracked", async () => {
  const wallet = scriptedConnector('wallet.sol', ['solana'])
  addConnectors([wallet])
  await connect('wallet.sol', { namespace: 'solana' })
  const listener = failWhenAccountGoes('solana')
  try {
    const error = await rejection(disconnect('solana'))
    assert.is(error.message, 'Failed to disconnect chain solana')
    assert.is(error.cause, listener.error)
    assert.equal(
      tracked('DISCONNECT_ERROR').map((record) => record.data.properties?.['message']),
      ['Failed to disconnect chain solana'],
    )
    assert.is(tracked('DISCONNECT_SUCCESS').length, 0)
  } finally {
    listener.stop()
  }
})

test("a disconnect of everything where a namespace fails: 'Failed to disconnect chains', the others still cleared", async () => {
  const evmWallet = scriptedConnector('wallet.evm')
  const solanaWallet = scriptedConnector('wallet.sol', ['solana'])
  addConnectors([evmWallet, solanaWallet])
  await connect('wallet.sol', { namespace: 'solana' })
  await connect('wallet.evm', { namespace: 'eip155' })
  const listener = failWhenAccountGoes('eip155')
  try {
    const error = await rejection(disconnect())
    assert.is(error.message, 'Failed to disconnect chains')
    assert.instance(error.cause, AggregateError)
    assert.equal(
      (error.cause as AggregateError).errors.map((each: Error) => each.message),
      ['Failed to disconnect chain eip155'],
    )
    assert.is(getAccountState('solana').status.peek(), 'disconnected', 'Solana is not left connected')
    assert.equal(getConnectedConnectorIds(), {})
    assert.is(connectionState.status.peek(), 'disconnected')
    assert.equal(
      tracked('DISCONNECT_ERROR').map((record) => record.data.properties?.['message']),
      ['Failed to disconnect chains'],
    )
  } finally {
    listener.stop()
  }
})

test("the overall status cannot be settled after clearing: 'Failed to disconnect'", async () => {
  const wallet = scriptedConnector('wallet.a')
  addConnectors([wallet])
  await connect('wallet.a')
  const failure = new Error('status listener failed')
  const stop = effect(() => {
    if (connectionState.status.value === 'disconnected') throw failure
  })
  try {
    const error = await rejection(disconnect())
    assert.is(error.message, 'Failed to disconnect')
    assert.is(error.cause, failure)
    assert.is(getAccountState('eip155').status.peek(), 'disconnected')
  } finally {
    stop()
  }
})

test.run()
