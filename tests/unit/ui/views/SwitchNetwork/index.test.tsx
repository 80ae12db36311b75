import {
  button,
  connectAccount,
  deferred,
  findButton,
  installModal,
  localL2,
  localhost,
  modalShadow,
  nameOf,
  networkRows,
  openAt,
  settle,
  title,
  useFakeAdapter,
  userRejection,
  type FakeAdapter,
  waitFor,
} from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { activeCaipNetwork, createUnknownNetwork, setActiveCaipNetwork } from '../../../../../src/core/state/network'
import { setApprovedNetworks } from '../../../../../src/core/state/approved-networks'
import { connectEmbeddedAccount } from '../../../helpers/names'
import { modalState } from '../../../../../src/core/modal/modal'
import { routerState } from '../../../../../src/core/modal/router'
import { switchingTo } from '../../../../../src/core/wallet/switch-network'
import { resetAllState } from '../../../helpers/reset'

let fake: FakeAdapter

test.before.each(() => {
  installModal()
  fake = useFakeAdapter()
})

test.after.each(resetAllState)

test('Choose Network lists the requested networks and marks the active one', async () => {
  connectAccount()
  await openAt('SwitchNetwork')
  await waitFor(() => networkRows().length === 2)
  assert.is(title(), 'Choose Network')
  assert.equal(networkRows().map(nameOf), ['Localhost', 'Localhost L2'])
  assert.is(button('Localhost').getAttribute('aria-current'), 'true')
  assert.is(button('Localhost L2').getAttribute('aria-current'), null)
  const badge = button('Localhost L2').querySelector('[aria-hidden="true"]')
  assert.is(badge?.getAttribute('data-initial'), 'L', 'an initial-letter badge')
})

test('while the wallet is asked, the row shows a spinner and "Approve in wallet"; the others wait', async () => {
  connectAccount()
  await openAt('SwitchNetwork')
  await waitFor(() => networkRows().length === 2)
  const hint = button('Localhost L2').querySelector('[aria-live="polite"]')
  assert.ok(hint, 'the live region exists before it has anything to say')
  assert.is(hint?.textContent, '')
  switchingTo.value = localL2.caipNetworkId
  await settle()
  assert.is(hint?.textContent, 'Approve in wallet')
  assert.ok(button(/^Localhost L2/).querySelector('span[aria-hidden="true"]:not([data-initial])'), 'spinner')
  assert.is(networkRows()[0]?.getAttribute('aria-disabled'), 'true')
  switchingTo.value = undefined
  await settle()
  assert.is(hint?.textContent, '')
})

/** From the Account view: the network button, then `name` in the list. */
async function pickOnAccount(name: string): Promise<void> {
  ;(await waitFor(() => findButton('Localhost'))).click()
  await waitFor(() => networkRows().length === 2)
  button(name).click()
}

/** The approval view's heading and status line. */
function approvalText(): { heading: string; status: string } {
  return {
    heading: modalShadow().querySelector('h3')?.textContent ?? '',
    status: modalShadow().querySelector('[role="status"]')?.textContent ?? '',
  }
}

test('picking a network opens SwitchNetwork for it: "Approve in wallet", then back to Account', async () => {
  connectAccount()
  await openAt('Account')
  const pending = deferred<void>()
  fake.behaviour.switchNetwork = () => pending.promise
  await pickOnAccount('Localhost L2')
  await waitFor(() => approvalText().heading === 'Approve in wallet')
  assert.is(title(), 'Localhost L2', 'the header names the network asked for')
  assert.is(approvalText().status, 'Accept connection request in your wallet')
  assert.equal(
    routerState.history.value.map((entry) => entry.view),
    ['Account', 'SwitchNetwork', 'SwitchNetwork'],
  )
  assert.equal(routerState.history.value.at(-1)?.data, { caipNetworkId: localL2.caipNetworkId })
  assert.equal(fake.calls.switchNetwork, [localL2.caipNetworkId])
  assert.not.ok(findButton('Try again'), 'no retry while the wallet is asked')
  pending.resolve()
  await waitFor(() => routerState.history.value.length === 1)
  assert.is(routerState.history.value[0]?.view, 'Account', 'back past the list to where it was opened from')
  assert.is(activeCaipNetwork.value?.caipNetworkId, localL2.caipNetworkId)
  assert.is(modalState.open.value, true)
})

