import '../../helpers/dom'
import { focused, modalShadow, press, settle, waitFor } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createAppKitWith } from '../../../../src/app-kit'
import { defineAppKitButton } from '../../../../src/ui/button/element'
import { addCloseGuard, modalState } from '../../../../src/core/modal/modal'
import { pushView, routerState } from '../../../../src/core/modal/router'
import type { ViewName } from '../../../../src/core/types'
import { showErrorToast, showSuccessToast } from '../../../../src/core/modal/toasts'
import { views } from '../../../../src/ui/views/registry'
import { mainnet } from '../../helpers/fixtures'

// A second view registered the way feature issues register theirs: lazily, as data.
views.SwitchNetwork = {
  title: 'switchNetwork',
  load: async () => ({ default: () => <button type="button">Localhost L2</button> }),
}

const createAppKit = createAppKitWith(defineAppKitButton)
const appKit = createAppKit({ projectId: 'test-project', networks: [mainnet], features: { analytics: false } })

function dialog(): HTMLElement {
  const element = modalShadow().querySelector<HTMLElement>('[role="dialog"]')
  if (!element) throw new Error('no dialog')
  return element
}

function findButton(name: string): HTMLButtonElement | undefined {
  return Array.from(modalShadow().querySelectorAll('button')).find(
    (button) => button.getAttribute('aria-label') === name || button.textContent?.trim() === name,
  )
}

function buttonByName(name: string): HTMLButtonElement {
  const match = findButton(name)
  if (!match) throw new Error(`no button named ${name}`)
  return match
}

async function openFromButton(): Promise<HTMLButtonElement> {
  const host =
    document.querySelector('appkit-button') ?? document.body.appendChild(document.createElement('appkit-button'))
  await settle()
  const inner = host.shadowRoot?.querySelector('button')
  if (!inner) throw new Error('button not rendered')
  inner.focus()
  inner.click()
  await settle(20)
  return inner
}

test.after.each(async () => {
  appKit.close()
  await settle()
})

test('the button says "Connect Wallet" and opens a labelled modal dialog on the Connect view', async () => {
  const inner = await openFromButton()
  assert.is(inner.textContent, 'Connect Wallet')
  const element = dialog()
  assert.is(element.getAttribute('aria-modal'), 'true')
  const title = modalShadow().getElementById(element.getAttribute('aria-labelledby') ?? '')
  assert.is(title?.textContent, 'Connect Wallet')
  assert.is(routerState.history.value.at(-1)?.view, 'Connect')
  assert.is(inner.getAttribute('aria-expanded'), 'true')
})

test('focus moves into the dialog on open and returns to the button on Escape', async () => {
  const inner = await openFromButton()
  assert.ok(dialog().contains(focused()), 'focus is inside the dialog')
  press('Escape')
  await settle()
  assert.is(modalState.open.value, false)
  assert.is(modalShadow().querySelector('[role="dialog"]'), null)
  assert.is(focused(), inner)
})

test('Tab and Shift+Tab wrap around inside the dialog', async () => {
  await openFromButton()
  pushView('SwitchNetwork')
  await settle(20)
  const back = buttonByName('Back')
  const last = await waitFor(() => findButton('Localhost L2'))
  last.focus()
  const forward = press('Tab')
  assert.ok(forward.defaultPrevented)
  assert.is(focused(), back, 'Tab from the last control goes to the first')
  press('Tab', { shiftKey: true })
  assert.is(focused(), last, 'Shift+Tab from the first control goes to the last')
})

test('back navigates the stack, and back from the first view closes the modal', async () => {
  await openFromButton()
  pushView('SwitchNetwork')
  await settle(20)
  assert.is(modalShadow().getElementById('sk-dialog-title')?.textContent, 'Switch Network')
  buttonByName('Back').click()
  await settle(20)
  assert.is(modalShadow().getElementById('sk-dialog-title')?.textContent, 'Connect Wallet')
  assert.throws(() => buttonByName('Back'), 'no back button on the first view')
  assert.is(modalState.open.value, true)
})

test('the close button and the backdrop close the modal', async () => {
  await openFromButton()
  buttonByName('Close').click()
  await settle()
  assert.is(modalState.open.value, false)
  await openFromButton()
  const backdrop = dialog().parentElement as HTMLElement
  backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
  await settle()
  assert.is(modalState.open.value, false)
})

test('a close guard keeps the modal open against Escape, close and backdrop, and shakes it', async () => {
  await openFromButton()
  const release = addCloseGuard(() => false)
  try {
    press('Escape')
    buttonByName('Close').click()
    await settle()
    assert.is(modalState.open.value, true)
    assert.is(modalState.shake.value, true)
    assert.ok(dialog(), 'dialog still rendered')
  } finally {
    release()
  }
  press('Escape')
  await settle()
  assert.is(modalState.open.value, false)
})

test('toasts are announced: errors as alerts, successes as status', async () => {
  await openFromButton()
  showErrorToast('Signature declined')
  await settle()
  const error = modalShadow().querySelector('[role="alert"]')
  assert.is(error?.textContent, 'Signature declined')
  showSuccessToast('Copied')
  await new Promise((resolve) => setTimeout(resolve, 200))
  await settle()
  const status = Array.from(modalShadow().querySelectorAll('[role="status"]')).find((el) => el.textContent === 'Copied')
  assert.ok(status, 'the new toast replaced the old one after the re-open delay')
})

test('a view that cannot load tells the visitor instead of showing an empty modal', async () => {
  await openFromButton()
  pushView('NoSuchView' as ViewName) // no such view, on purpose
  await waitFor(() => dialog().textContent?.includes('This view could not be loaded.'))
})

test('every control in the open modal has an accessible name', async () => {
  await openFromButton()
  pushView('SwitchNetwork')
  await waitFor(() => findButton('Localhost L2'))
  for (const button of Array.from(modalShadow().querySelectorAll('button'))) {
    const name = button.getAttribute('aria-label') ?? button.textContent?.trim()
    assert.ok(name, `button without a name: ${button.outerHTML}`)
  }
})

test.run()
