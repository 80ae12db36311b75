// The build owns chunking (build/chunk-plan.mjs): page load is the modules the page-load entries
// reach through static imports, in one kernel file, whatever the lazy modules import; no page-load
// module is bundled again in a lazy file, so its state has one instance.
//
// Checked twice: on the real builds' metafiles against page load computed here on its own (esbuild
// bundling the page-load entries with every import() left external), and on a fixture whose lazy
// module either imports nothing from page load or imports two page-load modules (under esbuild's
// own chunking the second moves them out of the page's file).
import * as esbuild from 'esbuild'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cdnAliasPlugin } from '../../build/cdn-aliases.mjs'
import { buildWithKernel } from '../../build/chunk-plan.mjs'
import { cssTextPlugin } from '../../build/css-text.mjs'
import { contents, entryOutput, initialOutputs, loadManifest, readJson, root } from './helpers.mjs'

/** @type {import('esbuild').Plugin} */
const leaveDynamicImports = {
  name: 'leave-dynamic-imports',
  setup: (build) =>
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    ),
}

/**
 * What each planned pass bundles the way build.mjs does, as far as reaching modules goes (the mode
 * counts: a CommonJS package may require its production or its development file).
 */
const PAGE_LOAD_OPTIONS = {
  cdn: { plugins: [leaveDynamicImports, cdnAliasPlugin, cssTextPlugin] },
  'react-bundle': {
    plugins: [leaveDynamicImports, cssTextPlugin],
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
  },
}
const PRODUCTION = { 'process.env.NODE_ENV': '"production"' }

/**
 * Page load computed on its own, from esbuild bundling `entries` with every import() left external:
 * `reached` (the modules they reach through static imports) and `bundled` (those whose code the
 * bundle keeps: a module made of imports alone, or whose exports nobody uses, keeps none).
 */
async function pageLoadAlone(entries, options) {
  const { metafile } = await esbuild.build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    write: false,
    outdir: '.tmp/chunk-plan-page-load',
    metafile: true,
    logLevel: 'silent',
    define: PRODUCTION,
    ...options,
  })
  const bundled = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs))
  return { reached: modulesIn(Object.keys(metafile.inputs)), bundled: modulesIn(new Set(bundled)) }
}

/** Module paths, without esbuild's own `<define:…>` inputs. */
const modulesIn = (inputs) => [...inputs].filter((input) => !input.startsWith('<')).sort()

const manifest = loadManifest()

for (const buildName of Object.keys(PAGE_LOAD_OPTIONS)) {
  const build = manifest.builds[buildName]
  const check = suite(`chunk plan: ${buildName} build`)
  const metafile = readJson(build.metafile)
  const pageLoadEntries = Object.values(build.entries)
    .filter(({ optional }) => !optional)
    .map(({ source }) => source)
  const initial = new Set()
  for (const source of pageLoadEntries)
    initialOutputs(metafile, entryOutput(metafile, source)).forEach((f) => initial.add(f))

  check('the pass is built with the chunk plan', () => {
    assert.ok(build.kernel, `manifest.builds['${buildName}'] names no kernel`)
    assert.ok(metafile.outputs[build.kernel], `${build.kernel} is not in ${build.metafile}`)
  })

  check('page load is the entries and the kernel: each entry loads the kernel alone', () => {
    for (const source of pageLoadEntries) {
      const entry = entryOutput(metafile, source)
      assert.equal([...initialOutputs(metafile, entry)].sort(), [entry, build.kernel].sort(), source)
      assert.equal(Object.keys(metafile.outputs[entry].inputs), [], `${entry} bundles nothing itself`)
    }
  })

  check(
    'page load bundles the modules the page-load entries reach statically: all that page load needs, no other',
    async () => {
      const alone = await pageLoadAlone(pageLoadEntries, PAGE_LOAD_OPTIONS[buildName])
      const bundled = modulesIn(contents(metafile, initial).inputs)
      assert.equal(
        bundled.filter((module) => !alone.reached.includes(module)),
        [],
        'page load bundles modules its entries do not reach',
      )
      assert.equal(
        alone.bundled.filter((module) => !bundled.includes(module)),
        [],
        'page load leaves out modules its own code needs',
      )
    },
  )

  check('no page-load module is bundled again in a lazy file (its state has one instance)', () => {
    const pageLoad = new Set(modulesIn(contents(metafile, initial).inputs))
    const again = Object.entries(metafile.outputs)
      .filter(([path]) => !initial.has(path))
      .flatMap(([path, output]) =>
        Object.keys(output.inputs)
          .filter((input) => pageLoad.has(input))
          .map((input) => `${path}: ${input}`),
      )
    assert.equal(again, [])
  })

  check('lazy files reach page load through the kernel only, and the kernel loads them by import()', () => {
    const throughAnEntry = Object.entries(metafile.outputs)
      .filter(([path]) => !initial.has(path))
      .flatMap(([path, output]) =>
        output.imports
          .filter((edge) => initial.has(edge.path) && edge.path !== build.kernel)
          .map((edge) => `${path} → ${edge.path}`),
      )
    assert.equal(throughAnEntry, [])
    const kernelImports = metafile.outputs[build.kernel].imports.filter((edge) => !edge.external)
    assert.ok(kernelImports.length > 0, 'the kernel loads the lazy files')
    for (const edge of kernelImports) {
      assert.is(edge.kind, 'dynamic-import', `the kernel imports ${edge.path} statically`)
      assert.ok(metafile.outputs[edge.path] && !initial.has(edge.path), `${edge.path} is a lazy file of the build`)
    }
  })

  check.run()
}

