// Which language a visitor gets: the dapp's tag matched to a shipped locale, else the browser's
// languages (read at the first open, never at import), else English; a locale whose catalogue
// fails to load shows English texts; right to left for Arabic, Hebrew and Persian.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  CATALOGUES,
  isRightToLeft,
  LOCALES,
  loadChosenLocale,
  loadKnownTexts,
  matchLocale,
  negotiateLocale,
  requestLocale,
  loadMessages,
  resetLocale,
  setLocale,
} from '../../../src/i18n/locales'
import { localeState, translateText, translator } from '../../../src/i18n/translate'
import { defineFeature } from '../../../src/features/feature'
import swapEn from '../../../src/i18n/messages/en/swap'
import german from '../../../src/i18n/messages/de'
import { validateOptions, AppKitOptionsError } from '../../../src/core/config/options'
import { mainnet } from '../helpers/fixtures'

test.before.each(resetLocale)

test('the 23 locales, English first, each a canonical BCP 47 tag', () => {
  assert.is(LOCALES.length, 24) // English, 22 languages, and Chinese for Hong Kong beside Taiwan's
  assert.is(LOCALES[0], 'en')
  for (const tag of LOCALES) assert.is(Intl.getCanonicalLocales(tag)[0], tag)
})

test('a tag is matched to the closest shipped locale', () => {
  assert.equal(
    [
      'ja-JP',
      'de-AT',
      'es-MX',
      'es',
      'es-ES',
      'pt',
      'pt-PT',
      'zh',
      'zh-Hant',
      'zh-Hant-HK',
      'zh-MO',
      'zh-SG',
      'ZH-tw',
      'he-IL',
      'nl',
    ].map(matchLocale),
    [
      'ja',
      'de',
      'es-419',
      'es-419',
      'es-ES',
      'pt-BR',
      'pt-BR',
      'zh-CN',
      'zh-TW',
      'zh-HK',
      'zh-TW',
      'zh-CN',
      'zh-TW',
      'he',
      undefined,
    ],
  )
  assert.is(matchLocale('not a tag!'), undefined)
})

test('matching reads the likely-subtags data only for Chinese (its first use costs 30 to 100 ms in the click)', () => {
  const maximize = Intl.Locale.prototype.maximize
  const maximized: string[] = []
  Intl.Locale.prototype.maximize = function (this: Intl.Locale) {
    maximized.push(this.toString())
    return maximize.call(this)
  }
  try {
    assert.equal(['ja-JP', 'de', 'es-MX', 'pt', 'he-IL', 'zh-Hant', 'zh-MO'].map(matchLocale), [
      'ja',
      'de',
      'es-419',
      'pt-BR',
      'he',
      'zh-TW',
      'zh-TW',
    ])
  } finally {
    Intl.Locale.prototype.maximize = maximize
  }
  assert.equal(maximized, ['zh-MO'])
})

test("the browser's languages: the first one a shipped locale serves, else English", () => {
  assert.is(negotiateLocale(['nl-NL', 'fr-CA', 'en']), 'fr')
  assert.is(negotiateLocale(['nl', 'sv']), 'en')
  assert.is(negotiateLocale(['sv', 'zh-Hant-HK', 'ja']), 'zh-HK')
})

test('right to left: Arabic, Hebrew, Persian', () => {
  assert.equal(LOCALES.filter(isRightToLeft), ['ar', 'fa', 'he'])
})

test('setLocale switches the locale and its texts; a locale whose chunk fails to load shows English in its direction', async () => {
  const arabic = (await import('../../../src/i18n/messages/ar')).default
  await setLocale('ar-EG')
  assert.is(localeState.tag.value, 'ar')
  assert.ok(isRightToLeft(localeState.tag.value))
  // The map that translates core's English texts loaded with it.
  assert.type(localeState.known.value, 'function')
  assert.is(translateText('Signature declined'), arabic.errors.signatureDeclined)
  assert.is.not(translateText('Signature declined'), 'Signature declined')

  const load = CATALOGUES.he
  CATALOGUES.he = () => Promise.reject(new Error('chunk failed to load')) as never
  try {
    await setLocale('he')
    assert.is(localeState.tag.value, 'he')
    assert.ok(isRightToLeft(localeState.tag.value))
    assert.is(translateText('Signature declined'), 'Signature declined')
  } finally {
    CATALOGUES.he = load
  }
  await setLocale('en')
  assert.is(localeState.tag.value, 'en')
})

