/**
 * Hostile values from outside, as fast-check generators, shared by the property tests: texts with
 * markup, bidi controls, zero-width and tag characters, 10 KB strings; links with refused schemes
 * spelled the ways a browser still reads them; odd picture URLs; values of the wrong type. The
 * oracles here (which schemes are allowed, which characters are hidden) are written independently
 * of `src/lib/`, so a test fails when the code under test lets one through.
 */
import fc from 'fast-check'
import * as assert from 'uvu/assert'

/** fast-check parameters of every property test: a fixed seed (reproducible) and few runs (fast). */
export const RUNS = { seed: 31, numRuns: 60 } as const

/** Bidi controls and invisible characters (issue 31): none may reach a shown name. */
export const HIDDEN_CHARACTERS = [
  ...'\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C',
  ...'\u200B\u200C\u200D\uFEFF\u2060\u2061\u2062\u2063\u2064\u00AD\u180E\u034F',
  '\u{E0001}',
  '\u{E0041}',
  '\u{E007F}',
]

/** Matches any of {@link HIDDEN_CHARACTERS} or a control character other than white space. */
// eslint-disable-next-line no-control-regex
const HIDDEN =
  /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C\uFEFF\u2060-\u2064\u00AD\u180E\u034F\u0000-\u0008\u000E-\u001F\u007F]|[\u{E0000}-\u{E007F}]/u

/** Whether `text` holds a bidi control, an invisible or a control character. */
export function hasHiddenCharacter(text: string): boolean {
  return HIDDEN.test(text)
}

/** Markup that would run script if it were parsed as HTML. */
export const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<svg onload=alert(1)>',
  '"><iframe src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '{{constructor.constructor("alert(1)")()}}',
]

/** A text someone could use to spoof a name or break a layout. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...HIDDEN_CHARACTERS, 'a', 'M', ' ', '.', '\n', '\t', '\u0000') }),
  fc.tuple(fc.constantFrom(...MARKUP), fc.string()).map(([markup, text]) => `${markup}${text}`),
  fc
    .tuple(fc.constantFrom(...HIDDEN_CHARACTERS), fc.string({ minLength: 1 }))
    .map(([hidden, text]) => `${hidden}${text}${hidden}`),
  fc.constantFrom('a', 'W', '\u202E', '🦊', 'e\u0301').map((unit) => unit.repeat(10_240)),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('MetaMask', 'Rainbow', 'alice.reown.id', 'USDC', ''),
)

/** Schemes no link from outside may have. */
export const REFUSED_SCHEMES = ['javascript', 'data', 'vbscript', 'file', 'blob']

/** A link with a refused scheme, spelled the ways a browser still reads that scheme. */
export const refusedLink: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...REFUSED_SCHEMES),
    fc.constantFrom('alert(1)', '//%0Aalert(1)', 'text/html,<script>alert(1)</script>', '///etc/passwd', 'https://x/1'),
    fc.constantFrom('lower', 'upper', 'mixed', 'leading space', 'tab inside', 'newline inside'),
  )
  .map(([scheme, rest, spelling]) => {
    const spelled =
      spelling === 'upper'
        ? scheme.toUpperCase()
        : spelling === 'mixed'
          ? [...scheme].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')
          : spelling === 'tab inside'
            ? `${scheme.slice(0, 2)}\t${scheme.slice(2)}`
            : spelling === 'newline inside'
              ? `${scheme.slice(0, 2)}\n${scheme.slice(2)}`
              : scheme
    return `${spelling === 'leading space' ? ' \u0001' : ''}${spelled}:${rest}`
  })

/** Any link value from outside: refused, allowed, broken, huge, or not a string at all. */
export const hostileLink: fc.Arbitrary<unknown> = fc.oneof(
  refusedLink,
  fc.webUrl(),
  fc.constantFrom('metamask://', 'rainbow://', 'https://metamask.app.link', 'trust:', 'wc:'),
  fc.constantFrom('//evil.example/x', '/relative', 'not a url', '', `https://x.example/${'a'.repeat(10_240)}`),
  fc.string(),
  fc.anything({ maxDepth: 1 }),
)

