/**
 * The browser's ways for the dapp's tabs to talk: a message channel between them
 * (`BroadcastChannel`) and a lock only one of them holds at a time (the Web Locks API). Both are
 * looked up when called, never at import, so this is safe during server rendering.
 */

/** A channel to the same page's other tabs (same origin, same name). */
export interface TabChannel {
  /** Sends to every other tab listening on the name (not to this one). */
  post(message: unknown): void
  close(): void
}

/**
 * Opens the channel `name`; `onMessage` gets what other tabs post, as sent: outside input, to
 * validate.
 *
 * @returns undefined where the browser has no `BroadcastChannel` (tabs then do not follow each other).
 * @example
 * ```ts
 * const channel = openTabChannel('sigkit:project-id', (data) => console.log(data))
 * channel?.post({ type: 'hello' })
 * ```
 */
export function openTabChannel(name: string, onMessage: (data: unknown) => void): TabChannel | undefined {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel
  if (typeof Channel !== 'function') return undefined
  const channel = new Channel(name) as BroadcastChannel & { unref?: () => void }
  // Node's channel (headless hosts, tests) would otherwise keep the process alive.
  channel.unref?.()
  channel.onmessage = (event: MessageEvent) => onMessage(event.data)
  return {
    post(message) {
      try {
        channel.postMessage(message)
      } catch {
        // A closed channel or an uncloneable value: the other tabs catch up on their next load.
      }
    },
    close: () => channel.close(),
  }
}

/**
 * Runs `task` while holding the lock `name` across the page's tabs: a second tab asking for it
 * waits until the first one's task settles. Without the Web Locks API the task runs at once.
 *
 * @example
 * ```ts
 * await withTabLock('sigkit-restore:project-id', () => restoreSession())
 * ```
 */
export function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks
  return typeof locks?.request === 'function' ? (locks.request(name, task) as Promise<T>) : task()
}
