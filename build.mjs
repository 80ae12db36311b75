#!/usr/bin/env node
// SigKit build: `node build.mjs [--no-types | --types-only]`
//
// One source, three esbuild passes (all ESM, code splitting, minified, target es2022), each
// writing its metafile beside its output as `meta.json`:
//
// 1. React build → dist/  (`sigkit`, `sigkit/react`)
//    src/index.ts → dist/index.js, src/react.ts → dist/react.js, shared and lazy chunks in
//    dist/chunks/. EVERY bare import stays external (`packages: 'external'`): react and
//    react-dom are peer dependencies, and @preact/signals-core, @preact/signals-react,
//    @stitches/react and ofetch are npm dependencies of the package, so the app's bundler
//    resolves them once and dedupes them with the app's own copies. Inlining them here would
//    ship a second signals runtime to any app that already uses signals. The app's bundler
//    chunks this build again, so it keeps esbuild's own code splitting.
//
// 2. CDN build → dist/cdn/  (one file a page can import with a plain <script type="module">)
//    src/cdn.ts → dist/cdn/sigkit.js, lazy chunks in dist/cdn/c/ (loaded by relative URL, so
//    the folder can be hosted anywhere). Everything is bundled; React is replaced by Preact
//    through CDN_ALIASES (build/cdn-aliases.mjs), and process.env.NODE_ENV is "production".
//    The build, not esbuild's code splitting, decides what page load is (the chunk plan,
//    build/chunk-plan.mjs): page load is exactly the modules src/cdn.ts reaches through static
//    imports, bundled into one file, dist/cdn/kernel.js, which sigkit.js re-exports. What they
//    reach through import() (and dist/cdn/pay.js) is bundled by a second esbuild pass with code
//    splitting, which imports page-load modules from the kernel instead of bundling them again.
//    So a lazy module may import any page-load module: page load keeps its files and modules
//    (the kernel exports the names lazy code uses, nothing more), and every module keeps one
//    instance, its state shared by page load and lazy code. Under esbuild's own splitting such an
//    import re-split page load: the module moved from sigkit.js into a chunk shared with the lazy
//    module, one more file and more cross-chunk imports and exports at page load.
//    WalletConnect's CommonJS-heavy code is a file of its own (CDN_VENDORS), and so are
//    networks.js and siwx.js.
//
// 3. Size pass → dist/.size/react-bundle/  (never imported by anyone, only measured)
//    The React build's budget is about what a visitor downloads, and that includes the npm
//    dependencies build 1 leaves external. So the same entries are bundled again with every
//    dependency inlined except react/react-dom (which the app pays for anyway), the way an
//    app's production bundler would. Rejected alternative: pointing @size-limit/esbuild at
//    dist/react.js. That plugin bundles without code splitting, so every lazy chunk (modal,
//    views, features) would be inlined and counted as page-load cost. It is built with the
//    chunk plan too (index.js and react.js re-export its kernel), so its page-load figure is
//    the modules those entries reach, however the lazy modules import them.
//
// After the passes, the metafiles say which files each entry loads at page load (the entry
// plus chunks reachable through static imports) and which files the first modal open adds
// (chunks reachable from the lazy modules in FIRST_OPEN_MODULES, minus the initial ones).
// Those files are copied to stable folders, dist/.size/{cdn,react}-{initial,modal}/, which
// size-limit.json measures, and listed in dist/.size/manifest.json for the build tests.
//
// Finally tsc writes the declarations to dist/types (tsconfig.types.json; skip them with
// --no-types, build only them with --types-only). Type checking is `npm run typecheck`.

import * as esbuild from 'esbuild'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cp, mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { minify } from 'terser'
import { cdnAliasPlugin } from './build/cdn-aliases.mjs'
import { buildWithKernel, firstOpenName, KERNEL_NAME } from './build/chunk-plan.mjs'
import { cssTextPlugin } from './build/css-text.mjs'
import { localeTextsPath, localeTextsPlugin } from './build/locale-texts.mjs'
import { acquireRunLock } from './build/lock.mjs'
import { contentsOf, moduleStatus, outputForEntryPoint, staticClosure } from './build/metafile.mjs'

