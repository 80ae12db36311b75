import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setAccount } from '../../../../src/core/state/account'
import { modalState, openModal } from '../../../../src/core/modal/modal'
import { setActiveCaipNetwork } from '../../../../src/core/state/network'
import {
  currentData,
  currentView,
  goBackToIndex,
  pushView,
  replaceView,
  resetView,
  routerState,
  goBack,
} from '../../../../src/core/modal/router'
import { mainnet } from '../../helpers/fixtures'
import { resetAllState } from '../../helpers/reset'

const views = () => routerState.history.value.map((entry) => entry.view)

function connect(): void {
  setActiveCaipNetwork(mainnet)
  setAccount('eip155', { status: 'connected', address: '0xabc', caipAddress: 'eip155:1:0xabc' })
}

test.before.each(resetAllState)

test('push adds a view on top and carries its data', () => {
  pushView('AllWallets')
  pushView('ConnectingExternal', { connectorId: 'injected' })
  assert.equal(views(), ['Connect', 'AllWallets', 'ConnectingExternal'])
  assert.is(currentView.value, 'ConnectingExternal')
  assert.equal(currentData.value, { connectorId: 'injected' })
})

test('replace swaps the current view so back skips it', () => {
  pushView('AllWallets')
  replaceView('ConnectingWalletConnect', { walletId: 'w1' })
  assert.equal(views(), ['Connect', 'ConnectingWalletConnect'])
  goBack()
  assert.is(currentView.value, 'Connect')
  assert.is(currentData.value, undefined)
})

test('reset leaves a single view', () => {
  pushView('AllWallets')
  pushView('SwitchNetwork')
  resetView('SIWXSignMessage')
  assert.equal(views(), ['SIWXSignMessage'])
})

test('goBack pops one view', () => {
  pushView('AllWallets')
  pushView('ConnectingExternal')
  goBack()
  assert.equal(views(), ['Connect', 'AllWallets'])
})

test('goBack from the first view closes the modal', async () => {
  await openModal()
  assert.is(modalState.open.value, true)
  goBack()
  assert.is(modalState.open.value, false)
  assert.equal(views(), ['Connect'])
})

test('going back to Connect while connected shows Account', () => {
  pushView('SwitchActiveChain')
  connect()
  goBack()
  assert.equal(views(), ['Account'])
})

test('resetting to Connect while connected shows Account; while disconnected, Connect', () => {
  resetView('Connect')
  assert.is(currentView.value, 'Connect')
  connect()
  resetView('Connect')
  assert.is(currentView.value, 'Account')
})

test('goBackToIndex keeps entries up to the index and ignores bad indexes', () => {
  pushView('AllWallets')
  pushView('ConnectingExternal')
  pushView('ApproveTransaction')
  goBackToIndex(1)
  assert.equal(views(), ['Connect', 'AllWallets'])
  goBackToIndex(5)
  goBackToIndex(-1)
  goBackToIndex(0.5)
  assert.equal(views(), ['Connect', 'AllWallets'])
  connect()
  goBackToIndex(0)
  assert.equal(views(), ['Account'])
})

test.run()
