// The chunk plan: the build, not esbuild's code splitting, decides what page load is.
//
// esbuild puts a module in a chunk by the set of entries (`import()` targets included) that reach
// it. So when a lazy module imports a module page load also uses, page load is re-split: more
// files, more cross-chunk imports and exports, a page-load size that moves for a change outside
// page load, and source files bent to steer it. Here page load is built on its own:
//
// 1. Page load is exactly the modules statically reachable from the page-load entries (found by
//    bundling them with every `import()` left external). The `import()` targets outside it are the
//    lazy roots.
// 2. The lazy pass bundles the lazy roots and the lazy entries (the CDN's pay.js) with code
//    splitting, and no page-load module: an import of one resolves to a facade, a module listing
//    the page-load module's exports, each from an external of its own (side-effect free, so
//    esbuild drops the names nobody uses, and knows the names an `export *` of it re-exports). The
//    pass runs twice. First each page-load module loads as its own facade: that tells which names
//    lazy code imports (they get short kernel names), which chunk each lazy module is in and what
//    each import resolves to. Then, for the files written, an import resolves to the module's
//    facade for the importer's chunk, so a name the chunk's modules share is one import, and the
//    externals' paths carry the kernel names (esbuild's content hashes cover them). Each file's
//    imports of page-load names then become one import of the kernel.
// 3. The kernel (`kernel.js` in the output folder) is page load in one file. It exports the
//    entries' public names, and exactly the names lazy code imports under short ones: page load
//    keeps its tree-shaking, and each module has one instance, shared by page load and lazy code.
//    Its `import()` calls point at the lazy files.
// 4. Each page-load entry (sigkit.js) is one line re-exporting its names from the kernel. Lazy
//    files import the kernel, never an entry, so a page that imports `sigkit.js?v=2` still shares
//    the kernel with them.
//
// The kernel's name has no content hash: lazy files import it and it imports them, so hashes would
// go round in a circle. It is revalidated like sigkit.js; lazy files keep content-hashed names, and
// a kernel only loads the lazy files of its own build, by those names.
//
// The result is one metafile, as if one pass had written everything: the kernel holds the page-load
// modules, lazy files import the kernel, and module-level import edges name the modules themselves.
import * as esbuild from 'esbuild'
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'

/** The kernel's file name (without `.js`) in the output folder. */
export const KERNEL_NAME = 'kernel'

const PLACEHOLDER = 'sigkit-kernel:'
const FACADE_NAMESPACE = 'sigkit-kernel-facade'
const ROOTS_NAMESPACE = 'sigkit-lazy-roots'
const ROOTS_ENTRY = `${ROOTS_NAMESPACE}:${ROOTS_NAMESPACE}:` // how the metafile names it
const KERNEL_ENTRY_NAMESPACE = 'sigkit-kernel-entry'
/** Marks a resolution this module asks esbuild for, so its own callback lets it through. */
const NESTED = Symbol('chunk-plan nested resolve')

/**
 * Builds the page-load entries into a kernel and one-line entry files, and what they load later into
 * lazy files; writes them all to `outdir`.
 * @param {object} plan
 * @param {import('esbuild').BuildOptions} plan.options the pass's esbuild options (absWorkingDir,
 *   plugins, define, naming…); entryPoints, outdir, splitting, write and metafile are set here
 * @param {string} plan.outdir relative to absWorkingDir
 * @param {Record<string, string>} plan.pageLoad entry name → source: what a page imports at load
 * @param {Record<string, string>} [plan.lazyEntries] entry name → source: entries a page imports
 *   only when it wants them, built in the lazy pass (so they share its files and the kernel)
 * @returns {Promise<import('esbuild').Metafile>} one metafile for everything written
 */
