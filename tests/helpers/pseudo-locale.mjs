// The pseudo-locale (en-XA), for tests only, never shipped: every English message accented,
// about 40 % longer and bracketed, placeholders kept. A text a view shows that is not bracketed was
// not translated (it is hard-coded); a box too small for German shows it overflowing.

const ACCENTED = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
}

/** The pseudo-locale's opening and closing marks. */
export const PSEUDO_OPEN = '⟦'
export const PSEUDO_CLOSE = '⟧'

/** One text in the pseudo-locale: `{placeholders}` kept, letters accented, 40 % longer, bracketed. */
export function pseudoText(text) {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter])))
    .join('')
  const letters = text.replace(/\{\w+\}/g, '').length
  return `${PSEUDO_OPEN}${accented}${'~'.repeat(Math.ceil(letters * 0.4))}${PSEUDO_CLOSE}`
}

/** A catalogue (namespace → key → text or plural forms) in the pseudo-locale. */
export function pseudoCatalogue(catalogue) {
  const map = (message) =>
    typeof message === 'string'
      ? pseudoText(message)
      : Object.fromEntries(Object.entries(message).map(([category, text]) => [category, pseudoText(text)]))
  return Object.fromEntries(
    Object.entries(catalogue).map(([namespace, messages]) => [
      namespace,
      Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, map(message)])),
    ]),
  )
}

/** The same, flat (`namespace.key` → message): the `messages` option of createAppKit. */
export function pseudoMessages(catalogue) {
  const flat = {}
  for (const [namespace, messages] of Object.entries(pseudoCatalogue(catalogue)))
    for (const [key, message] of Object.entries(messages)) flat[`${namespace}.${key}`] = message
  return flat
}
