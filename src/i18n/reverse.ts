/**
 * Translating a text a controller wrote in English. Controllers and core keep SPEC texts verbatim
 * in their state and errors (tests and dapp developers read them); the view showing one finds the
 * English message it was made from, placeholders included, and shows the locale's.
 */
import { translateText, translator } from './translate'
import type { EnglishCatalogue, Message, MessageNamespace } from './types'

type Pattern = readonly [pattern: RegExp, key: string, names: readonly string[]]

/**
 * The text translator of a namespace: an English text made from one of its messages (placeholders
 * filled) → the same message in the visitor's locale; any other text as it is.
 *
 * @example
 * ```ts
 * const fromEnglish = textTranslator('swap', swapEn)
 * fromEnglish('Not enough ETH left for the network fee') // 'Nicht genug ETH für die Netzwerkgebühr'
 * ```
 */
export function textTranslator<N extends MessageNamespace>(
  namespace: N,
  english: EnglishCatalogue[N],
): (text: string) => string {
  const t = translator(namespace, english)
  let patterns: Pattern[] | undefined
  return (text) => {
    // Texts without placeholders first: a template must not swallow a text of its own.
    patterns ??= Object.entries(english)
      .flatMap(([key, message]: [string, Message]) =>
        typeof message === 'string'
          ? [toPattern(key, message)]
          : Object.values(message).map((form) => toPattern(key, form)),
      )
      .sort((a, b) => a[2].length - b[2].length)
    for (const [pattern, key, names] of patterns) {
      const match = pattern.exec(text)
      if (!match) continue
      // A `reason` is itself a text made elsewhere ('The payment failed: {reason}').
      const params = Object.fromEntries(
        names.map((name, index) => [
          name,
          name === 'reason' ? translateText(match[index + 1] ?? '') : (match[index + 1] ?? ''),
        ]),
      )
      // A plural form's count picks the locale's form again.
      return t(key as never, 'count' in params ? { ...params, count: Number(params['count']) } : params)
    }
    return text
  }
}

function toPattern(key: string, message: string): Pattern {
  const names: string[] = []
  const source = message
    .split(/\{(\w+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(part)
      return '(.+?)'
    })
    .join('')
  return [new RegExp(`^${source}$`, 's'), key, names]
}
