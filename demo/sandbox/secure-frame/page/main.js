// The sandbox's secure frame: the page a widget embeds as its `w3m-iframe`, speaking the hosted
// frame's postMessage protocol (shared/EMBEDDED-FRAME.md): app events `@w3m-app/X` in, replies
// `@w3m-frame/X_SUCCESS` / `X_ERROR` (payload `{ message }`) out, with the request's `id`.
//
// Who it talks to: only `window.parent`, and only at the parent's origin (from
// location.ancestorOrigins, else document.referrer). Messages from any other window or origin
// are dropped unread. The parent's origin must be allowed for the `projectId` of the frame URL.
// Keys are made here and stay in this origin's localStorage (storage.js); no message carries one.
// An account is keyed by its email, or by `<provider>:<username>` for social and Farcaster logins
// (the provider stand-in pages are stand-ins.mjs); on chains with a SmartAccountFactory it also
// has a smart account that the EOA signs and sends for (evm.js).
import * as evm from './evm.js'
import { createScreen } from './screen.js'
import * as solana from './solana.js'
import { deviceId, loadChain, loadKeys, loadSession, saveChain, saveKeys, saveSession } from './storage.js'

const APP_PREFIX = '@w3m-app/'
const FRAME_PREFIX = '@w3m-frame/'

/** EMBEDDED-FRAME.md §4.2: answered without asking the person. */
const SAFE_METHODS = new Set([
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'wallet_getAssets',
])
/** §4.2 NOT_SAFE: shown in the frame with Reject / Approve first. */
const APPROVAL_TITLES = /** @type {Record<string, string>} */ ({
  personal_sign: 'Sign message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Send transaction',
  wallet_sendCalls: 'Send calls',
  wallet_grantPermissions: 'Grant permissions',
  wallet_revokePermissions: 'Revoke permissions',
  eth_sendUserOperation: 'Send user operation',
  solana_signMessage: 'Sign message',
  solana_signTransaction: 'Sign transaction',
  solana_signAllTransactions: 'Sign transactions',
  solana_signAndSendTransaction: 'Send transaction',
})
/** Methods of that list the sandbox has no account type for (smart accounts, permissions). */
const UNSUPPORTED = new Set([
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
])
const NOT_ALLOWED = 'Requested RPC call is not allowed'
const NO_SMART_ACCOUNTS = 'Smart accounts are not available on this network'
/** Farcaster: how the frame tells a pending CONNECT_FARCASTER that RELOAD dropped its channel. */
const FARCASTER_RESET = 'The Farcaster sign-in was reset'

/**
 * Written into the page by the frame server.
 * `assets`: the tokens (and native currency) each chain's wallet_getAssets reads balances of.
 * @type {{ version: string, chains: { chainId: number, name: string, rpcUrl: string, smartAccountFactory?: `0x${string}`, assets?: { tokens?: import('../../wallet-capabilities.js').WalletToken[], native?: import('../../wallet-capabilities.js').WalletNative } }[], solana?: { caipNetworkId: string, name: string, rpcUrl: string } }}
 */
const config = JSON.parse(document.getElementById('frame-config')?.textContent || '{"version":"4","chains":[]}')
const query = new URL(location.href).searchParams
const projectId = query.get('projectId') ?? ''
const logging = query.get('enableLogger') === 'true'

const parentOrigin = findParentOrigin()
const screen = createScreen(/** @type {HTMLElement} */ (document.getElementById('app')), {
  origin: parentOrigin ?? '(no parent page)',
})

/** @returns {string | undefined} */
function findParentOrigin() {
  if (window.parent === window) return undefined
  // The browser fills ancestorOrigins itself; the parent page cannot choose it.
  const ancestor = location.ancestorOrigins?.[0]
  if (ancestor && ancestor !== 'null') return ancestor
  try {
    const origin = document.referrer ? new URL(document.referrer).origin : undefined
    return origin && origin !== 'null' ? origin : undefined
  } catch {
    return undefined
  }
}

// ── chains ────────────────────────────────────────────────────────────────────────────────

