// @ts-check
// Installs SigKit Test Wallet in a page: what a wallet extension's content script does (see
// inject.js, the script the demo pages load). Kept apart from inject.js so tests can install it
// into a DOM of their choosing.
//
// One install gives both sides of the wallet, as Phantom has both: the EVM provider (EIP-6963,
// window.ethereum) and the Solana wallet (Wallet Standard), under one name and icon, with one
// prompt and one queue of requests.
//
// State lives in localStorage under `sigkit-testwallet:` (authorizedOrigins, chains, chainId,
// solanaAuthorizedOrigins); decisions come from the prompt, or from `window.sigkitTestWallet`
// when a test scripts them.
import { DEFAULT_ACCOUNT, createTestWalletProvider } from './provider.js'
import { createPrefixedWebStorage } from './storage.js'
import { createPrompt } from './prompt.js'
import { isHttpUrl } from './add-chain-params.js'
import { createSolanaTestWallet } from './solana-wallet.js'
import { SOLANA_WALLET_SEED } from './solana-account.js'
import { registerStandardWallet } from './wallet-standard.js'

/** @typedef {import('./provider.js').ApprovalRequest} ApprovalRequest */
/** @typedef {import('./wallet-state.js').ReachableChain} ReachableChain */

/**
 * What /sandbox-config.js sets as `window.__SIGKIT_SANDBOX__`; every field is checked before use.
 * @typedef {object} SandboxConfig
 * @property {unknown} [chains]  `[{ chainId, name, rpcUrl }]`
 * @property {{ rpcUrl?: unknown, caipNetworkId?: unknown, name?: unknown } | null} [solana]
 * @property {{ wallet?: string }} [accounts]
 */

/**
 * `window.sigkitTestWallet`: the wallet's two sides and the switches a test scripts it with.
 * @typedef {object} TestWalletController
 * @property {ReturnType<typeof createTestWalletProvider>} provider  the EIP-1193 provider
 * @property {ReturnType<typeof createSolanaTestWallet>} solana  the Wallet Standard wallet object apps register
 * @property {boolean} autoApprove  when true, every request is approved without a prompt
 * @property {() => Promise<ApprovalRequest>} approveNext
 * @property {() => Promise<ApprovalRequest>} rejectNext
 * @property {readonly ApprovalRequest[]} pending
 */

/**
 * The page's window as the wallet sees it.
 * @typedef {Window & typeof globalThis & {
 *   __SIGKIT_SANDBOX__?: SandboxConfig,
 *   sigkitTestWallet?: TestWalletController,
 *   ethereum?: unknown,
 * }} WalletWindow
 */

export const STORAGE_PREFIX = 'sigkit-testwallet:'
/** Both sides carry this name, so a modal that groups wallets by name shows one entry. */
export const WALLET_NAME = 'SigKit Test Wallet'

/** Used when /sandbox-config.js is missing: the sandbox's usual ports. */
const DEFAULT_CHAINS = [
  { chainId: 31337, name: 'Localhost', rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, name: 'Localhost L2', rpcUrl: 'http://127.0.0.1:8546' },
]

/** Used when /sandbox-config.js has no usable `solana`: a local validator's usual port, a network nobody has. */
export const DEFAULT_SOLANA = Object.freeze({
  rpcUrl: 'http://127.0.0.1:8899',
  caipNetworkId: 'solana:<unknown>',
  name: 'Solana (no sandbox config)',
})

