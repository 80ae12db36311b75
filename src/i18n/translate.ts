/**
 * Turning a message key into the visitor's text: the dapp's override, else the current locale's
 * text, else English. Views call a namespace's translator during render; it reads the catalogue
 * signal, so a view re-renders when the locale changes (the modal stays open).
 *
 * Page load carries this module (the button's texts go through it), so it stays small: lookups,
 * `{name}` placeholders and plural forms, nothing more.
 */
import { signal } from '@preact/signals-core'
import type { EnglishCatalogue, Message, MessageNamespace, MessageParams, NamespaceTexts } from './types'

/** Messages by `namespace.key`. */
export type FlatMessages = Readonly<Record<string, Message | undefined>>

/** A locale's texts by namespace, each in the English file's key order. */
export type LoadedTexts = Readonly<Partial<Record<MessageNamespace, NamespaceTexts>>>

/** The locale shown (a BCP 47 tag, `en` until one is chosen) and the messages that replace English. */
export const localeState = {
  /** The locale whose catalogue is shown: decides `lang`, `dir`, plural rules and `Intl` formats. */
  tag: signal('en'),
  /** The locale's texts loaded so far, by namespace; empty for English (and while a locale loads). */
  catalogue: signal<LoadedTexts>({}),
  /** The dapp's `messages` option. */
  overrides: signal<FlatMessages>({}),
  /**
   * Translates the English texts made outside the modal's views (core's SPEC §8 texts, wallet
   * errors, alerts); loaded only for another locale or with overrides.
   */
  known: signal<((text: string) => string) | undefined>(undefined),
}

let pluralRules: { tag: string; rules: Intl.PluralRules } | undefined

/**
 * A message with its placeholders filled: plural forms pick by `params.count` under the locale's
 * plural rules (`other` when the language has no such category).
 *
 * @example
 * ```ts
 * formatMessage({ one: '{count} wallet', other: '{count} wallets' }, { count: 2 }) // '2 wallets'
 * ```
 */
export function formatMessage(message: Message, params: MessageParams = {}): string {
  let text: string
  if (typeof message === 'string') text = message
  else {
    const tag = localeState.tag.value
    if (pluralRules?.tag !== tag) pluralRules = { tag, rules: new Intl.PluralRules(tag) }
    text = message[pluralRules.rules.select(Number(params['count']))] ?? message.other
  }
  // A placeholder without a value stays as it is written: a missing value shows, nothing breaks.
  return text.replace(/\{(\w+)\}/g, (written, name: string) => (name in params ? String(params[name]) : written))
}

/**
 * A text made outside the views (a toast, an alert, a wallet error: English, as core and the
 * connectors write them, SPEC texts verbatim) in the visitor's locale; as it is when not known.
 *
 * @example
 * ```ts
 * translateText('Signature declined') // 'Signatur abgelehnt' in German
 * ```
 */
export function translateText(text: string): string {
  return localeState.known.value?.(text) ?? text
}

/** The translator of one namespace: its key and placeholder values → the visitor's text. */
export type Translator<N extends MessageNamespace> = (
  key: Extract<keyof EnglishCatalogue[N], string>,
  params?: MessageParams,
) => string

/**
 * The translator of a namespace, with its English texts (imported where the namespace is used, so
 * English loads with the code that shows it).
 *
 * @example
 * ```ts
 * import swap from '../../i18n/messages/en/swap'
 * const t = translator('swap', swap)
 * t('approveSign', { symbol: 'USDC' }) // 'Approve USDC in your wallet…'
 * ```
 */
export function translator<N extends MessageNamespace>(namespace: N, english: EnglishCatalogue[N]): Translator<N> {
  let keys: string[] | undefined
  return (key, params) => {
    keys ??= Object.keys(english)
    const message =
      localeState.overrides.value[`${namespace}.${key}`] ??
      localeState.catalogue.value[namespace]?.[keys.indexOf(key)] ??
      (english[key] as Message)
    return formatMessage(message, params)
  }
}