test("a feature's texts load with its code: English until asked for, then the locale's; none to load in English", async () => {
  const t = translator('swap', swapEn)
  await setLocale('de')
  // The first open's texts are in; the Swap view's come with its code.
  assert.ok(localeState.catalogue.value.errors)
  assert.is(localeState.catalogue.value.swap, undefined)
  assert.is(t('review'), swapEn.review)
  await loadMessages('swap')
  assert.is(t('review'), german.swap.review)
  assert.is.not(german.swap.review, swapEn.review)

  await setLocale('en')
  await loadMessages('swap')
  assert.equal(localeState.catalogue.value, {})
  assert.is(t('review'), swapEn.review)
})

test("a locale shown while a feature is open brings that feature's texts in the same update", async () => {
  const t = translator('swap', swapEn)
  await loadMessages('swap') // the Swap view opened in English
  const seen: string[] = []
  const stop = localeState.catalogue.subscribe(() => seen.push(t('review')))
  try {
    await setLocale('de')
  } finally {
    stop()
  }
  // No update showed the German modal with an English Swap view.
  assert.equal(seen, [swapEn.review, german.swap.review])
})

test("a feature descriptor's loaders bring its texts: a view's code and its locale texts in one round", async () => {
  await setLocale('de')
  const feature = defineFeature({
    name: 'swaps',
    messages: 'swap',
    views: { Swap: { title: 'swap', load: () => Promise.resolve({ default: () => null }) } },
  })
  assert.is(localeState.catalogue.value.swap, undefined)
  const module = await feature.views.Swap.load()
  assert.type(module.default, 'function')
  assert.ok(localeState.catalogue.value.swap)
})

test('a malformed tag is refused: setLocale throws, createAppKit names the option', async () => {
  try {
    await setLocale('en_US!')
    assert.unreachable('setLocale accepted a malformed tag')
  } catch (error) {
    assert.instance(error, RangeError)
  }
  assert.throws(
    () => validateOptions({ projectId: 'p', networks: [mainnet], locale: 'en_US!' }),
    (error: unknown) => error instanceof AppKitOptionsError && error.path === 'locale',
  )
  assert.is(validateOptions({ projectId: 'p', networks: [mainnet], locale: 'pt-br' }).locale, 'pt-BR')
})

test('messages: texts or plural forms by namespace.key; anything else is refused with its key', () => {
  const ok = validateOptions({
    projectId: 'p',
    networks: [mainnet],
    messages: { 'button.connect': 'Sign in', 'allWallets.count': { one: 'a wallet', other: '{count} wallets' } },
  })
  assert.equal(ok.messages['button.connect'], 'Sign in')
  for (const messages of [{ connect: 'x' }, { 'button.connect': 3 }, { 'allWallets.count': { one: 'x' } }, []]) {
    assert.throws(
      () => validateOptions({ projectId: 'p', networks: [mainnet], messages }),
      (error: unknown) => error instanceof AppKitOptionsError && error.path.startsWith('messages'),
    )
  }
})

test("the first open reads the browser's languages then, never before; the dapp's tag wins over them", async () => {
  const navigatorOf = globalThis as { navigator?: { languages?: readonly string[] } }
  const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
  let reads = 0
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    get: () => {
      reads++
      return { languages: ['nl', 'en'] }
    },
  })
  try {
    assert.is(reads, 0)
    await loadChosenLocale()
    assert.ok(reads > 0)
    assert.is(localeState.tag.value, 'en')
    requestLocale('he')
    await loadChosenLocale()
    assert.is(localeState.tag.value, 'he')
  } finally {
    if (original) Object.defineProperty(globalThis, 'navigator', original)
    else delete navigatorOf.navigator
  }
})

test("the first open shows the locale without the map of core's texts, which comes when asked for after the paint; English needs none", async () => {
  await loadChosenLocale()
  assert.is(loadKnownTexts(), undefined)
  assert.is(localeState.known.value, undefined)

  localeState.overrides.value = { 'errors.signatureDeclined': 'Declined in your wallet' }
  await loadKnownTexts()
  assert.is(translateText('Signature declined'), 'Declined in your wallet')

  resetLocale()
  requestLocale('de')
  await loadChosenLocale()
  assert.is(localeState.tag.value, 'de')
  assert.is(localeState.known.value, undefined)
  assert.is(translateText('Signature declined'), 'Signature declined')
  await loadKnownTexts()
  assert.is(translateText('Signature declined'), german.errors.signatureDeclined)
})

test.run()
