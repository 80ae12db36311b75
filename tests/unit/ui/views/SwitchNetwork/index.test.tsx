import {
  button,
  connectAccount,
  deferred,
  findButton,
  installModal,
  localL2,
  nameOf,
  networkRows,
  openAt,
  settle,
  title,
  useFakeAdapter,
  type FakeAdapter,
  waitFor,
} from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { activeCaipNetwork } from '../../../../../src/core/state/network'
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

test('picking a network switches through the wallet and goes back to Account', async () => {
  connectAccount()
  await openAt('Account')
  const pending = deferred<void>()
  fake.behaviour.switchNetwork = () => pending.promise
  ;(await waitFor(() => findButton('Localhost'))).click()
  await waitFor(() => networkRows().length === 2)
  button('Localhost L2').click()
  await waitFor(() => button(/^Localhost L2/).textContent?.includes('Approve in wallet'))
  assert.equal(fake.calls.switchNetwork, [localL2.caipNetworkId])
  // A second click while the wallet prompts asks nothing more.
  networkRows()[0]?.click()
  await settle()
  assert.is(fake.calls.switchNetwork.length, 1)
  pending.resolve()
  await waitFor(() => routerState.history.value.at(-1)?.view === 'Account')
  assert.is(activeCaipNetwork.value?.caipNetworkId, localL2.caipNetworkId)
  assert.is(modalState.open.value, true)
})

test.run()