export async function buildWithKernel({ options, outdir, pageLoad, lazyEntries = {} }) {
  const root = options.absWorkingDir
  const context = {
    options,
    outdir,
    root,
    kernelFile: `${outdir}/${KERNEL_NAME}.js`,
    toRelative: (path) => relative(root, path).split('\\').join('/'),
  }
  const pageLoadGraph = await findPageLoad(pageLoad, context)
  const exportsOf = await exportNames([...pageLoadGraph.modules].sort(), context)
  const { lazy, names } = await buildLazy({ lazyEntries, pageLoadGraph, exportsOf }, context)
  const written = linkLazyFiles(lazy, names, context)
  const kernel = await buildKernel({ pageLoad, pageLoadGraph, lazy, names }, context)
  for (const file of kernel.outputFiles) written[context.toRelative(file.path)] = { code: file.text }
  // The entries a page imports: their names, from the kernel.
  for (const entry of Object.keys(pageLoad)) {
    const path = `${outdir}/${entry}.js`
    const list = names.publicNames[entry].map(([name, as]) => (name === as ? name : `${as} as ${name}`)).join(',')
    written[path] = { code: `export{${list}}from${JSON.stringify(relativeUrl(path, context.kernelFile))};\n` }
  }
  await Promise.all(
    Object.entries(written).map(async ([path, { code }]) => {
      await mkdir(join(root, dirname(path)), { recursive: true })
      await writeFile(join(root, path), code)
    }),
  )
  return mergeMetafiles({ kernel: kernel.metafile, lazy: lazy.metafile, written, pageLoad, names })
}

/**
 * The lazy pass, twice in one esbuild context (the second reuses what the first parsed): first to
 * read which names lazy code imports, which chunk each lazy module is in and what each import
 * resolves to; then with one facade per chunk and the kernel names, its result to be written.
 */
async function buildLazy({ lazyEntries, pageLoadGraph, exportsOf }, context) {
  const plan = { mode: 'discover', digest: () => '', chunkOf: new Map(), resolved: new Map() }
  const lazyContext = await esbuild.context({
    ...context.options,
    entryPoints: { ...lazyEntries, [ROOTS_NAMESPACE]: `${ROOTS_NAMESPACE}:` },
    outdir: context.outdir,
    splitting: true,
    write: false,
    metafile: true,
    plugins: [
      lazyRootsPlugin(pageLoadGraph.roots, context.root),
      facadesPlugin({ plan, modules: pageLoadGraph.modules, exportsOf }, context),
      ...(context.options.plugins ?? []),
    ],
  })
  try {
    const first = await lazyContext.rebuild()
    const used = new Map() // module → Set of the names lazy code imports from it
    for (const file of first.outputFiles.filter((file) => file.path.endsWith('.js')))
      for (const { module, name } of kernelImports(file.text)) {
        if (!used.has(module)) used.set(module, new Set())
        used.get(module).add(name)
      }
    Object.assign(plan, readLazyGraph(first.metafile, pageLoadGraph.modules))
    const names = kernelNames(pageLoadGraph.publicExports, used)
    plan.mode = 'link'
    plan.digest = (module) => names.digests.get(module) ?? ''
    const lazy = await lazyContext.rebuild()
    return { lazy, names }
  } finally {
    await lazyContext.dispose()
  }
}

/**
 * The lazy files' code as written (output path → { code, importsKernel, dropped }): imports of
 * page-load names linked to the kernel, and no bare import of esbuild's helper chunk.
 */
function linkLazyFiles(lazy, names, { kernelFile, toRelative }) {
  // esbuild has every entry import the chunk of its runtime helpers, even one that uses none of
  // them (evanw/esbuild#1892): in one pass that chunk was page load, here it would be one more file
  // on the first open. It runs nothing, so a file that imports none of its names does not load it.
  const helperChunks = Object.entries(lazy.metafile.outputs)
    .filter(([, output]) => output.entryPoint !== ROOTS_ENTRY && Object.keys(output.inputs).length === 0)
    .map(([path]) => path)
  const written = {}
  for (const file of lazy.outputFiles) {
    const path = toRelative(file.path)
    if (lazy.metafile.outputs[path]?.entryPoint === ROOTS_ENTRY) continue
    if (!path.endsWith('.js')) {
      written[path] = { code: file.text }
      continue
    }
    const linked = linkKernelImports(file.text, relativeUrl(path, kernelFile), names.byModule)
    const dropped = new Set()
    for (const helpers of helperChunks) {
      const bare = `import${JSON.stringify(relativeUrl(path, helpers))};`
      if (!linked.code.includes(bare)) continue
      linked.code = linked.code.replace(bare, '')
      dropped.add(helpers)
    }
    written[path] = { ...linked, dropped }
  }
  return written
}

