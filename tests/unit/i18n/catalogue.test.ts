// The catalogues as translators and dapps use them: English well formed (keys, placeholders, plural
// forms with `other`), every locale file with exactly English's keys and placeholders and no
// English left in it (beyond names), each written locale loadable as the modal loads it (its texts
// in English's key order, the features' namespaces apart), and the pseudo-locale of the tests
// covering every message.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync } from 'node:fs'
import { en } from '../../../src/i18n/messages/en'
import { CATALOGUES, LOCALES } from '../../../src/i18n/locales'
import type { LocaleCatalogue, Message, MessageNamespace } from '../../../src/i18n/types'
import { FEATURES } from '../../../src/features'
import { pseudoCatalogue, PSEUDO_CLOSE, PSEUDO_OPEN } from '../../helpers/pseudo-locale.mjs'

const MESSAGES_DIR = 'src/i18n/messages'

/**
 * Words that stay as they are in every language: brands, wallets, tokens, networks, and cognates
 * spelt as in English (German "Wallets", French "Transactions"/"Suggestions", Italian "Account",
 * Spanish, Portuguese and Indonesian "Subtotal").
 */
const SAME_IN_EVERY_LANGUAGE = new Set(
  'SigKit WalletConnect Farcaster EVM EOA NFT NFTs Solana Ethereum USDC ETH SIWX Max Token Tokens Swap OK Status Name Email E-Mail Details Total Subtotal Wallets Transaction Transactions Suggestions Account'
    .toLowerCase()
    .split(' '),
)

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
const textsOf = (message: Message) => (typeof message === 'string' ? [message] : Object.values(message))

test('English: camelCase keys, texts or plural forms with `other` and `{count}`, placeholders well formed', () => {
  for (const [namespace, messages] of Object.entries(en)) {
    assert.match(namespace, /^[a-z][A-Za-z]*$/)
    for (const [key, message] of Object.entries(messages) as [string, Message][]) {
      assert.match(key, /^[a-z][A-Za-z0-9]*$/, `${namespace}.${key}`)
      for (const text of textsOf(message)) {
        assert.ok(text.trim().length > 0, `${namespace}.${key} is empty`)
        // Every brace opens a placeholder: a stray one would be shown as it is.
        assert.is(text.replace(/\{\w+\}/g, '').match(/[{}]/), null, `${namespace}.${key}: ${text}`)
      }
      if (typeof message !== 'string') {
        assert.type(message.other, 'string', `${namespace}.${key} has no other form`)
        assert.ok(placeholders(message.other).includes('count'), `${namespace}.${key}: a plural needs {count}`)
      }
    }
  }
})

const localeFiles = readdirSync(MESSAGES_DIR)
  .filter((file) => file.endsWith('.ts') && file !== 'en.ts')
  .map((file) => file.slice(0, -3))

test('each locale file is a shipped locale and is loaded by CATALOGUES; each CATALOGUES entry has its file', () => {
  for (const tag of localeFiles) {
    assert.ok((LOCALES as readonly string[]).includes(tag), `${tag}.ts is not a shipped locale`)
    assert.ok(tag in CATALOGUES, `${tag}.ts is not listed in CATALOGUES (src/i18n/locales.ts)`)
  }
  for (const tag of Object.keys(CATALOGUES))
    assert.ok(localeFiles.includes(tag), `CATALOGUES lists ${tag} without its file`)
})

/** A locale's catalogue as its translators wrote it (`src/i18n/messages/<tag>.ts`). */
const sourceOf = async (tag: string) =>
  (await import(`../../../src/i18n/messages/${tag}.ts`)).default as LocaleCatalogue

