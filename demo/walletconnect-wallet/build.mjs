// Bundles the WalletConnect test wallet page (demo/walletconnect-wallet/page.js) into
// dist/demo/walletconnect-wallet.js for demo/walletconnect-wallet.html. Called by
// demo/serve.mjs at start, beside build-app.mjs.
import * as esbuild from 'esbuild'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Builds the wallet page; resolves with the output path. */
export async function buildWalletConnectWalletPage() {
  const outfile = join(root, 'dist/demo/walletconnect-wallet.js')
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['demo/walletconnect-wallet/page.js'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
    // Not `process.env.*`: the page sets `globalThis.process` itself (IS_VITEST keeps the
    // clients off the hosted Verify service), and the clients read it at run time.
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  })
  return outfile
}
