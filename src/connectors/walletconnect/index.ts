/**
 * The WalletConnect connector, on @walletconnect/universal-provider. LAZY: this module (and the
 * provider, the largest dependency SigKit has) loads only when the visitor picks WalletConnect or
 * a wallet that needs it, or when a stored WalletConnect session is restored.
 *
 * One session can carry several namespaces (eip155, solana, bip122, polkadot, cosmos); each is put
 * into state as its own connection, and ending the session ends them all.
 */
// The named export: Node resolves the package to its CommonJS build, whose default is not the class.
import { UniversalProvider } from '@walletconnect/universal-provider'

type Provider = InstanceType<typeof UniversalProvider>
import { batch } from '@preact/signals-core'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { getResolvedOptions } from '../../core/config/appkit-state'
import { clock } from '../../core/lib/clock'
import {
  anyConnected,
  applyConnection,
  applyNetwork,
  clearNamespace,
  isRestoring,
  routeAfterConnect,
} from '../../core/wallet/connect'
import { modalState } from '../../core/modal/modal'
import { connectionState, setConnectionStatus } from '../../core/state/connection'
import { connectionSignals, hasValidPairing, setWcUri } from '../../core/state/pairing'
import { addConnectors, type ConnectorInfo } from '../../core/state/connectors'
import { CHAIN_NAMESPACES, DEFAULT_ENDPOINTS } from '../../core/constants'
import { sendEvent } from '../../core/analytics'
import {
  createUnknownNetwork,
  findRequestedNetwork,
  getNetworkState,
  requestedNetworks,
} from '../../core/state/network'
import { isMobile } from '../../core/state/connectors'
import { getConnectedConnectorIds } from '../../core/lib/storage'
import { addRecentWallet, storeDeepLink } from '../../core/state/wallet-storage'
import { WALLET_ERROR_CODES } from '../../core/lib/wallet-errors'
import type { CaipNetworkId, ChainNamespace, EIP1193Provider, WalletListing } from '../../core/types'
import { authenticateSession, canAuthenticate } from './auth'
import { buildNamespaces } from './namespaces'
import { accountsByNamespace, pairingExpiry, type SessionLike } from './session'
import { forgetGlobalCore, useVerifyEndpoint } from './core-settings'
import { WALLETCONNECT_START_TIMEOUT_MS, WalletConnectError, toWalletConnectError } from './failure'

/** The connector's id, as stored and as listed. */
export const WALLETCONNECT_ID = 'walletConnect'

const CONNECTOR: ConnectorInfo = {
  id: WALLETCONNECT_ID,
  name: 'WalletConnect',
  type: 'walletConnect',
  chains: CHAIN_NAMESPACES,
  // Picking the entry shows the QR code: the provider may be loaded (and replace the listed entry)
  // before the visitor picks it, when the pairing is prepared ahead.
  view: 'ConnectingWalletConnect',
}

let loading: Promise<Provider> | undefined
let connecting: Promise<void> | undefined

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
  const options = getResolvedOptions()
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
  provider.on('display_uri', (uri: string) => setWcUri(uri, pairingExpiry(uri, clock.now())))
  provider.on('session_delete', () => endSession())
  provider.on('session_update', ({ params }: { params: { namespaces: SessionLike['namespaces'] } }) => {
    if (provider.session)
      applySession({ ...(provider.session as unknown as SessionLike), namespaces: params.namespaces })
  })
  provider.on('session_event', (payload: { params: { event: { name: string; data: unknown }; chainId: string } }) =>
    onSessionEvent(payload.params.event, payload.params.chainId),
  )
  const providers = Object.fromEntries(
    CHAIN_NAMESPACES.map((namespace) => [namespace, namespaceProvider(provider, namespace)]),
  )
  addConnectors([{ ...CONNECTOR, providers, disconnect: () => provider.disconnect() }])
  return provider
}

/**
 * One namespace's view of the session, a provider that namespace's adapter uses like any wallet's:
 * requests go to the namespace's current network.
 */
function namespaceProvider(provider: Provider, namespace: ChainNamespace): EIP1193Provider {
  return {
    request: async (args, chain) => {
      // A method the wallet did not approve is "unsupported" (4200), as an injected wallet says it,
      // so adapters can fall back (e.g. sign, then send themselves). Not for eip155: the provider
      // answers eth_chainId, eth_accounts and approved-chain switches itself, unlisted.
      const methods = (provider.session?.namespaces[namespace] as { methods?: string[] } | undefined)?.methods
      if (namespace !== 'eip155' && methods && !methods.includes(args.method)) {
        throw Object.assign(new Error(`The wallet does not support ${args.method}`), {
          code: WALLET_ERROR_CODES.unsupportedMethod,
        })
      }
      const chainId = getNetworkState(namespace).caipNetwork.peek()?.id
      return provider.request(
        args as { method: string; params?: unknown[] },
        chain ?? (chainId === undefined ? undefined : `${namespace}:${chainId}`),
      )
    },
    on: (event, listener) => provider.on(event, listener),
    removeListener: (event, listener) => provider.removeListener(event, listener),
  }
}

