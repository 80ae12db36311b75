/**
 * The locales SigKit ships, which one a visitor gets, and loading its catalogue. English is built
 * in; every other locale is one lazy chunk, asked for with the first open's other chunks.
 *
 * A translation is `messages/<tag>.ts` (see README.md) and one line in {@link CATALOGUES}.
 */
import { batch } from '@preact/signals-core'
import { localeState, type FlatMessages } from './translate'
import type { LocaleCatalogue, Message } from './types'

/** Every locale SigKit ships (BCP 47), English first. */
export const LOCALES = [
  'en',
  'ar',
  'de',
  'es-419',
  'es-ES',
  'fa',
  'fr',
  'he',
  'hi',
  'id',
  'it',
  'ja',
  'ko',
  'ms',
  'pl',
  'pt-BR',
  'ru',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
  'zh-TW',
  'zh-HK',
] as const

/** A locale SigKit ships. */
export type Locale = (typeof LOCALES)[number]

type CatalogueModule = { default: Partial<LocaleCatalogue> }

/**
 * Each shipped locale's catalogue, one chunk each. A locale missing here is shown in English (its
 * translation is on its way). zh-HK has its own whole catalogue (Hong Kong wording), not zh-TW's.
 * @example `ja: () => import('./messages/ja'),`
 * @internal
 */
export const CATALOGUES: Partial<Record<Locale, () => Promise<CatalogueModule>>> = {
  ar: () => import('./messages/ar'),
  de: () => import('./messages/de'),
  'es-419': () => import('./messages/es-419'),
  'es-ES': () => import('./messages/es-ES'),
  fa: () => import('./messages/fa'),
  fr: () => import('./messages/fr'),
  he: () => import('./messages/he'),
  hi: () => import('./messages/hi'),
  id: () => import('./messages/id'),
  it: () => import('./messages/it'),
  ja: () => import('./messages/ja'),
  ko: () => import('./messages/ko'),
  ms: () => import('./messages/ms'),
  pl: () => import('./messages/pl'),
  'pt-BR': () => import('./messages/pt-BR'),
  ru: () => import('./messages/ru'),
  th: () => import('./messages/th'),
  tr: () => import('./messages/tr'),
  uk: () => import('./messages/uk'),
  vi: () => import('./messages/vi'),
  'zh-CN': () => import('./messages/zh-CN'),
  'zh-TW': () => import('./messages/zh-TW'),
  'zh-HK': () => import('./messages/zh-HK'),
}

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
  const { language, script } = locale.maximize()
  const variant = { zh: script === 'Hant' ? 'zh-TW' : 'zh-CN', es: 'es-419', pt: 'pt-BR' }[language] ?? language
  // A region the tag names picks that variant (zh-Hant-HK); a bare language, its shipped one (es → es-419).
  const candidates = [locale.toString(), locale.region ? `${language}-${locale.region}` : variant, variant].map((tag) =>
    tag.toLowerCase(),
  )
  return candidates.map((candidate) => LOCALES.find((tag) => tag.toLowerCase() === candidate)).find(Boolean)
}

/**
 * The locale for a visitor's list of languages (`navigator.languages`): the first that a locale
 * with a catalogue serves (`available`, by default those SigKit has), else English.
 *
 * @example
 * ```ts
 * negotiateLocale(['fr-CA', 'en']) // 'fr'
 * ```
 */
export function negotiateLocale(
  requested: readonly string[],
  available: (locale: Locale) => boolean = (locale) => locale === 'en' || locale in CATALOGUES,
): Locale {
  for (const tag of requested) {
    const match = matchLocale(tag)
    if (match && available(match)) return match
  }
  return 'en'
}

/** Whether a locale is written right to left. */
export function isRightToLeft(tag: string): boolean {
  return /^(ar|fa|he)\b/i.test(tag)
}

/** A catalogue's messages by `namespace.key`. */
export function flattenCatalogue(catalogue: Partial<Record<string, Record<string, Message>>>): FlatMessages {
  const flat: Record<string, Message> = {}
  for (const [namespace, messages] of Object.entries(catalogue))
    for (const [key, message] of Object.entries(messages ?? {})) flat[`${namespace}.${key}`] = message
  return flat
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
  batch(() => {
    localeState.tag.value = 'en'
    localeState.catalogue.value = {}
    localeState.overrides.value = {}
    localeState.known.value = undefined
  })
}

async function showLocale(locale: Locale): Promise<void> {
  const attempt = ++latest
  const load = CATALOGUES[locale]
  const translated = locale !== 'en' || Object.keys(localeState.overrides.peek()).length > 0
  // Both in one round: the catalogue, and the map that translates core's English texts.
  const [catalogue, known] = await Promise.all([
    load?.().then(
      (module) => flattenCatalogue(module.default),
      // English texts rather than none: the chunk did not load (a flaky network, a replaced deploy).
      () => ({}),
    ) ?? {},
    translated
      ? import('./known-texts').then(
          (module) => module.translateKnownText,
          () => undefined,
        )
      : undefined,
  ])
  if (attempt !== latest) return
  batch(() => {
    localeState.tag.value = locale
    localeState.catalogue.value = catalogue
    localeState.known.value = known
  })
}
