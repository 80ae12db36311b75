// The transaction stack (SPEC §4 "Transaction stack"): what a flow waiting for an in-modal
// approval does when the approval ends. Success runs onSuccess and stays; error runs onError and
// goes back; cancel runs onCancel and goes back. Clearing (the modal closed) cancels every entry
// without navigating.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { modalState, openModal } from '../../../../src/core/modal/modal'
import { currentView, pushView } from '../../../../src/core/modal/router'
import {
  clearTransactionStack,
  popTransactionStack,
  pushTransactionStack,
  transactionStackSize,
} from '../../../../src/core/modal/transaction-stack'
import { resetAllState } from '../../helpers/reset'

let ran: string[] = []
const entry = (name: string) => ({
  onSuccess: () => void ran.push(`${name} success`),
  onError: () => void ran.push(`${name} error`),
  onCancel: () => void ran.push(`${name} cancel`),
})

/** The modal open on Account, the visitor on Send, the approval view pushed over it. */
async function onApproval(): Promise<void> {
  await openModal({ view: 'Account' })
  pushView('Send')
  pushView('ApproveTransaction')
}

test.before.each(() => {
  ran = []
})
test.after.each(resetAllState)

test('pop with success runs the newest entry’s onSuccess only, and does not navigate', async () => {
  await onApproval()
  pushTransactionStack(entry('older'))
  pushTransactionStack(entry('newest'))
  popTransactionStack('success')
  assert.equal(ran, ['newest success'])
  assert.is(transactionStackSize(), 1)
  assert.is(currentView.peek(), 'ApproveTransaction', 'onSuccess decides where to go')
  popTransactionStack('success')
  assert.equal(ran, ['newest success', 'older success'])
  assert.is(transactionStackSize(), 0)
})

test('pop with error runs onError and goes back', async () => {
  await onApproval()
  pushTransactionStack(entry('send'))
  popTransactionStack('error')
  assert.equal(ran, ['send error'])
  assert.is(currentView.peek(), 'Send')
  assert.is(transactionStackSize(), 0)
})

test('pop with cancel runs onCancel and goes back', async () => {
  await onApproval()
  pushTransactionStack(entry('send'))
  popTransactionStack('cancel')
  assert.equal(ran, ['send cancel'])
  assert.is(currentView.peek(), 'Send')
  assert.is(modalState.open.peek(), true)
  assert.is(transactionStackSize(), 0)
})

test('a callback that throws is logged; the entry is gone and the modal still goes back', async () => {
  await onApproval()
  pushTransactionStack({
    onCancel: () => {
      throw new Error('flow broke')
    },
  })
  const logged: unknown[] = []
  const original = console.error
  console.error = (...args: unknown[]) => logged.push(args[0])
  try {
    popTransactionStack('cancel')
  } finally {
    console.error = original
  }
  assert.equal(logged, ['[SigKit] transaction stack callback failed'])
  assert.is(transactionStackSize(), 0)
  assert.is(currentView.peek(), 'Send')
})

test('clearing (the modal closed) cancels every entry, newest first, without navigating', async () => {
  await onApproval()
  pushTransactionStack(entry('older'))
  pushTransactionStack(entry('newest'))
  clearTransactionStack()
  assert.equal(ran, ['newest cancel', 'older cancel'])
  assert.is(transactionStackSize(), 0)
  assert.is(currentView.peek(), 'ApproveTransaction')
})

test.run()
