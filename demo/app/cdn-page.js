// The CDN page's own code (demo/cdn.html), a file rather than an inline script so the page runs
// under a strict Content-Security-Policy (`node demo/serve.mjs`, `?csp=strict`).
import { createAppKit } from '/cdn/sigkit.js'
import { sandboxOptions } from '/app/sandbox-options.js'

/** Without the sandbox (--static): a local EVM chain; no request is made until it is used. */
const localChain = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
}

try {
  // Pay (/cdn/pay.js) is a local feature that is off unless the page turns it on; `?debug`
  // turns on the debug option (every log level kept and printed, RPC error texts shown).
  window.appKit = createAppKit({
    ...(sandboxOptions() ?? { projectId: 'demo', networks: [localChain] }),
    features: { pay: true },
    debug: new URLSearchParams(location.search).has('debug'),
  })
} catch (error) {
  const output = document.getElementById('error')
  output.hidden = false
  output.textContent = String(error?.stack ?? error)
  throw error
}
