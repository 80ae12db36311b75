/**
 * Text from outside data (a wallet's name, an account or token name, a frame's user name) made
 * safe to show. It is always rendered as text (never as markup); this removes what could make one
 * name look like another: bidirectional controls that reorder what is shown (U+202A–U+202E,
 * U+2066–U+2069, U+200E, U+200F, U+061C), invisible characters (zero-width U+200B–U+200D, U+2060–
 * U+2064, U+FEFF, U+00AD, U+180E, the Hangul fillers, tag characters U+E0000–U+E007F) and control
 * characters; runs of white space become one space, and a very long text is cut with an ellipsis.
 */

/** Characters that reorder or hide text, and control characters (other than white space). */
const HIDDEN =
  /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF0-\uFFFB\u{E0000}-\u{E007F}]/gu

/**
 * Terminal escape sequences (ESC or CSI, parameters, final byte: `\x1b[31m`), removed whole: with
 * only their ESC removed, a name would show the rest ("[31m").
 */
const ESCAPE_SEQUENCE = /(?:\u001B\[|\u009B)[0-?]*[ -/]*[@-~]|\u001B[@-Z\\-_]/g

/**
 * `value` with terminal escape sequences, bidi controls, invisible and control characters removed,
 * white space collapsed and trimmed, and cut to `maxLength` characters (code points, the last one an ellipsis) when longer.
 * An empty result means the text had nothing visible: the validator treats it as missing.
 *
 * @example
 * ```ts
 * outsideText('Meta\u200BMask') // 'MetaMask'
 * outsideText('\u202Eksam') // 'ksam' (no longer shown reversed as "mask")
 * outsideText('\u001B[31mRabbit\u001B[0m') // 'Rabbit'
 * outsideText('x'.repeat(10_000), 64) // 63 × 'x' + '…'
 * ```
 */
export function outsideText(value: string, maxLength = 64): string {
  const text = value.replace(ESCAPE_SEQUENCE, '').replace(HIDDEN, '').replace(/\s+/g, ' ').trim()
  if (text.length <= maxLength) return text
  const points = Array.from(text)
  return points.length <= maxLength ? text : `${points.slice(0, maxLength - 1).join('')}…`
}

/**
 * Whether `value` is a name that identifies something (an account name, a registered name) and
 * can be shown as it is: no bidi control, invisible or control character, at most `maxLength`
 * characters. Such a name is refused rather than cleaned, since `ali\u200Bce.eth` cleaned would
 * show as another account's `alice.eth`.
 *
 * @example
 * ```ts
 * isPlainName('alice.reown.id') // true
 * isPlainName('ali\u200Bce.reown.id') // false
 * ```
 */
export function isPlainName(value: unknown, maxLength = 255): value is string {
  return (
    typeof value === 'string' && value !== '' && value.length <= maxLength && outsideText(value, maxLength) === value
  )
}
