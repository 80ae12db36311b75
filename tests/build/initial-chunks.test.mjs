// What a page downloads before anyone clicks must stay small: no optional feature, no chain
// library, no WalletConnect, and none of the modal-only dependencies. Checked from each
// build's esbuild metafile, so a static import that drags one in fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  contents,
  entryOutput,
  initialOutputs,
  inputPackage,
  loadManifest,
  packageName,
  readJson,
  root,
} from './helpers.mjs'

const manifest = loadManifest()
const pkg = readJson('package.json')

const LOCAL_SIWX = 'src/features/siwx/local-siwx.ts'

/** Never in the initial files: [label, matches a project input, matches a package name]. */
const FORBIDDEN = [
  [
    'optional features (src/features/**, reached only through the view registry)',
    // Except `sigkit/siwx`'s own module (createLocalSIWX): a dapp imports that entry by name; the
    // test below keeps it out of every other entry's initial files.
    (input) => input.startsWith('src/features/') && input !== LOCAL_SIWX,
    () => false,
  ],
  ['viem', () => false, (name) => name === 'viem'],
  ['@solana/*', () => false, (name) => name.startsWith('@solana/')],
  ['@walletconnect/*', () => false, (name) => name.startsWith('@walletconnect/')],
  ['ofetch (HTTP is first-open only)', () => false, (name) => name === 'ofetch'],
  ['@stitches/* (styling comes with the modal)', () => false, (name) => name.startsWith('@stitches/')],
  [
    'the QR encoder (the views that show a QR code and sigkit/qr load it)',
    (input) => input === 'src/lib/qr.ts',
    (name) => name === 'qr',
  ],
]

for (const [buildName, build] of Object.entries(manifest.builds)) {
  const test = suite(`initial files: ${buildName} build`)
  const metafile = readJson(build.metafile)
  const initial = new Set()
  // sigkit/pay (a dapp taking payments) and sigkit/wagmi (a wagmi dapp, whose viem it uses) are
  // entries for one purpose: their own files are tested below and in wagmi-dapp.test.mjs.
  for (const { source, optional } of Object.values(build.entries)) {
    if (optional) continue
    const output = entryOutput(metafile, source)
    if (output) initialOutputs(metafile, output).forEach((file) => initial.add(file))
  }

  test('only the sigkit/siwx entry loads createLocalSIWX', () => {
    for (const [name, { source }] of Object.entries(build.entries)) {
      if (name === 'siwx') continue
      const output = entryOutput(metafile, source)
      if (!output) continue
      const { inputs } = contents(metafile, new Set(initialOutputs(metafile, output)))
      assert.not.ok(inputs.has(LOCAL_SIWX), `${name}: its initial files contain ${LOCAL_SIWX}`)
    }
  })

  test('sigkit/pay loads only its argument check (and the hook) until openPay is called', () => {
    const pay = build.entries.pay
    if (!pay) return
    const { inputs: payInputs, externals: payExternals } = contents(
      metafile,
      new Set(initialOutputs(metafile, entryOutput(metafile, pay.source))),
    )
    const features = [...payInputs].filter((input) => input.startsWith('src/features/')).sort()
    const own = ['src/features/pay/arguments.ts', 'src/features/pay/open.ts', 'src/features/pay/use-pay.ts']
    assert.equal(
      features.filter((input) => !own.includes(input)),
      [],
    )
    const heavy = [...payInputs, ...payExternals].filter((input) =>
      /(^|\/)(viem|@solana|@walletconnect|ofetch|@stitches)/.test(inputPackage(input) ?? packageName(input) ?? ''),
    )
    assert.equal(heavy, [])
  })

  test('every entry was compiled', () => {
    for (const [name, { source }] of Object.entries(build.entries)) {
      assert.ok(entryOutput(metafile, source), `${name}: no output for ${source} in ${build.metafile}`)
    }
  })

  test('manifest lists the same initial files as the metafile', () => {
    assert.equal(build.initial.files, [...initial].sort())
  })

  const { inputs, externals } = contents(metafile, initial)
  for (const [label, isProjectInput, isPackage] of FORBIDDEN) {
    test(`no ${label}`, () => {
      const found = [
        ...[...inputs].filter((input) => isProjectInput(input) || isPackage(inputPackage(input) ?? '')),
        ...[...externals].filter((specifier) => isPackage(packageName(specifier))).map((s) => `import "${s}"`),
      ]
      assert.ok(
        found.length === 0,
        `initial files of the ${buildName} build contain ${label}:\n  ${found.join('\n  ')}`,
      )
    })
  }

  // Opening the modal and listing wallets needs no chain library: viem and @solana/kit load when a
  // wallet of their namespace connects (or a stored session is restored), WalletConnect when chosen.
  test('no chain library or WalletConnect on first open either', () => {
    const firstOpen = contents(metafile, new Set(build.firstOpen.files))
    const found = [...firstOpen.inputs, ...[...firstOpen.externals].map(packageName)]
      .map((input) => inputPackage(input) ?? input)
      .filter((name) => name && (name === 'viem' || name.startsWith('@solana/') || name.startsWith('@walletconnect/')))
    assert.equal([...new Set(found)], [], `first-open files of the ${buildName} build`)
  })

  test('modal shell and Connect view are lazy chunks', () => {
    for (const { source, required } of manifest.firstOpenModules) {
      const status = build.firstOpen.modules[source]?.status
      if (status === 'initial') assert.unreachable(`${source} is bundled into the initial files`)
      if (required) {
        assert.ok(entryOutput(metafile, source), `${source} should be loaded by import() (got: ${status})`)
      }
    }
  })

  test.run()
}

