import { findButton, modalShadow, openAt, setNetworks, settle, waitFor } from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { closeModal, setModalRenderer } from '../../../../../src/core/modal/modal'
import { routerState } from '../../../../../src/core/modal/router'

// As createAppKit renders the modal: the installed wallets are asked to announce themselves first.
setModalRenderer(() =>
  Promise.all([import('../../../../../src/ui/modal/mount'), import('../../../../../src/connectors/injected')]).then(
    ([ui, injected]) => (injected.startInjectedDiscovery(), ui.mountModal()),
  ),
)

const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
let requests = 0

// A wallet extension: it announces itself whenever the page asks (EIP-6963).
window.addEventListener('eip6963:requestProvider', () => {
  requests++
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: Object.freeze({
        info: { uuid: '0b0b8a4e-5a0c-4f5e-9d5e-6a1f1d0c1e2f', name: 'Rabbit Wallet', icon: ICON, rdns: 'io.rabbit' },
        provider: { request: async () => null },
      }),
    }),
  )
})

test.after.each(async () => {
  closeModal()
  await settle()
})

test('opening Connect asks installed wallets to announce themselves and lists them with their icons', async () => {
  setNetworks()
  assert.is(requests, 0, 'nothing asked before the modal opens')
  await openAt('Connect')
  const wallet = await waitFor(() => findButton('Rabbit Wallet'))
  assert.is(requests, 1)
  const icon = wallet.querySelector('img')
  assert.is(icon?.getAttribute('src'), ICON)
  assert.is(icon?.getAttribute('alt'), '', 'the name is next to it')
  assert.ok(modalShadow().querySelector('ul[aria-label="Wallets"]'))
})

test('picking a wallet opens ConnectingExternal for it', async () => {
  setNetworks()
  await openAt('Connect')
  // Discovery runs once per page: reopening lists the wallet without asking again.
  const wallet = await waitFor(() => findButton('Rabbit Wallet'))
  assert.is(requests, 1)
  wallet.click()
  await settle()
  assert.equal(routerState.history.value.at(-1), { view: 'ConnectingExternal', data: { connectorId: 'io.rabbit' } })
})

test.run()
