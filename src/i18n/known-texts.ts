/**
 * The English texts that reach the modal as text rather than as a key: core's and the connectors'
 * SPEC §8 texts (alerts, toasts, wallet and transaction errors), which stay English where a dapp
 * developer meets them (thrown errors, the console). Loaded with a locale other than English (or
 * with the dapp's overrides), so an English page never pays for it.
 */
import errors from './messages/en/errors'
import modal from './messages/en/modal'
import common from './messages/en/common'
import connecting from './messages/en/connecting'
import { textTranslator } from './reverse'

// `connecting`: core and the connectors write 'Connection declined' (SPEC §8) as the connection's error.
const translators = [
  textTranslator('errors', errors),
  textTranslator('modal', modal),
  textTranslator('common', common),
  textTranslator('connecting', connecting),
]

/** A known English text (placeholders filled, as in 'The transaction would fail: …') in the visitor's locale. */
export function translateKnownText(text: string): string {
  for (const translate of translators) {
    const translated = translate(text)
    if (translated !== text) return translated
  }
  return text
}
