import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setAccount } from '../../../../src/core/state/account'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import { eventsState } from '../../../../src/core/analytics'
import {
  addCloseGuard,
  closeModal,
  modalState,
  onFirstOpen,
  openModal,
  preloadModal,
  setEmbedded,
  setModalLoading,
  setModalRenderer,
  shakeModal,
  whenFirstOpenTasksSettled,
} from '../../../../src/core/modal/modal'
import { activeCaipNetwork, setActiveCaipNetwork, setRequestedNetworks } from '../../../../src/core/state/network'
import { currentData, currentView, pushView, routerState } from '../../../../src/core/modal/router'
import { mainnet, solana } from '../../helpers/fixtures'
import { resetAllState } from '../../helpers/reset'

let restoreClock = () => {}
const silentError = console.error

test.before.each(async () => {
  await resetAllState()
  restoreClock()
})
test.after.each(() => {
  console.error = silentError
  restoreClock()
  restoreClock = () => {}
})

test('openModal opens at Connect by default and tracks MODAL_OPEN', async () => {
  pushView('AllWallets')
  await openModal()
  assert.is(modalState.open.value, true)
  assert.equal(routerState.history.value, [{ view: 'Connect' }])
  assert.is(eventsState.last.value?.data.event, 'MODAL_OPEN')
})

test('openModal opens at Account when connected', async () => {
  setActiveCaipNetwork(mainnet)
  setAccount('eip155', { status: 'connected', address: '0xabc' })
  await openModal()
  assert.is(currentView.value, 'Account')
})

test('openModal opens at the requested view with its data', async () => {
  await openModal({ view: 'SwitchNetwork', data: { reason: 'test' } })
  assert.is(currentView.value, 'SwitchNetwork')
  assert.equal(currentData.value, { reason: 'test' })
})

test('openModal with a namespace activates that namespace', async () => {
  setRequestedNetworks([mainnet, solana])
  setActiveCaipNetwork(mainnet)
  await openModal({ namespace: 'solana' })
  assert.is(activeCaipNetwork.value?.caipNetworkId, solana.caipNetworkId)
})

test('openModal awaits the registered renderer', async () => {
  let rendered = false
  setModalRenderer(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5))
    rendered = true
  })
  await openModal()
  assert.ok(rendered)
})

test('a failing renderer rejects openModal and leaves the modal closed', async () => {
  setModalRenderer(async () => {
    throw new Error('chunk failed to load')
  })
  try {
    await openModal()
    assert.unreachable('should reject')
  } catch (error) {
    assert.is((error as Error).message, 'chunk failed to load')
  }
  assert.is(modalState.open.value, false)
})

test('first-open tasks run once, and a failing task does not break opening', async () => {
  console.error = () => undefined
  let runs = 0
  onFirstOpen(() => {
    runs++
  })
  onFirstOpen(async () => {
    throw new Error('remote config down')
  })
  await openModal()
  closeModal()
  await openModal()
  await whenFirstOpenTasksSettled()
  assert.is(runs, 1)
  assert.is(modalState.open.value, true)
})

test('closeModal closes, clears loading and tracks MODAL_CLOSE', async () => {
  await openModal()
  setModalLoading(true)
  assert.is(closeModal(), true)
  assert.is(modalState.open.value, false)
  assert.is(modalState.loading.value, false)
  assert.is(eventsState.last.value?.data.event, 'MODAL_CLOSE')
})

test('a refusing close guard keeps the modal open and shakes it for 500 ms', async () => {
  const manual = createManualClock()
  restoreClock = setClock(manual)
  await openModal()
  const remove = addCloseGuard(() => false)
  assert.is(closeModal(), false)
  assert.is(modalState.open.value, true)
  assert.is(modalState.shake.value, true)
  manual.advance(499)
  assert.is(modalState.shake.value, true)
  manual.advance(1)
  assert.is(modalState.shake.value, false)
  remove()
  assert.is(closeModal(), true)
  assert.is(modalState.open.value, false)
})

test('a throwing close guard does not trap the user', async () => {
  console.error = () => undefined
  await openModal()
  addCloseGuard(() => {
    throw new Error('bug')
  })
  assert.is(closeModal(), true)
})

test('a second shake restarts the 500 ms', () => {
  const manual = createManualClock()
  restoreClock = setClock(manual)
  shakeModal()
  manual.advance(400)
  shakeModal()
  manual.advance(400)
  assert.is(modalState.shake.value, true)
  manual.advance(100)
  assert.is(modalState.shake.value, false)
})

test('loading and embedded flags are settable', () => {
  setModalLoading(true)
  setEmbedded(true)
  assert.is(modalState.loading.value, true)
  assert.is(modalState.embedded.value, true)
  setEmbedded(false)
  assert.is(modalState.embedded.value, false)
})

test('preloadModal fetches the first-open code once; a failed fetch is tried again; opening still renders', async () => {
  let preloads = 0
  let fail = true
  const rendered: string[] = []
  setModalRenderer(
    async () => void rendered.push('mounted'),
    async () => {
      preloads++
      if (fail) throw new Error('offline')
    },
  )
  preloadModal()
  await Promise.resolve()
  await Promise.resolve()
  assert.is(preloads, 1)
  fail = false
  preloadModal()
  preloadModal()
  await Promise.resolve()
  assert.is(preloads, 2, 'the failed preload is forgotten, the next one runs once')
  preloadModal()
  assert.is(preloads, 2, 'a preload that worked is not repeated')
  await openModal()
  assert.equal(rendered, ['mounted'])
})

test('preloadModal without a preloader does nothing', () => {
  setModalRenderer(async () => {})
  preloadModal()
  assert.is(modalState.open.value, false)
})

test.run()