/** The kernel: page load in one file, its `import()` calls pointing at the lazy files. */
async function buildKernel({ pageLoad, pageLoadGraph, lazy, names }, context) {
  const lazyFiles = new Map() // lazy root (source) → its file
  for (const [path, output] of Object.entries(lazy.metafile.outputs))
    if (output.entryPoint && output.entryPoint !== ROOTS_ENTRY) lazyFiles.set(output.entryPoint, path)
  const source = [
    ...Object.entries(pageLoad).map(([entry, module]) =>
      reexport(join(context.root, module), names.publicNames[entry]),
    ),
    ...[...names.byModule].map(([module, pairs]) => reexport(join(context.root, module), [...pairs])),
  ].join('\n')
  return esbuild.build({
    ...context.options,
    entryPoints: { [KERNEL_NAME]: `${KERNEL_ENTRY_NAMESPACE}:` },
    outdir: context.outdir,
    splitting: false,
    write: false,
    metafile: true,
    plugins: [
      kernelEntryPlugin(source, context.root),
      lazyImportsPlugin({ pageLoadGraph, lazyFiles }, context),
      ...(context.options.plugins ?? []),
    ],
  })
}

/**
 * Page load, from esbuild bundling the page-load entries with every `import()` left external:
 * `modules` (relative paths of what the entries reach through static imports), `roots` (the
 * `import()` targets outside it), `dynamicImports` (importer, specifier and kind of each `import()`
 * in page load → its target) and `publicExports` (each entry's export names).
 */
async function findPageLoad(pageLoad, { options, outdir, toRelative }) {
  const dynamicImports = new Map()
  /** @type {import('esbuild').Plugin} */
  const leaveDynamicImports = {
    name: 'sigkit-chunk-plan-page-load',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.[NESTED]) return undefined
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          namespace: args.namespace,
          resolveDir: args.resolveDir,
          pluginData: { [NESTED]: true },
        })
        if (resolved.errors.length > 0) return { errors: resolved.errors }
        if (!resolved.external && resolved.namespace === 'file')
          dynamicImports.set(importKey(toRelative(args.importer), args.path, args.kind), toRelative(resolved.path))
        return { path: resolved.path, external: true }
      })
    },
  }
  const { metafile } = await esbuild.build({
    ...options,
    entryPoints: pageLoad,
    outdir,
    splitting: false,
    write: false,
    metafile: true,
    plugins: [leaveDynamicImports, ...(options.plugins ?? [])],
  })
  // `<define:…>` inputs are esbuild's own: any pass that uses the define makes its own.
  const modules = new Set(Object.keys(metafile.inputs).filter((input) => !input.startsWith('<')))
  const roots = [...new Set(dynamicImports.values())].filter((module) => !modules.has(module)).sort()
  const publicExports = {}
  for (const [entry, source] of Object.entries(pageLoad)) {
    const output = Object.values(metafile.outputs).find((o) => o.entryPoint === source)
    publicExports[entry] = [...output.exports].sort()
  }
  return { modules, roots, dynamicImports, publicExports }
}

/**
 * From the first lazy pass's metafile: `chunkOf` (lazy module → a name for its chunk, the modules
 * esbuild writes in one file) and `resolved` (importer, specifier and kind of each lazy module's
 * import of a page-load module → that module).
 */
function readLazyGraph({ inputs, outputs }, modules) {
  const chunkOf = new Map()
  for (const [path, output] of Object.entries(outputs)) {
    const members = Object.keys(output.inputs).filter((input) => !modules.has(input))
    const name = output.entryPoint ?? members.sort()[0] ?? path
    for (const input of members) chunkOf.set(input, name)
  }
  const resolved = new Map()
  for (const [importer, input] of Object.entries(inputs)) {
    if (modules.has(importer)) continue
    for (const edge of input.imports) {
      if (!modules.has(edge.path)) continue
      if (edge.kind !== 'import-statement')
        throw new Error(
          `chunk plan: ${importer} loads the page-load module ${edge.path} with ${edge.kind}: import it statically (page load has already run it)`,
        )
      resolved.set(importKey(importer, edge.original ?? edge.path, edge.kind), edge.path)
    }
  }
  return { chunkOf, resolved }
}

const importKey = (importer, specifier, kind) => `${importer}\0${specifier}\0${kind}`

/** Each module's export names (what `export *` from it gives), from esbuild. */
async function exportNames(modules, { options, outdir, root }) {
  if (modules.length === 0) return new Map()
  const { metafile } = await esbuild.build({
    ...options,
    // Named by index: two modules may share a file name.
    entryPoints: Object.fromEntries(modules.map((module, index) => [`m${index}`, join(root, module)])),
    outdir,
    splitting: true,
    write: false,
    metafile: true,
    plugins: [
      {
        name: 'sigkit-chunk-plan-export-names',
        // Their lazy imports have no say in what they export.
        setup: (build) =>
          build.onResolve({ filter: /.*/ }, (args) =>
            args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
          ),
      },
      ...(options.plugins ?? []),
    ],
  })
  return new Map(
    modules.map((module) => {
      const output = Object.values(metafile.outputs).find((o) => o.entryPoint === module)
      if (!output) throw new Error(`chunk plan: no export list for ${module}`)
      return [module, [...output.exports].sort()]
    }),
  )
}

