// A locale's texts as the modal loads them. Translators write `src/i18n/messages/<tag>.ts`: every
// namespace, every key, as the English catalogue has them. The modal loads something smaller, built
// from it here: each namespace's texts as an array in the English file's key order (the modal knows
// the key of each index from the English namespace it imports), so no key is shipped again; and
// the namespaces a feature shows alone apart, each in a file of its own that loads with the
// feature's code. What the first open loads is the rest: the button, the modal's frame, Connect
// with its email and social sections, All Wallets, Account, Networks and core's error texts.
//
//   import('./messages/ja?texts')       (src/i18n/locales.ts) → src/i18n/messages/.texts/ja.js:
//     export default { texts: { button: ['ウォレットを接続', …], … }, parts: { swap: () => import(…) } }
//   src/i18n/messages/.texts/ja.swap.js → export default ['スワップ', …]
//
// A feature's namespace is the `messages` its descriptor declares (src/features/<name>/feature.ts).
// A text the locale lacks is `null`: the modal shows English. Used by every esbuild build that
// reaches src/i18n/locales.ts (build.mjs, the test runner); `src/i18n/texts.d.ts` types the import
// for tsc. The `.texts` files exist only in builds: nothing is written to src/.
import * as esbuild from 'esbuild'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** `import('./messages/<tag>?texts')`, as src/i18n/locales.ts writes it. */
const REQUEST = /^\.\/messages\/([A-Za-z0-9-]+)\?texts$/
/** A built module: `…/src/i18n/messages/.texts/<tag>.js` or `<tag>.<namespace>.js`. */
const BUILT = /(?:^|[\\/])src[\\/]i18n[\\/]messages[\\/]\.texts[\\/]([A-Za-z0-9-]+?)(?:\.(\w+))?\.js$/
/** A feature descriptor's `messages: 'swap'`. */
const FEATURE_MESSAGES = /\bmessages:\s*'(\w+)'/

/**
 * The path a build gives a locale's texts (`part`: a feature's namespace), relative to the project:
 * build.mjs names its locale entries with it.
 */
export const localeTextsPath = (tag, part) => `src/i18n/messages/.texts/${tag}${part ? `.${part}` : ''}.js`

/** @returns {import('esbuild').Plugin} */
export function localeTextsPlugin() {
  return {
    name: 'sigkit-locale-texts',
    setup(build) {
      const root = build.initialOptions.absWorkingDir ?? process.cwd()
      const messagesDir = join(root, 'src/i18n/messages')
      /** The English key order and the features' namespaces, read once per build. */
      let shape
      build.onStart(() => {
        shape = undefined
      })
      const englishShape = () => {
        const englishDir = join(messagesDir, 'en')
        const files = [join(messagesDir, 'en.ts'), ...readdirSync(englishDir).map((file) => join(englishDir, file))]
        shape ??= evaluate(files[0], files).then((module) => ({
          english: module.en,
          featureNamespaces: featureNamespaces(join(root, 'src/features')),
        }))
        return shape
      }

      build.onResolve({ filter: REQUEST }, (args) => ({
        path: join(root, localeTextsPath(REQUEST.exec(args.path)[1])),
      }))
      build.onResolve({ filter: BUILT }, (args) => ({
        path: isAbsolute(args.path) ? args.path : join(root, args.path),
      }))
      build.onLoad({ filter: BUILT }, async (args) => {
        const [, tag, part] = BUILT.exec(args.path)
        const source = join(messagesDir, `${tag}.ts`)
        const [{ english, featureNamespaces }, catalogue] = await Promise.all([
          englishShape(),
          evaluate(source).then((module) => module.default),
        ])
        const textsOf = (namespace) => localeTexts(english, catalogue, namespace)
        if (part) return { contents: `export default ${JSON.stringify(textsOf(part))}`, loader: 'js' }
        const firstOpen = Object.keys(english).filter((namespace) => !featureNamespaces.includes(namespace))
        const texts = JSON.stringify(Object.fromEntries(firstOpen.map((namespace) => [namespace, textsOf(namespace)])))
        const parts = featureNamespaces
          .map((namespace) => `${namespace}:()=>import(${JSON.stringify(join(root, localeTextsPath(tag, namespace)))})`)
          .join(',')
        return { contents: `export default {texts:${texts},parts:{${parts}}}`, loader: 'js' }
      })
    },
  }
}

/**
 * A namespace's texts in a locale: in the English file's key order, `null` where the locale has none.
 * @param {Record<string, Record<string, unknown>>} english
 * @param {Record<string, Record<string, unknown> | undefined>} catalogue
 * @param {string} namespace
 */
export function localeTexts(english, catalogue, namespace) {
  if (!english[namespace]) throw new Error(`locale texts: English has no namespace ${namespace}`)
  return Object.keys(english[namespace]).map((key) => catalogue[namespace]?.[key] ?? null)
}

/** The namespaces the features declare (`messages` in each `src/features/<name>/feature.ts`), sorted. */
function featureNamespaces(featuresDir) {
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      let descriptor
      try {
        descriptor = readFileSync(join(featuresDir, entry.name, 'feature.ts'), 'utf8')
      } catch {
        return []
      }
      return FEATURE_MESSAGES.exec(descriptor)?.[1] ?? []
    })
    .sort()
}

/** Each catalogue module's exports by path, while its files are unchanged: every build of a process shares them. */
const evaluated = new Map()

/**
 * A catalogue module's exports: bundled for Node (it imports types, and English its namespaces), then
 * run; `files` are those it is made of.
 */
function evaluate(file, files = [file]) {
  const version = files.map((path) => statSync(path).mtimeMs).join()
  const cached = evaluated.get(file)
  if (cached?.version === version) return cached.exports
  const exports = bundleAndRun(file)
  evaluated.set(file, { version, exports })
  return exports
}

async function bundleAndRun(file) {
  const { outputFiles } = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  })
  const code = outputFiles[0].text
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}#${pathToFileURL(file)}`)
}
