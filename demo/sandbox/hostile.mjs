// @ts-check
// The API emulator's 'hostile' fault mode: a route answers with its real answer (computed from the
// chains as always) turned hostile, as a compromised or spoofed service could send it. Every text a
// person reads (names, symbols) gets markup, bidi controls, zero-width or tag characters, or grows
// to 10 KB; every link gets a refused scheme (`javascript:`, `data:`, `vbscript:`, `file:`,
// `blob:`); every picture URL an odd one; and each list of named things gets copies of its first
// item with wrong-typed fields. A picture route answers an SVG with a script in it. The result is
// deterministic (the n-th text of an answer always gets the n-th variant), so a test can look for it.
//
//   import { hostileBody } from './hostile.mjs'
//   hostileBody({ count: 1, data: [{ id: 'a', name: 'Rainbow', mobile_link: 'rainbow://' }] })
//   // { count: 1, data: [{ id: 'a', name: '<script>alert(1)</script>Rainbow', mobile_link: 'javascript:alert(document.domain)' }, …wrong-typed copies] }

/** Keys whose string value people read. */
const TEXT_KEYS = new Set(['name', 'symbol', 'display_name', 'title', 'description', 'bio', 'userName'])

/** Keys whose string value is opened as a link. */
const LINK_KEYS = /(^|_)(link|url|uri|homepage)$/i

/** Keys whose value is a picture (`iconUrl`, `logoUri`…), or whose `url` below is one (`icon: { url }`). */
const IMAGE_KEYS = /^(icon|iconUrl|logoUri|logo|image|image_url|avatar|preview)$/i

/**
 * How a shown text is made hostile, from its real value. Each keeps the real value readable once
 * the client has cleaned it (or, for markup, shows it as text).
 * @type {readonly ((text: string) => string)[]}
 */
export const HOSTILE_TEXTS = Object.freeze([
  (text) => `<script>alert(1)</script>${text}`,
  (text) => `\u202E${text}\u202C`,
  (text) => [...text].join('\u200B'),
  (text) => `<img src=x onerror="alert(document.domain)">${text}`,
  (text) => `${text}${'\u200D'.repeat(8)}${'W'.repeat(10_240)}`,
  (text) => `\u2067${text}\u2069\u200F\u061C`,
  (text) => `${text}\u{E0041}\u{E0042}\u{E007F}\uFEFF\u2060`,
  (text) => `${text}\u0000\u001B[31m\u00AD`,
])

/** Links no client may open. */
export const REFUSED_LINKS = Object.freeze([
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)//',
  ' \tjava\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://evil.example/0b1c',
  'javascript://%0Aalert(1)',
])

/** Picture URLs no `<img>` should load: refused schemes, relative and broken ones, 10 KB ones. */
export const ODD_IMAGE_URLS = Object.freeze([
  'javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '//evil.example/pixel.png',
  '../../etc/passwd',
  'https://',
  'http://[::1',
  `https://evil.example/${'a'.repeat(10_240)}.png`,
  'vbscript:msgbox(1)',
])

/** What a picture route answers in hostile mode: an SVG that would run script if it were a page. */
export const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="alert(1)">' +
  '<script>alert(document.domain)</script><rect width="64" height="64" fill="#c00"/></svg>'

/** Values of the wrong type for a field. */
const WRONG_TYPES = Object.freeze([42, null, true, ['oops'], { toString: 'oops' }])

/**
 * The hostile version of a route's JSON answer (see the file's head). `body` is not changed.
 * @param {unknown} body
 * @returns {unknown}
 */
export function hostileBody(body) {
  const counters = { text: 0, link: 0, image: 0 }
  /** @param {unknown} value @param {string} key @param {boolean} inImage @returns {unknown} */
  function visit(value, key, inImage) {
    if (typeof value === 'string') {
      if (inImage || IMAGE_KEYS.test(key)) return ODD_IMAGE_URLS[counters.image++ % ODD_IMAGE_URLS.length]
      if (LINK_KEYS.test(key)) return REFUSED_LINKS[counters.link++ % REFUSED_LINKS.length]
      if (TEXT_KEYS.has(key) && value !== '')
        return /** @type {(text: string) => string} */ (HOSTILE_TEXTS[counters.text++ % HOSTILE_TEXTS.length])(value)
      return value
    }
    if (Array.isArray(value)) {
      const items = value.map((item) => visit(item, key, inImage))
      const first = value.find((item) => isNamed(item))
      return first ? [...items, ...wrongTypedCopies(/** @type {Record<string, unknown>} */ (first))] : items
    }
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, visit(item, name, inImage || IMAGE_KEYS.test(name))]),
      )
    return value
  }
  return visit(body, '', false)
}

/** @param {unknown} item */
function isNamed(item) {
  return (
    typeof item === 'object' &&
    item !== null &&
    !Array.isArray(item) &&
    Object.keys(item).some((key) => TEXT_KEYS.has(key))
  )
}

/**
 * Copies of a list item with one wrong-typed field each (and a bare `null` and string item).
 * @param {Record<string, unknown>} item
 */
function wrongTypedCopies(item) {
  const keys = Object.keys(item)
  return [
    null,
    'not an object',
    ...keys.map((key, index) => ({ ...item, [key]: WRONG_TYPES[index % WRONG_TYPES.length] })),
  ]
}
