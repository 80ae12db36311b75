// Which connectors the Connect list shows (src/core/state/connectors.ts, SPEC §5): the generic
// browser wallet (`window.ethereum` without an EIP-6963 announcement) is hidden on desktop, and on
// a phone when it has no rdns and no installed wallet; excluded wallets are covered with discovery
// (tests/unit/connectors/injected/index.test.ts).
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initCore } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import {
  connectorsState,
  isConnectorShown,
  orderedConnectors,
  type ConnectorInfo,
} from '../../../../src/core/state/connectors'
import { validInput } from '../../helpers/fixtures'
import { resetAllState } from '../../helpers/reset'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const desktopAgent = navigator.userAgent

const generic: ConnectorInfo = {
  id: 'injected',
  name: 'Browser Wallet',
  type: 'injected',
  chains: ['eip155'],
  generic: true,
}
const installed: ConnectorInfo = {
  id: 'io.rabbit',
  name: 'Rabbit',
  type: 'injected',
  chains: ['eip155'],
  rdns: 'io.rabbit',
}
const walletConnect: ConnectorInfo = {
  id: 'walletConnect',
  name: 'WalletConnect',
  type: 'walletConnect',
  chains: ['eip155'],
}

function onPhone(phone: boolean): void {
  Object.defineProperty(navigator, 'userAgent', { value: phone ? IPHONE : desktopAgent, configurable: true })
}

test.before.each(() => initCore(validateOptions(validInput())))
test.after.each(async () => {
  onPhone(false)
  await resetAllState()
})

const listed = () => orderedConnectors.value.map((connector) => connector.id)

test('on a phone, the generic wallet alone (no rdns, no installed wallet) is hidden', () => {
  onPhone(true)
  connectorsState.value = [walletConnect, generic]
  assert.is(isConnectorShown(generic, connectorsState.value), false)
  assert.equal(listed(), ['walletConnect'])
})

test('on a phone, the generic wallet is shown when it has an rdns', () => {
  onPhone(true)
  const named = { ...generic, rdns: 'com.inapp.browser' }
  connectorsState.value = [walletConnect, named]
  assert.is(isConnectorShown(named, connectorsState.value), true)
  assert.equal(listed(), ['walletConnect', 'injected'])
})

test('on a phone, the generic wallet is shown when a wallet is installed', () => {
  onPhone(true)
  connectorsState.value = [walletConnect, installed, generic]
  assert.is(isConnectorShown(generic, connectorsState.value), true)
  assert.equal(listed(), ['walletConnect', 'io.rabbit', 'injected'])
})

test('on desktop the generic wallet is hidden, whatever else is installed or its rdns', () => {
  onPhone(false)
  connectorsState.value = [walletConnect, installed, { ...generic, rdns: 'com.inapp.browser' }]
  assert.equal(listed(), ['walletConnect', 'io.rabbit'])
})

test.run()
