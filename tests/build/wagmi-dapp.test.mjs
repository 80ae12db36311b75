// What a wagmi dapp pays for SigKit: the AppKit-quickstart dapp (WagmiAdapter, createAppKit,
// <AppKitButton/>, WagmiProvider and react-query) bundled the way a dapp's bundler does it, against
// the same dapp on wagmi alone. SigKit's React build leaves viem to the dapp, so the dapp has one
// viem: the bundle holds no second copy and SigKit's own files hold none of viem's code.
import * as esbuild from 'esbuild'
import { gzipSync } from 'node:zlib'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initialOutputs, root } from './helpers.mjs'

/** The dapp's bundler: splitting (SigKit's lazy chunks stay lazy), minified, react external. */
async function bundle(contents) {
  const result = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents, resolveDir: root, sourcefile: 'dapp.tsx', loader: 'tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    metafile: true,
    write: false,
    outdir: `${root}/.tmp/wagmi-dapp`,
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    alias: {
      'sigkit/wagmi': './dist/wagmi.js',
      'sigkit/react': './dist/react.js',
      'sigkit/networks': './dist/networks.js',
    },
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
  })
  const entry = Object.keys(result.metafile.outputs).find(
    (path) => result.metafile.outputs[path].entryPoint === 'dapp.tsx',
  )
  const initial = initialOutputs(result.metafile, entry)
  const bytes = result.outputFiles
    .filter((file) => initial.has(file.path.slice(root.length + 1)))
    .reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0)
  return { metafile: result.metafile, bytes, initial: [...initial] }
}

const WAGMI_ONLY = `
  import { WagmiProvider, createConfig, http } from 'wagmi'
  import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
  import { mainnet, arbitrum } from 'viem/chains'
  export const config = createConfig({ chains: [mainnet, arbitrum], transports: { [mainnet.id]: http(), [arbitrum.id]: http() } })
  export { WagmiProvider, QueryClient, QueryClientProvider }
`
const WITH_SIGKIT = `
  import { WagmiProvider } from 'wagmi'
  import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
  import { WagmiAdapter } from 'sigkit/wagmi'
  import { AppKitButton, createAppKit } from 'sigkit/react'
  import { mainnet, arbitrum } from 'sigkit/networks'
  const networks = [mainnet, arbitrum]
  export const wagmiAdapter = new WagmiAdapter({ networks, projectId: 'p' })
  createAppKit({ adapters: [wagmiAdapter], networks, projectId: 'p' })
  export { AppKitButton, WagmiProvider, QueryClient, QueryClientProvider }
`

test('one viem in a wagmi dapp with SigKit, and what SigKit adds to its page load', async () => {
  const wagmiOnly = await bundle(WAGMI_ONLY)
  const withSigKit = await bundle(WITH_SIGKIT)
  const inputs = Object.keys(withSigKit.metafile.inputs)
  const viemRoots = new Set(inputs.flatMap((path) => path.match(/^(.*node_modules\/viem)\//)?.[1] ?? []))
  assert.equal([...viemRoots], ['node_modules/viem'], 'a single viem package in the bundle')
  // SigKit's files import viem by name (the dapp's copy); none carries viem's code inside.
  const sigkitViem = Object.entries(withSigKit.metafile.outputs).filter(([, output]) =>
    Object.keys(output.inputs).some((path) => path.startsWith('dist/') && /node_modules\/viem\//.test(path)),
  )
  assert.equal(sigkitViem, [])
  // SigKit's own code at page load: its files and the dependencies it brings (signals).
  let own = 0
  for (const path of withSigKit.initial)
    for (const [input, { bytesInOutput }] of Object.entries(withSigKit.metafile.outputs[path].inputs))
      if (input.startsWith('dist/') || input.includes('node_modules/@preact/')) own += bytesInOutput
  const added = withSigKit.bytes - wagmiOnly.bytes
  console.log(
    `  wagmi dapp page load (esbuild): ${wagmiOnly.bytes} B gzip on wagmi alone, ${withSigKit.bytes} B with SigKit ` +
      `(+${added} B; SigKit's own code ${own} B minified). esbuild's splitting also moves the viem modules ` +
      `SigKit's lazy chunks use into the page load once the dapp imports viem's index (see README)`,
  )
  // A ceiling with headroom (it was 50 KB until issue 30 added the log, the account's explorer URL
  // and labels, and the reconnecting status to page load: 50.9 KB then; 53 KB until issues 31-33
  // added the locale choice and translator, tab sync, several wallets and the headless methods).
  assert.ok(own < 62_000, `SigKit's own page-load code in a wagmi dapp: ${own} B minified`)
})

test.run()
