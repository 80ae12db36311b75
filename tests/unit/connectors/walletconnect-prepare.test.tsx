import '../helpers/dom'
import { settle } from '../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { UniversalProvider } from '@walletconnect/universal-provider'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import type { ChainAdapter } from '../../../src/core/state/adapters'
import { validateOptions } from '../../../src/core/config/options'
import { openModal } from '../../../src/core/modal/modal'
import { connectionState } from '../../../src/core/state/connection'
import { connectorsState } from '../../../src/core/state/connectors'
import { connectWalletConnect, prepareWalletConnect } from '../../../src/connectors/walletconnect'
import { resetCore, validInput } from '../core/helpers/fixtures'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const URI = 'wc:9a8b@2?relay-protocol=irn&symKey=cd34&expiryTimestamp=4102444800'

// A universal provider that counts its pairings; the wallet approves when the test says so.
const listeners = new Map<string, (...args: any[]) => void>()
let pairings = 0
let approve: (session: unknown) => void = () => undefined
const provider = {
  session: undefined as unknown,
  on: (event: string, listener: (...args: any[]) => void) => listeners.set(event, listener),
  removeListener: () => undefined,
  disconnect: async () => undefined,
  request: async () => undefined,
  connect: () => {
    pairings++
    listeners.get('display_uri')?.(URI)
    return new Promise((resolve) => {
      approve = resolve
    })
  },
}
;(UniversalProvider as unknown as { init: () => Promise<unknown> }).init = async () => provider

const adapter = {
  namespace: 'eip155',
  getNativeBalance: async () => ({ value: '1', symbol: 'ETH' }),
  getTokenBalances: async () => [],
  watch: () => () => undefined,
} as unknown as ChainAdapter

test.before(() => {
  resetCore()
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
  assert.is(pairings, 1, 'picking WalletConnect reuses the prepared pairing')
  assert.is(connectionState.wcUri.value, URI)
  assert.is(connectionState.status.value, 'connecting')

  provider.session = {
    topic: 't',
    namespaces: { eip155: { accounts: [`eip155:1:${ADDRESS}`] } },
    peer: { metadata: { name: 'Test Wallet' } },
  }
  approve(provider.session)
  await connecting
  assert.is(connectionState.status.value, 'connected')
})

test.run()
