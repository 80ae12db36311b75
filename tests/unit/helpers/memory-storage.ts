/**
 * An in-memory `localStorage` for Node tests (Node 20 has none), plus a variant that throws on
 * every call like a sandboxed iframe does.
 */

export interface MemoryStorage extends Storage {
  /** Raw stored strings, for asserting what was written. */
  readonly data: Map<string, string>
}

export function createMemoryStorage(): MemoryStorage {
  const data = new Map<string, string>()
  return {
    data,
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => {
      data.delete(key)
    },
    setItem: (key, value) => {
      data.set(key, String(value))
    },
  }
}

export function createThrowingStorage(): Storage {
  const deny = () => {
    throw new Error('SecurityError: access denied')
  }
  return { length: 0, clear: deny, getItem: deny, key: deny, removeItem: deny, setItem: deny }
}

/** Installs `storage` as `globalThis.localStorage` (undefined removes it); returns a restore function. */
export function installStorage(storage: Storage | undefined): () => void {
  const had = Object.prototype.hasOwnProperty.call(globalThis, 'localStorage')
  const previous = (globalThis as { localStorage?: Storage }).localStorage
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true })
  return () => {
    if (had) Object.defineProperty(globalThis, 'localStorage', { value: previous, configurable: true, writable: true })
    else delete (globalThis as { localStorage?: Storage }).localStorage
  }
}
