/**
 * The WalletConnect connector, on @walletconnect/universal-provider. LAZY: this module (and the
 * provider, the largest dependency SigKit has) loads only when the visitor picks WalletConnect or
 * a wallet that needs it, when the pairing is prepared ahead, or when a stored session is restored.
 *
 * One session can carry several namespaces (eip155, solana, bip122, polkadot, cosmos): `connect`
 * and `restore` report each as its own connection, and the session is shared (ending it ends them
 * all). The wallet's session events come to core through the emitter.
 */
// The named export: Node resolves the package to its CommonJS build, whose default is not the class.
import { UniversalProvider } from '@walletconnect/universal-provider'
import {
  connectorContext as core,
  createConnectorEmitter,
  type Connector,
  type ConnectionResult,
} from '../../core/connector'
import { clock } from '../../lib/clock'
import { isMobile } from '../../lib/device'
import { WALLET_ERROR_CODES } from '../../lib/wallet-errors'
import { CHAIN_NAMESPACES, DEFAULT_ENDPOINTS } from '../../core/constants'
import type { ChainNamespace, EIP1193Provider, WalletListing } from '../../core/types'
import { alertForProviderError } from './alerts'
import { authenticateSession, canAuthenticate } from './auth'
import { forgetGlobalCore, useVerifyEndpoint } from './core-settings'
import { WALLETCONNECT_START_TIMEOUT_MS, WalletConnectError, toWalletConnectError } from './failure'
import { buildNamespaces } from './namespaces'
import {
  accountsByNamespace,
  approvedNetworksByNamespace,
  pairingExpiry,
  sessionWallet,
  type SessionLike,
} from './session'
import { walletConnectView } from './view'
import { awaitConfirmation, confirmationReminder, localPermissionResult, withRpcDeadline } from './requests'

type Provider = InstanceType<typeof UniversalProvider>

/** The connector's id, as stored and as listed. */
export const WALLETCONNECT_ID = 'walletConnect'

const emitter = createConnectorEmitter()
const providers = new Map<ChainNamespace, EIP1193Provider>()

/** The pairing code shown now, and when it expires. */
let code: { uri: string; expiresAt: number } | undefined

function showCode(uri: string | undefined): void {
  code = uri ? { uri, expiresAt: pairingExpiry(uri, clock.now()) } : undefined
  emitter.emit({ type: 'pairing', uri: code?.uri, expiresAt: code?.expiresAt })
}

function codeIsValid(): boolean {
  return code !== undefined && code.expiresAt > clock.now()
}

/**
 * WalletConnect as a connector. Listed as the Connect list's WalletConnect entry once its provider
 * is made (replacing the entry that only lists it).
 */
export const walletConnectConnector: Connector = {
  id: WALLETCONNECT_ID,
  name: 'WalletConnect',
  type: 'walletConnect',
  chains: CHAIN_NAMESPACES,
  // Picking the entry shows the QR code (the basic variant in basic mode).
  get view() {
    return walletConnectView(core.options())
  },
  sharedSession: true,
  emitter,
  connect: ({ wallet }) => connectWithPairing(wallet as WalletListing | undefined),
  async restore() {
    const provider = await loadUniversalProvider()
    return provider.session ? resultOf(provider.session as unknown as SessionLike) : undefined
  },
  async disconnect() {
    await (await loadUniversalProvider()).disconnect()
  },
  provider: (namespace) => providers.get(namespace),
}

let loading: Promise<Provider> | undefined

/**
 * The universal provider, created once with the relay, project and metadata from the options.
 *
 * @example
 * ```ts
 * const provider = await loadUniversalProvider()
 * ```
 */
export function loadUniversalProvider(): Promise<Provider> {
  loading ??= createProvider().catch((error) => {
    loading = undefined
    throw error
  })
  return loading
}

async function createProvider(): Promise<Provider> {
  const options = core.options()
  if (!options) throw new Error('Please call createAppKit before using the open hook')
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.endpoints.relay,
    metadata: options.metadata ?? {
      name: typeof document === 'undefined' ? 'SigKit dapp' : document.title || location.host,
      description: '',
      url: typeof location === 'undefined' ? 'https://localhost' : location.origin,
      icons: [],
    },
    // A self-hosted relay (the sandbox) has no hosted telemetry behind it.
    telemetryEnabled: options.endpoints.relay === DEFAULT_ENDPOINTS.relay,
  } as Parameters<typeof UniversalProvider.init>[0]).catch((error: unknown) => {
    forgetGlobalCore()
    throw error
  })
  useVerifyEndpoint(provider, options.endpoints.verify)
  // The relay refusing the project or the page (SPEC §8: alerts mapped from provider errors).
  const relayer = (provider as { client?: { core?: { relayer?: Pick<Provider, 'on'> } } }).client?.core?.relayer
  relayer?.on('relayer_error', (error: unknown) => {
    const alert = alertForProviderError(error)
    if (alert) core.alert(alert === 'appConfiguration' ? core.alerts.INVALID_APP_CONFIGURATION : alert)
  })
  provider.on('display_uri', (uri: string) => showCode(uri))
  provider.on('session_delete', () => emitter.emit({ type: 'disconnect' }))
  provider.on('session_update', ({ params }: { params: { namespaces: SessionLike['namespaces'] } }) => {
    if (provider.session)
      emitter.emit({
        type: 'change',
        result: resultOf({ ...(provider.session as unknown as SessionLike), namespaces: params.namespaces }),
      })
  })
  provider.on('session_event', (payload: { params: { event: { name: string; data: unknown }; chainId: string } }) =>
    onSessionEvent(payload.params.event, payload.params.chainId),
  )
  for (const namespace of CHAIN_NAMESPACES) providers.set(namespace, namespaceProvider(provider, namespace))
  core.list([walletConnectConnector])
  return provider
}

