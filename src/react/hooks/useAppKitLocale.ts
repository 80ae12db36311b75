import { useSignals } from '@preact/signals-react/runtime'
import { setLocale } from '../../i18n/locales'
import { localeState } from '../../i18n/translate'

/** What `useAppKitLocale` returns. */
export interface UseAppKitLocaleReturnType {
  /** The locale the modal shows (`'en'` until the first open chooses one). */
  locale: string
  /** Shows the modal and the button in another language (BCP 47 tag), without closing the modal. */
  setLocale: (locale: string) => Promise<void>
}

/**
 * Reads and changes the language of the modal and the button.
 * @example
 * ```tsx
 * const { locale, setLocale } = useAppKitLocale()
 * return <button onClick={() => void setLocale(locale === 'ja' ? 'en' : 'ja')}>{locale}</button>
 * ```
 */
export function useAppKitLocale(): UseAppKitLocaleReturnType {
  useSignals()
  return { locale: localeState.tag.value, setLocale }
}