/** @returns {import('esbuild').Plugin} The lazy pass's own entry: it loads every lazy root. */
function lazyRootsPlugin(roots, root) {
  return {
    name: 'sigkit-chunk-plan-lazy-roots',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${ROOTS_NAMESPACE}:$`) }, (args) => ({
        path: args.path,
        namespace: ROOTS_NAMESPACE,
      }))
      build.onLoad({ filter: /.*/, namespace: ROOTS_NAMESPACE }, () => ({
        contents: roots.map((module) => `import(${JSON.stringify(join(root, module))})`).join('\n'),
        loader: 'js',
        resolveDir: root,
      }))
    },
  }
}

/**
 * The external that stands for one export of a page-load module. Its path carries the digest of
 * the module's kernel names, so a lazy file's content hash changes when they do.
 */
const placeholder = (module, name, digest) => `${PLACEHOLDER}${module}::${name}#${digest}`
function readPlaceholder(text) {
  const match = text.slice(PLACEHOLDER.length).match(/^(.*)::(.*)#[^#]*$/)
  if (!match) throw new Error(`chunk plan: not a kernel placeholder: ${text}`)
  return { module: match[1], name: match[2] }
}

/**
 * @returns {import('esbuild').Plugin} Keeps page-load modules out of the lazy pass. When
 * `plan.mode` is 'discover', a page-load module loads as a facade of itself; when 'link', an import
 * of one resolves to its facade for the importer's chunk, and the module itself must not load.
 */
function facadesPlugin({ plan, modules, exportsOf }, { root, toRelative }) {
  const facade = (module) =>
    exportsOf
      .get(module)
      .map((name) => `export { ${name} } from ${JSON.stringify(placeholder(module, name, plan.digest(module)))}`)
      .join('\n')
  const pageLoadFiles = new RegExp(
    `^(?:${[...modules].map((module) => join(root, module).replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|')})$`,
  )
  return {
    name: 'sigkit-chunk-plan-facades',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${PLACEHOLDER}`) }, (args) => ({
        path: args.path,
        external: true,
        sideEffects: false,
      }))
      build.onResolve({ filter: /.*/ }, (args) => {
        if (plan.mode !== 'link' || args.namespace !== 'file') return undefined
        const importer = toRelative(args.importer)
        const module = plan.resolved.get(importKey(importer, args.path, args.kind))
        if (!module) return undefined
        return { path: `${module}\0${plan.chunkOf.get(importer)}`, namespace: FACADE_NAMESPACE }
      })
      build.onLoad({ filter: /.*/, namespace: FACADE_NAMESPACE }, (args) => ({
        contents: facade(args.path.split('\0')[0]),
        loader: 'js',
      }))
      build.onLoad({ filter: pageLoadFiles, namespace: 'file' }, (args) => {
        const module = toRelative(args.path)
        if (plan.mode === 'discover') return { contents: facade(module), loader: 'js' }
        return { errors: [{ text: `chunk plan: the page-load module ${module} was reached without its facade` }] }
      })
    },
  }
}

/** @returns {import('esbuild').Plugin} The kernel's entry, re-exporting from the modules themselves. */
function kernelEntryPlugin(contents, root) {
  return {
    name: 'sigkit-chunk-plan-kernel-entry',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${KERNEL_ENTRY_NAMESPACE}:$`) }, (args) => ({
        path: args.path,
        namespace: KERNEL_ENTRY_NAMESPACE,
      }))
      build.onLoad({ filter: /.*/, namespace: KERNEL_ENTRY_NAMESPACE }, () => ({
        contents,
        loader: 'js',
        resolveDir: root,
      }))
    },
  }
}

/** @returns {import('esbuild').Plugin} Points the kernel's `import()` calls at the lazy files. */
function lazyImportsPlugin({ pageLoadGraph, lazyFiles }, { kernelFile, toRelative }) {
  return {
    name: 'sigkit-chunk-plan-lazy-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import' || args.namespace !== 'file') return undefined
        const target = pageLoadGraph.dynamicImports.get(importKey(toRelative(args.importer), args.path, args.kind))
        if (!target || pageLoadGraph.modules.has(target)) return undefined
        const file = lazyFiles.get(target)
        if (!file) return { errors: [{ text: `chunk plan: the lazy pass wrote no file for import() of ${target}` }] }
        return { path: relativeUrl(kernelFile, file), external: true }
      })
    },
  }
}