/** Session methods the universal provider answers itself, without the wallet's person. */
const ANSWERED_WITHOUT_PROMPT = new Set(['eth_accounts', 'eth_requestAccounts', 'eth_chainId'])

/**
 * One namespace's view of the session, a provider that namespace's adapter uses like any wallet's:
 * requests go to the namespace's current network.
 */
function namespaceProvider(provider: Provider, namespace: ChainNamespace): EIP1193Provider {
  return {
    request: async (args, chain) => {
      const methods = (provider.session?.namespaces[namespace] as { methods?: string[] } | undefined)?.methods
      const local = localPermissionResult(namespace, args.method, methods)
      if (local) return local.result
      // A method the wallet did not approve is "unsupported" (4200), as an injected wallet says it,
      // so adapters can fall back (e.g. sign, then send themselves). Not for eip155: the provider
      // answers eth_chainId, eth_accounts and approved-chain switches itself, unlisted.
      if (namespace !== 'eip155' && methods && !methods.includes(args.method)) {
        throw Object.assign(new Error(`The wallet does not support ${args.method}`), {
          code: WALLET_ERROR_CODES.unsupportedMethod,
        })
      }
      const chainId = core.network(namespace)?.id
      const request = provider.request(
        args as { method: string; params?: unknown[] },
        chain ?? (chainId === undefined ? undefined : `${namespace}:${chainId}`),
      )
      // Only what the wallet's person answers waits for them; the rest is answered at once: by the
      // provider itself, or by the network's RPC, within a deadline (see withRpcDeadline).
      if (ANSWERED_WITHOUT_PROMPT.has(args.method)) return request
      if (!methods?.includes(args.method)) return withRpcDeadline(request, args.method)
      const name = sessionWallet((provider.session ?? {}) as SessionLike, 'Your wallet').name
      return awaitConfirmation(request, () => core.toast(confirmationReminder(name)))
    },
    on: (event, listener) => provider.on(event, listener),
    removeListener: (event, listener) => provider.removeListener(event, listener),
  }
}

/** The pairing waiting for a wallet: the session it resolves with once a wallet approves. */
let pairing: Promise<SessionLike | undefined> | undefined
/** Whether a connection (not only a prepared pairing) is waiting on it. */
let connecting = false

/** Asks the provider for a session: a new pairing URI (display_uri), then the wallet's answer. */
function startPairing(): Promise<SessionLike | undefined> {
  const current = (async () => {
    const provider = await loadUniversalProvider()
    const networks = core.requestedNetworks()
    const namespaces = buildNamespaces(networks, (network) => network.rpcUrls.default.http[0])
    const siwx = core.options()?.siwx
    return canAuthenticate(networks, siwx)
      ? await authenticateSession(provider, siwx, networks, namespaces, core.network('eip155'))
      : ((await provider.connect({ optionalNamespaces: namespaces })) as unknown as SessionLike | undefined)
  })()
  pairing = current
  const forget = () => {
    if (pairing === current) pairing = undefined
  }
  current.then(forget, forget)
  return current
}

/**
 * Gets WalletConnect ready before the visitor picks it (desktop, in idle time once Connect has
 * painted; the headless `prefetchWalletConnectUri`): the provider loads and the pairing URI is
 * made, so the QR code paints at once on the click. Nothing shows as connecting until then; a
 * prepared pairing nobody uses simply expires. A pairing still waiting with an unexpired URI shows
 * that URI again (a headless dapp may have cleared it) rather than starting another.
 *
 * @returns a promise that settles once the URI shows (at once when connected or connecting).
 * @throws a {@link WalletConnectError} when WalletConnect did not start or the relay did not answer.
 * @example
 * ```ts
 * requestIdleCallback(() => void import('../walletconnect').then((wc) => wc.prepareWalletConnect()))
 * ```
 */
export function prepareWalletConnect(): Promise<void> {
  if (connecting || core.connectedNamespaces(WALLETCONNECT_ID).length > 0) return Promise.resolve()
  const reusable = reusablePairing()
  if (reusable) {
    if (code) showCode(code.uri)
    return untilCodeShown(reusable)
  }
  const outcome = startPairing()
  outcome.then(
    // Only a wallet that saw this URI can answer it: the visitor showed it after all.
    (session) => {
      if (!session || connecting) return
      showCode(undefined)
      emitter.emit({ type: 'connect', result: resultOf(session) })
      trackSuccess(undefined)
    },
    () => undefined,
  )
  return untilCodeShown(outcome).catch((thrown: unknown) => {
    // A pairing that never showed its code is not reused: the next attempt starts afresh.
    if (pairing === outcome) pairing = undefined
    throw toWalletConnectError(thrown, false)
  })
}

