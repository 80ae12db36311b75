// createAppKit options for the demo pages, from the sandbox the demo server runs
// (window.__SIGKIT_SANDBOX__, set by /sandbox-config.js). Shared by the React page (bundled) and
// the CDN page (imported as /app/sandbox-options.js), so both talk to the same local services.

/**
 * @param {any} sandbox the value of window.__SIGKIT_SANDBOX__ (null when the server runs --static)
 * @returns {{ projectId: string, preloadOnIdle: boolean, nonce?: string, networks: object[], endpoints?: object, metadata: object } | undefined}
 */
export function sandboxOptions(sandbox = globalThis.__SIGKIT_SANDBOX__) {
  if (!sandbox) return undefined
  const networks = sandbox.chains.map((chain) => ({
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    // Marked as a non-test network so identity lookups run, as on a real mainnet.
    testnet: false,
  }))
  // The sandbox's Solana network (litesvm behind a JSON-RPC server), after the EVM ones.
  const solana = sandbox.solana
  if (solana) {
    networks.push({
      id: solana.caipNetworkId.slice('solana:'.length),
      caipNetworkId: solana.caipNetworkId,
      chainNamespace: 'solana',
      name: solana.name,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [solana.rpcUrl] } },
      testnet: false,
    })
  }
  const api = sandbox.apiUrl
  return {
    projectId: 'sigkit-sandbox',
    // `?preload=off` shows the modal loading on the click alone (the default preloads it once idle).
    preloadOnIdle: new URLSearchParams(globalThis.location?.search).get('preload') !== 'off',
    // `?basic=on`: basic mode (no email, socials, swaps, on-ramp, activity; WalletConnect's basic view).
    ...(new URLSearchParams(globalThis.location?.search).get('basic') === 'on' ? { basic: true } : {}),
    // `?embedded=on`: the modal renders inline in the page's <appkit-modal> element (AppKit's option).
    ...(new URLSearchParams(globalThis.location?.search).get('embedded') === 'on' ? { enableEmbedded: true } : {}),
    // The page's CSP nonce, where the server sent one (`?csp=nonce`), as a site templates it in.
    ...nonceOption(),
    // `?locale=ja`: the modal's language (SigKit's `locale` option). Tests may set
    // `window.__SIGKIT_TEST_MESSAGES__` (e.g. the pseudo-locale) before the page loads: the `messages` option.
    ...(new URLSearchParams(globalThis.location?.search).get('locale')
      ? { locale: new URLSearchParams(globalThis.location?.search).get('locale') }
      : {}),
    ...(globalThis.__SIGKIT_TEST_MESSAGES__ ? { messages: globalThis.__SIGKIT_TEST_MESSAGES__ } : {}),
    networks,
    endpoints: {
      api,
      walletApi: api,
      rpc: api,
      pulse: api,
      ...(sandbox.relayUrl ? { relay: sandbox.relayUrl } : {}),
      // WalletConnect's Verify service: the emulator attests the page's origin.
      verify: `${api}/verify`,
      // The embedded wallet's secure frame (email login) on its own origin.
      ...(sandbox.secureFrameUrl ? { secureSite: sandbox.secureFrameUrl } : {}),
    },
    metadata: {
      name: 'SigKit demo dapp',
      description: 'The SigKit sandbox',
      url: globalThis.location?.origin ?? 'http://127.0.0.1',
      icons: [],
    },
  }
}

/** `{ nonce }` from `<meta property="csp-nonce" nonce="…">` (Vite's convention), if the page has one. */
function nonceOption() {
  const nonce = globalThis.document?.querySelector('meta[property="csp-nonce"]')?.nonce
  return nonce ? { nonce } : {}
}