const cdn = suite('CDN build is self-contained')
const cdnMeta = readJson(manifest.builds.cdn.metafile)

cdn('imports nothing from outside the build', () => {
  const external = Object.entries(cdnMeta.outputs).flatMap(([out, o]) =>
    o.imports.filter((edge) => edge.external).map((edge) => `${out}: import "${edge.path}"`),
  )
  assert.equal(external, [])
})

cdn('the first open asks for every file it needs in one round: each is an import() target of page load', () => {
  const build = manifest.builds.cdn
  const modules = new Set(manifest.firstOpenModules.map(({ source }) => entryOutput(cdnMeta, source)).filter(Boolean))
  const missing = build.firstOpen.files.filter((file) => file.endsWith('.js') && !modules.has(file))
  assert.equal(missing, [], 'first-open files only found once another one ran (a second round)')
  const pageLoad = build.initial.files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n')
  for (const file of build.firstOpen.files)
    assert.ok(pageLoad.includes(`import("./${file.split('/').pop()}")`), `page load asks for ${file}`)
})

cdn('uses Preact, not React', () => {
  const react = Object.keys(cdnMeta.inputs).filter((input) =>
    ['react', 'react-dom', '@preact/signals-react', 'use-sync-external-store'].includes(inputPackage(input) ?? ''),
  )
  assert.equal(react, [])
})

cdn.run()

const reactBuild = suite('React build leaves dependencies to the app bundler')

reactBuild('every external import is a declared dependency or peer dependency', () => {
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})])
  const meta = readJson(manifest.builds.react.metafile)
  const undeclared = new Set()
  for (const output of Object.values(meta.outputs)) {
    for (const edge of output.imports) {
      if (edge.external && !declared.has(packageName(edge.path))) undeclared.add(edge.path)
    }
  }
  assert.equal([...undeclared], [], 'imports of packages missing from package.json dependencies/peerDependencies')
})

reactBuild('bundles no package code', () => {
  const meta = readJson(manifest.builds.react.metafile)
  assert.equal(
    Object.keys(meta.inputs).filter((input) => inputPackage(input)),
    [],
  )
})

reactBuild('the size pass leaves only react and react-dom external', () => {
  const meta = readJson(manifest.builds['react-bundle'].metafile)
  const external = new Set()
  for (const output of Object.values(meta.outputs)) {
    for (const edge of output.imports) if (edge.external) external.add(packageName(edge.path))
  }
  assert.equal(
    [...external].filter((name) => name !== 'react' && name !== 'react-dom'),
    [],
  )
})

reactBuild.run()

const staging = suite('size-limit staging folders')

const STAGED = {
  'cdn-initial': ['cdn', 'initial'],
  'cdn-modal': ['cdn', 'shell'],
  'cdn-data': ['cdn', 'data'],
  'react-initial': ['react-bundle', 'initial'],
  'react-modal': ['react-bundle', 'shell'],
  'react-data': ['react-bundle', 'data'],
  'cdn-locale': ['cdn', 'largestLocale'],
  'react-locale': ['react-bundle', 'largestLocale'],
  'cdn-locale-feature': ['cdn', 'largestLocalePart'],
}

for (const [folder, [buildName, set]] of Object.entries(STAGED)) {
  staging(`dist/.size/${folder} holds exactly the ${buildName} ${set} files`, () => {
    const build = manifest.builds[buildName]
    const dir = join(root, 'dist/.size', folder)
    assert.ok(existsSync(dir), `${dir} is missing`)
    const staged = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'))
      .sort()
    const expected = build[set].files
      .filter((f) => f.endsWith('.js'))
      .map((f) => relative(build.outdir, f))
      .sort()
    assert.equal(staged, expected)
    assert.ok(staged.length > 0, `nothing staged in dist/.size/${folder}: its size check would measure 0 bytes`)
  })
}

staging(
  "the locale budgets measure the largest of the 23 locales' first-open texts and of their features' texts, each its own chunk",
  () => {
    const { locales, largestLocale, largestLocalePart } = manifest.builds.cdn
    assert.equal(Object.keys(locales).length, 23)
    for (const [tag, { files, parts }] of Object.entries(locales)) {
      assert.ok(files.length > 0, `${tag}: its texts are in page load or the first open, not a chunk of its own`)
      assert.equal(Object.keys(parts).length, 9, `${tag}: one file per feature without a Connect section`)
      for (const [namespace, part] of Object.entries(parts)) {
        assert.equal(part.files.length, 1, `${tag} ${namespace}: one chunk of its own`)
        assert.not.ok(files.includes(part.files[0]), `${tag} ${namespace}: in the first open's file`)
      }
    }
    assert.equal(largestLocale.gzip, Math.max(...Object.values(locales).map((locale) => locale.gzip)))
    const partSizes = Object.values(locales).flatMap(({ parts }) => Object.values(parts).map((part) => part.gzip))
    assert.equal(largestLocalePart.gzip, Math.max(...partSizes))
  },
)

staging.run()