/** A pairing that can still be shown: its URI unexpired, or still being made. */
function reusablePairing(): Promise<SessionLike | undefined> | undefined {
  return pairing && (codeIsValid() || !code) ? pairing : undefined
}

/**
 * Connects through WalletConnect: shows the pairing URI (QR code or deep link) and waits for the
 * wallet. A pairing still waiting with an unexpired URI is reused rather than restarted, and so is
 * one {@link prepareWalletConnect} made ahead. With sign-in on and only EVM networks, the wallet is
 * asked to connect and sign in at once (one-click auth).
 *
 * @throws a {@link WalletConnectError}: WalletConnect did not start, the relay did not answer,
 * the wallet declined, or the code expired.
 */
async function connectWithPairing(wallet: WalletListing | undefined): Promise<ConnectionResult> {
  const prepared = reusablePairing()
  if (!prepared) showCode(undefined)
  connecting = true
  try {
    const session = await codeShownInTime(prepared ?? startPairing())
    if (!session) throw new Error('The wallet did not approve a session')
    showCode(undefined)
    trackSuccess(wallet)
    return resultOf(session)
  } catch (thrown) {
    const error = toWalletConnectError(thrown, code !== undefined)
    // A pairing that never showed its code is not reused: the next attempt starts afresh.
    if (error.reason === 'start' || error.reason === 'relay') pairing = undefined
    emitter.emit({ type: 'pairing', uri: code?.uri, expiresAt: code?.expiresAt, failed: true })
    core.track({
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { method: 'walletconnect', message: error.message },
    })
    throw error
  } finally {
    connecting = false
  }
}

function trackSuccess(wallet: WalletListing | undefined): void {
  core.track({
    type: 'track',
    event: 'CONNECT_SUCCESS',
    properties: { method: isMobile() ? 'mobile' : 'qrcode', name: wallet?.name ?? 'WalletConnect' },
  })
}

/**
 * The pairing's outcome, or a `relay` failure when its code has not appeared within
 * {@link WALLETCONNECT_START_TIMEOUT_MS} (the provider keeps waiting on an unreachable relay).
 */
function codeShownInTime<T>(outcome: Promise<T>): Promise<T> {
  return untilCodeShown(outcome).then(() => outcome)
}

/**
 * Settles once the pairing's code shows (or its outcome comes first); rejects with the outcome's
 * failure, or a `relay` failure when no code has appeared within {@link WALLETCONNECT_START_TIMEOUT_MS}.
 */
function untilCodeShown(outcome: Promise<unknown>): Promise<void> {
  if (code) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    const timer = clock.setTimeout(() => {
      stopWatching()
      const relay = core.options()?.endpoints.relay ?? 'the relay'
      reject(new WalletConnectError('relay', `No answer from ${relay}`))
    }, WALLETCONNECT_START_TIMEOUT_MS)
    const done = () => {
      clock.clearTimeout(timer)
      stopWatching()
    }
    // The code shows through the emitter; the first one stops the clock.
    const stopWatching = emitter.subscribe((event) => {
      if (event.type === 'pairing' && event.uri) {
        done()
        resolve()
      }
    })
    outcome.then(
      () => (done(), resolve()),
      (error: unknown) => (done(), reject(error)),
    )
  })
}

/** Every namespace of the session as a connection, with the wallet as the session names it. */
function resultOf(session: SessionLike): ConnectionResult {
  const approved = approvedNetworksByNamespace(session)
  const connections = [...accountsByNamespace(session)].map(([namespace, { accounts, chainId }]) => ({
    namespace,
    accounts: accounts.map((address) => ({ address, type: 'eoa' as const })),
    chainId,
    approvedCaipNetworkIds: approved.get(namespace) ?? [],
  }))
  return {
    connections,
    wallet: sessionWallet(session),
  }
}

function onSessionEvent(event: { name: string; data: unknown }, chainId: string): void {
  const namespace = chainId?.split(':')[0] as ChainNamespace
  if (!CHAIN_NAMESPACES.includes(namespace)) return
  if (event.name === 'chainChanged') {
    const id = String(event.data).replace(/^0x[0-9a-f]+$/i, (hex) => String(parseInt(hex, 16)))
    emitter.emit({ type: 'chainChanged', namespace, chainId: id.includes(':') ? (id.split(':')[1] ?? id) : id })
  } else if (event.name === 'accountsChanged' && Array.isArray(event.data)) {
    const accounts = event.data
      .filter((item): item is string => typeof item === 'string')
      .map((item) => ({ address: item.split(':').at(-1) as string, type: 'eoa' as const }))
    if (accounts.length === 0) emitter.emit({ type: 'disconnect', namespaces: [namespace] })
    else emitter.emit({ type: 'accountsChanged', namespace, accounts })
  }
}