/** @typedef {{ namespace: 'eip155', id: number } | { namespace: 'solana', ref: string }} Chain */

/** A chain id as the widget sends it: a number, '31337', '0x7a69', 'eip155:31337' or 'solana:<ref>'. @returns {Chain | undefined} */
function parseChain(/** @type {unknown} */ value) {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value > 0 ? { namespace: 'eip155', id: value } : undefined
  if (typeof value !== 'string') return undefined
  if (/^\d+$/.test(value)) return { namespace: 'eip155', id: Number(value) }
  if (/^0x[0-9a-f]+$/i.test(value)) return { namespace: 'eip155', id: Number.parseInt(value, 16) }
  const [namespace, reference, extra] = value.split(':')
  if (extra !== undefined || !reference) return undefined
  if (namespace === 'eip155' && /^\d+$/.test(reference)) return { namespace, id: Number(reference) }
  if (namespace === 'solana' && /^[1-9A-HJ-NP-Za-km-z]{1,44}$/.test(reference)) return { namespace, ref: reference }
  return undefined
}

/** The form the widget expects back: a number means eip155, a string carries its namespace (§3.1). */
const chainReply = (/** @type {Chain} */ chain) => (chain.namespace === 'eip155' ? chain.id : `solana:${chain.ref}`)
const chainKey = (/** @type {Chain} */ chain) => String(chainReply(chain))

