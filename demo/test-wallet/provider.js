// @ts-check
// SigKit Test Wallet: an EIP-1193 provider that behaves like a browser extension wallet, for the
// local sandbox. Its account is one of anvil's unlocked dev accounts, so it never holds a key:
// after the person approves, signing calls go to the chain node, which signs.
//
// Environment-agnostic (browser and Node 20): no DOM, no dependencies, the global fetch.
// The person is whatever `approve` is: a DOM prompt in the browser (inject.js), a script in tests.
import {
  ProviderRpcError,
  disconnected,
  invalidParams,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
} from './errors.js'
import { createAsk } from './approval.js'
import { createEmitter } from './emitter.js'
import { createMemoryStorage } from './storage.js'
import { createWalletState } from './wallet-state.js'
import { parseAddChainParams } from './add-chain-params.js'
import { callChain } from './chain-rpc.js'
import { READ_ONLY_METHODS } from './read-only-methods.js'
import {
  describeMessage,
  formatEther,
  isAddress,
  isHex,
  isQuantity,
  parseHexChainId,
  sameAddress,
  toHexChainId,
  utf8ToHex,
} from './format.js'

/** Anvil's account #0 (from the `test test … junk` mnemonic), unlocked on every anvil node. */
export const DEFAULT_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The fields of eth_sendTransaction's object passed on to the node; anything else is dropped. */
const TRANSACTION_FIELDS = [
  'from',
  'to',
  'value',
  'data',
  'input',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'nonce',
  'type',
  'accessList',
]
const QUANTITY_FIELDS = ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce', 'chainId']

/**
 * What the wallet asks the person. `action` is the prompt's heading line ("Sign message").
 * @typedef {object} ApprovalRequest
 * @property {string} method
 * @property {unknown} params
 * @property {string} origin
 * @property {string} action
 * @property {string} summary
 */

/**
 * @param {object} options
 * @param {import('./wallet-state.js').ReachableChain[]} options.chains  the RPC endpoints the wallet can reach
 * @param {number[]} [options.knownChainIds]  chains installed at first (default: the first of `chains`)
 * @param {string} [options.account]  default anvil account #0
 * @param {(request: ApprovalRequest) => Promise<boolean> | boolean} options.approve  asks the person
 * @param {import('./storage.js').WalletStorage} [options.storage]  default in-memory
 * @param {string} [options.origin]  the site this provider is injected into (default location.origin)
 */
