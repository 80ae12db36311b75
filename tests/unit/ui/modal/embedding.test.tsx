// Embedded mode (SPEC §2 "shown in embedded mode"; AppKit's `enableEmbedded`): the modal renders
// inline in the page's <appkit-modal>, in the page's flow, shown without being opened, with no
// backdrop or close button, and it leaves the page's focus alone.
import '../../helpers/dom'
import { modalShadow, press, settle, waitFor } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createAppKitWith } from '../../../../src/app-kit'
import { defineAppKitButton } from '../../../../src/ui/button/element'
import { modalState } from '../../../../src/core/modal/modal'
import { pushView, routerState } from '../../../../src/core/modal/router'
import { mainnet } from '../../helpers/fixtures'

// The page's own field, focused before SigKit starts; and the element the dapp renders later.
const field = document.body.appendChild(document.createElement('input'))
field.focus()
const createAppKit = createAppKitWith(defineAppKitButton)
const appKit = createAppKit({
  projectId: 'test-project',
  networks: [mainnet],
  features: { analytics: false },
  enableEmbedded: true,
})
const slot = document.createElement('appkit-modal')
const before = document.body.appendChild(document.createElement('p'))
before.after(slot)
slot.after(document.createElement('footer'))

const region = () => modalShadow().querySelector<HTMLElement>('[role="region"]')
const host = () => document.querySelector('sigkit-modal') as HTMLElement

test('shown at once, inside <appkit-modal>, in the page flow: a region with no backdrop or Close', async () => {
  await waitFor(() => region() !== null, { what: 'the inline modal' })
  assert.is(host().parentElement, slot, 'the host moved into the page element')
  assert.is(host().style.position, 'relative')
  assert.not.ok(host().style.inset)
  assert.is(modalState.embedded.value, true)
  assert.is(modalState.open.value, false, 'shown without being opened')
  assert.is(region()?.getAttribute('aria-modal'), null)
  assert.is(modalShadow().querySelector('[role="dialog"]'), null)
  assert.is(region()?.getAttribute('aria-labelledby'), 'sk-dialog-title')
  assert.is(modalShadow().getElementById('sk-dialog-title')?.textContent, 'Connect Wallet')
  assert.not.ok(
    Array.from(modalShadow().querySelectorAll('button')).some(
      (button) => button.getAttribute('aria-label') === 'Close',
    ),
  )
  // The card is the only thing rendered: no full-page layer around it.
  assert.is(region()?.parentElement?.parentNode, modalShadow())
})

test("the page's focus stays where it was; Escape does not close it", async () => {
  await waitFor(() => region() !== null)
  assert.is(document.activeElement, field)
  pushView('AllWallets')
  await settle(10)
  assert.is(document.activeElement, field, 'a view change does not pull focus into the widget')
  press('Escape')
  await settle()
  assert.is(routerState.history.value.at(-1)?.view, 'AllWallets')
})

test('open() moves the inline modal to a view; close() brings it back to where it rests', async () => {
  await appKit.open({ view: 'AllWallets' })
  assert.is(modalState.open.value, true)
  assert.equal(
    routerState.history.value.map((entry) => entry.view),
    ['AllWallets'],
  )
  assert.is(appKit.close(), true)
  await settle()
  assert.equal(
    routerState.history.value.map((entry) => entry.view),
    ['Connect'],
  )
  assert.ok(region(), 'still shown')
  assert.is(host().parentElement, slot)
})

test('without the option the modal is the overlay: setEmbedded(false) puts the host back over the page', async () => {
  const { setEmbedded } = await import('../../../../src/core/modal/modal')
  await setEmbedded(false)
  await settle()
  assert.is(host().parentElement, document.body)
  assert.is(host().style.position, 'fixed')
  assert.is(region(), null, 'closed, the overlay shows nothing')
})

test.run()
