import '../../helpers/dom'
import { settle } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initCore, registerAdapter } from '../../../../src/core/config/appkit-state'
import type { ChainAdapter } from '../../../../src/core/state/adapters'
import { validateOptions } from '../../../../src/core/config/options'
import { openModal } from '../../../../src/core/modal/modal'
import { connectionState } from '../../../../src/core/state/connection'
import { connectorsState } from '../../../../src/core/state/connectors'
import { walletConnectConnector, prepareWalletConnect } from '../../../../src/connectors/walletconnect'
import { connect } from '../../../../src/core/wallet/connect'
import type { WalletListing } from '../../../../src/core/types'

/** Connects through WalletConnect as its view does (core's connect with the connector). */
const connectWalletConnect = (wallet?: WalletListing) => connect(walletConnectConnector, wallet ? { wallet } : {})
import { validInput } from '../../helpers/fixtures'
import { installFakeUniversalProvider } from '../../../helpers/fake-universal-provider'
import { resetAllState } from '../../helpers/reset'

const URI = 'wc:9a8b@2?relay-protocol=irn&symKey=cd34&expiryTimestamp=4102444800'
const wallet = installFakeUniversalProvider(URI)

const adapter = {
  namespace: 'eip155',
  getNativeBalance: async () => ({ value: '1', symbol: 'ETH' }),
  getTokenBalances: async () => [],
  watch: () => () => undefined,
} as unknown as ChainAdapter

test.before(async () => {
  await resetAllState()
  localStorage.clear()
  initCore(validateOptions(validInput()))
  registerAdapter('eip155', async () => ({ createAdapter: () => adapter }))
})

test('a prepared pairing has its URI ready, shows nobody as connecting, and is the one the QR view uses', async () => {
  prepareWalletConnect()
  await settle()
  assert.is(connectionState.wcUri.value, URI, 'the URI is made before the visitor picks WalletConnect')
  assert.is(connectionState.status.value, 'disconnected', 'nobody is shown as connecting yet')
  const entry = connectorsState.value.find((connector) => connector.id === 'walletConnect')
  assert.is(entry?.view, 'ConnectingWalletConnect', 'the listed entry still opens the QR view')

  prepareWalletConnect()
  await openModal({ view: 'ConnectingWalletConnect' })
  const connecting = connectWalletConnect()
  await settle()
  assert.is(wallet.pairings(), 1, 'picking WalletConnect reuses the prepared pairing')
  assert.is(connectionState.wcUri.value, URI)
  assert.is(connectionState.status.value, 'connecting')

  wallet.walletApproves()
  await connecting
  assert.is(connectionState.status.value, 'connected')
})

test.run()
