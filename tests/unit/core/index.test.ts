/**
 * The core must be importable in SSR (no window, document, localStorage or network at import), and
 * its page-load graph must not contain the lazy modules (http, remote-config) or ofetch.
 */
import { build } from 'esbuild'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const CORE_ENTRY = resolve(process.cwd(), 'src/core/index.ts')

test('importing the core touches no browser global and no network', async () => {
  const touched: string[] = []
  const names = ['window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'location', 'navigator']
  const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const)
  for (const name of names) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name)
        return undefined
      },
    })
  }
  try {
    const core = await import('../../../src/core/index')
    assert.ok(core.validateOptions, 'module evaluated')
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
    }
  }
  assert.equal(touched, [])
})

test('the page-load bundle of the core excludes http, remote-config and ofetch', async () => {
  assert.ok(existsSync(CORE_ENTRY), `run from the repository root (${CORE_ENTRY})`)
  const result = await build({
    entryPoints: [CORE_ENTRY],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: resolve(process.cwd(), '.tmp/import-safety'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const entry = Object.values(result.metafile.outputs).find((output) =>
    output.entryPoint?.endsWith('src/core/index.ts'),
  )
  assert.ok(entry, 'entry chunk found')
  const outputs = result.metafile.outputs
  // Inputs of the entry chunk and of every chunk it imports statically.
  const loaded = new Set<string>()
  const visit = (file: string, chunk: (typeof outputs)[string]) => {
    if (loaded.has(file)) return
    loaded.add(file)
    for (const dependency of chunk.imports) {
      if (dependency.kind === 'import-statement' && outputs[dependency.path])
        visit(dependency.path, outputs[dependency.path]!)
    }
  }
  const entryFile = Object.keys(outputs).find((file) => outputs[file] === entry)!
  visit(entryFile, entry)
  const inputs = [...loaded].flatMap((file) => Object.keys(outputs[file]!.inputs))
  assert.ok(
    inputs.some((input) => input.endsWith('src/core/modal/modal.ts')),
    'sanity: modal is in the page-load graph',
  )
  for (const lazy of ['src/core/lib/http.ts', 'src/core/config/remote-config.ts', 'node_modules/ofetch']) {
    assert.not.ok(
      inputs.some((input) => input.includes(lazy)),
      `${lazy} must only be reached through import()`,
    )
  }
})

test.run()
