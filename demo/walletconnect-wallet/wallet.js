// The WalletConnect test wallet: @reown/walletkit on a Core pointed at the sandbox's relay, with
// EVM, Solana and Bitcoin signers. Shared by the Node helper (node.mjs: tests) and the browser
// page (page.js): they differ only in storage, the ed25519 primitive and who decides (a test's
// callbacks or a person's clicks).
//
// One-click auth (WalletConnect's `wc_sessionAuthenticate`, a dapp's `authenticate()`): the
// wallet signs a CAIP-122 (Sign-In with Ethereum) message per chain and the session comes with it;
// `oneClickAuth: false` makes it a wallet without it (see README: the dapp's fallback proposal).
//
// Before importing this module, set `process.env.IS_VITEST = 'true'` (Node) or
// `globalThis.process = { env: { IS_VITEST: 'true' } }` (browser), so the clients do not wait
// on the hosted Verify service.
import { Core, EXPIRER_EVENTS } from '@walletconnect/core'
import { WalletKit } from '@reown/walletkit'
// Not in package.json itself: @reown/walletkit depends on it, pinned to the @walletconnect/core
// version (2.25.0), and it is where the SDK's own CACAO helpers live.
import { buildAuthObject, populateAuthPayload } from '@walletconnect/utils'
import { bytesToHex, createWalletClient, defineChain, hexToBigInt, http, isHex, numberToHex } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import {
  BITCOIN_MAINNET,
  SOLANA_MAINNET,
  bitcoinSignerFrom,
  evmAccountFrom,
  personalSignMessage,
  solanaSignerFrom,
} from './signers.js'
import { COSMOS_HUB, POLKADOT_MAINNET, cosmosSignerFrom, polkadotSignerFrom } from './polkadot-cosmos-signers.js'
import { CAPABILITY_ERRORS, walletAssets, walletCapabilities } from '../sandbox/wallet-capabilities.js'

/** What each namespace supports. Methods a person must confirm are in NEEDS_APPROVAL. */
export const SUPPORTED_METHODS = Object.freeze({
  eip155: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_signTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'eth_chainId',
    'eth_accounts',
    'eth_requestAccounts',
    'wallet_getCapabilities',
    'wallet_getAssets',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_getAccounts', 'solana_requestAccounts'],
  bip122: ['signMessage', 'getAccountAddresses'],
  polkadot: ['polkadot_signMessage', 'polkadot_signTransaction'],
  cosmos: ['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_getAccounts'],
})
export const SUPPORTED_EVENTS = Object.freeze({
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged'],
  bip122: ['accountsChanged', 'bip122_addressesChanged'],
  polkadot: [],
  cosmos: [],
})
export const NEEDS_APPROVAL = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'signMessage',
  'polkadot_signMessage',
  'polkadot_signTransaction',
  'cosmos_signDirect',
  'cosmos_signAmino',
])

/** WalletConnect SDK error codes (@walletconnect/utils getSdkError) and EIP-1193 codes. */
export const ERRORS = Object.freeze({
  USER_REJECTED: { code: 5000, message: 'User rejected.' },
  UNSUPPORTED_CHAINS: { code: 5100, message: 'Unsupported chains.' },
  UNSUPPORTED_METHODS: { code: 5101, message: 'Unsupported methods.' },
  UNSUPPORTED_EVENTS: { code: 5102, message: 'Unsupported events.' },
  UNSUPPORTED_NAMESPACE_KEY: { code: 5104, message: 'Unsupported namespace key.' },
  USER_DISCONNECTED: { code: 6000, message: 'User disconnected.' },
  REQUEST_REJECTED: { code: 4001, message: 'User rejected the request.' },
  UNSUPPORTED_METHOD: { code: 4200, message: 'The wallet does not support this method.' },
  UNRECOGNIZED_CHAIN: { code: 4902, message: 'Unrecognized chain.' },
})

const DEFAULT_METADATA = Object.freeze({
  name: 'SigKit WalletConnect Test Wallet',
  description: 'A WalletConnect wallet for the SigKit sandbox (test keys only)',
  url: 'http://127.0.0.1',
  icons: [],
})

const rpcError = (error, message) => Object.assign(new Error(message ?? error.message), { code: error.code })

/**
 * @typedef {{ id: number, topic: string, chainId: string, method: string, params: any,
 *   peer?: { name?: string, url?: string, description?: string, icons?: string[] },
 *   needsApproval: boolean }} WalletRequest
 * @typedef {{ id: number, topic: string, chainId: string, method: string, params: any,
 *   outcome: 'answered' | 'rejected' | 'failed', result?: any, error?: { code: number, message: string },
 *   at: number }} HandledRequest
 * @typedef {{ id: number, pairingTopic: string, expiryTimestamp?: number,
 *   proposer: { publicKey: string, metadata: { name: string, url: string, description?: string, icons?: string[] } },
 *   requiredNamespaces: Record<string, any>, optionalNamespaces: Record<string, any>,
 *   requested: Record<string, { chains: string[], methods: string[], events: string[], required: boolean }>,
 *   raw: any }} Proposal
 * @typedef {{ chains: string[], domain: string, aud: string, nonce: string, statement?: string,
 *   resources?: string[], iat: string, exp?: string, nbf?: string, requestId?: string, version: string,
 *   type?: string }} AuthPayload
 *   What the dapp's authenticate() asked, as received (CAIP-122 fields; `resources` holds the
 *   ReCap that lists the methods the session would get)
 * @typedef {{ id: number, topic: string, pairingTopic?: string, expiryTimestamp?: number,
 *   requester: { publicKey: string, metadata: { name: string, url: string, description?: string, icons?: string[] } },
 *   authPayload: AuthPayload, verifyContext: any, raw: any }} AuthRequest
 *   A one-click auth request (`session_authenticate`)
 */