const root = dirname(fileURLToPath(import.meta.url))
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/** Where the staged copies and the manifest go (relative to the repo root). */
const SIZE_DIR = 'dist/.size'

/**
 * Lazy modules whose chunks the first modal open downloads. `required` ones must exist as
 * lazy chunks (the build tests fail otherwise); the others count when the build has them.
 * The e2e test checks this list against what the browser really loads on the first click.
 */
const FIRST_OPEN_MODULES = [
  // Order matters: a module two groups reach is the first one's (build/chunk-plan.mjs), so the
  // groups that also load alone come first (discovery restores a session at page load, and with
  // the HTTP client serves the headless API): what they share with the shell (the toasts' core
  // state) is theirs, and they never bring the shell's Stitches and preact/compat with them.
  // `connectors`: injected-wallet discovery (EIP-6963), fetched by the Connect view beside it;
  // the wallets appear as soon as it runs. Budgeted on its own.
  { source: 'src/connectors/injected/index.ts', required: true, group: 'connectors' },
  // The entries that need nothing installed (WalletConnect, All Wallets), listed with discovery.
  { source: 'src/ui/views/Connect/wallet-entries.ts', required: true, group: 'connectors' },
  // `data`: the HTTP client (ofetch) and remote config, loaded on first open beside the shell
  // (the modal-open event and the project config fetch); budgeted on their own.
  { source: 'src/core/config/remote-config.ts', required: false, group: 'data' },
  { source: 'src/core/lib/http.ts', required: false, group: 'data' },
  // `shell`: what the visitor waits for before the Connect view paints (the 15 KB budget).
  { source: 'src/ui/modal/mount.tsx', required: true, group: 'shell' },
  { source: 'src/ui/views/Connect/index.tsx', required: true, group: 'shell' },
]

/** The first open's groups for the chunk plan: group → its modules, in that order. */
const FIRST_OPEN_GROUPS = {}
for (const { source, group } of FIRST_OPEN_MODULES) (FIRST_OPEN_GROUPS[group] ??= []).push(source)

/**
 * What the modal's preload (page idle, the button hovered or focused) adds to the first-open set,
 * and a click that loads the modal itself does not: the warm-up of the modal's type and, in the
 * React build, the rehearsal of its render. Budgeted on its own.
 */
const PRELOAD_MODULES = ['src/ui/modal/warm-up.ts']

/**
 * A headless page's first call (`appKit.fetchWallets`, `useAppKitWallets`…): the headless
 * controller and the installed wallets' discovery it starts, with the HTTP client they use.
 * Measured with page load, as the modal never opens on such a page; none of it is UI.
 */
const HEADLESS_MODULES = ['src/headless/index.ts', 'src/connectors/injected/index.ts']

/** The QR encoder a headless page imports for its own QR code (`sigkit/qr`), beyond page load. */
const QR_ENTRY_MODULE = 'src/qr.ts'

/**
 * What loads in idle time after the first open: the views the listed wallets open
 * (src/ui/views/registry.ts preloads them), and on a desktop WalletConnect's code, so its pairing
 * is made ahead and the QR code paints on the click.
 */
const IDLE_PREFETCH_MODULES = [
  'src/ui/views/ConnectingExternal/index.tsx',
  'src/ui/views/ConnectingWalletConnect/index.tsx',
  'src/ui/views/AllWallets/index.tsx',
  'src/connectors/walletconnect/index.ts',
]

/**
 * With the project's email feature on: the email section Connect adds once the remote config
 * arrives, then the embedded wallet (fetched when the visitor focuses the field). Stated, not
 * budgeted: page load and the first open stay the same with email off.
 */
const EMAIL_SECTION_MODULE = 'src/features/email/section.tsx'
const EMBEDDED_MODULE = 'src/connectors/embedded/index.ts'

/**
 * With the project's socials on: the social section (its logos with it) Connect adds once the
 * remote config arrives. Stated, not budgeted, like the email section.
 */
const SOCIAL_SECTION_MODULE = 'src/features/social/section.tsx'

