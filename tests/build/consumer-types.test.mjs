// The published declarations must type-check in a dapp's project: a d.ts that points at a stripped
// @internal type, or at a path inside node_modules, compiles here but breaks for users.
import { mkdirSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { root } from './helpers.mjs'

const consumer = `
import { createAppKit, type AppKit, type CaipNetwork, type WalletItem, setEmbedded } from 'sigkit'
import { AppKitButton, useAppKit, useAppKitState, useAppKitTheme, useAppKitEvents, useAppKitWallets } from 'sigkit/react'

const localhost: CaipNetwork = {
  id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Localhost',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const appKit: AppKit = createAppKit({ projectId: 'p', networks: [localhost], themeMode: 'light' })
void appKit.open({ view: 'Connect' })
void setEmbedded(false)
const first: WalletItem | undefined = appKit.getWalletList().wallets[0]
const stop: () => void = appKit.subscribeWalletConnectUri(({ wcUri }) => void wcUri?.length)

export function App() {
  const { open } = useAppKit()
  const { selectedNetworkId } = useAppKitState()
  const { setThemeMode } = useAppKitTheme()
  useAppKitEvents()
  const { wallets, connect } = useAppKitWallets()
  setThemeMode('dark')
  return AppKitButton({ label: String(selectedNetworkId ?? wallets.length + (first ? 1 : 0)), balance: 'hide' }) ?? stop ?? connect ?? open
}
`

test('a TypeScript dapp compiles against the published declarations', () => {
  const dir = join(root, '.tmp', 'consumer')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'app.ts'), consumer)
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        skipLibCheck: false,
        types: [],
        paths: {
          sigkit: [join(root, 'dist/types/index.d.ts')],
          'sigkit/react': [join(root, 'dist/types/react.d.ts')],
        },
      },
      files: ['app.ts'],
    }),
  )
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
    encoding: 'utf8',
  })
  assert.is(tsc.status, 0, `tsc reported:\n${tsc.stdout}${tsc.stderr}`)
})

test.run()
