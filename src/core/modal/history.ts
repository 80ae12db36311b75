/**
 * The view history (SPEC §2 "Stack behaviour") and the rule every navigation lands by: Connect is
 * never shown to a connected user when navigating back or resetting, Account takes its place.
 * Split from the router so the modal can reset the stack while the router closes the modal at the
 * bottom of the stack: router → modal → history, no cycle.
 */
import { computed, signal } from '@preact/signals-core'
import type { ReadonlySignal, Signal } from '@preact/signals-core'
import { isConnected } from '../state/account'
import type { RouterEntry, ViewName } from '../types'

/** @internal The view history, newest last: only the router and the modal change it. */
export const viewHistory: Signal<readonly RouterEntry[]> = signal([{ view: 'Connect' }])

/** Router state: the history, newest last. Read-only: navigate with the router's functions. */
export const routerState: { readonly history: ReadonlySignal<readonly RouterEntry[]> } = { history: viewHistory }

/** The view on top of the stack. */
export const currentView: ReadonlySignal<ViewName> = computed(() => viewHistory.value.at(-1)?.view ?? 'Connect')

/** The data passed with the current view. */
export const currentData: ReadonlySignal<Record<string, unknown> | undefined> = computed(
  () => viewHistory.value.at(-1)?.data,
)

/** @internal */
export function entry(view: ViewName, data?: Record<string, unknown>): RouterEntry {
  return data === undefined ? { view } : { view, data }
}

// Connect means "connect a wallet"; when one already is, the useful destination is Account, unless
// the visitor is adding a wallet for another namespace (SwitchActiveChain passes it on).
/** @internal */
export function landOn(target: RouterEntry): RouterEntry {
  return target.view === 'Connect' && isConnected.peek() && !target.data?.['namespace'] ? { view: 'Account' } : target
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
  viewHistory.value = [landOn(entry(view, data))]
}
