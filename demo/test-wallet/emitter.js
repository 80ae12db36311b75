// The smallest event emitter EIP-1193 needs: on / removeListener / emit. A listener that throws
// must not stop the others from hearing the event (one broken dapp handler would otherwise hide
// chainChanged from the rest), so its error is rethrown on its own turn, where it still surfaces
// in the console or as an uncaught exception in Node.

/** @typedef {(...args: any[]) => void} Listener */

export function createEmitter() {
  /** @type {Map<string, Set<Listener>>} */
  const listeners = new Map()

  return {
    /** @param {string} event  @param {Listener} listener */
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener)
    },
    /** @param {string} event  @param {Listener} listener */
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    /** @param {string} event  @param {...unknown} args */
    emit(event, ...args) {
      // A copy: a listener may remove itself (or another) while we iterate.
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(...args)
        } catch (error) {
          setTimeout(() => {
            throw error
          })
        }
      }
    },
    /** @param {string} event */
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0
    },
  }
}