/**
 * Features measured on their own (size-limit.json budgets some): what a visitor who opens the
 * feature downloads beyond page load and the first open, all of its code together. A feature's
 * modules are what its descriptor (`src/features/<name>/feature.ts`) loads with `import()`, read
 * from the build's metafile, so a new feature is measured without a line here. Pay also has the
 * entry a dapp imports (sigkit/pay; src/cdn-pay.ts in the CDN pass, src/pay.ts in the size pass)
 * and the request openPay makes before its view.
 */
const FEATURE_DESCRIPTOR = /^src\/features\/([^/]+)\/feature\.ts$/
const FEATURE_ENTRIES = { pay: ['src/cdn-pay.ts', 'src/pay.ts', 'src/features/pay/request.ts'] }

/** Each feature's modules in this pass: its descriptor's `import()` targets, then its entries. */
function featureModules(metafile) {
  const modules = {}
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const name = FEATURE_DESCRIPTOR.exec(input)?.[1]
    if (!name) continue
    const loaded = imports.filter((edge) => edge.kind === 'dynamic-import').map((edge) => edge.path)
    modules[name] = [...new Set([...loaded, ...(FEATURE_ENTRIES[name] ?? [])])].sort()
  }
  return modules
}

/**
 * Each locale's texts as the build makes them from its catalogue (`src/i18n/messages/<tag>.ts`,
 * English apart: it is built in; build/locale-texts.mjs): the first open's texts, one lazy chunk,
 * and each feature's, loaded with the feature. size-limit.json budgets the largest of each.
 */
const LOCALE_TEXTS = /^src\/i18n\/messages\/\.texts\/([A-Za-z0-9-]+?)(?:\.(\w+))?\.js$/

/** Each locale's texts modules in this pass, by tag: `{ source, parts: { namespace: source } }`. */
function localeModules(metafile) {
  const locales = {}
  for (const input of Object.keys(metafile.inputs).sort()) {
    const [, tag, namespace] = LOCALE_TEXTS.exec(input) ?? []
    if (!tag) continue
    locales[tag] ??= { source: undefined, parts: {} }
    if (namespace) locales[tag].parts[namespace] = input
    else locales[tag].source = input
  }
  return locales
}

const version = JSON.stringify(pkg.version)

/** @type {esbuild.BuildOptions} */
const common = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  splitting: true,
  minify: true,
  metafile: true,
  charset: 'utf8',
  legalComments: 'none',
  jsx: 'automatic',
  entryNames: '[dir]/[name]',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  // `.css` imports are the stylesheet as minified text (build/css-text.mjs); a locale's texts are
  // built from its catalogue (build/locale-texts.mjs).
  plugins: [cssTextPlugin, localeTextsPlugin()],
}

/**
 * Each locale's catalogue is an entry of its own, `locales/<tag>.js`: the page-load code that loads
 * them spells 23 paths that differ only by the tag, which compress to a few bytes each where
 * content-hashed chunk names did not (120 B gzip at page load). Optional: no page loads them at once.
 */
const LOCALE_ENTRIES = Object.fromEntries(
  readdirSync(join(root, 'src/i18n/messages'))
    .filter((file) => file.endsWith('.ts') && file !== 'en.ts')
    .map((file) => [`locales/${file.slice(0, -3)}`, localeTextsPath(file.slice(0, -3))]),
)