// ── The fixture: a lazy module that imports page-load modules leaves page load as it was ──────────

const FIXTURE = 'tests/fixtures/chunk-plan'
const OUT = '.tmp/chunk-plan-fixture'

/** Resolves the fixture's `./lazy.js` to one of its two lazy modules. */
const lazyModule = (variant) => ({
  name: 'chunk-plan-fixture-lazy',
  setup: (build) =>
    build.onResolve({ filter: /^\.\/lazy\.js$/ }, () => ({ path: join(root, FIXTURE, `lazy-${variant}.js`) })),
})

const fixtureOptions = (variant) => ({
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  minify: true,
  metafile: true,
  entryNames: '[name]',
  chunkNames: 'c/[hash]',
  logLevel: 'warning',
  plugins: [lazyModule(variant)],
})

/** Page load (the entry's static closure) of a fixture build: each file's path in outdir and code. */
function pageLoadOf(metafile, outdir) {
  const files = [...initialOutputs(metafile, entryOutput(metafile, `${FIXTURE}/page.js`))].sort()
  return files.map((file) => ({
    file: file.slice(outdir.length + 1),
    inputs: modulesIn(Object.keys(metafile.outputs[file].inputs)),
    code: readText(file),
  }))
}

const readText = (file) => readFileSync(join(root, file), 'utf8')

const fixture = suite('chunk plan: fixture')
/** Per variant: page load under esbuild's own chunking and under the plan, and the plan's build. */
const builds = {}

fixture.before(async () => {
  for (const variant of ['alone', 'uses-page']) {
    rmSync(join(root, OUT, variant), { recursive: true, force: true })
    const esbuildDir = `${OUT}/${variant}/esbuild`
    const { metafile: esbuildMeta } = await esbuild.build({
      ...fixtureOptions(variant),
      splitting: true,
      entryPoints: { page: `${FIXTURE}/page.js` },
      outdir: esbuildDir,
    })
    const planDir = `${OUT}/${variant}/plan`
    const planMeta = await buildWithKernel({
      options: fixtureOptions(variant),
      outdir: planDir,
      pageLoad: { page: `${FIXTURE}/page.js` },
    })
    builds[variant] = {
      esbuild: pageLoadOf(esbuildMeta, esbuildDir),
      plan: pageLoadOf(planMeta, planDir),
      planDir,
      planMeta,
    }
  }
})

fixture("the fixture is meaningful: under esbuild's own chunking its lazy module's imports re-split page load", () => {
  const files = (variant) => builds[variant].esbuild.map(({ file }) => file)
  assert.equal(files('alone'), ['page.js'])
  assert.is(files('uses-page').length, 2, `page load: ${files('uses-page').join(', ')}`)
})

fixture('with the chunk plan, page load is the same files and modules whatever the lazy module imports', () => {
  const shape = (variant) => builds[variant].plan.map(({ file, inputs }) => ({ file, inputs }))
  assert.equal(shape('alone'), [
    { file: 'kernel.js', inputs: [`${FIXTURE}/label.js`, `${FIXTURE}/page.js`, `${FIXTURE}/state.js`] },
    { file: 'page.js', inputs: [] },
  ])
  assert.equal(shape('uses-page'), shape('alone'))
})

fixture("with the chunk plan, page load's code differs only by the names the kernel exports to lazy code", () => {
  const EXPORTS = /export\{([^}]*)\};\s*$/
  const kernel = (variant) => builds[variant].plan.find(({ file }) => file === 'kernel.js').code
  // The lazy file's name is its content hash, and the minifier may give a local another letter.
  const code = (variant) =>
    kernel(variant)
      .replace(EXPORTS, '')
      .replace(/"\.\/c\/\w+\.js"/g, '"./c/lazy.js"')
  assert.is(code('uses-page').length, code('alone').length, 'the same code, as long, beside the export list')
  const exported = (variant) => kernel(variant).match(EXPORTS)[1].split(',')
  const added = exported('uses-page').length - exported('alone').length
  assert.is(added, 2, 'the kernel exports count and label to the lazy module')
  const entry = (variant) => builds[variant].plan.find(({ file }) => file === 'page.js').code
  assert.is(entry('uses-page'), entry('alone'))
})

fixture('the lazy module imports the kernel and bundles no page-load module', () => {
  const { planMeta, planDir } = builds['uses-page']
  const lazy = entryOutput(planMeta, `${FIXTURE}/lazy-uses-page.js`)
  assert.ok(lazy, 'the lazy module has a file of its own')
  assert.equal(modulesIn(Object.keys(planMeta.outputs[lazy].inputs)), [`${FIXTURE}/lazy-uses-page.js`])
  assert.equal(
    planMeta.outputs[lazy].imports.map(({ path, kind }) => ({ path, kind })),
    [{ path: `${planDir}/kernel.js`, kind: 'import-statement' }],
  )
})

fixture('page load and the lazy module share one instance of the state', async () => {
  const page = await import(pathToFileURL(join(root, builds['uses-page'].planDir, 'page.js')).href)
  assert.is(page.read(), 'count: 0')
  assert.is(await page.open(), 'count: 1')
  assert.is(page.read(), 'count: 1', 'page load sees what the lazy module changed')
})

fixture.run()
