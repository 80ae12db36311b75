/**
 * The locales SigKit ships, which one a visitor gets, and loading its texts. English is built in;
 * another locale's texts are one lazy chunk asked for with the first open's other chunks (the first
 * open's namespaces), and one more per feature, asked for with the feature's code ({@link loadMessages}).
 *
 * A translation is `messages/<tag>.ts` (see README.md) and one line in {@link CATALOGUES}.
 */
import { batch } from '@preact/signals-core'
import { localeState, type LoadedTexts } from './translate'
import type { LocaleTexts, MessageNamespace } from './types'

/**
 * Each shipped locale but English (built in), by BCP 47 tag, and its texts, built from its catalogue
 * (`messages/<tag>.ts`; the `?texts` form is build/locale-texts.mjs's). zh-HK has its own whole
 * catalogue (Hong Kong wording), not zh-TW's.
 * @example `ja: () => import('./messages/ja?texts'),`
 * @internal
 */
export const CATALOGUES = {
  ar: () => import('./messages/ar?texts'),
  de: () => import('./messages/de?texts'),
  'es-419': () => import('./messages/es-419?texts'),
  'es-ES': () => import('./messages/es-ES?texts'),
  fa: () => import('./messages/fa?texts'),
  fr: () => import('./messages/fr?texts'),
  he: () => import('./messages/he?texts'),
  hi: () => import('./messages/hi?texts'),
  id: () => import('./messages/id?texts'),
  it: () => import('./messages/it?texts'),
  ja: () => import('./messages/ja?texts'),
  ko: () => import('./messages/ko?texts'),
  ms: () => import('./messages/ms?texts'),
  pl: () => import('./messages/pl?texts'),
  'pt-BR': () => import('./messages/pt-BR?texts'),
  ru: () => import('./messages/ru?texts'),
  th: () => import('./messages/th?texts'),
  tr: () => import('./messages/tr?texts'),
  uk: () => import('./messages/uk?texts'),
  vi: () => import('./messages/vi?texts'),
  'zh-CN': () => import('./messages/zh-CN?texts'),
  'zh-TW': () => import('./messages/zh-TW?texts'),
  'zh-HK': () => import('./messages/zh-HK?texts'),
} satisfies Record<Exclude<Locale, 'en'>, () => Promise<{ default: LocaleTexts }>>

/** A locale SigKit ships (BCP 47): English, and each of {@link CATALOGUES}. */
export type Locale =
  | 'en'
  | 'ar'
  | 'de'
  | 'es-419'
  | 'es-ES'
  | 'fa'
  | 'fr'
  | 'he'
  | 'hi'
  | 'id'
  | 'it'
  | 'ja'
  | 'ko'
  | 'ms'
  | 'pl'
  | 'pt-BR'
  | 'ru'
  | 'th'
  | 'tr'
  | 'uk'
  | 'vi'
  | 'zh-CN'
  | 'zh-TW'
  | 'zh-HK'

/** Every locale SigKit ships (BCP 47), English first. */
export const LOCALES = ['en', ...Object.keys(CATALOGUES)] as readonly Locale[]

/**
 * The shipped locale that best serves a requested tag: the tag itself, then its language in its
 * region (`zh-Hant-HK` → zh-HK), the language's shipped variant (`es-MX` → es-419, `pt` → pt-BR,
 * `zh` → zh-CN, `zh-Hant` → zh-TW), the language alone (`de-AT` → de); undefined when the language
 * is not shipped or the tag is malformed.
 *
 * @example
 * ```ts
 * matchLocale('es-MX') // 'es-419'
 * ```
 */
export function matchLocale(requested: string): Locale | undefined {
  let locale: Intl.Locale
  try {
    locale = new Intl.Locale(requested)
  } catch {
    return undefined
  }
  const { language } = locale
  // Only Chinese needs a script it may not name (zh-MO is Traditional): the likely-subtags data
  // behind maximize() costs its first call 30 ms (100 ms on a slow phone), in the click's task,
  // before the locale's file is asked for.
  const script = locale.script ?? (language === 'zh' ? locale.maximize().script : undefined)
  const variant = { zh: script === 'Hant' ? 'zh-TW' : 'zh-CN', es: 'es-419', pt: 'pt-BR' }[language] ?? language
  // A region the tag names picks that variant (zh-Hant-HK); a bare language, its shipped one (es → es-419).
  const candidates = [locale.toString(), locale.region ? `${language}-${locale.region}` : variant, variant].map((tag) =>
    tag.toLowerCase(),
  )
  return candidates.map((candidate) => LOCALES.find((tag) => tag.toLowerCase() === candidate)).find(Boolean)
}

/**
 * The locale for a visitor's list of languages (`navigator.languages`): the first that a shipped
 * locale serves, else English.
 *
 * @example
 * ```ts
 * negotiateLocale(['nl', 'fr-CA', 'en']) // 'fr'
 * ```
 */
export function negotiateLocale(requested: readonly string[]): Locale {
  for (const tag of requested) {
    const match = matchLocale(tag)
    if (match) return match
  }
  return 'en'
}

/** Whether a locale is written right to left. */
export function isRightToLeft(tag: string): boolean {
  return /^(ar|fa|he)\b/i.test(tag)
}

