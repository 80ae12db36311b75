// The chunk plan: the build, not esbuild's code splitting, decides what page load and the first
// open are.
//
// esbuild puts a module in a chunk by the set of entries (`import()` targets included) that reach
// it. So when a lazy module imports a module page load also uses, page load is re-split: more
// files, more cross-chunk imports and exports, a page-load size that moves for a change outside
// page load, and source files bent to steer it. The first open has the same problem one step
// later: the modules the modal's shell, its first view, the HTTP client and wallet discovery share
// with later views are each reached by a different set of views, so each became a tiny chunk of
// its own (17 files on the CDN first open, about 1 KB of it per-chunk overhead). Here the code is
// built in tiers, each one on its own: page load, then the first open, then the rest.
//
// 1. Page load is exactly the modules statically reachable from the page-load entries (found by
//    bundling them with every `import()` left external).
// 2. The first open is a list of groups (`firstOpen`: shell, data, connectors), each naming the
//    modules whose `import()` the first open starts. A group is what those modules reach
//    statically, less page load and the groups before it (a module two groups reach is the first
//    one's), found the same way. A listed module counts once an `import()` loads it (in page load
//    or in the first open: found in rounds). Modules of no tier that an `import()` targets are the
//    lazy roots.
// 3. The lazy pass bundles the lazy roots and the lazy entries (the CDN's pay.js) with code
//    splitting, and no planned module (page load or first open): an import of one resolves to a
//    facade, a module listing the planned module's exports, each from an external of its own
//    (side-effect free, so esbuild drops the names nobody uses, and knows the names an `export *`
//    of it re-exports); a first-open module's facade also imports its group's file for its side
//    effects, as a lazy file may run before anything has loaded that file (page load has always
//    run). An `import()` of a first-open module is left external. The pass runs twice. First each
//    planned module loads as its own facade: that tells which names lazy code imports, which chunk
//    each lazy module is in and what each import resolves to. Then, for the files written, an
//    import resolves to the module's facade for the importer's chunk, so a name the chunk's modules
//    share is one import, and the externals' paths carry the digest of the names the tiers' files
//    export (esbuild's content hashes cover them). Each file's imports of planned names then become
//    one import of each tier file.
// 4. Each first-open group is one file, `first-open-<group>.js`, built without code splitting, the
//    last group first: its modules, the tiers before it as facades. It exports the names of each
//    module an `import()` loads as they are, so that import() resolves to the group's file and
//    gets the module's names (a module whose names another one in the group already holds gets a
//    stub file re-exporting them), and under short names exactly what the code after it (later
//    groups, lazy files) imports. Its `import()` calls point at the files that hold their targets.
//    So the first open is one file per group, a later view imports what it uses of the first open
//    from those files, and each module has one instance whichever tier uses it.
// 5. The kernel (`kernel.js` in the output folder) is page load in one file. It exports the
//    entries' public names, and exactly the names later code imports under short ones: page load
//    keeps its tree-shaking, and each module has one instance, shared by page load and later code.
//    Its `import()` calls point at the first-open and lazy files.
// 6. Each page-load entry (sigkit.js) is one line re-exporting its names from the kernel. Later
//    files import the kernel, never an entry, so a page that imports `sigkit.js?v=2` still shares
//    the kernel with them.
//
// The files of page load and the first open import each other both ways (static imports one way,
// `import()` the other), so their names have no content hash: hashes would go round in a circle.
// Static imports only ever go to an earlier tier (a group imports the kernel and the groups before
// it, a lazy file any of them), and the first open's `import()`s load its group files directly, so
// a click requests every first-open file in one round. Those files are revalidated like sigkit.js;
// lazy files keep content-hashed names, and the kernel and group files only load the lazy files of
// their own build, by those names.
//
// The result is one metafile, as if one pass had written everything: the kernel holds the page-load
// modules, each group's file its modules (its `entryPoints` lists every module whose `import()`
// loads it), lazy files import the tier files, and module-level import edges name the modules
// themselves.
import * as esbuild from 'esbuild'
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'

/** The kernel's file name (without `.js`) in the output folder. */
export const KERNEL_NAME = 'kernel'
/** A first-open group's file name (without `.js`) in the output folder. */
export const firstOpenName = (group) => `first-open-${group}`