/**
 * @param {{
 *   relayUrl: string,
 *   projectId?: string,
 *   metadata?: { name: string, description: string, url: string, icons: string[] },
 *   core?: Record<string, unknown>,
 *   evm?: { privateKey?: `0x${string}`, mnemonic?: string, addressIndex?: number, rpcUrls?: Record<string | number, string>,
 *     assets?: Record<string | number, { tokens?: import('../sandbox/wallet-capabilities.js').WalletToken[], native?: import('../sandbox/wallet-capabilities.js').WalletNative }> },
 *   solana: { secretKey?: Uint8Array | number[], chains?: string[], signEd25519: (seed: Uint8Array, bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array },
 *   bitcoin?: { privateKey?: `0x${string}`, chains?: string[] },
 *   polkadot?: { seed?: Uint8Array, chains?: string[] },
 *   cosmos?: { privateKey?: `0x${string}`, chains?: string[] },
 *   approve?: (request: WalletRequest) => boolean | Promise<boolean>,
 *   signConfig?: { disableRequestQueue?: boolean },
 *   oneClickAuth?: boolean,
 * }} options
 *   `core`: further @walletconnect/core options (storageOptions, customStoragePrefix, logger…);
 *   `signConfig`: WalletKit's; `disableRequestQueue: true` hands over requests at once instead of
 *   one at a time with 1 s between them;
 *   `evm.assets`: per chain id, the tokens (and native currency) wallet_getAssets lists balances
 *   of (EIP-7811, read from the chain at each request; ETH alone without it);
 *   `approve`: asked before any method in NEEDS_APPROVAL is answered; false = 4001. Default: yes.
 *   `oneClickAuth`: answer `authenticate()` requests (nextAuthRequest…); false = no
 *   `session_authenticate` listener, and the dapp's fallback proposal comes to nextProposal()
 *   instead. Default: true.
 */
