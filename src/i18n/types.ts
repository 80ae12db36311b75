/**
 * The catalogue's types: a message is a text with `{name}` placeholders, or plural forms by
 * `Intl.PluralRules` category (`other` required) with a `{count}` placeholder.
 */
import type { en } from './messages/en'

/** The plural categories of `Intl.PluralRules`. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** A message with plural forms: `{ one: '{count} wallet', other: '{count} wallets' }`. */
export type PluralMessage = Partial<Record<PluralCategory, string>> & { other: string }

/** One message: a text, or its plural forms. */
export type Message = string | PluralMessage

/** The English catalogue's shape. */
export type EnglishCatalogue = typeof en

/** A namespace of the catalogue. */
export type MessageNamespace = keyof EnglishCatalogue

/** Every message key, `namespace.key` (e.g. `'allWallets.count'`). */
export type MessageKey = {
  [N in MessageNamespace]: `${N}.${Extract<keyof EnglishCatalogue[N], string>}`
}[MessageNamespace]

/**
 * A locale's catalogue: every namespace and key of the English one, each a text (or plural forms
 * where English has them, with the categories the language uses).
 */
export type LocaleCatalogue = {
  [N in MessageNamespace]: {
    [K in keyof EnglishCatalogue[N]]: EnglishCatalogue[N][K] extends string ? string : PluralMessage
  }
}

/** A dapp's overrides: any message by its key (`messages` of `createAppKit`). */
export type MessageOverrides = Partial<Record<MessageKey, Message>>

/** Placeholder values: text or numbers (`count` picks the plural form). */
export type MessageParams = Record<string, string | number>

/**
 * A namespace's texts in a locale, in the order of the English file's keys (the modal knows each
 * index's key from the English namespace it imports); `null` where the locale has no text.
 */
export type NamespaceTexts = readonly (Message | null)[]

/**
 * A locale's texts as the modal loads them, built from `messages/<tag>.ts` (build/locale-texts.mjs):
 * the first open's namespaces, and a loader for each feature's (loaded with the feature's code).
 */
export interface LocaleTexts {
  texts: Partial<Record<MessageNamespace, NamespaceTexts>>
  parts: Partial<Record<MessageNamespace, () => Promise<{ default: NamespaceTexts }>>>
}
