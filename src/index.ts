/**
 * `sigkit`: `createAppKit`, the core types and the headless controllers. Framework-free; the modal
 * UI and every optional section load on demand.
 * @packageDocumentation
 */
import { createAppKitWith } from './app-kit'

/**
 * Creates the modal for this page from `options`: validates them, sets up state and registers the
 * `<appkit-button>` element. Touches no network: remote configuration is fetched on first open.
 * Throws `AppKitOptionsError` on invalid options (e.g. 'Cannot set both `siweConfig` and `siwx` options').
 * @example
 * ```ts
 * import { createAppKit } from 'sigkit'
 * const appKit = createAppKit({ projectId: 'YOUR_PROJECT_ID', networks: [mainnet] })
 * appKit.open()
 * ```
 */
export const createAppKit = /* @__PURE__ */ createAppKitWith(() =>
  import('./ui/button/element').then((button) => button.defineAppKitButton()),
)

export * from './exports'

// Networks viem does not describe, as data. Not in the CDN entry, which cannot tree-shake: the CDN
// build has them as a file of their own, dist/cdn/networks.js.
export { solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet } from './networks'
