// The chunk plan: the build, not esbuild's code splitting, decides what page load is.
//
// esbuild puts a module in a chunk by the set of entries (`import()` targets included) that reach
// it. So when a lazy module imports a module page load also uses, page load is re-split: more
// files, more cross-chunk imports and exports, a page-load size that moves for a change outside
// page load, and source files bent to steer it. Here page load is built on its own:
//
// 1. The graph. One esbuild pass over every entry, as if there were no plan (nothing written),
//    says which modules page load is (those statically reachable from the page-load entries), which
//    `import()` targets outside it are the lazy roots, which chunk each lazy module lands in, and
//    what each import resolves to.
// 2. The lazy pass bundles the lazy roots and the lazy entries (the CDN's pay.js) with code
//    splitting, and no page-load module: within each chunk, an import of one resolves to a facade,
//    a module listing the page-load module's exports, each from an external of its own (side-effect
//    free, so esbuild drops the names nobody uses, and sees the names an `export *` re-exports).
//    One facade per chunk, so a name the chunk's modules share is one import. The pass runs once to
//    read which names lazy code imports, which then get short kernel names, and again with those in
//    the externals' paths (so esbuild's content hashes cover them) for the files it writes, whose
//    imports of page-load names become one import of the kernel.
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
const KERNEL_ENTRY_NAMESPACE = 'sigkit-kernel-entry'

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
  const kernelFile = `${outdir}/${KERNEL_NAME}.js`
  const toRelative = (path) => relative(root, path).split('\\').join('/')

  const graph = await readGraph({ options, outdir, pageLoad, lazyEntries })
  const exportsOf = await exportNames([...new Set(graph.resolved.values())].sort(), { options, outdir, root })

  // The lazy pass: first to read the names lazy code imports, then with their kernel names.
  let digestOf = () => ''
  const lazyContext = await esbuild.context({
    ...options,
    entryPoints: { ...lazyEntries, [ROOTS_NAMESPACE]: `${ROOTS_NAMESPACE}:` },
    outdir,
    splitting: true,
    write: false,
    metafile: true,
    plugins: [
      lazyRootsPlugin(graph.roots, root),
      facadesPlugin({ graph, exportsOf, digest: (module) => digestOf(module), toRelative }),
      ...(options.plugins ?? []),
    ],
  })
  let lazy
  let names
  try {
    const first = await lazyContext.rebuild()
    const used = new Map() // module → Set of the names lazy code imports from it
    for (const file of first.outputFiles.filter((file) => file.path.endsWith('.js')))
      for (const { module, name } of kernelImports(file.text)) {
        if (!used.has(module)) used.set(module, new Set())
        used.get(module).add(name)
      }
    names = kernelNames(graph.publicExports, used)
    digestOf = (module) => names.digests.get(module) ?? ''
    lazy = await lazyContext.rebuild()
  } finally {
    await lazyContext.dispose()
  }

  const rootsOutput = Object.keys(lazy.metafile.outputs).find(
    (path) => lazy.metafile.outputs[path].entryPoint === `${ROOTS_NAMESPACE}:${ROOTS_NAMESPACE}:`,
  )
  // esbuild has every entry import the chunk of its runtime helpers, even one that uses none of
  // them (evanw/esbuild#1892): in one pass that chunk was page load, here it would be one more file
  // on the first open. It runs nothing, so a file that imports none of its names does not load it.
  const helperChunks = Object.entries(lazy.metafile.outputs)
    .filter(([path, output]) => path !== rootsOutput && Object.keys(output.inputs).length === 0)
    .map(([path]) => path)
  const written = {} // output path → text
  const importsKernel = new Set() // the lazy files that import the kernel
  const dropped = new Set() // "file\0helper chunk" for each bare import of a helper chunk removed
  for (const file of lazy.outputFiles) {
    const path = toRelative(file.path)
    if (path === rootsOutput) continue
    if (!path.endsWith('.js')) {
      written[path] = file.text
      continue
    }
    const linked = linkKernelImports(file.text, relativeUrl(path, kernelFile), names.byModule)
    let code = linked.code
    for (const helpers of helperChunks) {
      const bare = `import${JSON.stringify(relativeUrl(path, helpers))};`
      if (!code.includes(bare)) continue
      code = code.replace(bare, '')
      dropped.add(`${path}\0${helpers}`)
    }
    written[path] = code
    if (linked.importsKernel) importsKernel.add(path)
  }

  // The kernel: page load in one file.
  const lazyFiles = new Map() // lazy root (source) → its file
  for (const [path, output] of Object.entries(lazy.metafile.outputs))
    if (output.entryPoint && path !== rootsOutput) lazyFiles.set(output.entryPoint, path)
  const kernelSource = [
    ...Object.entries(pageLoad).map(([entry, source]) => reexport(join(root, source), names.publicNames[entry])),
    ...[...names.byModule].map(([module, pairs]) => reexport(join(root, module), [...pairs])),
  ].join('\n')
  const kernel = await esbuild.build({
    ...options,
    entryPoints: { [KERNEL_NAME]: `${KERNEL_ENTRY_NAMESPACE}:` },
    outdir,
    splitting: false,
    write: false,
    metafile: true,
    plugins: [
      kernelEntryPlugin(kernelSource, root),
      lazyImportsPlugin({ graph, lazyFiles, kernelFile, toRelative }),
      ...(options.plugins ?? []),
    ],
  })
  for (const file of kernel.outputFiles) written[toRelative(file.path)] = file.text

  // The entries a page imports: their names, from the kernel.
  for (const entry of Object.keys(pageLoad)) {
    const path = `${outdir}/${entry}.js`
    const list = names.publicNames[entry].map(([name, as]) => (name === as ? name : `${as} as ${name}`)).join(',')
    written[path] = `export{${list}}from${JSON.stringify(relativeUrl(path, kernelFile))};\n`
  }

  await Promise.all(
    Object.entries(written).map(async ([path, text]) => {
      await mkdir(join(root, dirname(path)), { recursive: true })
      await writeFile(join(root, path), text)
    }),
  )
  return mergeMetafiles({
    kernel: kernel.metafile,
    lazy: lazy.metafile,
    rootsOutput,
    written,
    importsKernel,
    dropped,
    pageLoad,
    names,
  })
}