/** The locale the dapp asked for (`createAppKit({ locale })`, `setLocale`); undefined: the browser's. */
let requestedLocale: string | undefined
/** The last locale asked for, so a slower earlier load does not win over it. */
let latest = 0

/**
 * Shows the modal and the button in `tag` (a BCP 47 tag, matched to the closest shipped locale;
 * English when none serves it), loading its catalogue; the modal stays open and re-renders.
 * Resolves once the texts are in. The texts of a locale without a catalogue yet (or whose chunk
 * failed to load) are English, the dapp's `messages` on top; `lang` and the direction are the
 * locale's, as the dapp asked for it.
 *
 * @example
 * ```ts
 * await setLocale('ja')
 * ```
 */
export async function setLocale(tag: string): Promise<void> {
  Intl.getCanonicalLocales(tag) // a malformed tag throws a RangeError here
  requestedLocale = tag
  await showLocale(matchLocale(tag) ?? 'en')
  // A dapp may show one of core's texts next (a toast): its map too.
  await loadKnownTexts()
}

/**
 * The locale for the first open: the one the dapp asked for, else the best match for the browser's
 * languages (read now, never at import), else English; loaded with the first open's chunks.
 * @internal
 */
export function loadChosenLocale(): Promise<void> {
  const chosen = requestedLocale ? matchLocale(requestedLocale) : negotiateLocale(globalThis.navigator?.languages ?? [])
  return showLocale(chosen ?? 'en')
}

/** The locale the dapp asked for, if any (`createAppKit({ locale })`). @internal */
export function requestLocale(tag: string | undefined): void {
  requestedLocale = tag
}

/** @internal Back to English, nothing requested (tests). */
export function resetLocale(): void {
  requestedLocale = undefined
  latest++
  partsShown = {}
  knownTexts = undefined
  namespacesInUse.clear()
  batch(() => {
    localeState.tag.value = 'en'
    localeState.catalogue.value = {}
    localeState.overrides.value = {}
    localeState.known.value = undefined
  })
}

/** The features' namespaces asked for so far: a locale shown later loads their texts with its own. */
const namespacesInUse = new Set<MessageNamespace>()
/** The loaders of the shown locale's features' texts. */
let partsShown: LocaleTexts['parts'] = {}

/**
 * Loads the texts of a feature's namespace in the locale shown: the feature's descriptor asks for
 * them with its code (features/feature.ts), so they arrive in the same round. Nothing to load for
 * English or texts already in; a failed load leaves English, and the next call asks again.
 * @internal
 */
export async function loadMessages(namespace: MessageNamespace): Promise<void> {
  namespacesInUse.add(namespace)
  const parts = partsShown
  const load = parts[namespace]
  if (!load || localeState.catalogue.peek()[namespace]) return
  const texts = await loadPart(load)
  // Another locale shown meanwhile has loaded its own (this namespace is in use).
  if (texts && partsShown === parts)
    localeState.catalogue.value = { ...localeState.catalogue.peek(), [namespace]: texts }
}

const loadPart = (load: NonNullable<LocaleTexts['parts'][MessageNamespace]>) =>
  load().then(
    (module) => module.default,
    () => undefined,
  )

async function showLocale(locale: Locale): Promise<void> {
  const attempt = ++latest
  const load = locale === 'en' ? undefined : CATALOGUES[locale]
  const loaded = await load?.().then(
    async ({ default: { texts, parts } }): Promise<{ texts: LoadedTexts; parts: LocaleTexts['parts'] }> => {
      // The features in use get their texts in the same update: an open Swap view changes at once.
      const inUse = await Promise.all(
        [...namespacesInUse].map(async (namespace) => {
          const part = parts[namespace]
          return [namespace, part && (await loadPart(part))] as const
        }),
      )
      return { texts: { ...texts, ...Object.fromEntries(inUse.filter(([, texts]) => texts)) }, parts }
    },
    // English texts rather than none: the chunk did not load (a flaky network, a replaced deploy).
    () => undefined,
  )
  if (attempt !== latest) return
  partsShown = loaded?.parts ?? {}
  batch(() => {
    localeState.tag.value = locale
    localeState.catalogue.value = loaded?.texts ?? {}
  })
}

/** The map of core's English texts, once asked for (again after a failed load). */
let knownTexts: Promise<void> | undefined

/**
 * Loads the map that shows core's English texts (toasts, alerts, wallet errors) in the locale shown
 * or with the dapp's overrides; nothing for English without them. It reads the shown texts when
 * used, so one load serves every locale. `setLocale` waits for it; the first open asks for it once
 * the modal has painted (ui/modal/mount.tsx), since its file imports two files the build splits out
 * for the features that share them: asked for with the locale's texts, it would add a round of
 * requests to the click's. A text of core's shown before it is in stays English until then.
 * @internal
 */
export function loadKnownTexts(): Promise<void> | undefined {
  if (localeState.tag.peek() === 'en' && Object.keys(localeState.overrides.peek()).length === 0) return
  return (knownTexts ??= import('./known-texts').then(
    (module) => {
      localeState.known.value = module.translateKnownText
    },
    () => {
      knownTexts = undefined
    },
  ))
}