/** The three passes, by name. `entries` maps output name → source file. */
const BUILDS = {
  react: {
    outdir: 'dist',
    entries: {
      index: 'src/index.ts',
      react: 'src/react.ts',
      siwx: 'src/siwx.ts',
      pay: 'src/pay.ts',
      networks: 'src/networks.ts',
      wagmi: 'src/wagmi/index.ts',
      qr: 'src/qr.ts',
      ...LOCALE_ENTRIES,
    },
    // Entries a dapp imports for one purpose (taking payments, wagmi, a QR code of its own) and the
    // locales: not SigKit's page load.
    optionalEntries: ['pay', 'wagmi', 'qr', ...Object.keys(LOCALE_ENTRIES)],
    options: {
      packages: 'external',
      define: { __SIGKIT_VERSION__: version },
    },
  },
  cdn: {
    outdir: 'dist/cdn',
    // `pay` is an entry of the same pass (not a file of its own like siwx.js): openPay must reach
    // the very modal and state the page's sigkit.js runs, so it shares their chunks. `qr` (the
    // QR encoder for a headless page) too: a page with the modal loads the encoder once.
    entries: { sigkit: 'src/cdn.ts', pay: 'src/cdn-pay.ts', qr: 'src/qr.ts', ...LOCALE_ENTRIES },
    // Entries a page imports only when it wants them: not page load.
    optionalEntries: ['pay', 'qr', ...Object.keys(LOCALE_ENTRIES)],
    // Page load is built on its own (build/chunk-plan.mjs): the kernel, dist/cdn/kernel.js.
    chunkPlan: true,
    options: {
      // Every chunk name is spelled in the imports that load it: short names are bytes a CDN page
      // does not download (about 80 B gzip at page load, 40 B on first open).
      chunkNames: 'c/[hash]',
      plugins: [cdnAliasPlugin],
      define: {
        __SIGKIT_VERSION__: version,
        'process.env.NODE_ENV': '"production"',
      },
    },
  },
  'react-bundle': {
    outdir: `${SIZE_DIR}/react-bundle`,
    entries: { index: 'src/index.ts', react: 'src/react.ts', pay: 'src/pay.ts', ...LOCALE_ENTRIES },
    optionalEntries: ['pay', ...Object.keys(LOCALE_ENTRIES)],
    // Measured like the CDN build: page load on its own, whatever the lazy modules import.
    chunkPlan: true,
    options: {
      external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
      define: {
        __SIGKIT_VERSION__: version,
        'process.env.NODE_ENV': '"production"',
      },
    },
  },
}

/**
 * CDN build: CommonJS-heavy vendors are bundled on their own, each into one ESM file that the
 * main pass imports by relative URL. In one esbuild pass their CommonJS interop helpers land in
 * the runtime chunk every entry imports, so WalletConnect (loaded only on demand) added 0.4 KB to
 * page load. Map: bare import → file under dist/cdn/chunks/.
 */
const CDN_VENDORS = { '@walletconnect/universal-provider': 'walletconnect-vendor.js' }
const VENDOR_PREFIX = 'sigkit-vendor:'

/** Bundles each CDN vendor; returns their metafiles' outputs and inputs merged. */
async function buildCdnVendors() {
  const merged = { inputs: {}, outputs: {} }
  for (const [specifier, file] of Object.entries(CDN_VENDORS)) {
    const result = await esbuild.build({
      ...common,
      // WalletConnect's dependencies reach for Node's `global`.
      define: { ...BUILDS.cdn.options.define, global: 'globalThis' },
      splitting: false,
      stdin: {
        contents: `export * from '${specifier}'`,
        resolveDir: root,
        sourcefile: `${file}-entry.js`,
        loader: 'js',
      },
      outfile: `${BUILDS.cdn.outdir}/chunks/${file}`,
    })
    Object.assign(merged.inputs, result.metafile.inputs)
    Object.assign(merged.outputs, result.metafile.outputs)
  }
  return merged
}

/**
 * CDN build: files of their own beside the entry, dist/cdn/networks.js (the network definitions)
 * and dist/cdn/siwx.js (the localStorage sign-in config). The CDN entry exports everything it has
 * (a page cannot tree-shake), so they stay out of it and a page imports them only when it wants.
 */
async function buildCdnStandalone() {
  await Promise.all(
    ['networks', 'siwx'].map((name) =>
      esbuild.build({
        ...common,
        splitting: false,
        entryPoints: [`src/${name}.ts`],
        outfile: `${BUILDS.cdn.outdir}/${name}.js`,
      }),
    ),
  )
}

/** @type {esbuild.Plugin} Leaves CDN vendors out of the main pass, under a placeholder path. */
const cdnVendorPlugin = {
  name: 'sigkit-cdn-vendors',
  setup(build) {
    const filter = new RegExp(
      `^(${Object.keys(CDN_VENDORS)
        .map((name) => name.replace(/[/.]/g, '\\$&'))
        .join('|')})$`,
    )
    build.onResolve({ filter }, (args) => ({ path: VENDOR_PREFIX + args.path, external: true }))
  },
}

