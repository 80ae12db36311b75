// Shared by tests/build/*.test.mjs. Deliberately does NOT reuse build/metafile.mjs: the
// initial-file computation is redone here so a bug there cannot hide a regression.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

export function readJson(path) {
  return JSON.parse(readFileSync(join(root, path), 'utf8'))
}

/** dist/.size/manifest.json, written by build.mjs; throws a readable error when missing. */
export function loadManifest() {
  const path = 'dist/.size/manifest.json'
  if (!existsSync(join(root, path))) throw new Error(`${path} is missing: run \`node build.mjs\` first`)
  return readJson(path)
}

/** Output files loaded before any user action: `entry` plus static-import chunks, transitively. */
export function initialOutputs(metafile, entry) {
  const found = new Set()
  const visit = (path) => {
    const output = metafile.outputs[path]
    if (!output || found.has(path)) return
    found.add(path)
    for (const edge of output.imports) {
      if (edge.kind === 'import-statement' && !edge.external) visit(edge.path)
    }
  }
  visit(entry)
  return found
}

/**
 * The output an entry point (or dynamic-import target) compiled to: a first-open file of the chunk
 * plan lists every module whose import() loads it in `entryPoints`.
 */
export function entryOutput(metafile, source) {
  return Object.keys(metafile.outputs).find(
    (path) => metafile.outputs[path].entryPoint === source || metafile.outputs[path].entryPoints?.includes(source),
  )
}

/** Inputs bundled into, and bare specifiers left external by, a set of outputs. */
export function contents(metafile, outputs) {
  const inputs = new Set()
  const externals = new Set()
  for (const path of outputs) {
    const output = metafile.outputs[path]
    for (const input of Object.keys(output.inputs)) inputs.add(input)
    for (const edge of output.imports) if (edge.external) externals.add(edge.path)
  }
  return { inputs, externals }
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageName(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/** The package an input path of a metafile belongs to, or undefined for a project file. */
export function inputPackage(input) {
  const marker = 'node_modules/'
  const index = input.lastIndexOf(marker)
  return index === -1 ? undefined : packageName(input.slice(index + marker.length))
}