/** RPC URLs the widget gave for chains the sandbox does not run (SWITCH_NETWORK, GET_USER, the frame URL). @type {Map<string, string>} */
const givenRpcUrls = new Map()
function rememberRpcUrl(/** @type {Chain} */ chain, /** @type {unknown} */ rpcUrl) {
  if (typeof rpcUrl === 'string' && /^https?:\/\//.test(rpcUrl)) givenRpcUrls.set(chainKey(chain), rpcUrl)
}

/** The sandbox's own RPC for its chains (never a dapp-given one), else the widget's. */
function rpcUrlFor(/** @type {Chain} */ chain, /** @type {unknown} */ requestRpcUrl) {
  const known =
    chain.namespace === 'eip155'
      ? config.chains.find((entry) => entry.chainId === chain.id)?.rpcUrl
      : config.solana?.caipNetworkId === `solana:${chain.ref}`
        ? config.solana.rpcUrl
        : undefined
  if (known) return known
  if (typeof requestRpcUrl === 'string' && /^https?:\/\//.test(requestRpcUrl)) return requestRpcUrl
  const given = givenRpcUrls.get(chainKey(chain))
  if (given) return given
  throw new Error(`Unsupported chain ${chainKey(chain)}`)
}

/** @param {number} id @param {unknown} [requestRpcUrl] @returns {import('./evm.js').EvmChain} */
function evmChain(id, requestRpcUrl) {
  const name = config.chains.find((entry) => entry.chainId === id)?.name ?? `Chain ${id}`
  return { id, name, rpcUrl: rpcUrlFor({ namespace: 'eip155', id }, requestRpcUrl) }
}

const initialChain = parseChain(query.get('chainId') ?? undefined)
if (initialChain) rememberRpcUrl(initialChain, query.get('rpcUrl'))
/** The frame URL's chain first (the widget's active network), else the last one used here. @type {Chain} */
let activeChain = initialChain ?? parseChain(loadChain()) ?? { namespace: 'eip155', id: config.chains[0]?.chainId ?? 1 }
/** The last chain of each namespace, for RPC requests that name none. */
const lastOf = {
  eip155: activeChain.namespace === 'eip155' ? activeChain : undefined,
  solana: activeChain.namespace === 'solana' ? activeChain : parseChain(config.solana?.caipNetworkId),
}

function setActiveChain(/** @type {Chain} */ chain) {
  activeChain = chain
  lastOf[chain.namespace] = /** @type {any} */ (chain)
  saveChain(chainReply(chain))
}

// ── the frame's backend (same origin) ─────────────────────────────────────────────────────

/**
 * @param {string} path @param {Record<string, unknown>} [body] @param {string} [token]
 * @returns {Promise<any>}
 */
async function backend(path, body = {}, token) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const answer = await response.json().catch(() => ({}))
  if (!response.ok) {
    throw Object.assign(new Error(answer?.message || `The wallet service answered ${response.status}`), {
      status: response.status,
    })
  }
  return answer
}

// ── the signed-in account ─────────────────────────────────────────────────────────────────

const device = deviceId()
/** @type {import('./storage.js').StoredSession | undefined} */
let session = loadSession()
/** @type {{ email: string, keys: import('./storage.js').Keys, evm: `0x${string}`, solana: string } | undefined} */
let account
/** The address an email login is under way for (CONNECT_EMAIL → CONNECT_DEVICE / CONNECT_OTP). */
/** @type {string | undefined} */
let pendingEmail

/** An email, or a social identity `<provider>:<username>` (usernames have no '@'). */
const isEmail = (/** @type {string} */ identity) => identity.includes('@')

/** @param {import('./storage.js').Keys} keys */
async function addressesOf(keys) {
  return { evm: evm.evmAddressOf(keys.evm), solana: await solana.solanaAddressOf(keys.solana) }
}

function showStatus() {
  screen.setStatus(account ? { email: account.email, evm: account.evm, solana: account.solana } : {})
}

/** Load the stored session's keys (no network: IS_CONNECTED checks the session itself). */
const restored = (async () => {
  const keys = session && loadKeys(session.email)
  if (session && keys) account = { email: session.email, keys, ...(await addressesOf(keys)) }
  else session = undefined
  showStatus()
})().catch(() => {
  session = undefined
  account = undefined
})

function signedIn() {
  if (!session || !account) throw new Error('Not signed in')
  return { session, account }
}

function signOutLocally() {
  session = undefined
  account = undefined
  saveSession(undefined)
  showStatus()
}

/** Whether the backend still knows the session (a restarted sandbox forgets it). */
async function sessionIsValid() {
  if (!session || !account) return false
  try {
    const { email } = await backend('/api/session', {}, session.token)
    if (email === account.email) return true
  } catch (error) {
    if (/** @type {any} */ (error).status !== 401) throw error
  }
  signOutLocally()
  return false
}

/**
 * After a good code: this device's keys for the email, recovered from the backend when the
 * account was made on another device, or made now for a new account (which the faucet funds).
 * @param {string} email @param {string} token @param {{ evm: string, solana: string } | null} existing
 */
async function openAccount(email, token, existing) {
  let keys = loadKeys(email)
  let addresses = keys && (await addressesOf(keys))
  if (existing) {
    const matches =
      addresses && addresses.evm.toLowerCase() === existing.evm.toLowerCase() && addresses.solana === existing.solana
    if (!matches) {
      const recovered = await backend('/api/account/recovery', {}, token)
      saveKeys(email, recovered)
      keys = loadKeys(email)
      addresses = keys && (await addressesOf(keys))
      if (!keys || addresses?.evm.toLowerCase() !== existing.evm.toLowerCase())
        throw new Error('Account recovery failed')
    }
  } else {
    if (!keys) {
      keys = { evm: evm.newEvmKey(), solana: solana.newSolanaSeed() }
      saveKeys(email, keys)
    }
    addresses = await addressesOf(keys)
    await backend('/api/account', { addresses, recovery: keys }, token)
  }
  session = { email, token }
  saveSession(session)
  account = { email, keys: /** @type {import('./storage.js').Keys} */ (keys), .../** @type {any} */ (addresses) }
  showStatus()
}

// ── account types (eip155) ────────────────────────────────────────────────────────────────

/** @typedef {'eoa' | 'smartAccount'} AccountType */

/** The chain's SmartAccountFactory, when the sandbox deployed one there. @param {Chain} chain */
function factoryOf(chain) {
  if (chain.namespace !== 'eip155') return undefined
  return config.chains.find((entry) => entry.chainId === chain.id)?.smartAccountFactory
}

/** @param {unknown} value @returns {AccountType | undefined} */
const accountTypeOf = (value) => (value === 'eoa' || value === 'smartAccount' ? value : undefined)

/** Remember the session's account type (it survives a reload with the session). @param {AccountType} type */
function rememberAccountType(type) {
  if (!session) return
  session = { ...session, accountType: type }
  saveSession(session)
}

/**
 * The account type in use on a chain: the one asked for, else the session's, else a smart
 * account where the chain has a factory. Only a chain with a factory has smart accounts.
 * @param {Chain} chain @param {AccountType} [asked]
 * @returns {AccountType}
 */
function effectiveType(chain, asked) {
  if (!factoryOf(chain)) return 'eoa'
  return asked ?? session?.accountType ?? 'smartAccount'
}

/** The account acting on an eip155 chain: the EOA, or its smart account and the factory. @param {Chain} chain */
async function actingAccount(chain) {
  const { account: current } = signedIn()
  const factory = factoryOf(chain)
  if (chain.namespace !== 'eip155' || !factory || effectiveType(chain) !== 'smartAccount') {
    return { type: /** @type {AccountType} */ ('eoa'), address: current.evm, factory: undefined }
  }
  const address = await evm.smartAccountAddress(evmChain(chain.id), factory, current.evm)
  return { type: /** @type {AccountType} */ ('smartAccount'), address, factory }
}

/**
 * GET_USER_SUCCESS for a chain (§3.1). A preferredAccountType in the request becomes the
 * session's, so the address shown and the account RPC requests act for stay the same.
 * @param {Chain} chain @param {unknown} [preferred]
 */
async function userFor(chain, preferred) {
  const { account: current } = signedIn()
  const identity = isEmail(current.email)
    ? { email: current.email }
    : { email: null, userName: current.email.slice(current.email.indexOf(':') + 1) }
  if (chain.namespace === 'solana') {
    const address = current.solana
    return {
      ...identity,
      address,
      chainId: chainReply(chain),
      accounts: [{ address, type: 'eoa' }],
      preferredAccountType: 'eoa',
    }
  }
  const asked = accountTypeOf(preferred)
  if (asked) rememberAccountType(asked)
  const factory = factoryOf(chain)
  if (!factory) {
    return {
      ...identity,
      address: current.evm,
      chainId: chainReply(chain),
      accounts: [{ address: current.evm, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
  }
  const type = effectiveType(chain, asked)
  const onChain = evmChain(chain.id)
  const smart = await evm.smartAccountAddress(onChain, factory, current.evm)
  return {
    ...identity,
    address: type === 'smartAccount' ? smart : current.evm,
    chainId: chainReply(chain),
    accounts: [
      { address: smart, type: 'smartAccount' },
      { address: current.evm, type: 'eoa' },
    ],
    preferredAccountType: type,
    smartAccountDeployed: await evm.hasCode(onChain, smart),
  }
}

/** @param {unknown} payload @param {string} field */
function stringField(payload, field) {
  const value = payload && typeof payload === 'object' ? /** @type {any} */ (payload)[field] : undefined
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`Missing ${field}`)
  return value.trim()
}

// ── RPC_REQUEST ───────────────────────────────────────────────────────────────────────────

/** Ask the person; anything but Approve ends the request with the widget's texts. @param {import('./screen.js').Approval} approval */
async function approve(approval) {
  const decision = await screen.ask(approval)
  if (decision === 'aborted') throw new Error('Request was aborted')
  if (decision === 'rejected') throw new Error('User rejected the request.')
}

/** @param {any} payload */
async function rpcRequest(payload) {
  const method = payload?.method
  if (typeof method !== 'string' || !(SAFE_METHODS.has(method) || method in APPROVAL_TITLES))
    throw new Error(NOT_ALLOWED)
  if (UNSUPPORTED.has(method)) throw new Error(`${method} is not available in the sandbox (no smart accounts)`)
  const { account: current } = signedIn()
  const params = payload.params
  const namespace = payload.chainNamespace ?? 'eip155'

  if (method.startsWith('solana_')) {
    if (namespace !== 'solana') throw new Error(NOT_ALLOWED)
    const chain =
      typeof payload.chainId === 'string'
        ? parseChain(`solana:${payload.chainId.replace(/^solana:/, '')}`)
        : lastOf.solana
    if (!chain || chain.namespace !== 'solana') throw new Error('Invalid chainId')
    const rpcUrl = rpcUrlFor(chain, payload.rpcUrl)
    await approve({
      title: APPROVAL_TITLES[method] ?? method,
      account: current.solana,
      rows: [{ label: 'Network', value: chainKey(chain) }, ...solana.describeSolanaRequest(method, params)],
    })
    if (method === 'solana_signMessage') return solana.signMessage(current.keys.solana, params)
    if (method === 'solana_signTransaction') return solana.signTransaction(current.keys.solana, params)
    if (method === 'solana_signAllTransactions') return solana.signAllTransactions(current.keys.solana, params)
    return solana.signAndSendTransaction(current.keys.solana, params, rpcUrl)
  }

  if (namespace !== 'eip155') throw new Error(NOT_ALLOWED)
  const requested = payload.chainId === undefined ? lastOf.eip155 : parseChain(payload.chainId)
  if (requested && requested.namespace !== 'eip155') throw new Error('Invalid chainId')
  const chain = evmChain(requested?.id ?? config.chains[0]?.chainId ?? 1, payload.rpcUrl)
  const list = Array.isArray(params) ? params : params === undefined ? [] : [params]

  const acting = await actingAccount({ namespace: 'eip155', id: chain.id })

  if (SAFE_METHODS.has(method)) {
    if (method === 'eth_accounts') return [acting.address]
    if (method === 'eth_chainId') return `0x${chain.id.toString(16)}`
    // EIP-5792 / EIP-7811: asset discovery everywhere, atomic batches where the account is a smart account.
    if (method === 'wallet_getCapabilities')
      return evm.walletCapabilities(
        config.chains.map((entry) => ({ id: entry.chainId })),
        list,
        {
          own: acting.address,
          atomic: (id) =>
            Boolean(factoryOf({ namespace: 'eip155', id })) &&
            effectiveType({ namespace: 'eip155', id }) === 'smartAccount',
        },
      )
    if (method === 'wallet_getAssets')
      return evm.walletAssets(
        config.chains.map((entry) => ({ id: entry.chainId, rpcUrl: evmChain(entry.chainId).rpcUrl, ...entry.assets })),
        list,
        acting.address,
      )
    if (method === 'wallet_getCallsStatus') return evm.getCallsStatus(list)
    return evm.rpcCall(chain.rpcUrl, method, list)
  }

  // Checked before the screen: a malformed request never reaches the person.
  const rows = evm.describeEvmRequest(method, list, chain)
  await approve({ title: APPROVAL_TITLES[method] ?? method, account: acting.address, rows })
  const key = current.keys.evm
  if (acting.factory) {
    // The owner EOA acts for its smart account, which is deployed first when it has no code yet:
    // a dapp checks the signature against the contract (ERC-1271).
    if (method === 'personal_sign' || method === 'eth_signTypedData_v4') {
      await evm.ensureSmartAccount(key, chain, acting.factory)
      return method === 'personal_sign'
        ? evm.personalSign(key, list, acting.address)
        : evm.signTypedData(key, list, acting.address)
    }
    if (method === 'eth_sendTransaction') return evm.sendSmartTransaction(key, chain, acting.factory, list)
    return evm.sendSmartCalls(key, chain, acting.factory, list)
  }
  if (method === 'personal_sign') return evm.personalSign(key, list)
  if (method === 'eth_signTypedData_v4') return evm.signTypedData(key, list)
  if (method === 'eth_sendTransaction') return evm.sendTransaction(key, chain, list)
  return evm.sendCalls(key, chain, list)
}

// ── social and Farcaster logins ─────────────────────────────────────────────────────────────

/** The Farcaster channel under way (GET_FARCASTER_URI → CONNECT_FARCASTER), until RELOAD drops it. */
/** @type {{ channel: string, url: string } | undefined} */
let farcaster

/**
 * A finished social or Farcaster login: open the identity's account like an email's.
 * @param {{ token: string, email: string, account: { evm: string, solana: string } | null }} verified
 */
async function openIdentity(verified) {
  if (typeof verified?.email !== 'string' || typeof verified?.token !== 'string') throw new Error('Sign-in failed')
  screen.abortAll()
  // An email login left half-way is over: this is the account now.
  pendingEmail = undefined
  await openAccount(verified.email, verified.token, verified.account)
}

/** CONNECT_SOCIAL's uri: the frame's own result URL, as the provider stand-in page made it. @param {unknown} uri */
function socialResultOf(uri) {
  const prefix = `${location.origin}/oauth/result?`
  if (typeof uri !== 'string' || !uri.startsWith(prefix)) throw new Error('Invalid social login result')
  const params = new URLSearchParams(uri.slice(prefix.length))
  if (params.has('error')) throw new Error(params.get('error_description') || 'Social login was cancelled')
  const state = params.get('state')
  const code = params.get('code')
  if (!state || !code) throw new Error('Invalid social login result')
  return { state, code }
}

// ── app events (§3) ───────────────────────────────────────────────────────────────────────

/** @type {Record<string, (payload: any) => Promise<unknown>>} */
const handlers = {
  async SWITCH_NETWORK(payload) {
    const chain = parseChain(payload?.chainId)
    if (!chain) throw new Error('Invalid chainId')
    rememberRpcUrl(chain, payload?.rpcUrl)
    setActiveChain(chain)
    return { chainId: chainReply(chain) }
  },

  async CONNECT_EMAIL(payload) {
    const email = stringField(payload, 'email').toLowerCase()
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error('Invalid email')
    if (account?.email === email && (await sessionIsValid())) {
      pendingEmail = undefined
      return { action: 'CONNECT' }
    }
    const { action } = await backend('/api/email/start', { email, device })
    pendingEmail = email
    return { action }
  },

  async CONNECT_DEVICE() {
    const email = pendingEmail
    if (!email) throw new Error('No email login is under way')
    // The backend holds each call until the link is opened or its own wait ends.
    for (;;) {
      const { approved } = await backend('/api/device/wait', { email, device })
      if (approved) return undefined
      if (pendingEmail !== email) throw new Error('The email login was restarted')
    }
  },

  async CONNECT_OTP(payload) {
    const email = pendingEmail
    if (!email) throw new Error('No email login is under way')
    const otp = stringField(payload, 'otp')
    const verified = await backend('/api/email/verify', { email, device, otp })
    await openAccount(verified.email, verified.token, verified.account)
    if (pendingEmail === email) pendingEmail = undefined
    return undefined
  },

  async GET_USER(payload) {
    signedIn()
    const chain =
      payload?.chainId === undefined || payload?.chainId === null ? activeChain : parseChain(payload.chainId)
    if (!chain) throw new Error('Invalid chainId')
    rememberRpcUrl(chain, payload?.rpcUrl)
    setActiveChain(chain)
    return userFor(chain, payload?.preferredAccountType)
  },

  async SIGN_OUT() {
    const token = session?.token
    screen.abortAll()
    pendingEmail = undefined
    dropFarcaster()
    signOutLocally()
    if (token) await backend('/api/sign-out', {}, token).catch(() => undefined)
    return undefined
  },

  async IS_CONNECTED() {
    return { isConnected: await sessionIsValid() }
  },

  async GET_CHAIN_ID() {
    return { chainId: chainReply(activeChain) }
  },

  async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
    return {
      smartAccountEnabledNetworks: config.chains
        .filter((entry) => entry.smartAccountFactory)
        .map((entry) => entry.chainId),
    }
  },

  // The smart account of the session's EVM chain, deployed now (the EOA pays the gas) if it has
  // no code yet; otherwise it would deploy on its first use (a signature or a transaction).
  async INIT_SMART_ACCOUNT() {
    const { account: current } = signedIn()
    const chain = lastOf.eip155 ?? { namespace: 'eip155', id: config.chains[0]?.chainId ?? 1 }
    const factory = factoryOf(chain)
    if (!factory) throw new Error(NO_SMART_ACCOUNTS)
    const onChain = evmChain(chain.id)
    const address = await evm.ensureSmartAccount(current.keys.evm, onChain, factory)
    return { address, isDeployed: await evm.hasCode(onChain, address) }
  },

  async SET_PREFERRED_ACCOUNT(payload) {
    const { account: current } = signedIn()
    const type = accountTypeOf(payload?.type)
    if (!type) throw new Error('Invalid account type: use eoa or smartAccount')
    const chain = lastOf.eip155 ?? { namespace: 'eip155', id: config.chains[0]?.chainId ?? 1 }
    const factory = factoryOf(chain)
    if (type === 'smartAccount' && !factory) throw new Error(NO_SMART_ACCOUNTS)
    rememberAccountType(type)
    const address =
      type === 'smartAccount' && factory
        ? await evm.smartAccountAddress(evmChain(chain.id), factory, current.evm)
        : current.evm
    return { type, address }
  },

  async RPC_REQUEST(payload) {
    const result = await rpcRequest(payload)
    // A JSON-RPC result can be null (e.g. no receipt yet); the reply still carries it.
    return result === undefined ? null : result
  },

  async RPC_ABORT() {
    screen.abortAll()
    return undefined
  },

  async UPDATE_EMAIL(payload) {
    const { session: current } = signedIn()
    const { action } = await backend('/api/email/update', { email: stringField(payload, 'email') }, current.token)
    return { action }
  },

  async UPDATE_EMAIL_PRIMARY_OTP(payload) {
    const { session: current } = signedIn()
    await backend('/api/email/update/primary', { otp: stringField(payload, 'otp') }, current.token)
    return undefined
  },

  async UPDATE_EMAIL_SECONDARY_OTP(payload) {
    const { session: current, account: owner } = signedIn()
    const { oldEmail, newEmail } = await backend(
      '/api/email/update/secondary',
      { otp: stringField(payload, 'otp') },
      current.token,
    )
    saveKeys(newEmail, owner.keys)
    if (oldEmail !== newEmail) saveKeys(oldEmail, undefined)
    session = { ...current, email: newEmail }
    saveSession(session)
    account = { ...owner, email: newEmail }
    showStatus()
    return { newEmail }
  },

  async SYNC_THEME(payload) {
    const root = document.documentElement
    if (payload?.themeMode === 'light' || payload?.themeMode === 'dark') root.dataset.theme = payload.themeMode
    for (const variables of [payload?.themeVariables, payload?.w3mThemeVariables]) {
      if (!variables || typeof variables !== 'object') continue
      for (const [name, value] of Object.entries(variables)) {
        if (!/^--[\w-]+$/.test(name) || (typeof value !== 'string' && typeof value !== 'number')) continue
        root.style.setProperty(name, String(value))
      }
    }
    return undefined
  },

  async SYNC_DAPP_DATA(payload) {
    const name = payload?.metadata?.name
    screen.setDappName(typeof name === 'string' ? name.slice(0, 80) : '')
    return undefined
  },

  // The one thing kept between views is the Farcaster channel: dropped, so the next view gets a new one.
  async RELOAD() {
    dropFarcaster()
    return undefined
  },

  async GET_SOCIAL_REDIRECT_URI(payload) {
    const provider = stringField(payload, 'provider')
    const { uri } = await backend('/api/social/start', { provider, device, origin: parentOrigin })
    return { uri }
  },

  async CONNECT_SOCIAL(payload) {
    const { state, code } = socialResultOf(payload?.uri)
    const verified = await backend('/api/social/verify', { state, code, device, origin: parentOrigin })
    await openIdentity(verified)
    // The reply is GET_USER's for the requested chain and account type (§3.1 social user).
    return handlers.GET_USER(payload)
  },

  async GET_FARCASTER_URI() {
    if (!farcaster) {
      const { url } = await backend('/api/farcaster/start', { device, origin: parentOrigin })
      const channel = new URL(url).searchParams.get('channel')
      if (typeof url !== 'string' || !channel) throw new Error('The wallet service gave no Farcaster channel')
      farcaster = { channel, url }
    }
    return { url: farcaster.url }
  },

  async CONNECT_FARCASTER() {
    const current = farcaster
    if (!current) throw new Error('No Farcaster sign-in is under way')
    // The backend holds each call until the channel is answered or reset, or its own wait ends.
    for (;;) {
      const answer = await backend('/api/farcaster/wait', { channel: current.channel, device })
      if (farcaster !== current || answer.status === 'reset') throw new Error(FARCASTER_RESET)
      if (answer.status === 'rejected') {
        farcaster = undefined
        throw new Error('Farcaster sign-in was rejected')
      }
      if (answer.status === 'approved') {
        farcaster = undefined
        await openIdentity(answer)
        return { userName: answer.userName }
      }
    }
  },
}

/** Forget the Farcaster channel; a CONNECT_FARCASTER waiting on it ends with FARCASTER_RESET. */
function dropFarcaster() {
  const dropped = farcaster
  farcaster = undefined
  if (dropped) backend('/api/farcaster/reset', { channel: dropped.channel, device }).catch(() => undefined)
}

// ── the wire ──────────────────────────────────────────────────────────────────────────────

/** SPEC §8: the frame posting with no page embedding it. */
const NO_PARENT = 'W3mFrame: parent is not set'

/** Never `*`: a reply is only ever readable by the page that embeds this frame. */
function post(/** @type {Record<string, unknown>} */ message) {
  if (!parentOrigin || window.parent === window) throw new Error(NO_PARENT)
  window.parent.postMessage(message, parentOrigin)
}

/** Resolves with why this parent may not use the frame, or undefined when it may. */
const parentProblem = (async () => {
  if (!parentOrigin) return 'This frame needs a parent page'
  if (!projectId) return 'Missing projectId in the frame URL'
  try {
    const { allowed } = await backend('/api/origin', { projectId, origin: parentOrigin })
    return allowed ? undefined : `Unverified Domain: ${parentOrigin} is not an allowed origin of project ${projectId}`
  } catch (error) {
    return `Could not check the origin: ${error instanceof Error ? error.message : error}`
  }
})()

/** @param {string} name @param {unknown} payload */
async function handle(name, payload) {
  const problem = await parentProblem
  if (problem) throw new Error(problem)
  await restored
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined
  if (!handler) throw new Error(`Unknown app event ${APP_PREFIX}${name}`)
  return handler(payload)
}

window.addEventListener('message', (event) => {
  if (!parentOrigin || event.source !== window.parent || event.origin !== parentOrigin) return
  const data = event.data
  if (!data || typeof data !== 'object' || typeof data.type !== 'string' || !data.type.startsWith(APP_PREFIX)) return
  const name = data.type.slice(APP_PREFIX.length)
  if (!/^[A-Z_]+$/.test(name)) return
  const id = typeof data.id === 'string' || typeof data.id === 'number' ? { id: data.id } : {}
  if (logging) console.info('[secure frame] ←', data.type)
  handle(name, data.payload).then(
    (result) =>
      post({ type: `${FRAME_PREFIX}${name}_SUCCESS`, ...id, ...(result === undefined ? {} : { payload: result }) }),
    (error) => {
      const message = (error instanceof Error ? error.message : String(error)) || 'An error occurred'
      if (logging) console.info('[secure frame] →', `${name}_ERROR`, message)
      post({ type: `${FRAME_PREFIX}${name}_ERROR`, ...id, payload: { message } })
    },
  )
})

try {
  post({ type: `${FRAME_PREFIX}READY`, payload: { version: config.version } })
  parentProblem.then((problem) => problem && screen.setStatus({ problem }))
} catch (error) {
  // Opened on its own: there is no page to announce itself to.
  screen.setStatus({
    problem: `${error instanceof Error ? error.message : error}. This is the sandbox secure frame. A dapp embeds it as an iframe (…/sdk?projectId=…); on its own it does nothing.`,
  })
}