/**
 * Kernel names: the page-load entries' public names as they are (a short one when two entries
 * share a name), then a short one for each (module, name) lazy code imports, and per module the
 * digest of its names.
 */
function kernelNames(publicExports, used) {
  const taken = new Set()
  const publicNames = Object.fromEntries(
    Object.entries(publicExports).map(([entry, names]) => [
      entry,
      names.map((name) => {
        if (taken.has(name)) return [name, undefined]
        taken.add(name)
        return [name, name]
      }),
    ]),
  )
  const next = shortNames(taken)
  for (const pairs of Object.values(publicNames)) for (const pair of pairs) pair[1] ??= next()
  const byModule = new Map() // module → Map(name → kernel name)
  const digests = new Map()
  for (const module of [...used.keys()].sort()) {
    const pairs = [...used.get(module)].sort().map((name) => [name, next()])
    byModule.set(module, new Map(pairs))
    digests.set(module, createHash('sha256').update(JSON.stringify(pairs)).digest('hex').slice(0, 12))
  }
  return { publicNames, byModule, digests }
}

/** A kernel entry line: `export { name as kernelName, … } from "module"`. */
function reexport(path, pairs) {
  const list = pairs.map(([name, as]) => (name === as ? name : `${name} as ${as}`)).join(', ')
  return `export { ${list} } from ${JSON.stringify(path)}`
}

/** The URL that the output file `from` imports the output file `to` by. */
function relativeUrl(from, to) {
  const url = relative(dirname(from), to).split('\\').join('/')
  return url.startsWith('.') ? url : `./${url}`
}

const RESERVED = new Set(
  'as do if in of for let new try var case else enum eval null this true void with await break catch class const false super throw while yield delete export import public return static switch typeof default extends finally package private continue debugger function arguments interface protected implements instanceof undefined NaN Infinity'.split(
    ' ',
  ),
)

/** Gives short identifiers (a, b, …, aa, …), skipping reserved words and `taken`. */
function shortNames(taken) {
  const first = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$'
  const rest = `${first}0123456789`
  let index = 0
  const nameAt = (n) => {
    let name = first[n % first.length]
    for (n = Math.floor(n / first.length); n > 0; n = Math.floor(n / rest.length)) {
      n -= 1
      name += rest[n % rest.length]
    }
    return name
  }
  return () => {
    for (;;) {
      const name = nameAt(index++)
      if (!RESERVED.has(name) && !taken.has(name)) {
        taken.add(name)
        return name
      }
    }
  }
}

// What esbuild writes for a facade's external that a chunk uses: `import{name as local}from"…"`
// (or `import{name}…` when the local keeps the name), one statement per name; a lazy entry that
// re-exports one writes `export{name as exported}from"…"`.
const STATEMENT = new RegExp(
  String.raw`(import|export)\s*\{\s*([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*\}\s*from\s*"(${PLACEHOLDER}[^"]*)";?`,
  'g',
)

/** The page-load names a lazy file's code imports (or re-exports): keyword, module, name, alias. */
function kernelImports(code) {
  const found = []
  for (const match of code.matchAll(STATEMENT)) {
    const [statement, keyword, imported, alias = imported, text] = match
    const { module, name } = readPlaceholder(text)
    if (imported !== name) throw new Error(`chunk plan: ${statement} imports a name its external does not stand for`)
    found.push({ keyword, module, name, alias })
  }
  const rest = code.replace(STATEMENT, '')
  if (rest.includes(PLACEHOLDER)) {
    const at = rest.indexOf(PLACEHOLDER)
    throw new Error(`chunk plan: cannot read a page-load import in …${rest.slice(Math.max(0, at - 80), at + 80)}…`)
  }
  return found
}

/**
 * A lazy file's imports of page-load names, merged into one import of the kernel by kernel name
 * (and its re-exports of them into one `export{…}from` the kernel). `importsKernel`: whether the
 * code now loads the kernel.
 */