/** The pairing waiting for a wallet: the session it resolves with once a wallet approves. */
let pairing: Promise<SessionLike | undefined> | undefined

/** Asks the provider for a session: a new pairing URI (display_uri), then the wallet's answer. */
function startPairing(): Promise<SessionLike | undefined> {
  const current = (async () => {
    const provider = await loadUniversalProvider()
    const networks = requestedNetworks.peek()
    const namespaces = buildNamespaces(networks, (network) => network.rpcUrls.default.http[0])
    const siwx = getResolvedOptions()?.siwx
    return canAuthenticate(networks, siwx)
      ? await authenticateSession(provider, siwx, networks, namespaces, getNetworkState('eip155').caipNetwork.peek())
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
 * painted): the provider loads and the pairing URI is made, so the QR code paints at once on the
 * click. Nothing shows as connecting until then; a prepared pairing nobody uses simply expires.
 *
 * @example
 * ```ts
 * requestIdleCallback(() => void import('../walletconnect').then((wc) => wc.prepareWalletConnect()))
 * ```
 */
export function prepareWalletConnect(): void {
  if (pairing || connecting || Object.values(getConnectedConnectorIds()).includes(WALLETCONNECT_ID)) return
  startPairing().then(
    // Only a wallet that saw this URI can answer it: the visitor showed it after all.
    (session) => {
      if (session && !connecting) {
        applySession(session)
        finalize(undefined)
      }
    },
    () => undefined,
  )
}

/** A pairing that can still be shown: its URI unexpired, or still being made. */
function reusablePairing(): Promise<SessionLike | undefined> | undefined {
  return pairing && (hasValidPairing() || !connectionState.wcUri.peek()) ? pairing : undefined
}

/**
 * Connects through WalletConnect: shows the pairing URI (QR code or deep link) and waits for the
 * wallet. A connection already waiting on an unexpired pairing is reused rather than restarted, and
 * so is a pairing {@link prepareWalletConnect} made ahead. On success every namespace of the
 * session is connected, the deep link and recent wallet are stored, CONNECT_SUCCESS is sent
 * (method `mobile` or `qrcode`) and the modal closes. With sign-in on and only EVM networks, the
 * wallet is asked to connect and sign in at once (one-click auth).
 *
 * @throws the wallet's refusal or the pairing's expiry (also flagged in `connectionState.wcError`).
 * @example
 * ```ts
 * await connectWalletConnect(walletListing)
 * ```
 */
export function connectWalletConnect(wallet?: WalletListing): Promise<void> {
  if (wallet) connectionSignals.recentWallet.value = wallet
  if (connecting && hasValidPairing()) return connecting
  connecting = connect(wallet).finally(() => {
    connecting = undefined
  })
  return connecting
}

async function connect(wallet: WalletListing | undefined): Promise<void> {
  const prepared = reusablePairing()
  if (!prepared) {
    batch(() => {
      connectionSignals.wcError.value = false
      connectionSignals.wcUri.value = undefined
      connectionSignals.wcPairingExpiry.value = undefined
    })
  }
  setConnectionStatus('connecting')
  // A pairing no wallet has answered is no connection in progress once the modal is closed: the
  // button goes back to "Connect Wallet". The pairing is not cancelled (AppKit's close does not
  // cancel it either), so a wallet that approves it later still connects, and reopening the modal
  // reuses it while unexpired (SPEC §4). A session restore's `connecting` is left alone.
  const release = modalState.open.subscribe((open) => {
    if (!open && connectionState.status.peek() === 'connecting' && !isRestoring())
      setConnectionStatus(anyConnected() ? 'connected' : 'disconnected')
  })
  try {
    const session = await codeShownInTime(prepared ?? startPairing())
    if (!session) throw new Error('The wallet did not approve a session')
    applySession(session)
    finalize(wallet)
  } catch (thrown) {
    const error = toWalletConnectError(thrown, Boolean(connectionState.wcUri.peek()))
    // A pairing that never showed its code is not reused: the next attempt starts afresh.
    if (error.reason === 'start' || error.reason === 'relay') pairing = undefined
    connectionSignals.wcError.value = true
    setConnectionStatus(anyConnected() ? 'connected' : 'disconnected')
    sendEvent({
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { method: 'walletconnect', message: error.message },
    })
    throw error
  } finally {
    release()
  }
}

/**
 * The pairing's outcome, or a `relay` failure when its code has not appeared within
 * {@link WALLETCONNECT_START_TIMEOUT_MS} (the provider keeps waiting on an unreachable relay).
 */
function codeShownInTime<T>(outcome: Promise<T>): Promise<T> {
  if (connectionState.wcUri.peek()) return outcome
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => {
      stop()
      const relay = getResolvedOptions()?.endpoints.relay ?? 'the relay'
      reject(new WalletConnectError('relay', `No answer from ${relay}`))
    }, WALLETCONNECT_START_TIMEOUT_MS)
    // Called at once with the current value (none): stops at the first code shown.
    const stopWatching = connectionState.wcUri.subscribe((uri) => {
      if (uri) stop()
    })
    function stop() {
      clock.clearTimeout(timer)
      stopWatching()
    }
    outcome.then(resolve, reject).finally(stop)
  })
}

