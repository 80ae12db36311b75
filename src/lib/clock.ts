/**
 * Time source for every module that waits or timestamps.
 *
 * SigKit code never calls `Date.now()` or `setTimeout` directly: it goes through {@link clock}, so
 * tests (and headless hosts with their own scheduler) can swap time and make a 500 ms shake or a
 * 30 s back-off run instantly and deterministically.
 */

/** Opaque handle returned by {@link Clock.setTimeout}. */
export type TimerHandle = unknown

/** The operations core needs from a clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Runs `fn` after `ms` milliseconds. */
  setTimeout(fn: () => void, ms: number): TimerHandle
  /** Cancels a timer returned by `setTimeout`; unknown handles are ignored. */
  clearTimeout(handle: TimerHandle): void
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
}

let current: Clock = systemClock

/**
 * The active clock. Methods delegate to whatever {@link setClock} installed last.
 *
 * @example
 * ```ts
 * const started = clock.now()
 * clock.setTimeout(() => console.log(clock.now() - started), 150)
 * ```
 */
export const clock: Clock = {
  now: () => current.now(),
  setTimeout: (fn, ms) => current.setTimeout(fn, ms),
  clearTimeout: (handle) => current.clearTimeout(handle),
}

/**
 * Installs another clock (partially: missing methods keep the current ones) and returns a function
 * that restores the previous clock.
 *
 * @example
 * ```ts
 * const restore = setClock(createManualClock())
 * // ... drive time by hand ...
 * restore()
 * ```
 */
export function setClock(next: Partial<Clock>): () => void {
  const previous = current
  current = { ...previous, ...next }
  return () => {
    current = previous
  }
}

/**
 * Resolves after `ms` milliseconds of the active clock.
 *
 * @example
 * ```ts
 * await sleep(1000)
 * ```
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    clock.setTimeout(resolve, ms)
  })
}

/** A clock whose time only moves when {@link ManualClock.advance} is called. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void
  /** Number of timers still waiting. */
  pending(): number
}

/**
 * Creates a {@link ManualClock} starting at `start` ms. Meant for tests of timed behaviour.
 *
 * @internal
 * @example
 * ```ts
 * const manual = createManualClock()
 * const restore = setClock(manual)
 * showSuccessToast('Copied')
 * manual.advance(2200)
 * restore()
 * ```
 */
export function createManualClock(start = 1_700_000_000_000): ManualClock {
  let time = start
  let nextId = 1
  // Kept sorted by due time, then by creation, so equal deadlines fire in scheduling order.
  let timers: { id: number; due: number; fn: () => void }[] = []
  return {
    now: () => time,
    setTimeout(fn, ms) {
      const id = nextId++
      timers.push({ id, due: time + Math.max(0, ms), fn })
      timers.sort((a, b) => a.due - b.due || a.id - b.id)
      return id
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer.id !== handle)
    },
    advance(ms) {
      const target = time + ms
      for (;;) {
        const next = timers[0]
        if (!next || next.due > target) break
        timers.shift()
        time = next.due
        next.fn()
      }
      time = target
    },
    pending: () => timers.length,
  }
}