/**
 * One esbuild pass over every entry, as without a plan, read for: `modules` (page load: what the
 * page-load entries reach through static imports), `roots` (the `import()` targets
 * outside it), `dynamicImports` (importer, specifier and kind of a page-load module's `import()` →
 * its target), `publicExports` (each page-load entry's export names), `chunkOf` (lazy module → a
 * name for its chunk: the modules esbuild groups in one file, which the lazy pass groups the same
 * way) and `resolved` (importer, specifier and kind of each lazy module's import of a page-load
 * module → that module).
 */
async function readGraph({ options, outdir, pageLoad, lazyEntries }) {
  const { metafile } = await esbuild.build({
    ...options,
    entryPoints: { ...pageLoad, ...lazyEntries },
    outdir,
    splitting: true,
    write: false,
    metafile: true,
  })
  const { inputs, outputs } = metafile
  const modules = new Set()
  const queue = Object.values(pageLoad)
  while (queue.length > 0) {
    const module = queue.pop()
    if (modules.has(module) || !inputs[module]) continue
    modules.add(module)
    for (const edge of inputs[module].imports)
      if (edge.kind !== 'dynamic-import' && !edge.external && inputs[edge.path]) queue.push(edge.path)
  }
  const roots = new Set()
  const dynamicImports = new Map()
  for (const module of modules)
    for (const edge of inputs[module].imports) {
      if (edge.kind !== 'dynamic-import' || edge.external) continue
      dynamicImports.set(importKey(module, edge.original ?? edge.path, edge.kind), edge.path)
      if (!modules.has(edge.path)) roots.add(edge.path)
    }
  const publicExports = {}
  for (const [entry, source] of Object.entries(pageLoad)) {
    const output = Object.values(outputs).find((o) => o.entryPoint === source)
    publicExports[entry] = [...output.exports].sort()
  }
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
          `${importer} loads the page-load module ${edge.path} with ${edge.kind}: import it statically (page load has already run it)`,
        )
      resolved.set(importKey(importer, edge.original ?? edge.path, edge.kind), edge.path)
    }
  }
  return { modules, roots: [...roots].sort(), dynamicImports, publicExports, chunkOf, resolved }
}

const importKey = (importer, specifier, kind) => `${importer}\0${specifier}\0${kind}`