const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
<rect width="96" height="96" rx="20" fill="#1d4ed8"/>
<rect x="16" y="28" width="64" height="42" rx="8" fill="#fff"/>
<rect x="52" y="40" width="28" height="18" rx="5" fill="#93c5fd"/>
<circle cx="61" cy="49" r="3.5" fill="#1d4ed8"/>
<path d="M22 28l34-12 6 12" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>
</svg>`

/**
 * EIP-6963 wants a UUIDv4; randomUUID only exists in secure contexts (not http://192.168…).
 * @param {Crypto} crypto
 */
function uuidV4(crypto) {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The chains from /sandbox-config.js, or the defaults.
 * @param {SandboxConfig | undefined} config
 * @returns {ReachableChain[]}  never empty
 */
function sandboxChains(config) {
  const chains = Array.isArray(config?.chains) ? config.chains : []
  const usable = chains
    .map(({ chainId, name, rpcUrl }) => ({
      chainId: Number(chainId),
      name: String(name ?? `Chain ${chainId}`),
      rpcUrl,
    }))
    .filter((chain) => Number.isSafeInteger(chain.chainId) && typeof chain.rpcUrl === 'string')
  return usable.length > 0 ? usable : DEFAULT_CHAINS
}

/**
 * The Solana network from /sandbox-config.js (`solana: { rpcUrl, caipNetworkId, name, … }`), each
 * field checked; what is missing or unusable falls back to DEFAULT_SOLANA.
 * @param {SandboxConfig | undefined} config
 */
function sandboxSolana(config) {
  const solana = typeof config?.solana === 'object' && config.solana !== null ? config.solana : {}
  const { rpcUrl, caipNetworkId, name } = solana
  // CAIP-2: namespace "solana", reference of 1 to 32 characters [-_a-zA-Z0-9].
  const network = {
    rpcUrl: isHttpUrl(rpcUrl) ? rpcUrl : DEFAULT_SOLANA.rpcUrl,
    caipNetworkId:
      typeof caipNetworkId === 'string' && /^solana:[-_a-zA-Z0-9]{1,32}$/.test(caipNetworkId)
        ? caipNetworkId
        : DEFAULT_SOLANA.caipNetworkId,
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : DEFAULT_SOLANA.name,
  }
  if (config?.solana !== undefined && (network.rpcUrl !== rpcUrl || network.caipNetworkId !== caipNetworkId)) {
    console.warn('SigKit Test Wallet: unusable sandbox config `solana`; using', network, 'instead of', solana)
  }
  return network
}

/**
 * Installs the wallet in `window`: provider, prompt, EIP-6963 announcements, `window.ethereum`
 * (when free and the URL has no ?legacy=0), the Solana wallet registered through the Wallet
 * Standard and `window.sigkitTestWallet`. Returns the latter.
 * @param {WalletWindow} window
 * @returns {TestWalletController}
 */
export function installTestWallet(window) {
  const { document, location } = window
  const config = window.__SIGKIT_SANDBOX__
  const chains = sandboxChains(config)
  const prompt = createPrompt({ document })
  /**
   * Decisions scripted ahead of the request they are for (approveNext before the click).
   * @type {{ approved: boolean, resolve: (request: ApprovalRequest) => void }[]}
   */
  const scripted = []

  /**
   * A plain copy, so page.evaluate() can return it to a Playwright test.
   * @param {ApprovalRequest} request  @returns {ApprovalRequest}
   */
  const describe = ({ method, params, origin, action, summary }) => ({ method, params, origin, action, summary })

  /** @type {TestWalletController} */
  const controller = {
    /** The EIP-1193 provider (set below, before the controller is handed out). */
    provider: /** @type {any} */ (undefined),
    /** The Solana side: the Wallet Standard wallet object apps register (set below too). */
    solana: /** @type {any} */ (undefined),
    /** When true, every request is approved without a prompt. */
    autoApprove: false,
    /** Approves the prompt on screen, or else the next request; resolves with that request. */
    approveNext: () => decideNext(true),
    /** Rejects the prompt on screen, or else the next request; resolves with that request. */
    rejectNext: () => decideNext(false),
    /** Requests waiting for a decision: the one on screen first. */
    get pending() {
      return prompt.pending.map(describe)
    },
  }

  /** @param {boolean} approved  @returns {Promise<ApprovalRequest>} */
  function decideNext(approved) {
    return new Promise((resolve) => {
      const shown = prompt.decide(approved)
      if (shown) resolve(describe(shown))
      else scripted.push({ approved, resolve })
    })
  }

  /** @param {ApprovalRequest} request */
  async function approve(request) {
    if (controller.autoApprove) return true
    const next = scripted.shift()
    if (next) {
      next.resolve(describe(request))
      return next.approved
    }
    return prompt.ask(request)
  }

  const knownChainIds = [
    chains.some((chain) => chain.chainId === 31337) ? 31337 : /** @type {ReachableChain} */ (chains[0]).chainId,
  ]
  const storage = createPrefixedWebStorage(() => window.localStorage, STORAGE_PREFIX)
  const provider = createTestWalletProvider({
    chains,
    knownChainIds,
    account: config?.accounts?.wallet ?? DEFAULT_ACCOUNT,
    approve,
    storage,
    origin: location.origin,
  })
  const solanaNetwork = sandboxSolana(config)
  const solana = createSolanaTestWallet({
    seed: SOLANA_WALLET_SEED,
    chain: solanaNetwork.caipNetworkId,
    chainName: solanaNetwork.name,
    rpcUrl: solanaNetwork.rpcUrl,
    approve,
    storage,
    origin: location.origin,
    name: WALLET_NAME,
    icon: `data:image/svg+xml;base64,${window.btoa(ICON_SVG)}`,
    subtle: window.crypto?.subtle,
  })
  controller.provider = provider
  controller.solana = solana
  window.sigkitTestWallet = controller

  const info = Object.freeze({
    uuid: uuidV4(window.crypto),
    name: WALLET_NAME,
    icon: `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`,
    rdns: 'dev.sigkit.testwallet',
  })
  const detail = Object.freeze({ info, provider })
  const announce = () => window.dispatchEvent(new window.CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  registerStandardWallet(window, solana)

  const legacy = new URLSearchParams(location.search).get('legacy') !== '0'
  if (legacy && window.ethereum === undefined) {
    window.ethereum = provider
    window.dispatchEvent(new window.Event('ethereum#initialized'))
  }
  return controller
}