function linkKernelImports(code, url, byModule) {
  const imports = []
  const exports = []
  for (const { keyword, module, name, alias } of kernelImports(code)) {
    const kernelName = byModule.get(module)?.get(name)
    if (!kernelName) throw new Error(`chunk plan: no kernel name for ${name} of ${module}`)
    ;(keyword === 'import' ? imports : exports).push(`${kernelName} as ${alias}`)
  }
  if (imports.length + exports.length === 0) return { code, importsKernel: false }
  const from = `from${JSON.stringify(url)};`
  const merged =
    (imports.length > 0 ? `import{${imports.join(',')}}${from}` : '') +
    (exports.length > 0 ? `export{${exports.join(',')}}${from}` : '')
  // The merged statement takes the first one's place: imports are hoisted, so order does not matter.
  let first = true
  const linked = code.replace(STATEMENT, () => {
    if (!first) return ''
    first = false
    return merged
  })
  return { code: linked, importsKernel: true }
}

/** One metafile for the kernel, the entries and the lazy files, with edges between real paths. */
function mergeMetafiles({ kernel, lazy, written, pageLoad, names }) {
  const isVirtual = (path) =>
    [ROOTS_NAMESPACE, KERNEL_ENTRY_NAMESPACE, FACADE_NAMESPACE].some((namespace) => path.startsWith(`${namespace}:`))
  const [kernelPath, kernelOutput] = Object.entries(kernel.outputs).find(([, output]) => output.entryPoint)
  const outdir = dirname(kernelPath)
  const fileOfUrl = (url) => join(outdir, url).split('\\').join('/')
  const lazyRootOf = new Map() // lazy file → the module it was built from
  for (const [path, output] of Object.entries(lazy.outputs))
    if (output.entryPoint && output.entryPoint !== ROOTS_ENTRY) lazyRootOf.set(path, output.entryPoint)

  const inputs = {}
  for (const [path, input] of Object.entries(kernel.inputs)) {
    if (isVirtual(path)) continue
    // A page-load module's import() names the lazy module, as it would in one pass.
    const imports = input.imports.map((edge) => {
      const module = edge.external && edge.kind === 'dynamic-import' && lazyRootOf.get(fileOfUrl(edge.path))
      return module ? { path: module, kind: edge.kind, original: edge.original } : edge
    })
    inputs[path] = { ...input, imports }
  }
  for (const [path, input] of Object.entries(lazy.inputs)) {
    if (isVirtual(path)) continue
    // An import of a page-load module (through a facade) names the module.
    const imports = input.imports.map((edge) =>
      edge.path.startsWith(`${FACADE_NAMESPACE}:`)
        ? {
            path: edge.path.slice(FACADE_NAMESPACE.length + 1).split('\0')[0],
            kind: edge.kind,
            original: edge.original,
          }
        : edge,
    )
    inputs[path] = { ...input, imports }
  }

  const outputs = {}
  const { entryPoint: _kernelEntry, ...kernelRest } = kernelOutput
  outputs[kernelPath] = {
    ...kernelRest,
    inputs: Object.fromEntries(Object.entries(kernelRest.inputs).filter(([input]) => !isVirtual(input))),
    imports: kernelRest.imports.map((edge) =>
      edge.external && edge.kind === 'dynamic-import' ? { path: fileOfUrl(edge.path), kind: edge.kind } : edge,
    ),
  }
  for (const [entry, source] of Object.entries(pageLoad)) {
    outputs[`${outdir}/${entry}.js`] = {
      imports: [{ path: kernelPath, kind: 'import-statement' }],
      exports: names.publicNames[entry].map(([name]) => name),
      entryPoint: source,
      inputs: {},
    }
  }
  for (const [path, output] of Object.entries(lazy.outputs)) {
    if (output.entryPoint === ROOTS_ENTRY) continue
    const { importsKernel, dropped } = written[path]
    const imports = output.imports.filter(
      (edge) =>
        !edge.path.startsWith(PLACEHOLDER) &&
        lazy.outputs[edge.path]?.entryPoint !== ROOTS_ENTRY &&
        !dropped?.has(edge.path),
    )
    if (importsKernel) imports.unshift({ path: kernelPath, kind: 'import-statement' })
    const own = Object.fromEntries(Object.entries(output.inputs).filter(([input]) => !isVirtual(input)))
    outputs[path] = { ...output, imports, inputs: own }
  }
  // Sizes as written (linking changed the lazy files; the kernel's list of first-open files is
  // written in by build.mjs later, as before).
  for (const [path, output] of Object.entries(outputs)) output.bytes = Buffer.byteLength(written[path].code)
  return { inputs, outputs }
}