test('declined: "Switch declined" with Try again (focused), which asks the wallet again', async () => {
  connectAccount()
  await openAt('SwitchNetwork')
  await waitFor(() => networkRows().length === 2)
  fake.behaviour.switchNetwork = async () => {
    throw userRejection()
  }
  button('Localhost L2').click()
  await waitFor(() => approvalText().heading === 'Switch declined')
  assert.is(
    approvalText().status,
    'Switch can be declined if chain is not supported by a wallet or previous request is still active',
  )
  const retry = button('Try again')
  assert.is(modalShadow().activeElement, retry, 'focus moves to the way forward')
  assert.is(activeCaipNetwork.value?.caipNetworkId, localhost.caipNetworkId)
  fake.behaviour.switchNetwork = async () => undefined
  retry.click()
  await waitFor(() => activeCaipNetwork.value?.caipNetworkId === localL2.caipNetworkId)
  assert.equal(fake.calls.switchNetwork, [localL2.caipNetworkId, localL2.caipNetworkId])
  await waitFor(() => modalState.open.value === false, { what: 'opened at the list: nothing below it' })
})

test("another failure shows the wallet's reason", async () => {
  connectAccount()
  await openAt('Account')
  fake.behaviour.switchNetwork = async () => {
    throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
  }
  await pickOnAccount('Localhost L2')
  await waitFor(() => approvalText().heading === 'Switch declined')
  assert.is(approvalText().status, 'The wallet does not know this network')
})

test('Back while the wallet is asked returns to the list; a late approval switches but does not navigate', async () => {
  connectAccount()
  await openAt('Account')
  const pending = deferred<void>()
  fake.behaviour.switchNetwork = () => pending.promise
  await pickOnAccount('Localhost L2')
  await waitFor(() => approvalText().heading === 'Approve in wallet')
  button('Back').click()
  await waitFor(() => networkRows().length === 2)
  assert.is(title(), 'Choose Network')
  pending.resolve()
  await waitFor(() => activeCaipNetwork.value?.caipNetworkId === localL2.caipNetworkId)
  await settle(5)
  assert.is(title(), 'Choose Network', 'still on the list')
})

test('from an unsupported network, a successful switch closes the modal', async () => {
  connectAccount()
  setActiveCaipNetwork(createUnknownNetwork('eip155:999'))
  await openAt('UnsupportedChain')
  await waitFor(() => networkRows().length === 2)
  button('Localhost L2').click()
  await waitFor(() => modalState.open.value === false)
  assert.is(activeCaipNetwork.value?.caipNetworkId, localL2.caipNetworkId)
})

test('opened by the dapp at a network (open({ view, data })): it asks, then closes', async () => {
  connectAccount()
  await openAt('SwitchNetwork', { caipNetworkId: localL2.caipNetworkId })
  await waitFor(() => activeCaipNetwork.value?.caipNetworkId === localL2.caipNetworkId)
  assert.equal(fake.calls.switchNetwork, [localL2.caipNetworkId])
  await waitFor(() => modalState.open.value === false)
})

test('router data naming no configured network shows the list', async () => {
  connectAccount()
  await openAt('SwitchNetwork', { caipNetworkId: 'eip155:999' })
  await waitFor(() => networkRows().length === 2)
  assert.is(title(), 'Choose Network')
  assert.equal(fake.calls.switchNetwork, [])
})

test('networks the wallet did not approve are marked and cannot be picked', async () => {
  connectAccount()
  setApprovedNetworks('eip155', [localhost.caipNetworkId])
  await openAt('SwitchNetwork')
  await waitFor(() => networkRows().length === 2)
  const row = button(/^Localhost L2/)
  assert.is(row.getAttribute('aria-disabled'), 'true')
  assert.ok(row.textContent?.includes('Not approved by your wallet'))
  assert.is(button(/^Localhost$/).getAttribute('aria-disabled'), null)
  row.click()
  await settle(5)
  assert.is(routerState.history.value.length, 1, 'nothing opened')
  assert.equal(fake.calls.switchNetwork, [])
  // The wallet approves it (a session update): it can be picked.
  setApprovedNetworks('eip155', [localhost.caipNetworkId, localL2.caipNetworkId])
  await settle()
  assert.is(button(/^Localhost L2/).getAttribute('aria-disabled'), null)
})

test('the embedded wallet switches without a prompt: the view says what it does', async () => {
  connectEmbeddedAccount()
  await openAt('Account')
  const pending = deferred<void>()
  fake.behaviour.switchNetwork = () => pending.promise
  await pickOnAccount('Localhost L2')
  await waitFor(() => approvalText().heading === 'Switching to Localhost L2 network...')
  assert.is(approvalText().status, '')
  pending.resolve()
  await waitFor(() => routerState.history.value.length === 1)
})

test.run()
