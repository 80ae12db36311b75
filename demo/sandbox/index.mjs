// @ts-check
// The whole local sandbox in one call: two anvil chains with tokens, a local Solana network
// (solana.mjs, LiteSVM), the API emulator that stands in for SigKit's hosted services, and a
// WalletConnect relay double (relay.mjs). Used by
// `npm run demo` (demo/serve.mjs), the integration tests and the e2e tests.
//
//   const sandbox = await startSandbox()            // every port 0 = free ports
//   sandbox.apiUrl                                  // give it to SigKit as endpoints.api/walletApi/rpc/pulse
//   sandbox.relayUrl                                // ws://127.0.0.1:PORT: WalletConnect's relayUrl
//   sandbox.solana.rpcUrl, sandbox.solana.wsUrl     // the Solana RPC and its PubSub WebSocket
//   sandbox.amm[31337].router                       // the AMM (amm.mjs): router, weth, pairs per chain
//   sandbox.nfts[31337]                             // NFT collections (nfts.mjs): [{ address, name, symbol, spam, walletTokenIds }]
//   await sandbox.api.sendActivity({ chainId, count }) // real transfers for history tests (activity.mjs)
//   sandbox.secureFrameUrl                          // the embedded wallet's frame origin (secure-frame/): <url>/sdk?projectId=…, mails at <url>/mailbox
//   sandbox.smartAccounts[31337].factory            // the frame's SmartAccountFactory (smart-accounts.mjs) per anvil chain
//   sandbox.api.names.list()                        // names registered on the name service (names.mjs)
//   sandbox.sandboxConfig()                         // what a browser page needs, JSON-able
//   await sandbox.stop()
import { DEFAULT_PRICES_USD, startApiEmulator } from './api.mjs'
import { ETHER } from './wallet-capabilities.js'
import { startChains } from './chains.mjs'
import { pointCollectionsAt } from './nfts.mjs'
import { startRelay } from './relay.mjs'
import { startSecureFrame } from './secure-frame/server.mjs'
import { startSolana } from './solana.mjs'

/**
 * @param {{ apiPort?: number, chainPorts?: number[], relayPort?: number, solanaPort?: number, secureFramePort?: number, dataDir?: string, secureFrame?: Omit<Parameters<typeof startSecureFrame>[0], 'port' | 'chains' | 'solana' | 'apiUrl'>, api?: Omit<Parameters<typeof startApiEmulator>[0], 'port' | 'chains' | 'tokens' | 'amm' | 'nfts' | 'solana' | 'dataDir'> }} [options]
 *   `dataDir`: the sandbox's data folder, kept across restarts (the name service's names.json);
 *   without it, a temporary folder removed by stop()
 *   `api`: further emulator options (names, prices, wallets, features, analyticsEnabled, allowedOrigins)
 *   `secureFrame`: further secure frame options (otpTtlMs, emailThrottleMs, fund, now, …)
 */
