/**
 * Small guards for outside input (options, API responses, storage). Kept separate so every
 * validator uses the same notion of "a URL" or "a plain object".
 */

/** @internal A non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** @internal A string with something besides whitespace. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

/** @internal An absolute URL whose protocol is one of `protocols` (e.g. `['http:', 'https:']`). */
export function isUrlWithProtocol(value: unknown, protocols: readonly string[]): value is string {
  if (typeof value !== 'string') return false
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** @internal An absolute http(s) URL. */
export function isHttpUrl(value: unknown): value is string {
  return isUrlWithProtocol(value, ['http:', 'https:'])
}

/** @internal An absolute ws(s) URL. */
export function isWsUrl(value: unknown): value is string {
  return isUrlWithProtocol(value, ['ws:', 'wss:'])
}

/** @internal An array whose every item is a string. */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/**
 * @internal A picture URL that may go into an `<img src>`: http(s), or an inline `data:image/…`
 * (an SVG one too: in an `<img>` its scripts never run), at most 256 KB. Anything else
 * (`javascript:`, `data:text/html`, a relative or protocol-relative path) is refused. Outside data
 * goes through `imageUrl` (`src/lib/links.ts`), which builds on this.
 */
export function isImageUrl(value: unknown): value is string {
  return (
    (isHttpUrl(value) || (typeof value === 'string' && /^data:image\/[-+.\w]+[;,]/i.test(value))) &&
    value.length <= 256 * 1024
  )
}
