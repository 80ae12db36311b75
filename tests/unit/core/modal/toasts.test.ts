import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import type { ManualClock } from '../../../../src/lib/clock'
import {
  hideToast,
  showErrorToast,
  showLoadingToast,
  showSuccessToast,
  toastState,
} from '../../../../src/core/modal/toasts'

let manual: ManualClock
let restore = () => {}

test.before.each(() => {
  manual = createManualClock()
  restore = setClock(manual)
  hideToast()
})
test.after.each(() => restore())

const snapshot = () => ({
  open: toastState.open.value,
  message: toastState.message.value,
  variant: toastState.variant.value,
})

test('a toast shows at once when none is open', () => {
  showSuccessToast('Address copied')
  assert.equal(snapshot(), { open: true, message: 'Address copied', variant: 'success' })
})

test('a new toast while one is open closes it and appears after 150 ms', () => {
  showLoadingToast('Switching…')
  showErrorToast('Token Balance Unavailable')
  assert.is(toastState.open.value, false)
  manual.advance(149)
  assert.is(toastState.open.value, false)
  assert.is(toastState.message.value, 'Switching…')
  manual.advance(1)
  assert.equal(snapshot(), { open: true, message: 'Token Balance Unavailable', variant: 'error' })
})

test('only the last of several quick toasts is shown', () => {
  showLoadingToast('one')
  showSuccessToast('two')
  showErrorToast('three')
  manual.advance(150)
  assert.is(toastState.message.value, 'three')
  manual.advance(150)
  assert.is(toastState.message.value, 'three')
})

test('success and error toasts hide themselves after 2200 ms, loading toasts stay', () => {
  showSuccessToast('Done')
  manual.advance(2199)
  assert.is(toastState.open.value, true)
  manual.advance(1)
  assert.is(toastState.open.value, false)
  showLoadingToast('Waiting')
  manual.advance(60_000)
  assert.is(toastState.open.value, true)
})

test('the auto-hide of a replaced toast does not hide its successor early', () => {
  showSuccessToast('first')
  manual.advance(2000)
  showSuccessToast('second')
  manual.advance(150)
  assert.is(toastState.message.value, 'second')
  manual.advance(2199)
  assert.is(toastState.open.value, true)
  manual.advance(1)
  assert.is(toastState.open.value, false)
})

test('hideToast hides and cancels a pending toast', () => {
  showLoadingToast('one')
  showSuccessToast('two')
  hideToast()
  manual.advance(1000)
  assert.is(toastState.open.value, false)
  assert.is(manual.pending(), 0)
})

test.run()
