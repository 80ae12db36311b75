// The modal's navigation policy (src/ui/navigation.ts) for a connector's own screen (the embedded
// wallet's ApproveTransaction): the approval shown over the visitor's view goes on the transaction
// stack, and when it ends the stack is popped with its outcome (SPEC §4 "Transaction stack").
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { emitCoreEvent } from '../../../src/core/lifecycle'
import { closeModal, modalState, openModal } from '../../../src/core/modal/modal'
import { currentView, pushView } from '../../../src/core/modal/router'
import { transactionStackSize } from '../../../src/core/modal/transaction-stack'
import { startNavigation } from '../../../src/ui/navigation'
import { resetAllState } from '../helpers/reset'

const CONNECTOR = 'auth'

/** The connector shows its approval screen over Account → Send. */
async function approvalOverSend(): Promise<void> {
  await openModal({ view: 'Account' })
  pushView('Send')
  await emitCoreEvent('connectorScreen', { connectorId: CONNECTOR, view: 'ApproveTransaction', phase: 'open' })
}

const done = (outcome: 'success' | 'error' | 'cancel') =>
  emitCoreEvent('connectorScreen', { connectorId: CONNECTOR, view: 'ApproveTransaction', phase: 'done', outcome })

test.before.each(() => startNavigation())
test.after.each(resetAllState)

test('the approval goes over the visitor’s view on the stack; success pops back to it', async () => {
  await approvalOverSend()
  assert.is(currentView.peek(), 'ApproveTransaction')
  assert.is(transactionStackSize(), 1)
  await done('success')
  assert.is(currentView.peek(), 'Send')
  assert.is(transactionStackSize(), 0)
  assert.is(modalState.open.peek(), true)
})

test('cancelled while the approval still shows (a refused method, a sign-out): pop with cancel goes back', async () => {
  await approvalOverSend()
  await done('cancel')
  assert.is(currentView.peek(), 'Send', 'not left on an approval screen with nothing to approve')
  assert.is(transactionStackSize(), 0)
  assert.is(modalState.open.peek(), true)
})

test('cancelled because the visitor already left the approval view: the stack empties, no second step back', async () => {
  await approvalOverSend()
  pushView('Account') // the visitor moved on; the approval view unmounted and cancelled
  await done('cancel')
  assert.is(currentView.peek(), 'Account')
  assert.is(transactionStackSize(), 0)
})

test('an approval the modal opened for: cancelled while it shows, the modal closes', async () => {
  await emitCoreEvent('connectorScreen', { connectorId: CONNECTOR, view: 'ApproveTransaction', phase: 'open' })
  assert.is(modalState.open.peek(), true)
  assert.is(currentView.peek(), 'ApproveTransaction')
  assert.is(transactionStackSize(), 0)
  await done('cancel')
  assert.is(modalState.open.peek(), false)
})

test('cancelled after the modal closed: nothing reopens', async () => {
  await approvalOverSend()
  closeModal()
  await done('cancel')
  assert.is(modalState.open.peek(), false)
  assert.is(transactionStackSize(), 0)
})

test.run()
