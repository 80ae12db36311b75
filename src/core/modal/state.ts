/**
 * The modal's state: whether it is open, loading, shaking or inline. Read anywhere; changed only
 * by `modal.ts`'s open, close and setters (which run the close guards and the renderer).
 */
import { signal, type ReadonlySignal, type Signal } from '@preact/signals-core'

/** The modal signals. */
export interface ModalSignals {
  open: ReadonlySignal<boolean>
  loading: ReadonlySignal<boolean>
  /** True for MODAL_SHAKE_MS after a refused action (the UI plays the shake animation). */
  shake: ReadonlySignal<boolean>
  /** Rendered inline in the page instead of as an overlay. */
  embedded: ReadonlySignal<boolean>
}

/** The same signals, writable: for `modal.ts` only. @internal */
export const modalSignals: { [Field in keyof ModalSignals]: Signal<boolean> } = {
  open: signal(false),
  loading: signal(false),
  shake: signal(false),
  embedded: signal(false),
}

/** Current modal state (read-only: `modal.ts` opens, closes and sets it). */
export const modalState: ModalSignals = modalSignals
