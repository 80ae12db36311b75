// Prepares a bench run in its own folder (.tmp/bench/run-<pid>/), holding the checkout's run lock
// only meanwhile, so a long full run does not keep other build and test runs waiting:
//
//   node bench/lib/pages.mjs <run folder> [--build]
//
// 1. `--build`: `node build.mjs --no-types` (the figures are those of the source as it is now).
// 2. A copy of dist/ into <run folder>/dist/: another run's build may replace dist/ meanwhile.
// 3. The bench pages (bench/pages/) bundled into <run folder>/pages/ with esbuild, minified and in
//    production mode, as an app's bundler would:
//
//   react/    React flavour: react-dom, SigKit's React build (dist/react.js) or its source.
//   preact/   CDN flavour: the source with the CDN build's aliases (build/cdn-aliases.mjs), so
//             React becomes Preact exactly as in dist/cdn/; the CDN build itself is imported
//             at run time from /cdn/sigkit.js.
//   modal-react/  the modal-open page for the React build, on its own so its chunks are only its.
//   modal-react-vite/  the same page bundled by Vite (rolldown), as a Vite app ships it: Vite's
//             preload helper requests a lazy chunk's own imports with the chunk, where esbuild
//             finds them only once the chunk has arrived (the slow-network waterfall differs).
//   soak/     the soak page (bench/soak.mjs) for the React build.
//   cdn/      the CDN modal-open page, a plain module served as written.
//   measure-global.js  the timing helpers as an init script (injected, never requested).
import * as esbuild from 'esbuild'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { copyFile, cp, mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cdnAliasPlugin } from '../../build/cdn-aliases.mjs'
import { acquireRunLock } from '../../build/lock.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Copies dist/ (less the size staging and metafiles) to `<runDir>/dist`. */
async function snapshotDist(runDir) {
  const target = join(runDir, 'dist')
  await rm(target, { recursive: true, force: true })
  const skip = (source) => source.includes(`${join('dist', '.size')}`) || source.endsWith('meta.json')
  await cp(join(root, 'dist'), target, { recursive: true, filter: (source) => !skip(source) })
  // The repository's package.json lists dist/**/*.js as having side effects, which this copy is
  // not under: without a package.json of its own, esbuild would drop the copy's side-effect imports.
  await writeFile(
    join(target, 'package.json'),
    `${JSON.stringify({ name: 'sigkit-bench-dist', private: true, type: 'module' }, null, 2)}\n`,
  )
  return target
}

/** Bundles the pages against the dist/ copy; returns the pages folder. */
async function buildPages(runDir, distDir) {
  const dir = join(runDir, 'pages')
  await rm(dir, { recursive: true, force: true })
  const dist = `./${relative(root, distDir)}`
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version
  /** @type {esbuild.BuildOptions} */
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    splitting: true,
    minify: true,
    jsx: 'automatic',
    logLevel: 'warning',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    // The published builds, as a dapp installing `sigkit` gets them.
    alias: { 'sigkit/react': `${dist}/react.js`, sigkit: `${dist}/index.js` },
    define: {
      'process.env.NODE_ENV': '"production"',
      __SIGKIT_VERSION__: JSON.stringify(version),
      // WalletConnect's dependencies (lazy in dist/react.js) read Node's `global`.
      global: 'globalThis',
    },
  }
  const builds = {
    react: {
      entryPoints: { balance: 'bench/pages/balance.tsx', wallets: 'bench/pages/wallets-react.tsx' },
      outdir: join(dir, 'react'),
    },
    preact: {
      entryPoints: { balance: 'bench/pages/balance.tsx', wallets: 'bench/pages/wallets-cdn.tsx' },
      outdir: join(dir, 'preact'),
      plugins: [cdnAliasPlugin],
      // The CDN build is loaded as published, by URL.
      external: ['/cdn/sigkit.js'],
    },
    'modal-react': {
      entryPoints: { modal: 'bench/pages/modal-react.tsx' },
      outdir: join(dir, 'modal-react'),
    },
    // The soak page (bench/soak.mjs): the React build, signing through useAppKitProvider.
    soak: {
      entryPoints: { soak: 'bench/pages/soak.tsx' },
      outdir: join(dir, 'soak'),
    },
  }
  await Promise.all(Object.values(builds).map((options) => esbuild.build({ ...common, ...options })))
  await esbuild.build({
    ...common,
    entryPoints: ['bench/pages/measure-global.ts'],
    outfile: join(dir, 'measure-global.js'),
    format: 'iife',
    splitting: false,
    entryNames: undefined,
    chunkNames: undefined,
  })
  await buildViteModalPage(join(dir, 'modal-react-vite'), common)
  // The CDN modal page is a plain module, served as written.
  await mkdir(join(dir, 'cdn'), { recursive: true })
  for (const file of ['modal-cdn.js', 'modal-options.js', 'leaks-baseline.js'])
    await copyFile(join(root, 'bench/pages', file), join(dir, 'cdn', file))
  return dir
}

/** The React modal-open page through Vite's production build, with the esbuild pages' aliases and defines. */
async function buildViteModalPage(outDir, { alias, define }) {
  const { build } = await import('vite')
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    // Chunks and their preloads resolve from the entry's URL, wherever the bench serves it.
    base: './',
    resolve: { alias: Object.fromEntries(Object.entries(alias).map(([name, path]) => [name, join(root, path)])) },
    define,
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // The page has no <link rel=modulepreload> of its own to polyfill; Chromium supports it.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: { modal: 'bench/pages/modal-react.tsx' },
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  })
}

const [runDir, ...flags] = process.argv.slice(2)
if (!runDir) {
  console.error('Usage: node bench/lib/pages.mjs <run folder> [--build]')
  process.exit(2)
}
await acquireRunLock(root, 'bench')
if (flags.includes('--build')) {
  const { status } = spawnSync(process.execPath, ['build.mjs', '--no-types'], { cwd: root, stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}
await buildPages(resolve(runDir), await snapshotDist(resolve(runDir)))