/** An export of a planned module (page load or first open): `sigkit-plan:<module>::<name>#<digest>`. */
const NAME_PLACEHOLDER = 'sigkit-plan:'
/** A first-open file the importer must run after: `sigkit-plan-run:<file name>`. */
const RUN_PLACEHOLDER = 'sigkit-plan-run:'
/** The target of an `import()` written by the plan: `sigkit-plan-load:<module>`. */
const LOAD_PLACEHOLDER = 'sigkit-plan-load:'
const FACADE_NAMESPACE = 'sigkit-plan-facade'
const ROOTS_NAMESPACE = 'sigkit-lazy-roots'
const ROOTS_ENTRY = `${ROOTS_NAMESPACE}:${ROOTS_NAMESPACE}:` // how the metafile names it
const ENTRY_NAMESPACE = 'sigkit-plan-entry'
/** Marks a resolution this module asks esbuild for, so its own callback lets it through. */
const NESTED = Symbol('chunk-plan nested resolve')

/**
 * Builds the page-load entries into a kernel and one-line entry files, the first open into one file
 * per group, and what they load later into lazy files; writes them all to `outdir`.
 * @param {object} plan
 * @param {import('esbuild').BuildOptions} plan.options the pass's esbuild options (absWorkingDir,
 *   plugins, define, naming…); entryPoints, outdir, splitting, write and metafile are set here
 * @param {string} plan.outdir relative to absWorkingDir
 * @param {Record<string, string>} plan.pageLoad entry name → source: what a page imports at load
 * @param {Record<string, string>} [plan.lazyEntries] entry name → source: entries a page imports
 *   only when it wants them, built in the lazy pass (so they share its files and the tiers' files)
 * @param {Record<string, string[]>} [plan.firstOpen] group → the modules whose `import()` the first
 *   open starts, in order: each group is one file, `first-open-<group>.js`, of what its modules
 *   reach statically beyond page load and the groups before it
 * @param {(code: string) => Promise<string>} [plan.compress] a second minifier for every file
 *   written (SigKit's own code: the tiers and the lazy files), given its code as esbuild wrote it
 * @returns {Promise<import('esbuild').Metafile>} one metafile for everything written
 */
export async function buildWithKernel({ options, outdir, pageLoad, lazyEntries = {}, firstOpen = {}, compress }) {
  const root = options.absWorkingDir
  const context = {
    options,
    outdir,
    root,
    toRelative: (path) => relative(root, path).split('\\').join('/'),
  }
  const pageLoadGraph = await findPageLoad(pageLoad, context)
  const tiers = await findFirstOpen(firstOpen, pageLoadGraph, context)
  const exportsOf = await exportNames([...tiers.unitOf.keys()].sort(), context)
  const built = await buildTiers({ lazyEntries, pageLoadGraph, tiers, exportsOf }, context)
  const written = linkFiles(built, tiers, context)
  const kernel = await buildKernel({ pageLoad, pageLoadGraph, tiers, built }, context)
  for (const file of kernel.outputFiles) written[context.toRelative(file.path)] = { code: file.text }
  // The entries a page imports: their names, from the kernel.
  for (const entry of Object.keys(pageLoad)) {
    const path = `${outdir}/${entry}.js`
    const list = built.names.publicNames[entry].map(([name, as]) => (name === as ? name : `${as} as ${name}`)).join(',')
    written[path] = { code: `export{${list}}from${JSON.stringify(relativeUrl(path, tiers.kernel.file))};\n` }
  }
  // A second, slower minifier's look when the build gives one (esbuild's is fast, not the tightest).
  if (compress)
    await Promise.all(
      Object.values(written).map(async (file) => {
        file.code = await compress(file.code)
      }),
    )
  await Promise.all(
    Object.entries(written).map(async ([path, { code }]) => {
      await mkdir(join(root, dirname(path)), { recursive: true })
      await writeFile(join(root, path), code)
    }),
  )
  return mergeMetafiles({ kernel: kernel.metafile, built, written, pageLoad, tiers })
}

/**
 * Page load, from esbuild bundling the page-load entries with every `import()` left external:
 * `modules` (relative paths of what the entries reach through static imports), `roots` (the
 * `import()` targets outside it), `dynamicImports` (importer, specifier and kind of each `import()`
 * in page load → its target) and `publicExports` (each entry's export names).
 */
async function findPageLoad(pageLoad, context) {
  const { metafile, modules, dynamicImports } = await reach(pageLoad, context)
  const roots = [...new Set(dynamicImports.values())].filter((module) => !modules.has(module)).sort()
  const publicExports = {}
  for (const [entry, source] of Object.entries(pageLoad)) {
    const output = Object.values(metafile.outputs).find((o) => o.entryPoint === source)
    publicExports[entry] = [...output.exports].sort()
  }
  return { modules, roots, dynamicImports, publicExports }
}

/**
 * The first open's groups, each with `modules`: what its modules reach statically, less page load
 * and the groups before it (a module two groups reach is the first one's). A group's listed module
 * counts once something loads it with `import()` (page load, or a first-open module); found in
 * rounds, as a first-open module may be what loads it.
 * @returns the units (the kernel, then each group: `name`, `file`, `modules`), `unitOf` (module →
 *   its unit), `dynamicImports` (as page load's, for first-open modules) and `loaded` (each
 *   first-open module some `import()` targets, found further by the lazy pass)
 */
