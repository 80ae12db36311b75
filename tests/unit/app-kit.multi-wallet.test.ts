// Several wallets through the AppKit object (the CDN build's and a headless page's way, no React):
// getConnections lists them the active one first, switchConnection and deleteConnection change the
// active one, and getProvider always answers with the active connection's wallet.
import './helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createAppKit } from '../../src/index'
import { registerAdapter, registerConnector } from '../../src/core/config/appkit-state'
import { addConnectors } from '../../src/core/state/connectors'
import { connect } from '../../src/core/wallet/connect'
import { base, mainnet } from './helpers/fixtures'
import { createMemoryStorage, installStorage } from './helpers/memory-storage'
import { EVM, quietAdapter, scriptedConnector } from './helpers/scripted-connector'

const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

installStorage(createMemoryStorage())
const appKit = createAppKit({ projectId: 'test-project', networks: [base, mainnet], features: { analytics: false } })
registerAdapter('eip155', async () => ({ createAdapter: () => quietAdapter('eip155') }))

/** A wallet whose provider answers eth_accounts with its own address. */
function wallet(id: string, address: string, chainId: number) {
  const connector = scriptedConnector(id)
  connector.answers.connect = async ({ namespace }) => ({
    connections: [{ namespace, accounts: [{ address, type: 'eoa' }], chainId }],
  })
  connector.provider = () => ({
    request: async ({ method }: { method: string }) => (method === 'eth_accounts' ? [address] : null),
  })
  addConnectors([connector])
  registerConnector(id, async () => connector)
}

const accountsOf = async () =>
  (await appKit.getProvider('eip155'))?.request({ method: 'eth_accounts' }) as Promise<string[] | undefined>

test('getProvider is undefined until a wallet connects', async () => {
  assert.is(await appKit.getProvider('eip155'), undefined)
  assert.equal(await appKit.getConnections('eip155'), [])
})

const connectorIds = (connections: { connectorId: string }[]) => connections.map(({ connectorId }) => connectorId)

test('two wallets: listed active first; switching and deleting move getAddress and getProvider', async () => {
  wallet('wallet.a', EVM, 8453)
  wallet('wallet.b', SECOND, 1)
  await connect('wallet.a')
  await connect('wallet.b')

  const listed = await appKit.getConnections()
  assert.equal(
    listed.map((connection) => [connection.connectorId, connection.accounts[0]?.address, connection.caipNetwork?.name]),
    [
      ['wallet.b', SECOND, mainnet.name],
      ['wallet.a', EVM, base.name],
    ],
  )
  assert.is(listed[0]!.name, 'Wallet wallet.b')
  assert.is(appKit.getAddress(), SECOND)
  assert.equal(await accountsOf(), [SECOND])

  await appKit.switchConnection({ connection: listed[1]! })
  assert.is(appKit.getAddress(), EVM)
  assert.equal(
    (await appKit.getConnections()).map((connection) => connection.connectorId),
    ['wallet.a', 'wallet.b'],
  )
  assert.equal(await accountsOf(), [EVM], 'the provider is the switched-to wallet')

  await appKit.deleteConnection({ connectorId: 'wallet.a' })
  assert.is(appKit.getAddress(), SECOND)
  assert.equal(
    (await appKit.getConnections()).map((connection) => connection.connectorId),
    ['wallet.b'],
  )
  assert.equal(await accountsOf(), [SECOND], 'the one left answers')
  assert.equal(
    (await appKit.getRecentConnections()).map((connection) => connection.connectorId),
    ['wallet.a'],
  )
})

test('subscribeConnections hears each connect, switch and disconnect, and nothing once stopped', async () => {
  for (const { connectorId } of await appKit.getConnections('eip155')) await appKit.deleteConnection({ connectorId })
  wallet('wallet.c', EVM, 8453)
  wallet('wallet.d', SECOND, 1)
  const heard: string[][] = []
  const stop = appKit.subscribeConnections(({ connections }) => heard.push(connectorIds(connections)), 'eip155')
  await connect('wallet.c')
  await connect('wallet.d')
  const listed = await appKit.getConnections('eip155')
  await appKit.switchConnection({ connection: listed.find(({ connectorId }) => connectorId === 'wallet.c')! })
  await appKit.deleteConnection({ connectorId: 'wallet.d' })
  // The distinct lists in order (an intermediate state may be heard more than once).
  const steps = heard.filter((ids, index) => index === 0 || ids.join() !== heard[index - 1]!.join())
  assert.equal(steps.slice(-4), [['wallet.c'], ['wallet.d', 'wallet.c'], ['wallet.c', 'wallet.d'], ['wallet.c']])
  stop()
  const count = heard.length
  await appKit.deleteConnection({ connectorId: 'wallet.c' })
  assert.is(heard.length, count, 'a stopped listener hears nothing')
})

test.run()
