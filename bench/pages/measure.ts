/**
 * In-page timing helpers shared by the bench pages. Every time is `performance.now()` (the same
 * clock as an event's `timeStamp`).
 *
 * - "DOM patched": the time a MutationObserver callback saw the change. Its callback is a
 *   microtask queued by the first mutation, so it runs right after the framework's own microtask
 *   (React's sync lane, Preact's render queue) has committed.
 * - "next frame": a requestAnimationFrame callback, then a task posted from it. That task runs
 *   once the frame's style, layout and paint are done on the main thread.
 */

/** Resolves with the time of the task after the frame that the rAF callback starts. */
function taskAfterFrame(resolve: (time: number) => void): void {
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    resolve(performance.now())
  }
  channel.port2.postMessage(0)
}

/** Time at which the next frame has been produced. */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => taskAfterFrame(resolve)))
}

/** Waits for a frame to start, then runs `action` in it and resolves once that frame is done. */
export function inFrame<T>(action: () => T): Promise<{ value: T; start: number; frameDone: number }> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const start = performance.now()
      const value = action()
      taskAfterFrame((frameDone) => resolve({ value, start, frameDone }))
    }),
  )
}

/** A task later (lets any render a framework deferred to a task happen). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/** Counts DOM mutations under a node (shadow roots included only when passed themselves). */
export class MutationCounter {
  count = 0
  lastAt: number | undefined
  private readonly observer = new MutationObserver((records) => this.add(records.length))

  constructor(target: Node) {
    this.observer.observe(target, { subtree: true, childList: true, characterData: true, attributes: true })
  }

  private add(records: number): void {
    if (records === 0) return
    this.count += records
    this.lastAt = performance.now()
  }

  /** Counts what is still queued, then starts again from zero. */
  reset(): void {
    this.observer.takeRecords()
    this.count = 0
    this.lastAt = undefined
  }

  /** Takes the queued records into the count now. */
  flush(): void {
    this.add(this.observer.takeRecords().length)
  }

  disconnect(): void {
    this.observer.disconnect()
  }
}

/**
 * Resolves with the time `find` first returns something, checked on every mutation under the
 * roots `roots()` returns (they may appear later, e.g. a shadow root). Rejects after `timeoutMs`.
 */
export function whenFound<T>(
  roots: () => Node[],
  find: () => T | null | undefined,
  timeoutMs = 30_000,
): Promise<{ found: T; at: number }> {
  return new Promise((resolve, reject) => {
    const observed = new Set<Node>()
    const timer = setTimeout(() => {
      observer.disconnect()
      reject(new Error(`not found within ${timeoutMs} ms: ${find.toString()}`))
    }, timeoutMs)
    const check = (): boolean => {
      for (const root of roots()) {
        if (!observed.has(root)) {
          observed.add(root)
          observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true })
        }
      }
      const found = find()
      if (!found) return false
      clearTimeout(timer)
      observer.disconnect()
      resolve({ found, at: performance.now() })
      return true
    }
    const observer = new MutationObserver(() => void check())
    check()
  })
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

/** Milliseconds rounded to 0.01. */
export const ms = (value: number): number => Math.round(value * 100) / 100