async function findFirstOpen(firstOpen, pageLoadGraph, context) {
  const targets = new Set(pageLoadGraph.roots)
  let groups
  let dynamicImports
  for (let previous = ''; ;) {
    const present = Object.entries(firstOpen).map(([group, modules]) => [
      group,
      modules.filter((module) => targets.has(module) && !pageLoadGraph.modules.has(module)),
    ])
    const key = JSON.stringify(present)
    if (key === previous) break
    previous = key
    const reached = await Promise.all(
      present.map(([, modules]) => (modules.length > 0 ? reach(modules, context) : undefined)),
    )
    const taken = new Set(pageLoadGraph.modules)
    dynamicImports = new Map()
    groups = []
    present.forEach(([group, listed], index) => {
      if (!reached[index]) return
      const modules = new Set([...reached[index].modules].filter((module) => !taken.has(module)))
      modules.forEach((module) => taken.add(module))
      for (const [key, target] of reached[index].dynamicImports)
        if (modules.has(key.split('\0')[0])) dynamicImports.set(key, target)
      const name = firstOpenName(group)
      groups.push({ name, group, file: `${context.outdir}/${name}.js`, modules, listed })
    })
    for (const target of dynamicImports.values()) targets.add(target)
  }
  const kernel = { name: KERNEL_NAME, file: `${context.outdir}/${KERNEL_NAME}.js`, modules: pageLoadGraph.modules }
  const units = [kernel, ...groups]
  const unitOf = new Map()
  for (const unit of units) for (const module of unit.modules) unitOf.set(module, unit)
  const loaded = new Set(
    [...pageLoadGraph.dynamicImports.values(), ...dynamicImports.values()].filter(
      (module) => unitOf.get(module)?.group,
    ),
  )
  return { kernel, groups, units, unitOf, dynamicImports, pageLoadImports: pageLoadGraph.dynamicImports, loaded }
}

/** What esbuild bundles from `entryPoints` with every `import()` left external (and recorded). */
async function reach(entryPoints, { options, outdir, toRelative }) {
  const dynamicImports = new Map()
  /** @type {import('esbuild').Plugin} */
  const leaveDynamicImports = {
    name: 'sigkit-chunk-plan-reach',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.[NESTED]) return undefined
        const resolved = await nestedResolve(build, args)
        if (resolved.errors.length > 0) return { errors: resolved.errors }
        if (!resolved.external && resolved.namespace === 'file')
          dynamicImports.set(importKey(toRelative(args.importer), args.path, args.kind), toRelative(resolved.path))
        return { path: resolved.path, external: true }
      })
    },
  }
  const { metafile } = await esbuild.build({
    ...options,
    entryPoints,
    outdir,
    splitting: false,
    write: false,
    metafile: true,
    plugins: [leaveDynamicImports, ...(options.plugins ?? [])],
  })
  // `<define:…>` inputs are esbuild's own: any pass that uses the define makes its own.
  const modules = new Set(Object.keys(metafile.inputs).filter((input) => !input.startsWith('<')))
  return { metafile, modules, dynamicImports }
}

const nestedResolve = (build, args) =>
  build.resolve(args.path, {
    kind: args.kind,
    importer: args.importer,
    namespace: args.namespace,
    resolveDir: args.resolveDir,
    pluginData: { [NESTED]: true },
  })

const importKey = (importer, specifier, kind) => `${importer}\0${specifier}\0${kind}`

/**
 * The lazy pass, the first-open groups and every unit's export names. The lazy pass runs twice in
 * one esbuild context (the second reuses what the first parsed): first to read which names lazy
 * code imports, which chunk each lazy module is in and what each import resolves to; then, once the
 * groups are built (the last first, as each one's exports are what the code after it imports), with
 * one facade per chunk and the units' names, its result to be written.
 */