/** Each module's export names (what `export *` from it gives), from esbuild. */
async function exportNames(modules, { options, outdir, root }) {
  if (modules.length === 0) return new Map()
  const { metafile } = await esbuild.build({
    ...options,
    entryPoints: modules.map((module) => join(root, module)),
    outdir,
    splitting: true,
    write: false,
    metafile: true,
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
 * @returns {import('esbuild').Plugin} In the lazy pass, a lazy module's import of a page-load
 * module resolves to that module's facade for the importer's chunk.
 */
function facadesPlugin({ graph, exportsOf, digest, toRelative }) {
  return {
    name: 'sigkit-chunk-plan-facades',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${PLACEHOLDER}`) }, (args) => ({
        path: args.path,
        external: true,
        sideEffects: false,
      }))
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.namespace !== 'file') return undefined
        const importer = toRelative(args.importer)
        const module = graph.resolved.get(importKey(importer, args.path, args.kind))
        if (!module) return undefined
        return { path: `${module}\0${graph.chunkOf.get(importer)}`, namespace: FACADE_NAMESPACE }
      })
      build.onLoad({ filter: /.*/, namespace: FACADE_NAMESPACE }, (args) => {
        const [module] = args.path.split('\0')
        return {
          contents: exportsOf
            .get(module)
            .map((name) => `export { ${name} } from ${JSON.stringify(placeholder(module, name, digest(module)))}`)
            .join('\n'),
          loader: 'js',
        }
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
function lazyImportsPlugin({ graph, lazyFiles, kernelFile, toRelative }) {
  return {
    name: 'sigkit-chunk-plan-lazy-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import' || args.namespace !== 'file') return undefined
        const importer = toRelative(args.importer)
        const edge = graph.dynamicImports.get(importKey(importer, args.path, args.kind))
        if (!edge || graph.modules.has(edge)) return undefined
        const file = lazyFiles.get(edge)
        if (!file) return { errors: [{ text: `chunk plan: the lazy pass wrote no file for import() of ${edge}` }] }
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
function mergeMetafiles({ kernel, lazy, rootsOutput, written, importsKernel, dropped, pageLoad, names }) {
  const isVirtual = (path) =>
    [ROOTS_NAMESPACE, KERNEL_ENTRY_NAMESPACE, FACADE_NAMESPACE].some((namespace) => path.startsWith(`${namespace}:`))
  const [kernelPath, kernelOutput] = Object.entries(kernel.outputs).find(([, output]) => output.entryPoint)
  const outdir = dirname(kernelPath)
  const lazyRootOf = new Map() // lazy file → the module it was built from
  for (const [path, output] of Object.entries(lazy.outputs))
    if (output.entryPoint && path !== rootsOutput) lazyRootOf.set(path, output.entryPoint)
  const fileOfUrl = (url) => join(outdir, url).split('\\').join('/')

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
    // An import of a page-load module (through its facade) names the module.
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
    imports: kernelRest.imports.map((edge) =>
      edge.external && edge.kind === 'dynamic-import' ? { path: fileOfUrl(edge.path), kind: edge.kind } : edge,
    ),
    bytes: Buffer.byteLength(written[kernelPath]),
  }
  for (const [entry, source] of Object.entries(pageLoad)) {
    const path = `${outdir}/${entry}.js`
    outputs[path] = {
      imports: [{ path: kernelPath, kind: 'import-statement' }],
      exports: names.publicNames[entry].map(([name]) => name),
      entryPoint: source,
      inputs: {},
      bytes: Buffer.byteLength(written[path]),
    }
  }
  for (const [path, output] of Object.entries(lazy.outputs)) {
    if (path === rootsOutput) continue
    const imports = output.imports.filter(
      (edge) =>
        !edge.path.startsWith(PLACEHOLDER) && edge.path !== rootsOutput && !dropped.has(`${path}\0${edge.path}`),
    )
    if (importsKernel.has(path)) imports.unshift({ path: kernelPath, kind: 'import-statement' })
    const inputsOf = Object.fromEntries(Object.entries(output.inputs).filter(([input]) => !isVirtual(input)))
    outputs[path] = { ...output, imports, inputs: inputsOf, bytes: Buffer.byteLength(written[path] ?? '') }
  }
  return { inputs, outputs }
}
