import {
  ADDRESS,
  addTestWallet,
  CONNECTOR_ID,
  deferred,
  dialog,
  findButton,
  installModal,
  modalShadow,
  openAt,
  setNetworks,
  settle,
  title,
  useFakeAdapter,
  type FakeAdapter,
  userRejection,
  waitFor,
} from '../../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../../../../../src/ui/signals-binding'
import { getAccountState } from '../../../../../src/core/state/account'
import type { ConnectReturnType } from '../../../../../src/core/state/adapters'
import { modalState } from '../../../../../src/core/modal/modal'
import { viewHistory } from '../../../../../src/core/modal/history'
import ConnectingExternalView from '../../../../../src/ui/views/ConnectingExternal'
import { resetAllState } from '../../../helpers/reset'

let fake: FakeAdapter

test.before.each(() => {
  installModal()
  fake = useFakeAdapter()
  setNetworks()
  addTestWallet()
})

test.after.each(resetAllState)

/** The spinner ring around the wallet icon. */
function spinner(): Element | null {
  return modalShadow().querySelector('img')?.parentElement?.querySelector('span[aria-hidden="true"]') ?? null
}

function status(): HTMLElement {
  const element = modalShadow().querySelector<HTMLElement>('[role="status"][aria-live="polite"]')
  if (!element) throw new Error('no status')
  return element
}

test('while the wallet prompts: its name as the title, its icon, the instructions and a spinner', async () => {
  const pending = deferred<ConnectReturnType>()
  fake.behaviour.connect = () => pending.promise
  await openAt('ConnectingExternal', { connectorId: CONNECTOR_ID })
  await waitFor(() => fake.calls.connect === 1)
  assert.is(title(), 'SigKit Test Wallet')
  assert.ok(dialog().textContent?.includes('Continue in SigKit Test Wallet'))
  assert.is(status().textContent, 'Accept connection request in the wallet')
  assert.ok(modalShadow().querySelector('img[src^="data:image/svg+xml"]'), 'wallet icon')
  assert.ok(spinner(), 'a decorative spinner around the icon')
  assert.is(findButton('Try again'), undefined)
  pending.resolve({ accounts: [ADDRESS], chainId: 31337 })
  await waitFor(() => !modalState.open.value)
})

test('a declined connection shows the reason; Try again asks the wallet again and connects', async () => {
  fake.behaviour.connect = () => Promise.reject(userRejection())
  await openAt('ConnectingExternal', { connectorId: CONNECTOR_ID })
  await waitFor(() => status().textContent === 'Connection declined')
  assert.is(fake.calls.connect, 1)
  assert.is(spinner(), null, 'no spinner once the wallet has answered')
  const retry = await waitFor(() => findButton('Try again'))

  const pending = deferred<ConnectReturnType>()
  fake.behaviour.connect = () => pending.promise
  retry.focus()
  retry.click()
  await settle()
  assert.is(fake.calls.connect, 2)
  assert.is(status().textContent, 'Accept connection request in the wallet')
  assert.is(findButton('Try again'), undefined)
  assert.is(modalShadow().activeElement, status(), 'focus moves to the status line, not to the page')

  pending.resolve({ accounts: [ADDRESS], chainId: 31337 })
  await waitFor(() => !modalState.open.value)
  assert.is(getAccountState('eip155').status.value, 'connected')
  assert.is(getAccountState('eip155').address.value, ADDRESS)
})

test('an unknown wallet falls back to a generic title and reports the failure', async () => {
  await openAt('ConnectingExternal', { connectorId: 'gone.wallet' })
  assert.is(title(), 'Connecting')
  await waitFor(() => status().textContent === 'Provider not found')
  assert.ok(findButton('Try again'))
})

test('React StrictMode runs the mount effect twice, but the wallet is asked once', async () => {
  const pending = deferred<ConnectReturnType>()
  fake.behaviour.connect = () => pending.promise
  viewHistory.value = [{ view: 'ConnectingExternal', data: { connectorId: CONNECTOR_ID } }]
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  root.render(
    <StrictMode>
      <ConnectingExternalView />
    </StrictMode>,
  )
  await settle(10)
  assert.is(fake.calls.connect, 1)
  // Leaving and coming back while the wallet still prompts joins the same attempt too.
  root.render(<></>)
  await settle()
  root.render(<ConnectingExternalView />)
  await settle()
  assert.is(fake.calls.connect, 1)
  pending.reject(userRejection())
  await waitFor(() => container.textContent?.includes('Connection declined'))
  root.unmount()
  container.remove()
})

test.run()
