import '../../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { listWalletEntries } from '../../../../../src/ui/views/Connect/wallet-entries'
import { initCore } from '../../../../../src/core/config/appkit-state'
import { createConnectorEmitter, isConnectorWithBehaviour, type Connector } from '../../../../../src/core/connector'
import { connectorsState, findConnector } from '../../../../../src/core/state/connectors'
import { validateOptions } from '../../../../../src/core/config/options'
import { validInput } from '../../../helpers/fixtures'

test('a WalletConnect connector a restored session listed stays when the modal first opens (its session can still be ended)', async () => {
  initCore(validateOptions(validInput()))
  let disconnected = 0
  // What the WalletConnect connector lists when a stored session is restored on load, before any open.
  const restored: Connector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'walletConnect',
    chains: ['eip155'],
    emitter: createConnectorEmitter(),
    connect: async () => ({ connections: [] }),
    restore: async () => undefined,
    disconnect: async () => void disconnected++,
    provider: () => undefined,
  }
  connectorsState.value = [restored]
  // The modal's first open lists the entries that need nothing installed.
  listWalletEntries()
  const listed = findConnector('walletConnect')
  assert.ok(isConnectorWithBehaviour(listed), 'the restored connector, not an entry that only lists it')
  await (listed as Connector).disconnect({ namespaces: ['eip155'] })
  assert.is(disconnected, 1)
  assert.equal(
    connectorsState.value.map((connector) => connector.id),
    ['walletConnect', 'allWallets'],
    'WalletConnect once, All Wallets still listed',
  )
})

test.run()