export function createTestWalletProvider({
  chains,
  knownChainIds = chains?.[0] ? [chains[0].chainId] : [],
  account = DEFAULT_ACCOUNT,
  approve,
  storage = createMemoryStorage(),
  origin = globalThis.location?.origin ?? 'http://localhost',
}) {
  if (!Array.isArray(chains) || chains.length === 0)
    throw new TypeError('createTestWalletProvider: `chains` must list at least one chain')
  if (typeof approve !== 'function') throw new TypeError('createTestWalletProvider: `approve` must be a function')
  if (!isAddress(account)) throw new TypeError(`createTestWalletProvider: invalid account ${account}`)

  const state = createWalletState({ storage, chains, knownChainIds })
  const events = createEmitter()
  let connected = true
  /** Concurrent connect requests (a double click, two components) share one prompt. */
  /** @type {Promise<string[]> | undefined} */
  let pendingConnect

  const hexChainId = () => toHexChainId(state.currentChainId)
  const isAuthorized = () => state.isAuthorized(origin)
  /** @param {{ name: string, chainId: number }} chain */
  const chainLabel = (chain) => `${chain.name} (chain ${chain.chainId})`

  const ask = createAsk(approve, origin)

  function grantAccess() {
    if (state.authorize(origin)) events.emit('accountsChanged', [account])
  }

  function revokeAccess() {
    if (state.deauthorize(origin)) events.emit('accountsChanged', [])
  }

  /** @param {number} chainId */
  function switchChain(chainId) {
    state.switchTo(chainId)
    events.emit('chainChanged', hexChainId())
  }

  function permissions() {
    if (!isAuthorized()) return []
    return [
      {
        invoker: origin,
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [account] }],
      },
    ]
  }

  /**
   * wallet_*Permissions take `[{ eth_accounts: {} }]`; it is the only permission this wallet has.
   * @param {unknown} params
   */
  function checkPermissionParams(params) {
    const requested = Array.isArray(params) ? params[0] : undefined
    if (typeof requested !== 'object' || requested === null || !('eth_accounts' in requested)) {
      throw invalidParams('Expected [{ eth_accounts: {} }].')
    }
    const unknown = Object.keys(requested).filter((name) => name !== 'eth_accounts')
    if (unknown.length > 0) throw invalidParams(`Unknown permission(s): ${unknown.join(', ')}.`)
  }

  /** @type {Map<string, (params: any) => unknown>} */
  const handlers = new Map(
    Object.entries({
      eth_accounts: () => (isAuthorized() ? [account] : []),
      eth_chainId: () => hexChainId(),
      net_version: () => String(state.currentChainId),

      eth_requestAccounts(params) {
        if (isAuthorized()) return [account]
        pendingConnect ??= ask(
          'eth_requestAccounts',
          params,
          'Connect to this site',
          `Share your address ${account} and let the site ask for approvals.`,
        )
          .then(() => {
            grantAccess()
            return [account]
          })
          .finally(() => {
            pendingConnect = undefined
          })
        return pendingConnect
      },

      async personal_sign(params) {
        const [message, address] = Array.isArray(params) ? params : []
        if (typeof message !== 'string' || !isAddress(address))
          throw invalidParams('personal_sign expects [message, address].')
        if (!sameAddress(address, account)) throw unauthorized(`${address} is not this wallet's account.`)
        if (!isAuthorized()) throw unauthorized('Call eth_requestAccounts first.')
        // MetaMask accepts plain text as well as hex; the node only takes bytes.
        const hexMessage = isHex(message) ? message : utf8ToHex(message)
        await ask('personal_sign', params, 'Sign message', describeMessage(hexMessage))
        return callChain(state.currentChain.rpcUrl, 'personal_sign', [hexMessage, account])
      },

      async eth_sendTransaction(params) {
        const transaction = Array.isArray(params) ? params[0] : undefined
        if (typeof transaction !== 'object' || transaction === null)
          throw invalidParams('eth_sendTransaction expects [transaction].')
        const from = transaction.from ?? account
        if (!isAddress(from)) throw invalidParams(`Invalid from address ${JSON.stringify(from)}.`)
        if (!sameAddress(from, account)) throw unauthorized(`${from} is not this wallet's account.`)
        if (!isAuthorized()) throw unauthorized('Call eth_requestAccounts first.')
        if (transaction.to != null && !isAddress(transaction.to))
          throw invalidParams(`Invalid to address ${JSON.stringify(transaction.to)}.`)
        for (const field of QUANTITY_FIELDS) {
          if (transaction[field] != null && !isQuantity(transaction[field]))
            throw invalidParams(`Invalid ${field} ${JSON.stringify(transaction[field])}: expected a hex quantity.`)
        }
        const chain = state.currentChain
        if (transaction.chainId != null && Number(BigInt(transaction.chainId)) !== chain.chainId) {
          throw invalidParams(
            `The transaction's chainId ${transaction.chainId} does not match the wallet's current chain ${toHexChainId(chain.chainId)}.`,
          )
        }

        /** @type {Record<string, unknown>} */
        const forwarded = { from: account }
        for (const field of TRANSACTION_FIELDS)
          if (transaction[field] != null && field !== 'from') forwarded[field] = transaction[field]
        const data = transaction.data ?? transaction.input
        const dataBytes = isHex(data) ? (data.length - 2) / 2 : 0
        const summary = [
          transaction.to ? `To ${transaction.to}` : 'Deploy a contract',
          `${formatEther(transaction.value ?? '0x0')} ${chain.nativeCurrency?.symbol ?? 'ETH'}`,
          `on ${chainLabel(chain)}`,
          ...(dataBytes > 0 ? [`with ${dataBytes} bytes of data`] : []),
        ].join(' · ')

        await ask('eth_sendTransaction', params, 'Send transaction', summary)
        return callChain(chain.rpcUrl, 'eth_sendTransaction', [forwarded])
      },

      async wallet_switchEthereumChain(params) {
        const chainId = parseHexChainId(Array.isArray(params) ? params[0]?.chainId : undefined)
        if (chainId === undefined)
          throw invalidParams('wallet_switchEthereumChain expects [{ chainId }] with a hex chain id.')
        if (chainId === state.currentChainId) return null
        const chain = state.knownChain(chainId)
        if (!chain) throw unrecognizedChain(toHexChainId(chainId))
        await ask(
          'wallet_switchEthereumChain',
          params,
          'Switch network',
          `From ${chainLabel(state.currentChain)} to ${chainLabel(chain)}`,
        )
        switchChain(chainId)
        return null
      },

      async wallet_addEthereumChain(params) {
        const request = parseAddChainParams(params)
        if (request.chainId === state.currentChainId) return null
        // Already known: nothing to add, so this is a switch (what MetaMask does too).
        const known = state.knownChain(request.chainId)
        if (known) {
          await ask(
            'wallet_addEthereumChain',
            params,
            'Switch network',
            `${chainLabel(known)} is already added. Switch to it from ${chainLabel(state.currentChain)}?`,
          )
          switchChain(known.chainId)
          return null
        }
        const summary = `${chainLabel({ name: request.chainName, chainId: request.chainId })} · ${request.nativeCurrency.symbol} · RPC ${request.rpcUrls[0]}`
        await ask('wallet_addEthereumChain', params, 'Add network', summary)
        state.addChain({
          chainId: request.chainId,
          name: request.chainName,
          // The wallet can only talk to the sandbox's nodes; the dapp's URL is used for others.
          rpcUrl: state.reachable(request.chainId)?.rpcUrl ?? /** @type {string} */ (request.rpcUrls[0]),
          nativeCurrency: request.nativeCurrency,
          blockExplorerUrls: request.blockExplorerUrls,
        })
        switchChain(request.chainId)
        return null
      },

      async wallet_requestPermissions(params) {
        checkPermissionParams(params)
        await ask(
          'wallet_requestPermissions',
          params,
          'Connect to this site',
          `Share your address ${account} and let the site ask for approvals.`,
        )
        grantAccess()
        return permissions()
      },
      wallet_getPermissions: () => permissions(),
      wallet_revokePermissions(params) {
        checkPermissionParams(params)
        revokeAccess()
        return null
      },
    }),
  )

  /**
   * EIP-1193 request.
   * @param {{ method: string, params?: unknown[] | Record<string, unknown> }} args
   */
  async function request(args) {
    if (
      typeof args !== 'object' ||
      args === null ||
      Array.isArray(args) ||
      typeof args.method !== 'string' ||
      args.method === ''
    ) {
      throw invalidParams('Expected a single, non-array, object argument with a method name.')
    }
    const { method, params } = args
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      throw invalidParams(`'params' of ${method} must be an object or array if provided.`)
    }
    if (!connected) throw disconnected()
    const handler = handlers.get(method)
    if (handler) return handler(params ?? [])
    if (READ_ONLY_METHODS.has(method))
      return callChain(state.currentChain.rpcUrl, method, /** @type {unknown[]} */ (params ?? []))
    throw unsupportedMethod(method)
  }

  const provider = {
    /** Lets dapps and tests tell this wallet from others without relying on EIP-6963 info. */
    isSigKitTestWallet: true,
    request,
    /** @param {string} event  @param {(...args: any[]) => void} listener */
    on(event, listener) {
      events.on(event, listener)
      return provider
    },
    /** @param {string} event  @param {(...args: any[]) => void} listener */
    removeListener(event, listener) {
      events.removeListener(event, listener)
      return provider
    },
    /** Legacy (MetaMask) API some libraries still call. */
    isConnected: () => connected,

    /** Scripting hooks for tests: change what a real wallet's owner would change in its UI. */
    testWallet: {
      /** Switch the wallet to another (anvil) account; authorized sites hear accountsChanged. */
      setAccount(/** @type {string} */ address) {
        if (!isAddress(address)) throw new TypeError(`setAccount: invalid address ${address}`)
        if (sameAddress(address, account)) return
        account = address
        if (isAuthorized()) events.emit('accountsChanged', [account])
      },
      /** The wallet loses its connection to every chain: `disconnect` (4900), then requests fail with 4900. */
      disconnect() {
        if (!connected) return
        connected = false
        events.emit('disconnect', disconnected())
      },
      /** Back online after disconnect(): `connect` with the chain id. */
      reconnect() {
        if (connected) return
        connected = true
        events.emit('connect', { chainId: hexChainId() })
      },
      /** Forget every site's authorization, as locking an extension does; this site hears accountsChanged []. */
      lock() {
        const wasAuthorized = isAuthorized()
        state.deauthorizeAll()
        if (wasAuthorized) events.emit('accountsChanged', [])
      },
      get currentChainId() {
        return state.currentChainId
      },
      get account() {
        return account
      },
      get authorized() {
        return isAuthorized()
      },
      get connected() {
        return connected
      },
    },
  }

  // EIP-1193: `connect` once the provider can serve requests. Deferred so that listeners
  // attached right after creation (as an injected provider's users do) hear it.
  setTimeout(() => {
    if (connected) events.emit('connect', { chainId: hexChainId() })
  })

  return provider
}

export { ProviderRpcError }