test("every locale present: exactly English's keys, the same placeholders, no English left beyond names", async () => {
  for (const tag of Object.keys(CATALOGUES)) {
    const catalogue = (await sourceOf(tag)) as Record<string, Record<string, Message>>
    assert.equal(Object.keys(catalogue).sort(), Object.keys(en).sort(), `${tag}: namespaces`)
    for (const [namespace, messages] of Object.entries(en) as [string, Record<string, Message>][]) {
      const translated = catalogue[namespace]!
      assert.equal(Object.keys(translated).sort(), Object.keys(messages).sort(), `${tag}: keys of ${namespace}`)
      for (const [key, english] of Object.entries(messages)) {
        const message = translated[key]!
        const englishPlaceholders = placeholders(textsOf(english)[0]!)
        for (const text of textsOf(message)) {
          assert.equal(placeholders(text), englishPlaceholders, `${tag}: placeholders of ${namespace}.${key}`)
          const englishTexts = textsOf(english)
          if (!englishTexts.includes(text)) continue
          const words = text
            .replace(/\{\w+\}/g, '')
            .split(/[^\p{L}-]+/u)
            .filter((word) => word.length > 1 && !SAME_IN_EVERY_LANGUAGE.has(word.toLowerCase()))
          assert.equal(words, [], `${tag}: ${namespace}.${key} is still English: "${text}"`)
        }
        if (typeof message !== 'string') assert.type(message.other, 'string', `${tag}: ${namespace}.${key}.other`)
      }
    }
  }
})

test("as the modal loads a locale: the first open's namespaces in one file, each feature's namespace in its own; every text in English's key order", async () => {
  const featureNamespaces = FEATURES.flatMap((feature) => feature.messages ?? []).sort()
  // A Connect section shows at the first open: its feature's texts must be in the first open's file.
  for (const feature of FEATURES)
    assert.not.ok(feature.messages && feature.connectSection, `${feature.name}: messages beside a Connect section`)
  assert.equal(featureNamespaces, [
    'activity',
    'names',
    'onramp',
    'pay',
    'receive',
    'send',
    'siwx',
    'smartSessions',
    'swap',
  ])
  for (const [tag, load] of Object.entries(CATALOGUES)) {
    const source = (await sourceOf(tag)) as Record<string, Record<string, Message>>
    const { texts, parts } = (await load!()).default
    assert.equal(Object.keys(parts).sort(), featureNamespaces, `${tag}: the features' files`)
    assert.equal(
      Object.keys(texts).sort(),
      Object.keys(en)
        .filter((namespace) => !(featureNamespaces as string[]).includes(namespace))
        .sort(),
      `${tag}: the first open's namespaces`,
    )
    for (const namespace of Object.keys(en) as MessageNamespace[]) {
      const loaded = texts[namespace] ?? (await parts[namespace]!()).default
      assert.equal(
        loaded,
        Object.keys(en[namespace]).map((key) => source[namespace]![key]!),
        `${tag}: the texts of ${namespace}`,
      )
    }
  }
})

test('a text a locale lacks is built as null (the modal shows English there)', async () => {
  const { localeTexts } = await import('../../../build/locale-texts.mjs')
  assert.equal(
    localeTexts(
      { button: { connect: 'x', connecting: 'y' }, modal: { back: 'b' } },
      { button: { connecting: 'Y' } },
      'button',
    ),
    [null, 'Y'],
  )
  assert.equal(localeTexts({ button: { connect: 'x' } }, {}, 'button'), [null])
})

test('the pseudo-locale of the tests brackets every message and keeps its placeholders', () => {
  const pseudo = pseudoCatalogue(en) as Record<string, Record<string, Message>>
  for (const [namespace, messages] of Object.entries(en) as [string, Record<string, Message>][])
    for (const [key, english] of Object.entries(messages)) {
      const texts = textsOf(pseudo[namespace]![key]!)
      for (const [index, text] of texts.entries()) {
        assert.ok(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE), `${namespace}.${key}`)
        assert.equal(placeholders(text), placeholders(textsOf(english)[index]!))
        const bare = (value: string) => value.replace(/\{\w+\}/g, '').length
        assert.ok(bare(text) - 2 >= bare(textsOf(english)[index]!) * 1.4, `${namespace}.${key} is ~40 % longer`)
      }
    }
})

test.run()
