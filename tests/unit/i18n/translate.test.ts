// What a visitor reads once the catalogue is in: the locale's text, else English; placeholders and
// plural forms by the locale's rules; the dapp's overrides over both; and a text made in English
// elsewhere (a controller's, core's) shown in the locale.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatMessage, localeState, translateText, translator } from '../../../src/i18n/translate'
import { textTranslator } from '../../../src/i18n/reverse'
import { resetLocale } from '../../../src/i18n/locales'
import allWallets from '../../../src/i18n/messages/en/allWallets'
import swap from '../../../src/i18n/messages/en/swap'
import type { Message } from '../../../src/i18n/types'

test.before.each(resetLocale)

/** A namespace's texts as a locale's file gives them: in English's key order, `null` where it has none. */
const textsOf = (english: object, messages: Record<string, Message>) =>
  Object.keys(english).map((key) => messages[key] ?? null)

const t = translator('allWallets', allWallets)

test('English: the catalogue text, placeholders filled, plural by count', () => {
  assert.is(t('search'), 'Search wallet')
  assert.is(t('installedLabel', { name: 'MetaMask' }), 'MetaMask, installed')
  assert.is(t('count', { count: 1 }), '1 wallet')
  assert.is(t('count', { count: 961 }), '961 wallets')
  assert.is(t('count', { count: 0 }), '0 wallets')
})

test("another locale's catalogue replaces English key by key; a key it lacks stays English", () => {
  localeState.tag.value = 'de'
  localeState.catalogue.value = { allWallets: textsOf(allWallets, { search: 'Wallet suchen' }) }
  assert.is(t('search'), 'Wallet suchen')
  assert.is(t('noneFound'), 'No wallet found')
})

test("plural forms follow the locale's categories (Russian: one, few, many)", () => {
  localeState.tag.value = 'ru'
  localeState.catalogue.value = {
    allWallets: textsOf(allWallets, {
      count: {
        one: '{count} кошелёк',
        few: '{count} кошелька',
        many: '{count} кошельков',
        other: '{count} кошелька',
      },
    }),
  }
  assert.equal(
    [1, 3, 5, 21].map((count) => t('count', { count })),
    ['1 кошелёк', '3 кошелька', '5 кошельков', '21 кошелёк'],
  )
  // A category the message lacks falls back to `other`.
  assert.is(formatMessage({ other: '{count} x' }, { count: 1 }), '1 x')
})

test("the dapp's overrides win over the locale and English; a missing value leaves its placeholder", () => {
  localeState.tag.value = 'de'
  localeState.catalogue.value = { allWallets: textsOf(allWallets, { search: 'Wallet suchen' }) }
  localeState.overrides.value = { 'allWallets.search': 'Find yours', 'allWallets.installedLabel': '{name} (here)' }
  assert.is(t('search'), 'Find yours')
  assert.is(t('installedLabel', { name: 'Rabby' }), 'Rabby (here)')
  assert.is(t('installedLabel'), '{name} (here)')
})

test("a controller's English text, placeholders filled, is shown in the locale with its values", () => {
  const shown = textTranslator('swap', swap)
  localeState.tag.value = 'de'
  localeState.catalogue.value = {
    swap: textsOf(swap, {
      insufficientGas: 'Nicht genug {symbol} für die Netzwerkgebühr',
      insufficientBalance: 'Guthaben reicht nicht',
    }),
  }
  assert.is(shown('Not enough ETH left for the network fee'), 'Nicht genug ETH für die Netzwerkgebühr')
  assert.is(shown('Insufficient balance'), 'Guthaben reicht nicht')
  assert.is(shown('Something no message says'), 'Something no message says')
})

test('a known English text (core, connectors) is shown as it is until a locale loads its translator', () => {
  assert.is(translateText('Signature declined'), 'Signature declined')
  localeState.known.value = (text) => (text === 'Signature declined' ? 'Signatur abgelehnt' : text)
  assert.is(translateText('Signature declined'), 'Signatur abgelehnt')
})

test.run()
