// SPEC §4's choice of view when a network is picked (requestNetworkSwitch).
import '../../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { localL2, localhost, solana } from '../../../../helpers/networks'
import { connectAccount } from '../../../helpers/views'
import { connectEmbeddedAccount } from '../../../helpers/names'
import { requestNetworkSwitch } from '../../../../../src/ui/views/shared/select-network'
import { resetView, routerState } from '../../../../../src/core/modal/router'
import { setActiveCaipNetwork, setRequestedNetworks } from '../../../../../src/core/state/network'
import { resetAllState } from '../../../helpers/reset'

const top = () => routerState.history.value.at(-1)

test.before.each(() => resetView('Account'))
test.after.each(resetAllState)

test('the active network: nothing opens', () => {
  connectAccount()
  requestNetworkSwitch(localhost)
  assert.is(routerState.history.value.length, 1)
})

test('another network of the connected namespace: SwitchNetwork for it', () => {
  connectAccount()
  requestNetworkSwitch(localL2)
  assert.equal(top(), { view: 'SwitchNetwork', data: { caipNetworkId: localL2.caipNetworkId } })
})

test('not connected at all: SwitchNetwork too (it switches without asking anyone)', () => {
  setRequestedNetworks([localhost, solana])
  setActiveCaipNetwork(localhost)
  requestNetworkSwitch(solana)
  assert.equal(top(), { view: 'SwitchNetwork', data: { caipNetworkId: solana.caipNetworkId } })
})

test('connected, but not in the target namespace: SwitchActiveChain', () => {
  connectAccount()
  setRequestedNetworks([localhost, localL2, solana])
  requestNetworkSwitch(solana)
  assert.equal(top(), { view: 'SwitchActiveChain', data: { namespace: 'solana', caipNetworkId: solana.caipNetworkId } })
})

test('confirmation forced (ignoreSwitchConfirmation): SwitchNetwork even then', () => {
  connectAccount()
  setRequestedNetworks([localhost, localL2, solana])
  requestNetworkSwitch(solana, { ignoreSwitchConfirmation: true })
  assert.equal(top(), { view: 'SwitchNetwork', data: { caipNetworkId: solana.caipNetworkId } })
})

test('the embedded wallet, which serves the target namespace too: SwitchNetwork', () => {
  connectEmbeddedAccount()
  setRequestedNetworks([localhost, localL2, solana])
  requestNetworkSwitch(solana)
  assert.equal(top(), { view: 'SwitchNetwork', data: { caipNetworkId: solana.caipNetworkId } })
})

test.run()
