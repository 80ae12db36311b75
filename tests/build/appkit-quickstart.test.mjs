// @file-timeout 300 s (it packs SigKit, installs an app from the registry and builds it twice)
//
// Coming from AppKit is imports only: Reown's React + wagmi quickstart with its import lines
// changed to SigKit's (tests/fixtures/appkit-quickstart), made as a new user makes it. SigKit is
// packed from a clean copy of the source (the prepack script builds everything), installed beside
// AppKit's docs' packages and nothing else, type-checked strictly and built with Vite and with
// webpack, neither configured for SigKit. tests/e2e/appkit-quickstart.spec.mjs runs both builds.
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  APP_DEPENDENCIES,
  installApp,
  markQuickstartReady,
  packSigKit,
  quickstartDir,
  typecheckApp,
  viteBuild,
  webpackBuild,
} from '../helpers/quickstart.mjs'
import { readJson } from './helpers.mjs'

const base = quickstartDir()
const dir = join(base, 'app')
/** @type {{ tarball: string, files: string[] }} */
let packed

/** Every file an export condition of package.json names. */
function exportedFiles() {
  const targets = (/** @type {unknown} */ value) =>
    typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap(targets)
  return Object.values(readJson('package.json').exports)
    .flatMap(targets)
    .map((path) => path.replace(/^\.\//, ''))
}

test('npm pack from a clean copy of the source ships every export, its declarations included', async () => {
  mkdirSync(base, { recursive: true })
  packed = await packSigKit(base)
  const missing = exportedFiles().filter((file) => !packed.files.includes(file))
  assert.equal(missing, [], 'the prepack script built every file package.json exports')
  assert.ok(
    packed.files.some((file) => file.startsWith('dist/types/react/')),
    'the declarations the entries import',
  )
  assert.not.ok(
    packed.files.some((file) => file.startsWith('dist/.size/') || file.endsWith('meta.json')),
    'no build by-products',
  )
})

test("AppKit's install line is enough: SigKit beside wagmi, viem, react-query and React, nothing else", async () => {
  await installApp(dir, packed.tarball)
  const { dependencies } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  assert.equal(Object.keys(dependencies).sort(), ['sigkit', ...APP_DEPENDENCIES].sort())
  // npm leaves @wagmi/core inside wagmi's folder here: SigKit must not need it at the top level.
  assert.ok(existsSync(join(dir, 'node_modules/sigkit/dist/wagmi.js')))
  const wagmiEntry = readFileSync(join(dir, 'node_modules/sigkit/dist/wagmi.js'), 'utf8')
  assert.not.match(wagmiEntry, /["']@wagmi\/core["']/, 'sigkit/wagmi imports what wagmi re-exports')
})

test('the app type-checks strictly: <appkit-button />, AppKit theme names and AppKitNetwork included', async () => {
  await typecheckApp(dir)
})

test('Vite builds it with no config of its own', async () => {
  await viteBuild(dir)
  const assets = readdirSync(join(dir, 'dist-vite', 'assets'))
  assert.ok(assets.length > 5, "SigKit's lazy chunks stay chunks")
})

test('webpack builds it with a TypeScript loader and nothing for SigKit', async () => {
  await webpackBuild(dir)
  assert.ok(existsSync(join(dir, 'dist-webpack', 'main.js')))
  markQuickstartReady(packed.tarball)
})

test.run()
