/**
 * The baselines' state: one store holding one value, read by components through
 * `useSyncExternalStore`, every subscriber told of every change (the shape of a zustand or
 * valtio store as a widget reads it).
 */
export function createStore<T>(initial: T) {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(next: T) {
      state = next
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