/** Points the placeholders at the vendor files (per output, relative) and merges the metafiles. */
async function linkCdnVendors(metafile, vendors) {
  for (const [path, output] of Object.entries(metafile.outputs)) {
    if (!path.endsWith('.js')) continue
    let code = readFileSync(join(root, path), 'utf8')
    let changed = false
    output.imports = output.imports.map((edge) => {
      if (!edge.path.startsWith(VENDOR_PREFIX)) return edge
      const target = `${BUILDS.cdn.outdir}/chunks/${CDN_VENDORS[edge.path.slice(VENDOR_PREFIX.length)]}`
      let url = relative(dirname(path), target)
      if (!url.startsWith('.')) url = `./${url}`
      code = code.replaceAll(JSON.stringify(edge.path), JSON.stringify(url))
      changed = true
      return { path: target, kind: edge.kind }
    })
    if (changed) await writeFile(join(root, path), code)
  }
  Object.assign(metafile.inputs, vendors.inputs)
  Object.assign(metafile.outputs, vendors.outputs)
  return metafile
}

/** Which pass's files are measured for each size-limit staging folder prefix. */
const MEASURED = { cdn: 'cdn', react: 'react-bundle' }

/**
 * Terser over SigKit's own files (the chunk plan's; the vendors' chunks are left as their
 * packages' authors minified them): its compressor finds what esbuild's minifier leaves (2-4 % of
 * the gzip size). Module code, so the names the files import and export stay as they are.
 */
async function compressWithTerser(code) {
  const { code: compressed } = await minify(code, { module: true, ecma: 2020, compress: { passes: 2 } })
  if (compressed === undefined) throw new Error('terser returned no code')
  return compressed
}

async function runPass(name) {
  const { outdir, entries, optionalEntries = [], chunkPlan, options } = BUILDS[name]
  const cdn = name === 'cdn'
  const plugins = [...(cdn ? [cdnVendorPlugin] : []), ...(options.plugins ?? []), ...common.plugins]
  const select = (optional) =>
    Object.fromEntries(Object.entries(entries).filter(([entry]) => optionalEntries.includes(entry) === optional))
  const [built, vendors] = await Promise.all([
    chunkPlan
      ? buildWithKernel({
          options: { ...common, ...options, plugins },
          outdir,
          pageLoad: select(false),
          lazyEntries: select(true),
          firstOpen: FIRST_OPEN_GROUPS,
          compress: compressWithTerser,
        })
      : esbuild
          .build({ ...common, ...options, plugins, outdir, entryPoints: entries })
          .then(({ metafile }) => metafile),
    cdn ? Promise.all([buildCdnVendors(), buildCdnStandalone()]).then(([merged]) => merged) : undefined,
  ])
  const metafile = cdn ? await linkCdnVendors(built, vendors) : built
  await writeFile(join(root, outdir, 'meta.json'), JSON.stringify(metafile))
  const report = analyse(name, metafile)
  return report
}