async function buildTiers({ lazyEntries, pageLoadGraph, tiers, exportsOf }, context) {
  const lazyRoots = [...new Set([...pageLoadGraph.roots, ...tiers.dynamicImports.values()])]
    .filter((module) => !tiers.unitOf.has(module))
    .sort()
  const plan = { mode: 'discover', digest: () => '', chunkOf: new Map(), resolved: new Map() }
  const lazyLoads = new Map() // importer, specifier and kind of a lazy module's import() → its first-open target
  const lazyContext = await esbuild.context({
    ...context.options,
    entryPoints: { ...lazyEntries, [ROOTS_NAMESPACE]: `${ROOTS_NAMESPACE}:` },
    outdir: context.outdir,
    splitting: true,
    write: false,
    metafile: true,
    plugins: [
      lazyRootsPlugin(lazyRoots, context.root),
      loadsPlugin({ tiers, loads: lazyLoads, lazyToo: false }, context),
      facadesPlugin({ plan, modules: new Set(tiers.unitOf.keys()), tiers, exportsOf }, context),
      ...(context.options.plugins ?? []),
    ],
  })
  try {
    const first = await lazyContext.rebuild()
    const used = new Map() // module → Set of the names code after its unit imports from it
    const addUsed = (code) => {
      for (const { module, name } of planImports(code).names) {
        if (!used.has(module)) used.set(module, new Set())
        used.get(module).add(name)
      }
    }
    for (const file of first.outputFiles.filter((file) => file.path.endsWith('.js'))) addUsed(file.text)
    Object.assign(plan, readLazyGraph(first.metafile, tiers.unitOf))
    for (const module of lazyLoads.values()) tiers.loaded.add(module)

    const exportedAs = new Map() // planned module → Map(name → the name its unit's file exports it as)
    const groups = new Map() // group unit → { result, names, stubs }
    for (const unit of [...tiers.groups].reverse()) {
      const names = groupNames(unit, tiers, used, exportsOf)
      for (const [module, pairs] of names.exportedAs) exportedAs.set(module, pairs)
      const result = await buildGroup({ unit, names, tiers, exportsOf }, context)
      const file = result.outputFiles.find((output) => output.path.endsWith('.js'))
      addUsed(file.text)
      groups.set(unit, { result, names, stubs: stubFiles(unit, names, exportsOf, context) })
    }
    const kernelUsed = new Map([...used].filter(([module]) => tiers.unitOf.get(module) === tiers.kernel))
    const names = kernelNames(pageLoadGraph.publicExports, kernelUsed)
    for (const [module, pairs] of names.byModule) exportedAs.set(module, pairs)
    const digests = new Map(
      [...exportedAs].map(([module, pairs]) => [
        module,
        createHash('sha256')
          .update(JSON.stringify([...pairs]))
          .digest('hex')
          .slice(0, 12),
      ]),
    )
    plan.mode = 'link'
    plan.digest = (module) => digests.get(module) ?? ''
    const lazy = await lazyContext.rebuild()
    // Where an import() of a planned module leads: its group's file, or the stub standing for it.
    const loadFileOf = new Map()
    for (const [unit, { names, stubs }] of groups) {
      for (const module of names.own) loadFileOf.set(module, unit.file)
      for (const { module, path } of stubs) loadFileOf.set(module, path)
    }
    for (const [path, output] of Object.entries(lazy.metafile.outputs))
      if (output.entryPoint && output.entryPoint !== ROOTS_ENTRY) loadFileOf.set(output.entryPoint, path)
    return { lazy, lazyLoads, groups, names: { ...names, exportedAs }, loadFileOf }
  } finally {
    await lazyContext.dispose()
  }
}

/**
 * A group's names: each module that an `import()` loads exports its names as they are, so the
 * import() gets them from the group's file (a module whose names another one already holds gets a
 * stub file of its own that re-exports them); then a short name for each other (module, name) the
 * code after the group imports.
 */
function groupNames(unit, tiers, used, exportsOf) {
  const listed = unit.listed.filter((module) => tiers.loaded.has(module))
  const loaded = [...listed, ...[...unit.modules].filter((m) => tiers.loaded.has(m) && !listed.includes(m)).sort()]
  const taken = new Set()
  const own = []
  const stubbed = []
  for (const module of loaded) {
    const names = exportsOf.get(module)
    if (names.some((name) => taken.has(name))) stubbed.push(module)
    else {
      own.push(module)
      names.forEach((name) => taken.add(name))
    }
  }
  const exportedAs = new Map(own.map((module) => [module, new Map(exportsOf.get(module).map((name) => [name, name]))]))
  const wanted = new Map([...used].filter(([module]) => unit.modules.has(module)))
  for (const module of stubbed) wanted.set(module, new Set([...(wanted.get(module) ?? []), ...exportsOf.get(module)]))
  const next = shortNames(taken)
  for (const module of [...wanted.keys()].sort()) {
    const pairs = exportedAs.get(module) ?? new Map()
    for (const name of [...wanted.get(module)].sort()) if (!pairs.has(name)) pairs.set(name, next())
    exportedAs.set(module, pairs)
  }
  return { own, stubbed, exportedAs }
}

