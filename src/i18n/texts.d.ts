/**
 * A locale's texts as the modal loads them: `import('./messages/ja?texts')` is built from
 * `messages/ja.ts` by build/locale-texts.mjs (each namespace's texts in the English key order, the
 * features' namespaces in files of their own).
 */
declare module '*?texts' {
  const locale: import('./types').LocaleTexts
  export default locale
}
