/**
 * The modal's view stack (SPEC §2 "Stack behaviour"). Connect is never shown to a connected user
 * when navigating back or resetting: Account takes its place.
 */
import { computed, signal } from '@preact/signals-core'
import type { ReadonlySignal, Signal } from '@preact/signals-core'
import { isConnected } from './account'
// modal.ts imports this module too; the cycle is safe because both only call each other's
// functions at run time, never while the modules are being evaluated.
import { closeModal } from './modal'
import type { RouterEntry, ViewName } from './types'

/** Router state: the history, newest last. */
export const routerState: { history: Signal<readonly RouterEntry[]> } = {
  history: signal([{ view: 'Connect' }]),
}

/** The view on top of the stack. */
export const currentView: ReadonlySignal<ViewName> = computed(() => routerState.history.value.at(-1)?.view ?? 'Connect')

/** The data passed with the current view. */
export const currentData: ReadonlySignal<Record<string, unknown> | undefined> = computed(
  () => routerState.history.value.at(-1)?.data,
)

function entry(view: ViewName, data?: Record<string, unknown>): RouterEntry {
  return data === undefined ? { view } : { view, data }
}

// Connect means "connect a wallet"; when one already is, the useful destination is Account, unless
// the visitor is adding a wallet for another namespace (SwitchActiveChain passes it on).
function landOn(target: RouterEntry): RouterEntry {
  return target.view === 'Connect' && isConnected.peek() && !target.data?.['namespace'] ? { view: 'Account' } : target
}

/**
 * Shows `view` on top of the current one.
 *
 * @example
 * ```ts
 * pushView('ConnectingExternal', { connectorId: 'injected' })
 * ```
 */
export function pushView(view: ViewName, data?: Record<string, unknown>): void {
  routerState.history.value = [...routerState.history.peek(), entry(view, data)]
}

/**
 * Replaces the current view (the back button then skips it).
 *
 * @example
 * ```ts
 * replaceView('Account')
 * ```
 */
export function replaceView(view: ViewName, data?: Record<string, unknown>): void {
  routerState.history.value = [...routerState.history.peek().slice(0, -1), entry(view, data)]
}

/**
 * Makes `view` the only entry (Account instead of Connect while connected).
 *
 * @example
 * ```ts
 * resetView('Connect')
 * ```
 */
export function resetView(view: ViewName, data?: Record<string, unknown>): void {
  routerState.history.value = [landOn(entry(view, data))]
}

/**
 * Goes back one view; from the first view it closes the modal instead.
 *
 * @example
 * ```ts
 * goBack()
 * ```
 */
export function goBack(): void {
  const history = routerState.history.peek()
  if (history.length <= 1) {
    closeModal()
    return
  }
  const previous = history.slice(0, -1)
  routerState.history.value = [...previous.slice(0, -1), landOn(previous[previous.length - 1] as RouterEntry)]
}

/**
 * Goes back to the entry at `index` (0 is the first view), dropping everything after it. An index
 * outside the history is ignored.
 *
 * @example
 * ```ts
 * goBackToIndex(0)
 * ```
 */
export function goBackToIndex(index: number): void {
  const history = routerState.history.peek()
  if (!Number.isInteger(index) || index < 0 || index >= history.length) return
  const kept = history.slice(0, index + 1)
  routerState.history.value = [...kept.slice(0, -1), landOn(kept[kept.length - 1] as RouterEntry)]
}
