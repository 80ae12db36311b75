/**
 * The transaction stack (SPEC §4): a flow that leads to a wallet request needing approval inside
 * the modal (the embedded wallet's ApproveTransaction) pushes what should happen when that
 * request ends. Popping runs the entry's callback; error and cancel also go back a view.
 * LAZY: only the embedded wallet and the flows using it import this.
 */
import { goBack } from './router'
import { log } from '../../lib/logger'

/** What to do when the request an entry stands for ends. */
export interface TransactionStackEntry {
  onSuccess?(): void
  onError?(): void
  onCancel?(): void
}

const stack: TransactionStackEntry[] = []

/**
 * Pushes an entry.
 *
 * @example
 * ```ts
 * pushTransactionStack({ onSuccess: () => replaceView('Account') })
 * ```
 */
export function pushTransactionStack(entry: TransactionStackEntry): void {
  stack.push(entry)
}

/**
 * Pops the newest entry: success runs `onSuccess`; error runs `onError` and goes back; cancel runs
 * `onCancel` and goes back. A callback that throws is logged; the stack stays consistent.
 *
 * @example
 * ```ts
 * popTransactionStack('error')
 * ```
 */
export function popTransactionStack(outcome: 'success' | 'error' | 'cancel'): void {
  const entry = stack.pop()
  try {
    if (outcome === 'success') entry?.onSuccess?.()
    else if (outcome === 'error') entry?.onError?.()
    else entry?.onCancel?.()
  } catch (error) {
    log('error', 'transaction stack callback failed', error)
  }
  if (outcome !== 'success') goBack()
}

/**
 * Number of entries.
 *
 * @example
 * ```ts
 * if (transactionStackSize() === 0) closeModal()
 * ```
 */
export function transactionStackSize(): number {
  return stack.length
}

/**
 * Empties the stack, running every entry's `onCancel` (newest first) without navigating: the
 * modal closed, nothing is left to go back to.
 *
 * @example
 * ```ts
 * clearTransactionStack()
 * ```
 */
export function clearTransactionStack(): void {
  while (stack.length > 0) {
    try {
      stack.pop()?.onCancel?.()
    } catch (error) {
      log('error', 'transaction stack callback failed', error)
    }
  }
}
