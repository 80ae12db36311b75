// Reading esbuild metafiles: which output files a page downloads before any user action
// (the "initial" set) and which ones the first modal open adds. Used by build.mjs to stage
// the files that size-limit.json measures, and to write dist/.size/manifest.json.
//
// Paths in a metafile are relative to esbuild's absWorkingDir (the repo root here), e.g.
// `dist/cdn/sigkit.js`, `dist/cdn/chunks/chunk-ABC123.js`, `src/core/modal/modal.ts`.

/**
 * Output files reachable from `start` through static `import` statements (the browser
 * fetches them before the entry module runs). Dynamic `import()` edges are not followed:
 * those chunks load later, on demand.
 * @param {import('esbuild').Metafile} metafile
 * @param {string} start output path of an entry or lazy chunk
 * @returns {string[]} sorted output paths, `start` included
 */
export function staticClosure(metafile, start) {
  const seen = new Set()
  const queue = [start]
  while (queue.length > 0) {
    const path = queue.pop()
    if (seen.has(path) || !metafile.outputs[path]) continue
    seen.add(path)
    for (const edge of metafile.outputs[path].imports) {
      if (edge.kind === 'import-statement' && !edge.external) queue.push(edge.path)
    }
  }
  return [...seen].sort()
}

/**
 * The output whose entry point (a build entry or the target of a dynamic `import()`) is
 * `source`, or undefined when `source` is not an entry point of this build. A first-open file of
 * the chunk plan (build/chunk-plan.mjs) is what the `import()` of several modules loads: it lists
 * them in `entryPoints`.
 * @param {import('esbuild').Metafile} metafile
 * @param {string} source e.g. `src/ui/modal/mount.tsx`
 */
export function outputForEntryPoint(metafile, source) {
  for (const [path, output] of Object.entries(metafile.outputs)) {
    if (path.endsWith('.map')) continue
    if (output.entryPoint === source || output.entryPoints?.includes(source)) return path
  }
  return undefined
}

/**
 * Output files that contain (part of) a given source module.
 * @param {import('esbuild').Metafile} metafile
 * @param {string} source
 */
export function outputsContaining(metafile, source) {
  return Object.entries(metafile.outputs)
    .filter(([, output]) => source in output.inputs)
    .map(([path]) => path)
}

/**
 * How a module the size budget depends on ended up in a build.
 * - `lazy`: its own chunk, loaded by `import()` (what the architecture asks for)
 * - `initial`: bundled into the page-load files (a size regression)
 * - `bundled`: bundled statically into some lazy chunk (fine when that chunk is counted)
 * - `missing`: not part of the build at all
 * @param {import('esbuild').Metafile} metafile
 * @param {string} source
 * @param {Set<string>} initial the build's initial output files
 * @returns {'lazy' | 'initial' | 'bundled' | 'missing'}
 */
export function moduleStatus(metafile, source, initial) {
  const holders = outputsContaining(metafile, source)
  if (holders.length === 0) return 'missing'
  if (holders.some((path) => initial.has(path))) return 'initial'
  return outputForEntryPoint(metafile, source) ? 'lazy' : 'bundled'
}

/**
 * Module inputs bundled into a set of output files, and the bare imports those files leave
 * external.
 * @param {import('esbuild').Metafile} metafile
 * @param {Iterable<string>} outputs
 */
export function contentsOf(metafile, outputs) {
  const inputs = new Set()
  const externals = new Set()
  for (const path of outputs) {
    const output = metafile.outputs[path]
    if (!output) continue
    for (const input of Object.keys(output.inputs)) inputs.add(input)
    for (const edge of output.imports) if (edge.external) externals.add(edge.path)
  }
  return { inputs: [...inputs].sort(), externals: [...externals].sort() }
}