/** A stub file for each module a group's file cannot export under its own names. */
function stubFiles(unit, names, exportsOf, { outdir }) {
  return names.stubbed.map((module) => {
    const pairs = names.exportedAs.get(module)
    const list = exportsOf
      .get(module)
      .map((name) => `${pairs.get(name)} as ${name}`)
      .join(',')
    // Beside the group's file, whatever its own name.
    const code = `export{${list}}from${JSON.stringify(relativeUrl(`${outdir}/stub.js`, unit.file))};\n`
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 8)
    return { module, path: `${outdir}/${unit.name}-${hash}.js`, code, exports: exportsOf.get(module) }
  })
}

/**
 * A first-open group in one file: its modules, without code splitting; the units before it are
 * facades (their names come from their files), and every `import()` is left for linking.
 */
async function buildGroup({ unit, names, tiers, exportsOf }, context) {
  const source = [...names.exportedAs]
    .map(([module, pairs]) => reexport(join(context.root, module), [...pairs]))
    .join('\n')
  const before = new Set(tiers.units.slice(0, tiers.units.indexOf(unit)).flatMap((u) => [...u.modules]))
  return esbuild.build({
    ...context.options,
    entryPoints: { [unit.name]: `${ENTRY_NAMESPACE}:` },
    outdir: context.outdir,
    splitting: false,
    write: false,
    metafile: true,
    plugins: [
      entryPlugin(source || 'export {}', context.root),
      loadsPlugin({ tiers, loads: new Map(), lazyToo: true }, context),
      facadesPlugin({ plan: { mode: 'discover', digest: () => '' }, modules: before, tiers, exportsOf }, context),
      ...(context.options.plugins ?? []),
    ],
  })
}

/**
 * From the first lazy pass's metafile: `chunkOf` (lazy module → a name for its chunk, the modules
 * esbuild writes in one file) and `resolved` (importer, specifier and kind of each lazy module's
 * import of a planned module → that module).
 */
function readLazyGraph({ inputs, outputs }, planned) {
  const chunkOf = new Map()
  for (const [path, output] of Object.entries(outputs)) {
    const members = Object.keys(output.inputs).filter((input) => !planned.has(input))
    const name = output.entryPoint ?? members.sort()[0] ?? path
    for (const input of members) chunkOf.set(input, name)
  }
  const resolved = new Map()
  for (const [importer, input] of Object.entries(inputs)) {
    if (planned.has(importer)) continue
    for (const edge of input.imports) {
      if (!planned.has(edge.path)) continue
      if (edge.kind !== 'import-statement')
        throw new Error(
          `chunk plan: ${importer} loads the ${planned.get(edge.path).name} module ${edge.path} with ${edge.kind}: import it statically`,
        )
      resolved.set(importKey(importer, edge.original ?? edge.path, edge.kind), edge.path)
    }
  }
  return { chunkOf, resolved }
}

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
 * @returns {import('esbuild').Plugin} Leaves each `import()` of a first-open module (and, with
 * `lazyToo`, of a lazy module) to linking, which points it at the file that holds it; an
 * `import()` of a page-load module is an error (page load has already run it).
 */
function loadsPlugin({ tiers, loads, lazyToo }, { toRelative }) {
  return {
    name: 'sigkit-chunk-plan-loads',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.namespace !== 'file' || args.pluginData?.[NESTED]) return undefined
        const resolved = await nestedResolve(build, args)
        if (resolved.errors.length > 0) return { errors: resolved.errors }
        if (resolved.external || resolved.namespace !== 'file') return undefined
        const module = toRelative(resolved.path)
        const unit = tiers.unitOf.get(module)
        if (unit === tiers.kernel)
          return {
            errors: [
              {
                text: `chunk plan: ${toRelative(args.importer)} loads the page-load module ${module} with import(): import it statically (page load has already run it)`,
              },
            ],
          }
        if (!unit && !lazyToo) return undefined
        loads.set(importKey(toRelative(args.importer), args.path, args.kind), module)
        return { path: `${LOAD_PLACEHOLDER}${module}`, external: true }
      })
    },
  }
}

/**
 * The external that stands for one export of a planned module. Its path carries the digest of the
 * module's exported names, so a lazy file's content hash changes when they do.
 */