/** Initial and first-open file sets of one pass, from its metafile. */
function analyse(name, metafile) {
  const { outdir, entries, optionalEntries = [], chunkPlan } = BUILDS[name]
  const entryReport = {}
  const initial = new Set()
  for (const [entryName, source] of Object.entries(entries)) {
    const output = outputForEntryPoint(metafile, source)
    const files = output ? staticClosure(metafile, output) : []
    if (!optionalEntries.includes(entryName)) files.forEach((file) => initial.add(file))
    entryReport[entryName] = { source, output, initial: files, optional: optionalEntries.includes(entryName) }
  }
  const firstOpen = new Set()
  const groups = { shell: new Set(), data: new Set(), connectors: new Set() }
  const modules = {}
  // In FIRST_OPEN_MODULES' order: a chunk two groups load counts in the first one.
  for (const { source, required, group } of FIRST_OPEN_MODULES) {
    const status = moduleStatus(metafile, source, initial)
    modules[source] = { status, required, group }
    const lazyOutput = outputForEntryPoint(metafile, source)
    if (status === 'lazy' && lazyOutput) {
      for (const file of staticClosure(metafile, lazyOutput)) {
        if (initial.has(file) || firstOpen.has(file)) continue
        firstOpen.add(file)
        groups[group].add(file)
      }
    }
  }
  /** The files `sources` load beyond page load and the first open. */
  const filesBeyondFirstOpen = (sources) => {
    const files = new Set()
    for (const source of sources) {
      const output = outputForEntryPoint(metafile, source)
      for (const file of output ? staticClosure(metafile, output) : [])
        if (!initial.has(file) && !firstOpen.has(file)) files.add(file)
    }
    return [...files].sort()
  }
  const preloadFiles = filesBeyondFirstOpen(PRELOAD_MODULES)
  // Fetched in idle time after the first open: not what the visitor waits for, but stated.
  const prefetchFiles = filesBeyondFirstOpen(IDLE_PREFETCH_MODULES)
  const loaded = new Set([...initial, ...firstOpen])
  const laterFiles = (source) => {
    const output = outputForEntryPoint(metafile, source)
    const files = output ? staticClosure(metafile, output).filter((file) => !loaded.has(file)) : []
    files.forEach((file) => loaded.add(file))
    return files.sort()
  }
  const emailFiles = laterFiles(EMAIL_SECTION_MODULE)
  const embeddedFiles = laterFiles(EMBEDDED_MODULE)
  // Each feature against page load and the first open only (not the email section's files).
  const socialFiles = filesBeyondFirstOpen([SOCIAL_SECTION_MODULE])
  const features = Object.fromEntries(
    Object.entries(featureModules(metafile)).map(([feature, sources]) => {
      const files = filesBeyondFirstOpen(sources)
      return [feature, { sources, files, gzip: gzipTotal(files) }]
    }),
  )
  const measure = (source) => {
    const files = filesBeyondFirstOpen([source])
    return { source, files, gzip: gzipTotal(files) }
  }
  const locales = Object.fromEntries(
    Object.entries(localeModules(metafile)).map(([tag, { source, parts }]) => [
      tag,
      {
        ...measure(source),
        parts: Object.fromEntries(Object.entries(parts).map(([namespace, part]) => [namespace, measure(part)])),
      },
    ]),
  )
  const largest = (candidates) => candidates.sort((a, b) => b.gzip - a.gzip)[0] ?? { tag: null, files: [], gzip: 0 }
  // A locale at the first open; a feature's texts in a locale, when the feature opens.
  const largestLocale = largest(Object.entries(locales).map(([tag, { parts, ...texts }]) => ({ tag, ...texts })))
  const largestLocalePart = largest(
    Object.entries(locales).flatMap(([tag, { parts }]) =>
      Object.entries(parts).map(([namespace, part]) => ({ tag, namespace, ...part })),
    ),
  )
  const initialFiles = [...initial].sort()
  const qrFiles = filesBeyondFirstOpen([QR_ENTRY_MODULE])
  const headlessFiles = [
    ...new Set([
      ...initial,
      ...HEADLESS_MODULES.flatMap((source) => {
        const output = outputForEntryPoint(metafile, source)
        return output ? staticClosure(metafile, output) : []
      }),
    ]),
  ].sort()
  const firstOpenFiles = [...firstOpen].sort()
  const groupFiles = (group) => [...groups[group]].sort()
  return {
    outdir,
    metafile: `${outdir}/meta.json`,
    // The page-load file of a pass built with the chunk plan (tests/build/chunk-plan.test.mjs).
    ...(chunkPlan
      ? {
          kernel: `${outdir}/${KERNEL_NAME}.js`,
          // Each first-open group's file (the groups with modules in this build).
          firstOpenFiles: Object.fromEntries(
            Object.keys(FIRST_OPEN_GROUPS)
              .map((group) => [group, `${outdir}/${firstOpenName(group)}.js`])
              .filter(([, file]) => metafile.outputs[file]),
          ),
        }
      : {}),
    entries: entryReport,
    initial: { files: initialFiles, gzip: gzipTotal(initialFiles), ...contentsOf(metafile, initialFiles) },
    firstOpen: { modules, files: firstOpenFiles, gzip: gzipTotal(firstOpenFiles) },
    shell: { files: groupFiles('shell'), gzip: gzipTotal(groupFiles('shell')) },
    data: { files: groupFiles('data'), gzip: gzipTotal(groupFiles('data')) },
    connectors: { files: groupFiles('connectors'), gzip: gzipTotal(groupFiles('connectors')) },
    preload: { sources: PRELOAD_MODULES, files: preloadFiles, gzip: gzipTotal(preloadFiles) },
    headless: { sources: HEADLESS_MODULES, files: headlessFiles, gzip: gzipTotal(headlessFiles) },
    qr: { source: QR_ENTRY_MODULE, files: qrFiles, gzip: gzipTotal(qrFiles) },
    idlePrefetch: { sources: IDLE_PREFETCH_MODULES, files: prefetchFiles, gzip: gzipTotal(prefetchFiles) },
    emailSection: { source: EMAIL_SECTION_MODULE, files: emailFiles, gzip: gzipTotal(emailFiles) },
    embedded: { source: EMBEDDED_MODULE, files: embeddedFiles, gzip: gzipTotal(embeddedFiles) },
    socialSection: { source: SOCIAL_SECTION_MODULE, files: socialFiles, gzip: gzipTotal(socialFiles) },
    features,
    locales,
    largestLocale,
    largestLocalePart,
  }
}

