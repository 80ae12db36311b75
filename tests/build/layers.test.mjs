// The seam between core and the features (ARCHITECTURE "Layers"): core emits lifecycle events and
// never imports a feature, statically or with import(). Checked on every build's esbuild metafile,
// so an import that sneaks back in fails here whichever way it is written.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { loadManifest, readJson } from './helpers.mjs'

const manifest = loadManifest()
const FEATURE_ENTRIES = ['src/siwx.ts', 'src/pay.ts', 'src/cdn-pay.ts']
/** The list of features and their descriptors, which the modal's UI reads to know the features. */
const DESCRIPTORS = /^src\/features\/(index|feature|[^/]+\/feature)\.ts$/

for (const [buildName, build] of Object.entries(manifest.builds)) {
  const test = suite(`layers: ${buildName} build`)
  const { inputs } = readJson(build.metafile)

  test('core imports no feature', () => {
    const found = Object.entries(inputs)
      .filter(([path]) => path.startsWith('src/core/'))
      .flatMap(([path, input]) =>
        input.imports.filter((edge) => edge.path.startsWith('src/features/')).map((edge) => `${path} → ${edge.path}`),
      )
    assert.equal(found, [])
  })

  test('the rule sees the whole core (the metafile lists its modules)', () => {
    const core = Object.keys(inputs).filter((path) => path.startsWith('src/core/'))
    assert.ok(core.length >= 20, `only ${core.length} core modules in ${build.metafile}`)
    assert.ok(core.includes('src/core/wallet/connect.ts'), 'the connection code is in the build')
  })

  // The subpath entries a dapp imports by name (sigkit/siwx, sigkit/pay) are the features' own doors;
  // the list of features and each feature's descriptor (data and loaders) are what the modal reads.
  test('features are reached only through import() or their descriptors (from outside their own folder)', () => {
    const found = Object.entries(inputs)
      .filter(([path]) => !path.startsWith('src/features/') && !FEATURE_ENTRIES.includes(path))
      .flatMap(([path, input]) =>
        input.imports
          .filter(
            (edge) =>
              edge.path.startsWith('src/features/') && edge.kind !== 'dynamic-import' && !DESCRIPTORS.test(edge.path),
          )
          .map((edge) => `${path} → ${edge.path} (${edge.kind})`),
      )
    assert.equal(found, [])
  })

  // A descriptor is data and loaders: what it imports statically loads with the modal, so a
  // feature's code never rides in with it.
  test("a feature's descriptor imports none of its feature's code statically", () => {
    const found = Object.entries(inputs)
      .filter(([path]) => DESCRIPTORS.test(path))
      .flatMap(([path, input]) =>
        input.imports
          .filter(
            (edge) =>
              edge.path.startsWith('src/features/') && edge.kind !== 'dynamic-import' && !DESCRIPTORS.test(edge.path),
          )
          .map((edge) => `${path} → ${edge.path}`),
      )
    assert.equal(found, [])
  })

  // A connector talks to core through the connector contract (ARCHITECTURE "Connectors implement
  // one contract"): a handful of core modules, not core's internals.
  test('each connector folder imports at most 6 core modules', () => {
    const coreImports = {}
    for (const [path, input] of Object.entries(inputs)) {
      const connector = /^src\/connectors\/([^/]+)\//.exec(path)?.[1]
      if (!connector) continue
      coreImports[connector] ??= new Set()
      for (const edge of input.imports) if (edge.path.startsWith('src/core/')) coreImports[connector].add(edge.path)
    }
    assert.ok(Object.keys(coreImports).length >= 2, 'the connectors are in the build')
    const over = Object.entries(coreImports).filter(([, modules]) => modules.size > 6)
    assert.equal(
      over.map(([connector, modules]) => `${connector}: ${[...modules].sort().join(', ')}`),
      [],
    )
  })

  // src/lib is the bottom layer: generic helpers any layer uses (time, ids, units, input guards).
  test('src/lib imports nothing else of SigKit', () => {
    const found = Object.entries(inputs)
      .filter(([path]) => path.startsWith('src/lib/'))
      .flatMap(([path, input]) =>
        input.imports
          .filter((edge) => edge.path.startsWith('src/') && !edge.path.startsWith('src/lib/'))
          .map((edge) => `${path} → ${edge.path}`),
      )
    assert.equal(found, [])
  })

  test.run()
}