const placeholder = (module, name, digest) => `${NAME_PLACEHOLDER}${module}::${name}#${digest}`
function readPlaceholder(text) {
  const match = text.slice(NAME_PLACEHOLDER.length).match(/^(.*)::(.*)#[^#]*$/)
  if (!match) throw new Error(`chunk plan: not a placeholder: ${text}`)
  return { module: match[1], name: match[2] }
}

/**
 * @returns {import('esbuild').Plugin} Keeps planned modules (`modules`: page load and the first
 * open in the lazy pass, the units before a group in its file) out of a pass. When `plan.mode` is
 * 'discover', a planned module loads as a facade of itself; when 'link', an import of one resolves
 * to its facade for the importer's chunk, and the module itself must not load. A first-open
 * module's facade also imports its file for the file's side effects: page load has always run,
 * a first-open file has run only if something loaded it.
 */
function facadesPlugin({ plan, modules, tiers, exportsOf }, { root, toRelative }) {
  const facade = (module) => {
    const unit = tiers.unitOf.get(module)
    const run = unit.group ? [`import ${JSON.stringify(`${RUN_PLACEHOLDER}${unit.name}`)}`] : []
    const names = exportsOf
      .get(module)
      .map((name) => `export { ${name} } from ${JSON.stringify(placeholder(module, name, plan.digest(module)))}`)
    return [...run, ...names].join('\n')
  }
  const plannedFiles = new RegExp(
    `^(?:${[...modules].map((module) => join(root, module).replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|')})$`,
  )
  return {
    name: 'sigkit-chunk-plan-facades',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${NAME_PLACEHOLDER}`) }, (args) => ({
        path: args.path,
        external: true,
        sideEffects: false,
      }))
      build.onResolve({ filter: new RegExp(`^${RUN_PLACEHOLDER}`) }, (args) => ({ path: args.path, external: true }))
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
      if (modules.size === 0) return
      build.onLoad({ filter: plannedFiles, namespace: 'file' }, (args) => {
        const module = toRelative(args.path)
        if (plan.mode === 'discover') return { contents: facade(module), loader: 'js' }
        return { errors: [{ text: `chunk plan: the planned module ${module} was reached without its facade` }] }
      })
    },
  }
}

/** @returns {import('esbuild').Plugin} A unit's entry, re-exporting from the modules themselves. */
function entryPlugin(contents, root) {
  return {
    name: 'sigkit-chunk-plan-entry',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${ENTRY_NAMESPACE}:$`) }, (args) => ({
        path: args.path,
        namespace: ENTRY_NAMESPACE,
      }))
      build.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, () => ({
        contents,
        loader: 'js',
        resolveDir: root,
      }))
    },
  }
}

/** The kernel: page load in one file, its `import()` calls pointing at the first-open and lazy files. */
async function buildKernel({ pageLoad, pageLoadGraph, tiers, built }, context) {
  const { publicNames, byModule } = built.names
  const source = [
    ...Object.entries(pageLoad).map(([entry, module]) => reexport(join(context.root, module), publicNames[entry])),
    ...[...byModule].map(([module, pairs]) => reexport(join(context.root, module), [...pairs])),
  ].join('\n')
  return esbuild.build({
    ...context.options,
    entryPoints: { [KERNEL_NAME]: `${ENTRY_NAMESPACE}:` },
    outdir: context.outdir,
    splitting: false,
    write: false,
    metafile: true,
    plugins: [
      entryPlugin(source, context.root),
      kernelImportsPlugin({ pageLoadGraph, tiers, built }, context),
      ...(context.options.plugins ?? []),
    ],
  })
}

/** @returns {import('esbuild').Plugin} Points the kernel's `import()` calls at the files that hold their targets. */
function kernelImportsPlugin({ pageLoadGraph, tiers, built }, { toRelative }) {
  return {
    name: 'sigkit-chunk-plan-kernel-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import' || args.namespace !== 'file') return undefined
        const target = pageLoadGraph.dynamicImports.get(importKey(toRelative(args.importer), args.path, args.kind))
        if (!target || pageLoadGraph.modules.has(target)) return undefined
        const file = built.loadFileOf.get(target)
        if (!file) return { errors: [{ text: `chunk plan: no file was written for import() of ${target}` }] }
        return { path: relativeUrl(tiers.kernel.file, file), external: true }
      })
    },
  }
}

/**
 * The written code of the lazy files, the groups' files and their stubs (output path → { code,
 * units, loads, dropped }): imports of planned names linked to the units' files, `import()`s to
 * the files that hold their targets, and no bare import of esbuild's helper chunk.
 */
function linkFiles(built, tiers, { toRelative }) {
  const { lazy, groups, names, loadFileOf } = built
  const link = (path, code) => linkPlan(code, path, { exportedAs: names.exportedAs, tiers, loadFileOf })
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
    const linked = link(path, file.text)
    const dropped = new Set()
    for (const helpers of helperChunks) {
      const bare = `import${JSON.stringify(relativeUrl(path, helpers))};`
      if (!linked.code.includes(bare)) continue
      linked.code = linked.code.replace(bare, '')
      dropped.add(helpers)
    }
    written[path] = { ...linked, dropped }
  }
  for (const [unit, { result, stubs }] of groups) {
    for (const file of result.outputFiles) {
      const path = toRelative(file.path)
      written[path] = path.endsWith('.js') ? link(path, file.text) : { code: file.text }
    }
    for (const stub of stubs) written[stub.path] = { code: stub.code, units: [unit], loads: [] }
  }
  return written
}