export async function startSandbox({
  apiPort = 0,
  chainPorts = [0, 0],
  relayPort = 0,
  solanaPort = 0,
  secureFramePort = 0,
  dataDir,
  secureFrame: secureFrameOptions = {},
  api: apiOptions = {},
} = {}) {
  const relay = await startRelay({ port: relayPort })
  // The anvil chains and the Solana network start side by side; when one fails the rest stops.
  const [chainsStarted, solanaStarted] = await Promise.allSettled([
    startChains({ ports: chainPorts }),
    startSolana({ port: solanaPort }),
  ])
  const chainsIfStarted = chainsStarted.status === 'fulfilled' ? chainsStarted.value : undefined
  const networkIfStarted = solanaStarted.status === 'fulfilled' ? solanaStarted.value : undefined
  let api
  try {
    if (chainsStarted.status === 'rejected') throw chainsStarted.reason
    if (solanaStarted.status === 'rejected') throw solanaStarted.reason
    const { caipNetworkId, rpcUrl, nativeCurrency, tokens } = solanaStarted.value
    api = await startApiEmulator({
      ...apiOptions,
      port: apiPort,
      dataDir,
      chains: chainsStarted.value.chains,
      tokens: chainsStarted.value.tokens,
      amm: chainsStarted.value.amm,
      nfts: chainsStarted.value.nfts,
      solana: { caipNetworkId, rpcUrl, nativeCurrency, tokens },
    })
    // tokenURI can only name the emulator once it listens.
    const { chains: started, nfts } = chainsStarted.value
    const apiUrl = api.url
    await Promise.all(
      started.map(({ chainId, rpcUrl }) =>
        pointCollectionsAt({ rpcUrl, chainId, collections: nfts[chainId] ?? [], apiUrl }),
      ),
    )
  } catch (error) {
    await Promise.all([api?.stop(), chainsIfStarted?.stop(), networkIfStarted?.stop(), relay.stop()])
    throw error
  }
  const emulator = api
  // Both started: the try above threw otherwise.
  const chainSet = /** @type {NonNullable<typeof chainsIfStarted>} */ (chainsIfStarted)
  const network = /** @type {NonNullable<typeof networkIfStarted>} */ (networkIfStarted)
  /** @type {Awaited<ReturnType<typeof startSecureFrame>>} */
  let secureFrame
  /**
   * What a sandbox wallet's wallet_getAssets lists on a chain: the chain's tokens and its native
   * currency, priced and pictured as the API emulator does.
   * @param {number} chainId
   */
  function walletAssetsOf(chainId) {
    /** @type {Record<string, number>} */
    const prices = /** @type {{ prices?: Record<string, number> }} */ (apiOptions).prices ?? DEFAULT_PRICES_USD
    const described = (/** @type {{ symbol: string }} */ asset) => ({
      price: prices[asset.symbol] ?? 0,
      iconUrl: `${emulator.url}/public/getTokenImage/${encodeURIComponent(asset.symbol)}`,
    })
    return {
      native: { ...ETHER, ...described(ETHER) },
      tokens: (chainSet.tokens[chainId] ?? []).map((token) => ({ ...token, ...described(token) })),
    }
  }
  try {
    secureFrame = await startSecureFrame({
      ...secureFrameOptions,
      port: secureFramePort,
      chains: chainSet.chains.map((chain) => ({
        ...chain,
        smartAccountFactory: chainSet.smartAccounts[chain.chainId]?.factory,
        assets: walletAssetsOf(chain.chainId),
      })),
      solana: network,
      apiUrl: emulator.url,
    })
  } catch (error) {
    await Promise.all([emulator.stop(), chainSet.stop(), network.stop(), relay.stop()])
    throw error
  }

  const chains = chainSet.chains.map(({ chainId, name, rpcUrl, caipNetworkId }) => ({
    chainId,
    name,
    rpcUrl,
    caipNetworkId,
  }))
  const accounts = { wallet: chainSet.accounts.wallet, recipient: chainSet.accounts.recipient }
  /** The Solana network as pages see it (plain JSON). */
  const solana = {
    rpcUrl: network.rpcUrl,
    wsUrl: network.wsUrl,
    caipNetworkId: network.caipNetworkId,
    genesisHash: network.genesisHash,
    name: network.name,
    tokens: network.tokens,
    accounts: network.accounts,
  }

  /**
   * Everything a browser page needs to use the sandbox, as plain JSON (no functions): served by
   * the demo server as /sandbox-config.json and /sandbox-config.js.
   */
  function sandboxConfig() {
    return structuredClone({
      apiUrl: emulator.url,
      relayUrl: relay.url,
      secureFrameUrl: secureFrame.url,
      chains,
      tokens: chainSet.tokens,
      walletAssets: Object.fromEntries(chains.map(({ chainId }) => [chainId, walletAssetsOf(chainId)])),
      amm: chainSet.amm,
      nfts: chainSet.nfts,
      accounts,
      solana,
    })
  }

  let stopping
  return {
    apiUrl: emulator.url,
    /** The WalletConnect relay double: `relayUrl` for universal-provider and the test wallet. */
    relayUrl: relay.url,
    /** The relay itself: dropAll() closes every client socket, stats() counts. */
    relay,
    /** The embedded wallet's secure frame origin (secure-frame/server.mjs): the page is `${secureFrameUrl}/sdk`. */
    secureFrameUrl: secureFrame.url,
    /** The frame server itself: mailbox (login codes, device links), accounts(), mailboxUrl. */
    secureFrame,
    chains,
    tokens: chainSet.tokens,
    /** The AMM on each anvil chain, by chain id: { router, weth, pairs } (see amm.mjs). */
    amm: chainSet.amm,
    /** The NFT collections on each anvil chain, by chain id (see nfts.mjs); `spam` ones are flagged in history. */
    nfts: chainSet.nfts,
    /** What the sandbox wallets' wallet_getAssets lists on a chain (its tokens and ETH, priced as the emulator prices them). */
    walletAssets: walletAssetsOf,
    /** The secure frame's SmartAccountFactory on each anvil chain, by chain id. */
    smartAccounts: chainSet.smartAccounts,
    accounts,
    /** The local Solana network (LiteSVM): URLs, CAIP-2 id, USDC mint, funded accounts. */
    solana,
    /** Its LiteSVM instance and ledger, for tests that look underneath the RPC. */
    solanaNetwork: network,
    faults: emulator.faults,
    requests: emulator.requests,
    clearRequests: emulator.clearRequests,
    errorsReported: emulator.errorsReported,
    eventBatches: emulator.eventBatches,
    setFeatures: emulator.setFeatures,
    resetFeatures: emulator.resetFeatures,
    api: emulator,
    sandboxConfig,
    /** Stops the emulator, both chains, the Solana network, the relay and the secure frame; safe to call more than once. */
    stop() {
      stopping ??= Promise.all([
        emulator.stop(),
        chainSet.stop(),
        network.stop(),
        relay.stop(),
        secureFrame.stop(),
      ]).then(() => undefined)
      return stopping
    },
  }
}