/** Gzip level 9 like @size-limit/file, JS files only (the budgets are about JS). */
function gzipTotal(files) {
  return files
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file)), { level: 9 }).length, 0)
}

/** Copy a file set into dist/.size/<folder>/, keeping paths relative to the pass's outdir. */
async function stage(folder, files, outdir) {
  const target = join(root, SIZE_DIR, folder)
  await rm(target, { recursive: true, force: true })
  await mkdir(target, { recursive: true })
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const destination = join(target, relative(outdir, file))
    await mkdir(dirname(destination), { recursive: true })
    await cp(join(root, file), destination)
  }
  return `${SIZE_DIR}/${folder}`
}

async function buildBundles() {
  await rm(join(root, 'dist'), { recursive: true, force: true })
  const names = Object.keys(BUILDS)
  const results = await Promise.all(names.map((name) => runPass(name)))
  const reports = Object.fromEntries(names.map((name, i) => [name, results[i]]))

  const staged = {}
  for (const [prefix, pass] of Object.entries(MEASURED)) {
    const report = reports[pass]
    staged[`${prefix}-initial`] = await stage(`${prefix}-initial`, report.initial.files, report.outdir)
    staged[`${prefix}-modal`] = await stage(`${prefix}-modal`, report.shell.files, report.outdir)
    staged[`${prefix}-data`] = await stage(`${prefix}-data`, report.data.files, report.outdir)
    staged[`${prefix}-connectors`] = await stage(`${prefix}-connectors`, report.connectors.files, report.outdir)
    staged[`${prefix}-preload`] = await stage(`${prefix}-preload`, report.preload.files, report.outdir)
    staged[`${prefix}-headless`] = await stage(`${prefix}-headless`, report.headless.files, report.outdir)
    staged[`${prefix}-qr`] = await stage(`${prefix}-qr`, report.qr.files, report.outdir)
    staged[`${prefix}-locale`] = await stage(`${prefix}-locale`, report.largestLocale.files, report.outdir)
    staged[`${prefix}-locale-feature`] = await stage(
      `${prefix}-locale-feature`,
      report.largestLocalePart.files,
      report.outdir,
    )
    for (const [feature, { files }] of Object.entries(report.features))
      staged[`${prefix}-${feature}`] = await stage(`${prefix}-${feature}`, files, report.outdir)
  }

  // size-limit loads every @size-limit/* plugin named in the nearest package.json. The repo's
  // package.json names @size-limit/esbuild, which would re-bundle (and re-minify) the staged
  // files before measuring them. This package.json makes dist/.size a root that names only
  // @size-limit/file, so tests/run.mjs runs size-limit from here and the exact shipped bytes
  // are measured (size-limit.json's globs still resolve from the repo root, where it lives).
  await writeFile(
    join(root, SIZE_DIR, 'package.json'),
    JSON.stringify(
      {
        name: 'sigkit-size-staging',
        private: true,
        description: 'Written by build.mjs: lets size-limit measure the staged files as they are.',
        sizeLimitRoot: true,
        devDependencies: { 'size-limit': '12.1.0', '@size-limit/file': '12.1.0' },
      },
      null,
      2,
    ) + '\n',
  )

  const manifest = { version: pkg.version, firstOpenModules: FIRST_OPEN_MODULES, staged, builds: reports }
  await writeFile(join(root, SIZE_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
  printSummary(reports)
  return reports
}

function kb(bytes) {
  return `${(bytes / 1000).toFixed(2)} kB`
}

function printSummary(reports) {
  const lines = [`sigkit ${pkg.version}: built dist/ (React), dist/cdn/ (CDN), ${SIZE_DIR}/react-bundle/ (size pass)`]
  for (const [prefix, pass] of Object.entries(MEASURED)) {
    const {
      initial,
      firstOpen,
      shell,
      data,
      connectors,
      preload,
      idlePrefetch,
      emailSection,
      embedded,
      socialSection,
      features,
      largestLocale,
      largestLocalePart,
    } = reports[pass]
    lines.push(
      `  ${prefix.padEnd(5)} initial ${kb(initial.gzip)} gzip (${initial.files.length} files), ` +
        `first open +${kb(firstOpen.gzip)} gzip: shell + Connect ${kb(shell.gzip)}, HTTP client ${kb(data.gzip)}, ` +
        `wallet discovery ${kb(connectors.gzip)}; a preload adds its warm-up ${kb(preload.gzip)} (${pass === 'cdn' ? 'type' : 'type and render rehearsal'}); then, in idle time, the wallets' views and (desktop) WalletConnect ${kb(idlePrefetch.gzip)}`,
    )
    lines.push(
      `        with email on: the email section +${kb(emailSection.gzip)} once the project config arrives, ` +
        `the embedded wallet +${kb(embedded.gzip)} (with the connection code every connector uses) when used`,
    )
    lines.push(`        with socials on: the social section +${kb(socialSection.gzip)} once the project config arrives`)
    lines.push(
      `        features when opened: ${Object.entries(features)
        .map(([feature, { gzip }]) => `${feature} +${kb(gzip)}`)
        .join(', ')}`,
    )
    lines.push(
      `        another language: its texts +${kb(largestLocale.gzip)} at the first open at most (${largestLocale.tag ?? 'none'}, the largest), ` +
        `a feature's texts with the feature +${kb(largestLocalePart.gzip)} at most (${largestLocalePart.tag ?? 'none'} ${largestLocalePart.namespace ?? ''})`,
    )
    for (const [source, { status, required }] of Object.entries(firstOpen.modules)) {
      if (status !== 'lazy' && (required || status === 'initial')) {
        lines.push(`  warning: ${source} is ${status} in the ${pass} build (expected its own lazy chunk)`)
      }
    }
  }
  console.log(lines.join('\n'))
}

/**
 * Declarations into dist/types. tsconfig.types.json (when present) is the emitting variant of
 * tsconfig.json, which itself is `noEmit` for type checking; without it, the same flags are
 * passed on the command line.
 */
function buildTypes() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  const args = existsSync(join(root, 'tsconfig.types.json'))
    ? ['-p', 'tsconfig.types.json']
    : ['-p', 'tsconfig.json', '--noEmit', 'false', '--declaration', '--emitDeclarationOnly', '--outDir', 'dist/types']
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

async function main() {
  const args = new Set(process.argv.slice(2))
  const unknown = [...args].filter((arg) => !['--no-types', '--types-only'].includes(arg))
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(' ')}. Usage: node build.mjs [--no-types | --types-only]`)
    return 2
  }
  await acquireRunLock(root, 'build.mjs')
  if (!args.has('--types-only')) {
    try {
      await buildBundles()
    } catch (error) {
      // esbuild has already printed its diagnostics.
      if (!error?.errors) console.error(error)
      return 1
    }
  }
  if (!args.has('--no-types')) {
    const code = await buildTypes()
    if (code !== 0) {
      console.error('tsc failed: declarations in dist/types are incomplete')
      return code
    }
    console.log('declarations: dist/types')
  }
  return 0
}

process.exitCode = await main()
