import {
  button,
  connectAccount,
  dialog,
  findButton,
  installModal,
  localhost,
  modalShadow,
  nameOf,
  networkRows,
  openAt,
  title,
  useFakeAdapter,
  type FakeAdapter,
  waitFor,
} from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { activeCaipNetwork, createUnknownNetwork, setActiveCaipNetwork } from '../../../../../src/core/state/network'
import { modalState } from '../../../../../src/core/modal/modal'
import { getAccountState } from '../../../../../src/core/state/account'
import { resetAllState } from '../../../helpers/reset'

let fake: FakeAdapter

test.before.each(() => {
  installModal()
  fake = useFakeAdapter()
})

test.after.each(resetAllState)

test('UnsupportedChain explains, offers the networks and Disconnect; switching closes the modal', async () => {
  connectAccount()
  setActiveCaipNetwork(createUnknownNetwork('eip155:999'))
  await openAt('UnsupportedChain')
  await waitFor(() => networkRows().length === 2)
  assert.is(title(), 'Switch Network')
  assert.ok(
    dialog().textContent?.includes(
      "This app doesn't support your current network. Switch to an available option to continue.",
    ),
  )
  assert.ok(findButton('Disconnect'))
  assert.equal(
    networkRows().map((row) => row.getAttribute('aria-current')),
    [null, null],
    'no requested network is active',
  )
  button('Localhost').click()
  await waitFor(() => !modalState.open.value)
  assert.equal(fake.calls.switchNetwork, [localhost.caipNetworkId])
  assert.is(activeCaipNetwork.value?.caipNetworkId, localhost.caipNetworkId)
})

test('UnsupportedChain: Disconnect disconnects and closes', async () => {
  connectAccount()
  setActiveCaipNetwork(createUnknownNetwork('eip155:999'))
  await openAt('UnsupportedChain')
  ;(await waitFor(() => findButton('Disconnect'))).click()
  await waitFor(() => !modalState.open.value)
  assert.is(getAccountState('eip155').status.value, 'disconnected')
})

test('every network control has an accessible name', async () => {
  connectAccount()
  await openAt('UnsupportedChain')
  await waitFor(() => networkRows().length === 2)
  for (const control of Array.from(modalShadow().querySelectorAll('button'))) {
    assert.ok(nameOf(control), `button without a name: ${control.outerHTML}`)
  }
})

test.run()
