// Bundles the bench pages (bench/pages/) into .tmp/bench/pages/ with esbuild, minified and in
// production mode, as an app's bundler would:
//
//   react/    React flavour: react-dom, SigKit's React build (dist/react.js) or its source.
//   preact/   CDN flavour: the source with the CDN build's aliases (build/cdn-aliases.mjs), so
//             React becomes Preact exactly as in dist/cdn/; the CDN build itself is imported
//             at run time from /cdn/sigkit.js.
//   modal-react/  the modal-open page for the React build, on its own so its chunks are only its.
//   cdn/      the CDN modal-open page, a plain module served as written.
//   measure-global.js  the timing helpers as an init script (injected, never requested).
import * as esbuild from 'esbuild'
import { readFileSync } from 'node:fs'
import { copyFile, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { cdnAliasPlugin } from '../../build/cdn-aliases.mjs'

/**
 * @param {string} root the repository
 * @returns {Promise<{ dir: string, metafiles: Record<string, esbuild.Metafile> }>}
 */
export async function buildPages(root) {
  const dir = join(root, '.tmp', 'bench', 'pages')
  await rm(dir, { recursive: true, force: true })
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
    metafile: true,
    jsx: 'automatic',
    logLevel: 'warning',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    // The published builds, as a dapp installing `sigkit` gets them.
    alias: { 'sigkit/react': './dist/react.js', sigkit: './dist/index.js' },
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
  }
  const metafiles = {}
  await Promise.all(
    Object.entries(builds).map(async ([name, options]) => {
      metafiles[name] = (await esbuild.build({ ...common, ...options })).metafile
    }),
  )
  await esbuild.build({
    ...common,
    entryPoints: ['bench/pages/measure-global.ts'],
    outfile: join(dir, 'measure-global.js'),
    format: 'iife',
    splitting: false,
    entryNames: undefined,
    chunkNames: undefined,
  })
  // The CDN modal page is a plain module, served as written.
  await mkdir(join(dir, 'cdn'), { recursive: true })
  for (const file of ['modal-cdn.js', 'modal-options.js']) await copyFile(join(root, 'bench/pages', file), join(dir, 'cdn', file))
  return { dir, metafiles }
}
