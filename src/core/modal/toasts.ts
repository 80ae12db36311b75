/**
 * Toasts (SPEC §4 "Toasts"): loading, success and error. A new toast while one is open first
 * closes it and appears after TOAST_REOPEN_DELAY_MS, so the change is visible as a new message
 * rather than text swapping in place. Success and error toasts hide themselves.
 */
import { batch, signal } from '@preact/signals-core'
import type { Signal } from '@preact/signals-core'
import { clock } from '../../lib/clock'
import type { TimerHandle } from '../../lib/clock'
import { TOAST_AUTO_HIDE_MS, TOAST_REOPEN_DELAY_MS } from '../constants'
import type { ToastVariant } from '../types'

/** The toast signals. */
export interface ToastSignals {
  open: Signal<boolean>
  message: Signal<string>
  variant: Signal<ToastVariant>
}

/** Current toast state. */
export const toastState: ToastSignals = {
  open: signal(false),
  message: signal(''),
  variant: signal('success'),
}

let reopenTimer: TimerHandle | undefined
let hideTimer: TimerHandle | undefined

function clearTimers(): void {
  if (reopenTimer !== undefined) clock.clearTimeout(reopenTimer)
  if (hideTimer !== undefined) clock.clearTimeout(hideTimer)
  reopenTimer = undefined
  hideTimer = undefined
}

function display(message: string, variant: ToastVariant): void {
  batch(() => {
    toastState.message.value = message
    toastState.variant.value = variant
    toastState.open.value = true
  })
  if (variant !== 'loading') hideTimer = clock.setTimeout(hideToast, TOAST_AUTO_HIDE_MS)
}

function show(message: string, variant: ToastVariant): void {
  clearTimers()
  if (toastState.open.peek()) {
    toastState.open.value = false
    reopenTimer = clock.setTimeout(() => {
      reopenTimer = undefined
      display(message, variant)
    }, TOAST_REOPEN_DELAY_MS)
  } else {
    display(message, variant)
  }
}

/**
 * Shows a loading toast; it stays until replaced or hidden.
 *
 * @example
 * ```ts
 * showLoadingToast('Switching network…')
 * ```
 */
export function showLoadingToast(message: string): void {
  show(message, 'loading')
}

/**
 * Shows a success toast that hides itself.
 *
 * @example
 * ```ts
 * showSuccessToast('Address copied')
 * ```
 */
export function showSuccessToast(message: string): void {
  show(message, 'success')
}

/**
 * Shows an error toast that hides itself.
 *
 * @example
 * ```ts
 * showErrorToast('Token Balance Unavailable')
 * ```
 */
export function showErrorToast(message: string): void {
  show(message, 'error')
}

/**
 * Hides the toast and cancels a pending one.
 *
 * @example
 * ```ts
 * hideToast()
 * ```
 */
export function hideToast(): void {
  clearTimers()
  toastState.open.value = false
}