/**
 * Kernel names: the page-load entries' public names as they are (a short one when two entries
 * share a name), then a short one for each (module, name) code after page load imports.
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
  for (const module of [...used.keys()].sort())
    byModule.set(module, new Map([...used.get(module)].sort().map((name) => [name, next()])))
  return { publicNames, byModule }
}

/** A unit's entry line: `export { name as exportedName, … } from "module"`. */
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
// (or `import{name}…` when the local keeps the name, `import local from"…"` for a default), one
// statement per name; a file that re-exports one writes `export{name as exported}from"…"`. A
// facade's import of a first-open file for its side effects is `import"…";`, and an `import()`
// left to linking is `import("…")`.
const IDENTIFIER = String.raw`[A-Za-z_$][\w$]*`
const STATEMENT = String.raw`(import|export)\s*(?:\{\s*(${IDENTIFIER})(?:\s+as\s+(${IDENTIFIER}))?\s*\}|(${IDENTIFIER}))\s*from\s*"(${NAME_PLACEHOLDER}[^"]*)";?`
const RUN = String.raw`import\s*"(${RUN_PLACEHOLDER}[^"]*)";?`
const STATIC = new RegExp(`${STATEMENT}|${RUN}`, 'g')
const LOAD = new RegExp(String.raw`import\(\s*"(${LOAD_PLACEHOLDER}[^"]*)"\s*\)`, 'g')

/**
 * The placeholders in a file's code: `names` (imports and re-exports of planned names: keyword,
 * module, name, alias), `runs` (first-open files it runs after) and `loads` (modules it import()s).
 */
function planImports(code) {
  const names = []
  const runs = []
  for (const match of code.matchAll(STATIC)) {
    const [statement, keyword, imported, alias, local, text, run] = match
    if (run) {
      runs.push(run.slice(RUN_PLACEHOLDER.length))
      continue
    }
    const { module, name } = readPlaceholder(text)
    const importedName = imported ?? 'default'
    if (local && keyword !== 'import') throw new Error(`chunk plan: cannot read ${statement}`)
    if (importedName !== name)
      throw new Error(`chunk plan: ${statement} imports a name its external does not stand for`)
    names.push({ keyword, module, name, alias: alias ?? local ?? imported })
  }
  const loads = [...code.matchAll(LOAD)].map((match) => match[1].slice(LOAD_PLACEHOLDER.length))
  const rest = code.replace(STATIC, '').replace(LOAD, '')
  const at = rest.indexOf('sigkit-plan')
  if (at !== -1)
    throw new Error(`chunk plan: cannot read a placeholder in …${rest.slice(Math.max(0, at - 80), at + 80)}…`)
  return { names, runs, loads }
}

/**
 * A file's imports of planned names, merged into one import of each unit's file by exported name
 * (and its re-exports of them into one `export{…}from` the file), in tier order; its `import()`s
 * pointed at their files. `units`: the units whose files the code now imports; `loads`: the files
 * it import()s.
 */
function linkPlan(code, path, { exportedAs, tiers, loadFileOf }) {
  const { names, runs } = planImports(code)
  const byUnit = new Map()
  const of = (unit) => {
    if (!byUnit.has(unit)) byUnit.set(unit, { imports: [], exports: [] })
    return byUnit.get(unit)
  }
  for (const { keyword, module, name, alias } of names) {
    const as = exportedAs.get(module)?.get(name)
    if (!as) throw new Error(`chunk plan: no exported name for ${name} of ${module}`)
    of(tiers.unitOf.get(module))[keyword === 'import' ? 'imports' : 'exports'].push(
      as === alias ? as : `${as} as ${alias}`,
    )
  }
  for (const name of runs) of(tiers.units.find((unit) => unit.name === name))
  const units = tiers.units.filter((unit) => byUnit.has(unit))
  const merged = units
    .map((unit) => {
      const { imports, exports } = byUnit.get(unit)
      const url = JSON.stringify(relativeUrl(path, unit.file))
      if (imports.length + exports.length === 0) return `import${url};`
      return (
        (imports.length > 0 ? `import{${imports.join(',')}}from${url};` : '') +
        (exports.length > 0 ? `export{${exports.join(',')}}from${url};` : '')
      )
    })
    .join('')
  // The merged statements take the first one's place: imports are hoisted, so order does not matter.
  let first = true
  const loads = new Set()
  const linked = code
    .replace(STATIC, () => {
      if (!first) return ''
      first = false
      return merged
    })
    .replace(LOAD, (_, text) => {
      const module = text.slice(LOAD_PLACEHOLDER.length)
      const file = loadFileOf.get(module)
      if (!file) throw new Error(`chunk plan: no file was written for import() of ${module}`)
      loads.add(file)
      return `import(${JSON.stringify(relativeUrl(path, file))})`
    })
  return { code: linked, units, loads: [...loads] }
}

