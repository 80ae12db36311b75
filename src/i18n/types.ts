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
