// The whole local sandbox in one call: two anvil chains with tokens, the API emulator that
// stands in for SigKit's hosted services, and a WalletConnect relay double (relay.mjs). Used by
// `npm run demo` (demo/serve.mjs), the integration tests and the e2e tests.
//
//   const sandbox = await startSandbox()            // every port 0 = free ports
//   sandbox.apiUrl                                  // give it to SigKit as endpoints.api/walletApi/rpc/pulse
//   sandbox.relayUrl                                // ws://127.0.0.1:PORT: WalletConnect's relayUrl
//   sandbox.sandboxConfig()                         // what a browser page needs, JSON-able
//   await sandbox.stop()
import { startApiEmulator } from './api.mjs'
import { startChains } from './chains.mjs'
import { startRelay } from './relay.mjs'

/**
 * @param {{ apiPort?: number, chainPorts?: number[], relayPort?: number, api?: Omit<Parameters<typeof startApiEmulator>[0], 'port' | 'chains' | 'tokens'> }} [options]
 *   `api`: further emulator options (names, prices, wallets, features, analyticsEnabled, allowedOrigins)
 */
export async function startSandbox({ apiPort = 0, chainPorts = [0, 0], relayPort = 0, api: apiOptions = {} } = {}) {
  const relay = await startRelay({ port: relayPort })
  let chainSet
  let api
  try {
    chainSet = await startChains({ ports: chainPorts })
    api = await startApiEmulator({ ...apiOptions, port: apiPort, chains: chainSet.chains, tokens: chainSet.tokens })
  } catch (error) {
    await Promise.all([chainSet?.stop(), relay.stop()])
    throw error
  }
  const emulator = api

  const chains = chainSet.chains.map(({ chainId, name, rpcUrl, caipNetworkId }) => ({ chainId, name, rpcUrl, caipNetworkId }))
  const accounts = { wallet: chainSet.accounts.wallet, recipient: chainSet.accounts.recipient }

  /**
   * Everything a browser page needs to use the sandbox, as plain JSON (no functions): served by
   * the demo server as /sandbox-config.json and /sandbox-config.js.
   */
  function sandboxConfig() {
    return structuredClone({ apiUrl: emulator.url, relayUrl: relay.url, chains, tokens: chainSet.tokens, accounts })
  }

  let stopping
  return {
    apiUrl: emulator.url,
    /** The WalletConnect relay double: `relayUrl` for universal-provider and the test wallet. */
    relayUrl: relay.url,
    /** The relay itself: dropAll() closes every client socket, stats() counts. */
    relay,
    chains,
    tokens: chainSet.tokens,
    accounts,
    faults: emulator.faults,
    requests: emulator.requests,
    clearRequests: emulator.clearRequests,
    errorsReported: emulator.errorsReported,
    setFeatures: emulator.setFeatures,
    api: emulator,
    sandboxConfig,
    /** Stops the emulator, both chains and the relay; safe to call more than once. */
    stop() {
      stopping ??= Promise.all([emulator.stop(), chainSet.stop(), relay.stop()]).then(() => undefined)
      return stopping
    },
  }
}