/**
 * One metafile for the kernel, the entries, the first-open files and the lazy files, with edges
 * between real paths: a module's imports name the modules themselves (a planned one, not its
 * facade; an `import()`, the module it loads), and a file's imports name the files it loads.
 */
function mergeMetafiles({ kernel, built, written, pageLoad, tiers }) {
  const { lazy, groups, names } = built
  const isVirtual = (path) =>
    [ROOTS_NAMESPACE, ENTRY_NAMESPACE, FACADE_NAMESPACE].some((namespace) => path.startsWith(`${namespace}:`))
  const isPlaceholder = (path) => [NAME_PLACEHOLDER, RUN_PLACEHOLDER, LOAD_PLACEHOLDER].some((p) => path.startsWith(p))
  const [kernelPath, kernelOutput] = Object.entries(kernel.outputs).find(([, output]) => output.entryPoint)
  const outdir = dirname(kernelPath)
  const fileOfUrl = (url) => join(outdir, url).split('\\').join('/')
  /** A module's import edge as one pass would write it. */
  const moduleEdge = (importer, edge) => {
    if (edge.path.startsWith(FACADE_NAMESPACE))
      return {
        path: edge.path.slice(FACADE_NAMESPACE.length + 1).split('\0')[0],
        kind: edge.kind,
        original: edge.original,
      }
    if (edge.path.startsWith(LOAD_PLACEHOLDER))
      return { path: edge.path.slice(LOAD_PLACEHOLDER.length), kind: edge.kind, original: edge.original }
    if (importer && edge.external && edge.kind === 'dynamic-import') {
      const module = tiers.pageLoadImports.get(importKey(importer, edge.original, edge.kind))
      if (module) return { path: module, kind: edge.kind, original: edge.original }
    }
    return edge
  }
  const inputs = {}
  const addInputs = (from, keep, isKernel) => {
    for (const [path, input] of Object.entries(from)) {
      if (isVirtual(path) || !keep(path)) continue
      inputs[path] = { ...input, imports: input.imports.map((edge) => moduleEdge(isKernel && path, edge)) }
    }
  }
  addInputs(kernel.inputs, () => true, true)
  for (const [unit, { result }] of groups) addInputs(result.metafile.inputs, (path) => unit.modules.has(path))
  addInputs(lazy.metafile.inputs, () => true)

  /** A written file's imports: the units' files, then what esbuild wrote, then its import()s. */
  const fileImports = (path, imports) => {
    const { units = [], loads = [], dropped } = written[path]
    return [
      ...units.map((unit) => ({ path: unit.file, kind: 'import-statement' })),
      ...imports.filter(
        (edge) =>
          !isPlaceholder(edge.path) &&
          lazy.metafile.outputs[edge.path]?.entryPoint !== ROOTS_ENTRY &&
          !dropped?.has(edge.path),
      ),
      ...loads.map((file) => ({ path: file, kind: 'dynamic-import' })),
    ]
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
  for (const [unit, { result, names: groupNames, stubs }] of groups) {
    for (const [path, output] of Object.entries(result.metafile.outputs)) {
      const { entryPoint: _entry, ...rest } = output
      // Every module whose import() loads this file (esbuild's `entryPoint` names one at most).
      const loadedBy = path.endsWith('.js') ? { entryPoints: groupNames.own } : {}
      const own = Object.fromEntries(Object.entries(rest.inputs).filter(([input]) => unit.modules.has(input)))
      outputs[path] = { ...rest, ...loadedBy, imports: fileImports(path, rest.imports), inputs: own }
    }
    for (const stub of stubs)
      outputs[stub.path] = {
        imports: [{ path: unit.file, kind: 'import-statement' }],
        exports: stub.exports,
        entryPoint: stub.module,
        inputs: {},
      }
  }
  for (const [path, output] of Object.entries(lazy.metafile.outputs)) {
    if (output.entryPoint === ROOTS_ENTRY) continue
    const own = Object.fromEntries(Object.entries(output.inputs).filter(([input]) => !isVirtual(input)))
    outputs[path] = { ...output, imports: fileImports(path, output.imports), inputs: own }
  }
  // Sizes as written (linking changed the lazy and first-open files; the kernel's list of
  // first-open files is written in by build.mjs later).
  for (const [path, output] of Object.entries(outputs)) output.bytes = Buffer.byteLength(written[path].code)
  return { inputs, outputs }
}