/** A picture URL from outside: http(s), data:image, or anything odd. */
export const hostileImageUrl: fc.Arbitrary<unknown> = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/pixel.png',
    '../../etc/passwd',
    'https://',
  ),
  hostileLink,
)

/** Any JSON-ish value of any type, for a field that should have another. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom(null, undefined, 42, NaN, -1, true, [], {}, '', '0x'),
)

/** A wallet API listing with hostile or wrong-typed fields. */
export const hostileListing = fc.record(
  {
    id: fc.oneof(fc.string(), wrongType),
    name: fc.oneof(hostileText, wrongType),
    image_id: fc.oneof(fc.string(), hostileImageUrl, wrongType),
    rdns: fc.oneof(fc.string(), fc.constant(null), wrongType),
    chains: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), wrongType),
    mobile_link: fc.oneof(hostileLink, fc.constant(null)),
    desktop_link: fc.oneof(hostileLink, fc.constant(null)),
    webapp_link: fc.oneof(hostileLink, fc.constant(null)),
  },
  { requiredKeys: ['id', 'name'] },
)

/** Where a link may take the visitor: http(s) or a wallet's app scheme, never a refused one. */
export function isAllowedHref(href: string): boolean {
  let scheme: string
  try {
    scheme = new URL(href).protocol.slice(0, -1)
  } catch {
    return false
  }
  return !REFUSED_SCHEMES.includes(scheme) && !['about', 'ws', 'wss', 'intent', 'filesystem'].includes(scheme)
}

/** Whether `href` is an absolute http(s) URL. */
export function isWebHref(href: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(href).protocol)
  } catch {
    return false
  }
}

/** Whether `src` may go into an `<img>`: http(s) or an inline image. */
export function isAllowedImage(src: string): boolean {
  return isWebHref(src) || /^data:image\//i.test(src)
}

/**
 * A shown text as the validators must leave it: no hidden character, no leading or trailing
 * space, at most `max` characters (code points).
 */
export function assertShownText(text: unknown, max: number, what: string): void {
  assert.type(text, 'string', `${what} is a string`)
  const value = text as string
  assert.ok(
    !hasHiddenCharacter(value),
    `${what} has no bidi, invisible or control character: ${JSON.stringify(value.slice(0, 80))}`,
  )
  assert.ok([...value].length <= max, `${what} is at most ${max} characters (${[...value].length})`)
  assert.is(value, value.trim(), `${what} is trimmed`)
}

/**
 * Runs `body` and turns a thrown error into an assertion failure unless it is one of `allowed`
 * (the validator's own error): a validator may refuse, never crash.
 */
export function refusesOrParses<T>(body: () => T, allowed: (error: unknown) => boolean): T | undefined {
  try {
    return body()
  } catch (error) {
    if (!allowed(error)) throw new Error(`unexpected ${String(error)}`, { cause: error })
    return undefined
  }
}

/**
 * What a view rendered from hostile data must hold: no script element, no event-handler attribute,
 * links with allowed schemes, pictures http(s) or inline, and no hidden character in its text.
 */
export function assertSafeDom(root: ParentNode, what: string): void {
  assert.is(
    root.querySelectorAll('script, iframe, object, embed').length,
    0,
    `${what}: no script, frame or plug-in element`,
  )
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes))
      assert.not.ok(/^on/i.test(attribute.name), `${what}: <${element.localName} ${attribute.name}>`)
    const href = element.getAttribute('href')
    if (element.localName === 'a' && href !== null) assert.ok(isAllowedHref(href), `${what}: href ${href.slice(0, 60)}`)
    const src = element.getAttribute('src')
    if (element.localName === 'img' && src !== null)
      assert.ok(isAllowedImage(src) || src.startsWith('http'), `${what}: src ${src.slice(0, 60)}`)
  }
  const text = Array.from(root.querySelectorAll('*'))
    .filter((element) => element.localName !== 'style')
    .map((element) =>
      Array.from(element.childNodes)
        .filter((node) => node.nodeType === 3)
        .map((node) => node.textContent)
        .join(''),
    )
    .join('')
  assert.not.ok(hasHiddenCharacter(text), `${what}: a hidden character in ${JSON.stringify(text.slice(0, 120))}`)
}
