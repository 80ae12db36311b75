// CDN-build stand-in for `@preact/signals-react/runtime` (aliased in build/cdn-aliases.mjs).
//
// In the React build, components call `useSignals()` so React re-renders when a signal read
// during render changes. In the CDN build React is `preact/compat`, and `@preact/signals`
// already tracks signals read during a Preact render through Preact's option hooks, so the
// tracking call has nothing to do. It still returns an object with the `EffectStore` shape
// callers may use (`store.f()` in a `finally`, or `using` via Symbol.dispose).
//
// Every export of the real runtime module is provided, so any import the source adds keeps
// resolving: the hooks come from @preact/signals, the tracking helpers are no-ops.
export { useSignal, useComputed, useSignalEffect, useModel } from '@preact/signals'

const dispose = Symbol.dispose || Symbol.for('Symbol.dispose')

const store = {
  f() {},
  [dispose]() {},
}

/** No-op: Preact tracks signals read during render by itself. */
export function useSignals() {
  return store
}

/** Same no-op under the runtime's internal name. */
export const _useSignalsImplementation = useSignals

/** No-op: nothing to clean up when no effect store was opened. */
export function ensureFinalCleanup() {}

/** Identity: Preact's JSX needs no wrapping to read signals. */
export function wrapJsx(jsx) {
  return jsx
}
