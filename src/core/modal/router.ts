/**
 * Navigating the modal's views (SPEC §2 "Stack behaviour"): push, replace, back. The history
 * itself and the landing rule are in `history.ts`.
 */
import { closeModal } from './modal'
import { entry, landOn, viewHistory } from './history'
import type { RouterEntry, ViewName } from '../types'

export { routerState, currentView, currentData, resetView } from './history'

/**
 * Shows `view` on top of the current one.
 *
 * @example
 * ```ts
 * pushView('ConnectingExternal', { connectorId: 'injected' })
 * ```
 */
export function pushView(view: ViewName, data?: Record<string, unknown>): void {
  viewHistory.value = [...viewHistory.peek(), entry(view, data)]
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
  viewHistory.value = [...viewHistory.peek().slice(0, -1), entry(view, data)]
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
  const history = viewHistory.peek()
  if (history.length <= 1) {
    closeModal()
    return
  }
  const previous = history.slice(0, -1)
  viewHistory.value = [...previous.slice(0, -1), landOn(previous[previous.length - 1] as RouterEntry)]
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
  const history = viewHistory.peek()
  if (!Number.isInteger(index) || index < 0 || index >= history.length) return
  const kept = history.slice(0, index + 1)
  viewHistory.value = [...kept.slice(0, -1), landOn(kept[kept.length - 1] as RouterEntry)]
}
