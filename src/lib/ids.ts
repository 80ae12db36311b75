/**
 * Random ids for events and reports.
 */

/**
 * A random UUID v4. Uses `crypto.randomUUID` where available; it is missing on plain-http pages
 * (not a secure context), where `getRandomValues` still works, so the fallback fills the v4
 * template from it: each x a random hex digit, y one of 8, 9, a, b.
 *
 * @internal
 * @example
 * ```ts
 * const eventId = randomId()
 * ```
 */
export function randomId(): string {
  const { crypto } = globalThis
  return (
    crypto.randomUUID?.() ??
    'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (char) => {
      const nibble = crypto.getRandomValues(new Uint8Array(1))[0]! & 15
      return (char === 'x' ? nibble : (nibble & 3) | 8).toString(16)
    })
  )
}