export async function createWalletConnectWalletCore(options) {
  const {
    relayUrl,
    projectId = 'sigkit-sandbox',
    metadata = DEFAULT_METADATA,
    evm = {},
    solana,
    bitcoin = {},
    polkadot = {},
    cosmos = {},
    approve,
    oneClickAuth = true,
  } = options
  if (!relayUrl)
    throw new Error('createWalletConnectWallet: relayUrl is required (the sandbox relay, ws://127.0.0.1:PORT)')

  const evmAccount = evmAccountFrom(evm)
  /** chain id → RPC URL; wallet_addEthereumChain adds to it */
  const rpcUrls = new Map(Object.entries(evm.rpcUrls ?? {}).map(([id, url]) => [Number(id), String(url)]))
  const solanaSigner = solanaSignerFrom({ secretKey: solana.secretKey, signEd25519: solana.signEd25519 })
  const bitcoinSigner = bitcoinSignerFrom({ privateKey: bitcoin.privateKey })
  const solanaChains = solana.chains?.length ? [...solana.chains] : [SOLANA_MAINNET]
  const bitcoinChains = bitcoin.chains?.length ? [...bitcoin.chains] : [BITCOIN_MAINNET]
  const polkadotSigner = polkadotSignerFrom(polkadot.seed ? { seed: polkadot.seed } : {})
  const polkadotChains = polkadot.chains?.length ? [...polkadot.chains] : [POLKADOT_MAINNET]
  const cosmosSigner = cosmosSignerFrom(cosmos.privateKey ? { privateKey: cosmos.privateKey } : {})
  const cosmosChains = cosmos.chains?.length ? [...cosmos.chains] : [COSMOS_HUB]

  /** The chains and accounts the wallet offers, per namespace. */
  function supported() {
    const evmChains = [...rpcUrls.keys()].map((id) => `eip155:${id}`)
    return {
      eip155: { chains: evmChains, address: evmAccount.address },
      solana: { chains: solanaChains, address: solanaSigner.address },
      bip122: { chains: bitcoinChains, address: bitcoinSigner.address },
      polkadot: { chains: polkadotChains, address: polkadotSigner.address },
      cosmos: { chains: cosmosChains, address: cosmosSigner.address },
    }
  }

  const core = new Core({
    projectId,
    relayUrl,
    telemetryEnabled: false,
    logger: 'error',
    ...options.core,
  })
  const kit = await WalletKit.init({ core, metadata, signConfig: options.signConfig })

  // ── events for the page and tests ──
  /** @type {Map<string, Set<(value: any) => void>>} */
  const listeners = new Map()
  const emit = (name, value) => {
    for (const listener of listeners.get(name) ?? []) {
      try {
        listener(value)
      } catch (error) {
        console.error(error)
      }
    }
  }
  function on(name, listener) {
    if (!listeners.has(name)) listeners.set(name, new Set())
    listeners.get(name).add(listener)
    return () => listeners.get(name)?.delete(listener)
  }

  // ── proposals ──
  /** @type {Proposal[]} */
  const queuedProposals = []
  /** @type {{ resolve: (proposal: Proposal) => void, reject: (error: Error) => void }[]} */
  const proposalWaiters = []
  kit.on('session_proposal', (event) => {
    const proposal = describeProposal(event)
    emit('proposal', proposal)
    const waiter = proposalWaiters.shift()
    if (waiter) waiter.resolve(proposal)
    else queuedProposals.push(proposal)
  })
  kit.on('proposal_expire', ({ id }) => {
    const index = queuedProposals.findIndex((proposal) => proposal.id === id)
    if (index >= 0) queuedProposals.splice(index, 1)
    emit('proposal_expire', { id })
  })
  kit.on('session_delete', ({ topic }) => {
    currentChain.delete(topic)
    emit('sessions', sessions())
    emit('session_delete', { topic })
  })

  function describeProposal(event) {
    const params = event.params
    return {
      id: event.id ?? params.id,
      pairingTopic: params.pairingTopic,
      expiryTimestamp: params.expiryTimestamp,
      proposer: params.proposer,
      requiredNamespaces: params.requiredNamespaces ?? {},
      optionalNamespaces: params.optionalNamespaces ?? {},
      requested: requestedNamespaces(params),
      verifyContext: event.verifyContext,
      raw: params,
    }
  }

  /** The next proposal: one already received, or the next to arrive. */
  function nextProposal({ timeoutMs = 10_000 } = {}) {
    return nextFrom(
      queuedProposals,
      proposalWaiters,
      timeoutMs,
      `No session proposal within ${timeoutMs} ms (did the dapp's URI reach wallet.pair()?)`,
    )
  }

  /**
   * The first of `queue`, or a promise for the next item a listener hands to `waiters` (first
   * come, first served), rejected after `timeoutMs`.
   * @template T
   * @param {T[]} queue
   * @param {{ resolve: (item: T) => void, reject: (error: Error) => void }[]} waiters
   * @param {number} timeoutMs
   * @param {string} timeoutMessage
   * @returns {Promise<T>}
   */
  function nextFrom(queue, waiters, timeoutMs, timeoutMessage) {
    if (queue.length > 0) return Promise.resolve(/** @type {T} */ (queue.shift()))
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve(item) {
          clearTimeout(timer)
          resolve(item)
        },
        reject(error) {
          clearTimeout(timer)
          reject(error)
        },
      }
      const timer = setTimeout(() => {
        const index = waiters.indexOf(waiter)
        if (index >= 0) waiters.splice(index, 1)
        reject(new Error(timeoutMessage))
      }, timeoutMs)
      waiters.push(waiter)
    })
  }

  /**
   * Approve a proposal with every requested namespace, chain and account the wallet has.
   * @param {Proposal} proposal
   * @param {{ chains?: string[], namespaces?: Record<string, any> }} [approval]
   *   `chains`: approve only these (CAIP-2) chains; `namespaces`: approve exactly these
   */
  async function approveSession(proposal, { chains, namespaces } = {}) {
    const outcome = namespaces ? { namespaces } : approvedNamespaces(proposal.requested, supported(), chains)
    if (outcome.error) {
      await kit.rejectSession({ id: proposal.id, reason: outcome.error })
      throw rpcError(outcome.error, `Rejected the proposal: ${outcome.error.message} (${outcome.detail})`)
    }
    const session = await kit.approveSession({ id: proposal.id, namespaces: outcome.namespaces })
    rememberEvmChain(session)
    emit('sessions', sessions())
    return session
  }

  /** A new session starts on its first EVM chain (what eth_chainId answers until a switch). */
  function rememberEvmChain(session) {
    const firstEvm =
      session.namespaces.eip155?.chains?.[0] ??
      session.namespaces.eip155?.accounts?.[0]?.split(':').slice(0, 2).join(':')
    if (firstEvm) currentChain.set(session.topic, firstEvm)
  }

  /** @param {Proposal} proposal */
  async function rejectSession(proposal, reason = ERRORS.USER_REJECTED) {
    await kit.rejectSession({ id: proposal.id, reason })
    return proposal
  }

  // ── one-click auth ──
  /** @type {AuthRequest[]} */
  const queuedAuthRequests = []
  /** @type {{ resolve: (request: AuthRequest) => void, reject: (error: Error) => void }[]} */
  const authWaiters = []
  /** Ids of auth requests received and not answered yet (to tell their expiry from others'). */
  const openAuthIds = new Set()
  // Only with a listener: the sign client asks `listenerCount('session_authenticate')` to decide
  // whether to drop the dapp's fallback proposal (see README), and WalletKit only subscribes to
  // the sign client's event once someone listens on the kit.
  if (oneClickAuth) {
    kit.on('session_authenticate', (event) => {
      const request = describeAuthRequest(event)
      openAuthIds.add(request.id)
      emit('auth_request', request)
      const waiter = authWaiters.shift()
      if (waiter) waiter.resolve(request)
      else queuedAuthRequests.push(request)
    })
    // The sign client drops an expired auth request without an event of its own (proposals
    // have proposal_expire): its expirer's event is the only sign of it.
    core.expirer.on(EXPIRER_EVENTS.expired, ({ target }) => {
      const id = Number(/^id:(\d+)$/.exec(String(target))?.[1])
      if (!openAuthIds.delete(id)) return
      const index = queuedAuthRequests.findIndex((request) => request.id === id)
      if (index >= 0) queuedAuthRequests.splice(index, 1)
      emit('auth_request_expire', { id })
    })
  }

  /** @returns {AuthRequest} */
  function describeAuthRequest(event) {
    const { requester, authPayload, expiryTimestamp } = event.params
    return {
      id: event.id,
      topic: event.topic,
      // The request comes on the pairing topic (the dapp's URI), so it is the pairing too.
      pairingTopic: event.topic,
      requester,
      authPayload,
      expiryTimestamp,
      verifyContext: event.verifyContext,
      raw: event.params,
    }
  }

  /** The next auth request: one already received, or the next to arrive. */
  function nextAuthRequest({ timeoutMs = 10_000 } = {}) {
    const hint = oneClickAuth
      ? "did the dapp's URI reach wallet.pair()?"
      : 'this wallet has oneClickAuth: false, the dapp falls back to a proposal (nextProposal)'
    return nextFrom(queuedAuthRequests, authWaiters, timeoutMs, `No auth request within ${timeoutMs} ms (${hint})`)
  }

  /**
   * What signing an auth request would cover: the requested eip155 chains the wallet has (one
   * CACAO each) and the payload to sign (populateAuthPayload: the ReCap narrowed to those chains
   * and the methods the wallet supports), or why there is nothing to sign.
   * @param {AuthRequest} request
   * @param {{ chains?: string[] }} [approval] `chains`: sign for these (CAIP-2) chains only
   * @returns {{ chains: string[], payload: AuthPayload, error?: undefined } | { error: { code: number, message: string }, detail: string }}
   */
  function planAuthApproval(request, { chains: only } = {}) {
    const asked = request.authPayload.chains ?? []
    const offered = supported().eip155.chains
    const chains = asked.filter((chain) => offered.includes(chain) && (!only || only.includes(chain)))
    if (chains.length === 0)
      return { error: ERRORS.UNSUPPORTED_CHAINS, detail: `none of ${asked.join(', ') || 'no chains'}` }
    try {
      const payload = populateAuthPayload({
        authPayload: request.authPayload,
        chains,
        methods: [...SUPPORTED_METHODS.eip155],
      })
      // Without a ReCap populateAuthPayload returns the request as it came, every chain included.
      return { chains, payload: { ...payload, chains } }
    } catch (error) {
      // Thrown when the ReCap asks only for methods the wallet lacks.
      return { error: ERRORS.UNSUPPORTED_METHODS, detail: error.message }
    }
  }

  /**
   * Sign in: one CACAO (eip191, signed by the EVM account) per requested chain the wallet has.
   * The dapp's authenticate() resolves with `{ session, auths }`; the session exists when the
   * request listed methods (a ReCap), which a dapp's `methods` always adds.
   * @param {AuthRequest} request
   * @param {{ chains?: string[] }} [approval] `chains`: sign for these (CAIP-2) chains only
   * @returns {Promise<{ session: any, auths: any[] }>}
   */
  async function approveAuthRequest(request, { chains } = {}) {
    const plan = planAuthApproval(request, { chains })
    if (plan.error) {
      await rejectAuthRequest(request, plan.error)
      throw rpcError(plan.error, `Rejected the auth request: ${plan.error.message} (${plan.detail})`)
    }
    const auths = []
    for (const chain of plan.chains) {
      const iss = `did:pkh:${chain}:${evmAccount.address}`
      // The SDK's own formatting, so the message is byte for byte what the dapp verifies.
      const message = kit.formatAuthMessage({ request: plan.payload, iss })
      const signature = await evmAccount.signMessage({ message })
      auths.push(buildAuthObject(plan.payload, { t: 'eip191', s: signature }, iss))
    }
    const { session } = await kit.approveSessionAuthenticate({ id: request.id, auths })
    openAuthIds.delete(request.id)
    if (session) rememberEvmChain(session)
    emit('sessions', sessions())
    return { session, auths }
  }

  /** @param {AuthRequest} request */
  async function rejectAuthRequest(request, reason = ERRORS.USER_REJECTED) {
    await kit.rejectSessionAuthenticate({ id: request.id, reason })
    openAuthIds.delete(request.id)
    return request
  }

  // ── requests ──
  /** @type {HandledRequest[]} */
  const handled = []
  /** session topic → the EVM chain (CAIP-2) the wallet last switched that session to */
  const currentChain = new Map()
  /**
   * Faults tests switch on, by method: 'error' answers -32603, 'malformed' a reply of the wrong
   * shape; `times` (default: until cleared) counts the requests it applies to.
   * @type {Map<string, { mode: 'error' | 'malformed', times: number }>}
   */
  const faults = new Map()
  /** wallet_sendCalls batches this wallet sent, by id: the chain and one hash per call. */
  const batches = new Map()

  kit.on('session_request', async (event) => {
    const { topic, id, params } = event
    const { request, chainId } = params
    const session = kit.getActiveSessions()[topic]
    /** @type {WalletRequest} */
    const walletRequest = {
      id,
      topic,
      chainId,
      method: request.method,
      params: request.params,
      peer: session?.peer?.metadata,
      needsApproval: NEEDS_APPROVAL.has(request.method),
    }
    emit('request', walletRequest)
    /** @type {HandledRequest} */
    const record = {
      id,
      topic,
      chainId,
      method: request.method,
      params: request.params,
      outcome: 'answered',
      at: Date.now(),
    }
    let afterAnswer
    try {
      if (walletRequest.needsApproval && approve && !(await approve(walletRequest))) {
        throw rpcError(ERRORS.REQUEST_REJECTED)
      }
      const answer = faultyAnswer(walletRequest.method) ?? (await answerRequest(walletRequest))
      record.result = answer.result
      afterAnswer = answer.after
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: answer.result ?? null } })
    } catch (error) {
      const code = Number.isInteger(error?.code) ? error.code : -32603
      record.outcome = code === ERRORS.REQUEST_REJECTED.code ? 'rejected' : 'failed'
      record.error = { code, message: error?.shortMessage ?? error?.message ?? String(error) }
      await kit
        .respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: record.error } })
        .catch((respondError) => {
          record.error.message += ` (and the answer could not be sent: ${respondError.message})`
        })
    }
    handled.push(record)
    emit('handled', record)
    if (afterAnswer) await afterAnswer().catch((error) => emit('error', error))
  })

  /**
   * What the wallet answers, and anything to do once the answer is out (an event to emit).
   * @param {WalletRequest} request
   * @returns {Promise<{ result: any, after?: () => Promise<void> }>}
   */
  /** A fault switched on for `method`, used up by one request. @param {string} method */
  function faultyAnswer(method) {
    const fault = faults.get(method)
    if (!fault) return undefined
    if (--fault.times <= 0) faults.delete(method)
    if (fault.mode === 'error') throw rpcError({ code: -32603 }, `${method} failed (a fault the test switched on)`)
    return { result: { malformed: true } }
  }

  async function answerRequest({ id, topic, chainId, method, params }) {
    switch (method) {
      // ── eip155 ──
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return { result: [evmAccount.address] }
      case 'eth_chainId':
        return { result: numberToHex(evmChainNumber(chainId, topic)) }
      case 'personal_sign': {
        const [message, address] = params
        checkEvmAddress(address)
        return { result: await evmAccount.signMessage({ message: personalSignMessage(message) }) }
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = params
        checkEvmAddress(address)
        const typed = typeof data === 'string' ? JSON.parse(data) : data
        const { EIP712Domain, ...types } = typed.types ?? {}
        return {
          result: await evmAccount.signTypedData({
            domain: typed.domain,
            types,
            primaryType: typed.primaryType,
            message: typed.message,
          }),
        }
      }
      case 'eth_sendTransaction':
      case 'eth_signTransaction': {
        const [tx] = params
        checkEvmAddress(tx?.from)
        const number = tx.chainId ? Number(tx.chainId) : evmChainNumber(chainId, topic)
        const client = walletClientFor(number)
        const request = transactionFrom(tx, number)
        if (method === 'eth_signTransaction') {
          const prepared = await client.prepareTransactionRequest(request)
          return { result: await client.signTransaction(prepared) }
        }
        return { result: await client.sendTransaction(request) }
      }
      // ── EIP-5792 / EIP-7811: an EOA, so asset discovery but no atomic batches ──
      case 'wallet_getCapabilities':
        return {
          result: walletCapabilities(
            [...rpcUrls.keys()].map((number) => ({ id: number })),
            params,
            { own: evmAccount.address, atomic: () => false },
          ),
        }
      case 'wallet_getAssets':
        return {
          result: await walletAssets(
            [...rpcUrls].map(([number, rpcUrl]) => ({ id: number, rpcUrl, ...evm.assets?.[number] })),
            params,
            evmAccount.address,
          ),
        }
      case 'wallet_sendCalls':
        return { result: await sendCalls(params?.[0], evmChainNumber(chainId, topic)) }
      case 'wallet_getCallsStatus':
        return { result: await callsStatus(params?.[0]) }
      case 'wallet_switchEthereumChain': {
        const number = Number(params?.[0]?.chainId)
        if (!rpcUrls.has(number))
          throw rpcError(
            ERRORS.UNRECOGNIZED_CHAIN,
            `Unrecognized chain ${params?.[0]?.chainId}: add it with wallet_addEthereumChain`,
          )
        return { result: null, after: () => switchChain(topic, number) }
      }
      case 'wallet_addEthereumChain': {
        const { chainId: hexId, rpcUrls: urls = [] } = params?.[0] ?? {}
        const number = Number(hexId)
        if (!Number.isInteger(number) || number <= 0) throw rpcError({ code: -32602 }, `Invalid chainId ${hexId}`)
        if (!rpcUrls.has(number)) {
          if (!urls[0]) throw rpcError({ code: -32602 }, 'wallet_addEthereumChain needs rpcUrls')
          rpcUrls.set(number, urls[0])
        }
        return { result: null }
      }
      // ── solana ──
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return { result: [{ pubkey: solanaSigner.address }] }
      case 'solana_signMessage':
        return { result: await solanaSigner.signMessage(params ?? {}) }
      case 'solana_signTransaction':
        return { result: await solanaSigner.signTransaction(params ?? {}) }
      // ── bip122 ──
      case 'signMessage':
        return { result: await bitcoinSigner.signMessage(params ?? {}) }
      case 'getAccountAddresses':
        return { result: bitcoinSigner.accountAddresses() }
      // ── polkadot (sr25519) ──
      case 'polkadot_signMessage':
        return { result: polkadotSigner.signMessage(params ?? {}) }
      case 'polkadot_signTransaction':
        return { result: polkadotSigner.signTransaction(params ?? {}, id) }
      // ── cosmos (secp256k1) ──
      case 'cosmos_getAccounts':
        return { result: cosmosSigner.accounts() }
      case 'cosmos_signDirect':
        return { result: await cosmosSigner.signDirect(params ?? {}) }
      case 'cosmos_signAmino':
        return { result: await cosmosSigner.signAmino(params ?? {}) }
      default:
        throw rpcError(ERRORS.UNSUPPORTED_METHOD, `The wallet does not support ${method}`)
    }
  }

  /**
   * wallet_sendCalls { chainId?, from?, calls, atomicRequired? }: one transaction per call, in
   * order; a batch that must be atomic is refused with EIP-5792's 5760.
   */
  async function sendCalls(batch, sessionChain) {
    if (!batch || !Array.isArray(batch.calls) || batch.calls.length === 0)
      throw rpcError({ code: -32602 }, 'Invalid calls')
    if (batch.atomicRequired === true) throw rpcError(CAPABILITY_ERRORS.ATOMICITY_NOT_SUPPORTED)
    checkEvmAddress(batch.from)
    const number = batch.chainId === undefined ? sessionChain : Number(batch.chainId)
    if (!rpcUrls.has(number)) throw rpcError(CAPABILITY_ERRORS.UNSUPPORTED_CHAIN)
    const client = walletClientFor(number)
    const hashes = []
    for (const call of batch.calls) {
      const hash = await client.sendTransaction(
        transactionFrom({ to: call.to, data: call.data, value: call.value }, number),
      )
      hashes.push(hash)
      // The next call's nonce and state follow from this one.
      await waitForTransactionReceipt(client, { hash, pollingInterval: 50 })
    }
    const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    batches.set(id, { chainId: number, hashes })
    return { id }
  }

  /** wallet_getCallsStatus id (EIP-5792): 100 pending, 200 all confirmed, 500 all reverted, 600 some. */
  async function callsStatus(id) {
    const batch = batches.get(id)
    if (!batch) throw rpcError(CAPABILITY_ERRORS.UNKNOWN_BUNDLE)
    const client = walletClientFor(batch.chainId)
    const receipts = await Promise.all(
      batch.hashes.map((hash) => client.request({ method: 'eth_getTransactionReceipt', params: [hash] })),
    )
    const done = receipts.filter(Boolean)
    const failed = done.filter((receipt) => receipt.status !== '0x1').length
    const status = done.length < receipts.length ? 100 : failed === 0 ? 200 : failed === receipts.length ? 500 : 600
    return { version: '2.0.0', id, chainId: numberToHex(batch.chainId), status, atomic: false, receipts: done }
  }

  function checkEvmAddress(address) {
    if (address && String(address).toLowerCase() !== evmAccount.address.toLowerCase()) {
      throw rpcError({ code: 4100 }, `The wallet does not hold ${address}`)
    }
  }

  /** The EVM chain a request is for: its CAIP-2 chain id, else the session's current chain. */
  function evmChainNumber(chainId, topic) {
    const caip = chainId?.startsWith('eip155:') ? chainId : currentChain.get(topic)
    return Number(caip?.split(':')[1] ?? [...rpcUrls.keys()][0])
  }

  const walletClients = new Map()
  function walletClientFor(number) {
    const rpcUrl = rpcUrls.get(number)
    if (!rpcUrl) throw rpcError(ERRORS.UNRECOGNIZED_CHAIN, `No RPC URL for chain ${number}`)
    const key = `${number} ${rpcUrl}`
    if (!walletClients.has(key)) {
      const chain = defineChain({
        id: number,
        name: `Chain ${number}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      })
      walletClients.set(key, createWalletClient({ account: evmAccount, chain, transport: http(rpcUrl) }))
    }
    return walletClients.get(key)
  }

  /** Switch a session to an EVM chain: add it to the session if needed, then emit chainChanged. */
  async function switchChain(topic, number) {
    const caip = `eip155:${number}`
    const session = kit.getActiveSessions()[topic]
    if (!session) return
    const namespace = session.namespaces.eip155
    if (namespace && !(namespace.chains ?? []).includes(caip)) {
      const namespaces = {
        ...session.namespaces,
        eip155: {
          ...namespace,
          chains: [...(namespace.chains ?? []), caip],
          accounts: [...namespace.accounts, `${caip}:${evmAccount.address}`],
        },
      }
      const { acknowledged } = await kit.updateSession({ topic, namespaces })
      await acknowledged()
    }
    currentChain.set(topic, caip)
    await kit.emitSessionEvent({ topic, event: { name: 'chainChanged', data: number }, chainId: caip })
    emit('chainChanged', { topic, chainId: caip })
  }

  // ── the API ──
  function sessions() {
    return Object.values(kit.getActiveSessions())
  }

  function sessionTopics(topic, namespace) {
    return topic
      ? [topic]
      : sessions()
          .filter((session) => session.namespaces[namespace])
          .map((session) => session.topic)
  }

  return {
    kit,
    core,
    evmAddress: evmAccount.address,
    solanaAddress: solanaSigner.address,
    bitcoinAddress: bitcoinSigner.address,
    polkadotAddress: polkadotSigner.address,
    cosmosAddress: cosmosSigner.address,
    /** CAIP-10 accounts the wallet offers, per namespace. */
    accounts() {
      const offer = supported()
      return Object.fromEntries(
        Object.entries(offer).map(([namespace, { chains, address }]) => [
          namespace,
          chains.map((chain) => `${chain}:${address}`),
        ]),
      )
    },
    /** RPC URLs by EVM chain id (wallet_addEthereumChain adds to it). */
    rpcUrls: () => Object.fromEntries(rpcUrls),
    on,
    /** Pair with a dapp's `wc:` URI; the proposal arrives right after (see nextProposal). */
    async pair(uri) {
      await kit.pair({ uri })
    },
    nextProposal,
    approveSession,
    rejectSession,
    /** What approving a proposal would share (`{ namespaces }`), or why it cannot (`{ error, detail }`). */
    planApproval: (proposal, { chains } = {}) => approvedNamespaces(proposal.requested, supported(), chains),
    /** Wait for the next proposal and approve it. Resolves with the session. */
    async approveNextSession({ timeoutMs, ...approval } = {}) {
      return approveSession(await nextProposal({ timeoutMs }), approval)
    },
    /** Wait for the next proposal and reject it (5000 User rejected). Resolves with the proposal. */
    async rejectNextSession({ timeoutMs, reason } = {}) {
      return rejectSession(await nextProposal({ timeoutMs }), reason)
    },
    nextAuthRequest,
    approveAuthRequest,
    rejectAuthRequest,
    /** What approving an auth request would sign (`{ chains, payload }`), or why it cannot (`{ error, detail }`). */
    planAuthApproval,
    /** Wait for the next auth request and sign in. Resolves with `{ session, auths }`. */
    async approveNextAuthRequest({ timeoutMs, ...approval } = {}) {
      return approveAuthRequest(await nextAuthRequest({ timeoutMs }), approval)
    },
    /** Wait for the next auth request and reject it (5000 User rejected). Resolves with the request. */
    async rejectNextAuthRequest({ timeoutMs, reason } = {}) {
      return rejectAuthRequest(await nextAuthRequest({ timeoutMs }), reason)
    },
    /** Whether the wallet answers one-click auth (the `oneClickAuth` option). */
    oneClickAuth,
    sessions,
    pairings: () => core.pairing.getPairings(),
    /**
     * Switch a fault on for an EIP-1193 method (`'error'`: -32603; `'malformed'`: a reply of the
     * wrong shape), for `times` requests or until `clear`.
     */
    faults: {
      set: ({ method, mode, times = Number.POSITIVE_INFINITY }) => void faults.set(method, { mode, times }),
      clear: () => faults.clear(),
    },
    /** Requests answered so far (oldest first). */
    requests: () => [...handled],
    /** The EVM chain (CAIP-2) a session is on, as far as the wallet knows. */
    currentChain: (topic) => currentChain.get(topic),
    /** Disconnect one session (or every session): the dapp gets session_delete. */
    async disconnect(topic) {
      for (const each of topic ? [topic] : sessions().map((session) => session.topic)) {
        await kit.disconnectSession({ topic: each, reason: ERRORS.USER_DISCONNECTED })
        currentChain.delete(each)
      }
      emit('sessions', sessions())
    },
    /** Emit accountsChanged on every session with that namespace (or one topic). */
    async emitAccountsChanged(addresses, { topic, namespace = 'eip155', chainId } = {}) {
      const data = addresses ?? [
        namespace === 'eip155'
          ? evmAccount.address
          : namespace === 'solana'
            ? solanaSigner.address
            : bitcoinSigner.address,
      ]
      for (const each of sessionTopics(topic, namespace)) {
        const session = kit.getActiveSessions()[each]
        const chain =
          chainId ??
          (namespace === 'eip155' ? currentChain.get(each) : undefined) ??
          session?.namespaces[namespace]?.chains?.[0]
        await kit.emitSessionEvent({ topic: each, event: { name: 'accountsChanged', data }, chainId: chain })
      }
    },
    /** Move sessions to another EVM chain (number or CAIP-2) and emit chainChanged, as a user would in the wallet. */
    async emitChainChanged(chain, { topic } = {}) {
      const number = typeof chain === 'string' && chain.includes(':') ? Number(chain.split(':')[1]) : Number(chain)
      for (const each of sessionTopics(topic, 'eip155')) await switchChain(each, number)
    },
    /** Emit any session event. */
    emitEvent: ({ topic, name, data, chainId }) => kit.emitSessionEvent({ topic, event: { name, data }, chainId }),
    /** Close the relay socket and every timer: the process can exit. */
    async stop() {
      for (const waiter of [...proposalWaiters.splice(0), ...authWaiters.splice(0)])
        waiter.reject(new Error('The wallet stopped'))
      listeners.clear()
      try {
        await core.relayer.transportClose()
      } catch {
        // already closed
      }
      core.heartbeat?.stop?.()
      core.expirer?.removeAllListeners?.()
    },
  }
}

/**
 * What a proposal asks for, per namespace, required and optional merged (keys may be
 * "eip155" with `chains`, or "eip155:1" inline).
 */
export function requestedNamespaces(params) {
  /** @type {Record<string, { chains: string[], methods: string[], events: string[], required: boolean }>} */
  const out = {}
  for (const [source, required] of [
    [params.requiredNamespaces, true],
    [params.optionalNamespaces, false],
  ]) {
    for (const [key, value] of Object.entries(source ?? {})) {
      const [namespace, reference] = key.split(':')
      const entry = (out[namespace] ??= { chains: [], methods: [], events: [], required: false })
      entry.required ||= required
      for (const chain of value.chains ?? (reference ? [key] : []))
        if (!entry.chains.includes(chain)) entry.chains.push(chain)
      for (const method of value.methods ?? []) if (!entry.methods.includes(method)) entry.methods.push(method)
      for (const event of value.events ?? []) if (!entry.events.includes(event)) entry.events.push(event)
    }
  }
  return out
}

/**
 * The session namespaces to approve: each requested namespace the wallet has, with the requested
 * chains it has, all its accounts there, and every method and event it supports. A required
 * namespace, chain, method or event it lacks rejects the proposal.
 * @returns {{ namespaces: Record<string, any>, error?: undefined } | { error: { code: number, message: string }, detail: string }}
 */
export function approvedNamespaces(requested, offer, onlyChains) {
  const namespaces = {}
  for (const [namespace, asked] of Object.entries(requested)) {
    const has = offer[namespace]
    if (!has) {
      if (asked.required) return { error: ERRORS.UNSUPPORTED_NAMESPACE_KEY, detail: `no ${namespace} accounts` }
      continue
    }
    let chains = asked.chains.filter(
      (chain) => has.chains.includes(chain) && (!onlyChains || onlyChains.includes(chain)),
    )
    if (asked.required) {
      const missing = asked.chains.filter((chain) => !chains.includes(chain))
      if (missing.length) return { error: ERRORS.UNSUPPORTED_CHAINS, detail: `required ${missing.join(', ')}` }
      const methods = asked.methods.filter((method) => !SUPPORTED_METHODS[namespace].includes(method))
      if (methods.length) return { error: ERRORS.UNSUPPORTED_METHODS, detail: `required ${methods.join(', ')}` }
      const events = asked.events.filter((event) => !SUPPORTED_EVENTS[namespace].includes(event))
      if (events.length) return { error: ERRORS.UNSUPPORTED_EVENTS, detail: `required ${events.join(', ')}` }
    }
    if (chains.length === 0) continue
    namespaces[namespace] = {
      chains,
      methods: [...SUPPORTED_METHODS[namespace]],
      events: [...SUPPORTED_EVENTS[namespace]],
      accounts: chains.map((chain) => `${chain}:${has.address}`),
    }
  }
  if (Object.keys(namespaces).length === 0) {
    return {
      error: ERRORS.UNSUPPORTED_CHAINS,
      detail: `none of ${
        Object.values(requested)
          .flatMap((entry) => entry.chains)
          .join(', ') || 'no chains'
      }`,
    }
  }
  return { namespaces }
}

/** eth_sendTransaction's JSON (hex quantities) as viem's transaction request. */
function transactionFrom(tx, chainId) {
  const quantity = (value) =>
    value === undefined || value === null ? undefined : isHex(value) ? hexToBigInt(value) : BigInt(value)
  const request = {
    chainId,
    to: tx.to ?? undefined,
    data: tx.data ?? tx.input ?? undefined,
    value: quantity(tx.value),
    gas: quantity(tx.gas ?? tx.gasLimit),
    nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
  }
  if (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined) {
    request.maxFeePerGas = quantity(tx.maxFeePerGas)
    request.maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas)
  } else if (tx.gasPrice !== undefined) {
    request.gasPrice = quantity(tx.gasPrice)
  }
  for (const key of Object.keys(request)) if (request[key] === undefined) delete request[key]
  return request
}
