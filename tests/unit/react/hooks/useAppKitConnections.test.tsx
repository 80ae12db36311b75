// The multi-wallet hooks over two wallets connected at once: their return shapes are AppKit's
// (useAppKitConnections: connections, recentConnections; useAppKitConnection: connection,
// isPending, switchConnection, deleteConnection; onSuccess with AppKit's fields), and what they do
// shows in the account hooks. The rules themselves: tests/unit/core/wallet/connections.test.ts.
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, type JSX } from 'react'
import { createRoot } from 'react-dom/client'
import {
  createAppKit,
  useAppKitAccount,
  useAppKitConnection,
  useAppKitConnections,
  type ConnectionChange,
} from '../../../../src/react'
import { registerAdapter, registerConnector } from '../../../../src/core/config/appkit-state'
import { addConnectors } from '../../../../src/core/state/connectors'
import { connect } from '../../../../src/core/wallet/connect'
import { base, mainnet } from '../../helpers/fixtures'
import { waitFor } from '../../helpers/dom'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import { EVM, quietAdapter, scriptedConnector } from '../../helpers/scripted-connector'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

installStorage(createMemoryStorage())
createAppKit({ projectId: 'test-project', networks: [base, mainnet], features: { analytics: false } })
registerAdapter('eip155', async () => ({ createAdapter: () => quietAdapter('eip155') }))

function wallet(id: string, address: string, chainId: number) {
  const connector = scriptedConnector(id)
  connector.answers.connect = async ({ namespace }) => ({
    connections: [{ namespace, accounts: [{ address, type: 'eoa' }], chainId }],
  })
  addConnectors([connector])
  registerConnector(id, async () => connector)
  return connector
}

function render(element: JSX.Element) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() => root.render(element))
  return { container, unmount: () => act(() => root.unmount()) }
}

test('two wallets: AppKit shapes, a switch the account follows, a deletion that leaves the other', async () => {
  wallet('wallet.a', EVM, 8453)
  wallet('wallet.b', SECOND, 1)
  await connect('wallet.a')
  await connect('wallet.b')
  const changes: ConnectionChange[] = []
  let api: ReturnType<typeof useAppKitConnection> | undefined
  let lists: ReturnType<typeof useAppKitConnections> | undefined
  function Wallets() {
    lists = useAppKitConnections('eip155')
    api = useAppKitConnection({ namespace: 'eip155', onSuccess: (change) => void changes.push(change) })
    const { address } = useAppKitAccount()
    return <p>{`${address}|${lists.connections.map((c) => c.connectorId).join()}|${api.connection?.connectorId}`}</p>
  }
  const view = render(<Wallets />)
  assert.equal(Object.keys(lists!).sort(), ['connections', 'recentConnections'])
  assert.equal(Object.keys(api!).sort(), ['connection', 'deleteConnection', 'isPending', 'switchConnection'])
  assert.equal(Object.keys(lists!.connections[0]!).sort(), [
    'accounts',
    'caipNetwork',
    'chainId',
    'connectorId',
    'icon',
    'name',
  ])
  assert.is(lists!.connections[0]!.caipNetwork?.caipNetworkId, 'eip155:1')
  assert.is(view.container.textContent, `${SECOND}|wallet.b,wallet.a|wallet.b`)

  await act(() => api!.switchConnection({ connection: lists!.connections[1]! }))
  await waitFor(() => view.container.textContent === `${EVM}|wallet.a,wallet.b|wallet.a`)
  assert.equal(changes, [
    { address: EVM, namespace: 'eip155', hasSwitchedAccount: true, hasSwitchedWallet: true, hasDeletedWallet: false },
  ])

  await act(() => api!.deleteConnection({ connectorId: 'wallet.a', address: EVM }))
  await waitFor(() => view.container.textContent === `${SECOND}|wallet.b|wallet.b`)
  assert.equal(
    lists!.recentConnections.map((c) => [c.connectorId, c.accounts[0]?.address]),
    [['wallet.a', EVM]],
  )
  assert.is(changes[1]?.hasDeletedWallet, true)
  view.unmount()
})

test.run()