/** SPEC §4 "Finalizing": deep link and recent wallet stored, success event, pairing cleared. */
function finalize(wallet: WalletListing | undefined): void {
  const linking = connectionState.wcLinking.peek()
  if (linking) storeDeepLink(linking)
  if (wallet) addRecentWallet(wallet)
  batch(() => {
    connectionSignals.wcUri.value = undefined
    connectionSignals.wcPairingExpiry.value = undefined
  })
  sendEvent({
    type: 'track',
    event: 'CONNECT_SUCCESS',
    properties: { method: isMobile() ? 'mobile' : 'qrcode', name: wallet?.name ?? 'WalletConnect' },
  })
  routeAfterConnect(activeNamespace.peek() ?? 'eip155')
}

/** Puts every namespace of the session into state; namespaces the session no longer has end. */
function applySession(session: SessionLike): void {
  const metadata = session.peer?.metadata
  const info: ConnectorInfo = {
    ...CONNECTOR,
    name: metadata?.name || 'WalletConnect',
    ...(metadata?.icons?.[0] ? { imageUrl: metadata.icons[0] } : {}),
  }
  const accounts = accountsByNamespace(session)
  for (const [namespace, result] of accounts) applyConnection(namespace, info, result)
  for (const namespace of namespacesOfThisConnector()) if (!accounts.has(namespace)) clearNamespace(namespace)
}

function namespacesOfThisConnector(): ChainNamespace[] {
  const stored = getConnectedConnectorIds()
  return CHAIN_NAMESPACES.filter((namespace) => stored[namespace] === WALLETCONNECT_ID)
}

/** The wallet ended the session (or it expired): every namespace it carried is disconnected. */
function endSession(): void {
  for (const namespace of namespacesOfThisConnector()) clearNamespace(namespace)
}

function onSessionEvent(event: { name: string; data: unknown }, chainId: string): void {
  const namespace = chainId?.split(':')[0] as ChainNamespace
  if (!CHAIN_NAMESPACES.includes(namespace)) return
  if (event.name === 'chainChanged') {
    const id = String(event.data).replace(/^0x[0-9a-f]+$/i, (hex) => String(parseInt(hex, 16)))
    const caipNetworkId = (id.includes(':') ? id : `${namespace}:${id}`) as CaipNetworkId
    applyNetwork(namespace, findRequestedNetwork(caipNetworkId) ?? createUnknownNetwork(caipNetworkId))
  } else if (event.name === 'accountsChanged' && Array.isArray(event.data)) {
    const accounts = event.data
      .filter((item): item is string => typeof item === 'string')
      .map((item) => item.split(':').at(-1) as string)
    if (accounts.length === 0) return clearNamespace(namespace)
    const network = getNetworkState(namespace).caipNetwork.peek()
    applyConnection(
      namespace,
      { ...CONNECTOR, name: getAccountState(namespace).connectedWalletInfo.peek()?.name ?? 'WalletConnect' },
      {
        accounts,
        chainId: network?.id ?? chainId.split(':')[1] ?? '',
      },
    )
  }
}

/**
 * Restores a stored WalletConnect session without the wallet: every namespace it carries comes
 * back connected; with no session left, the stored namespaces are cleared.
 *
 * @returns whether a session was restored.
 * @example
 * ```ts
 * if (await restoreWalletConnect()) console.log('welcome back')
 * ```
 */
export async function restoreWalletConnect(): Promise<boolean> {
  const provider = await loadUniversalProvider()
  if (!provider.session) {
    endSession()
    return false
  }
  applySession(provider.session as unknown as SessionLike)
  return true
}
