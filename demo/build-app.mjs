// Bundles the demo dapp (demo/app/main.tsx) into dist/demo/app.js against SigKit's React build
// (dist/react.js, so run `node build.mjs` first). Called by demo/serve.mjs at start.
import * as esbuild from 'esbuild'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Builds the demo dapp and its wagmi page; resolves with the demo dapp's output path. */
export async function buildDemoApp() {
  const outfile = join(root, 'dist/demo/app.js')
  await Promise.all([
    bundle('demo/app/main.tsx', outfile),
    bundle('demo/app/wagmi.tsx', join(root, 'dist/demo/wagmi.js')),
  ])
  return outfile
}

/** One demo page's bundle, as a dapp's bundler would make it. */
async function bundle(entry, outfile) {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
    // The page uses the published builds, exactly as a dapp installing `sigkit` would.
    alias: {
      'sigkit/react': './dist/react.js',
      'sigkit/siwx': './dist/siwx.js',
      'sigkit/pay': './dist/pay.js',
      'sigkit/wagmi': './dist/wagmi.js',
      'sigkit/networks': './dist/networks.js',
      sigkit: './dist/index.js',
    },
    // WalletConnect's dependencies reach for Node's `global`, as in any app that bundles them.
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  })
}
