/**
 * The one secure frame of the page: made on demand (an email login, or a restore when the login
 * flag is stored), initialised as the hosted frame expects (READY + 500 ms, SYNC_DAPP_DATA,
 * GET_SMART_ACCOUNT_ENABLED_NETWORKS), initialised again when its page reloads, and made again
 * after a failed start or a reload that never said READY. Timeouts are reported and open the error
 * alert.
 * @internal
 */
import { connectorContext as core, type AlertDefinition } from '../../core/connector'
import { SDK_TYPE, SDK_VERSION } from '../../core/constants'
import type { CaipNetwork } from '../../core/types'
import { emitter } from './emitter'
import { createFrameClient, type FrameClient, type FrameTimeoutError, type FrameTimeoutReason } from './client'
import { log } from '../../lib/logger'
import { FRAME_TEXTS, frameServes, noPayload, SECURE_SITE_VERSION, smartAccountNetworks } from './protocol'

/** The namespaces the embedded wallet serves (SPEC §1). @internal */
export const EMBEDDED_NAMESPACES = ['eip155', 'solana'] as const

/** The embedded wallet's alerts (EMBEDDED-FRAME.md §12; AppKit's APKT003-005). @internal */
export const EMBEDDED_ALERTS = {
  iframe_load_failed: {
    code: 'SK101',
    shortMessage: 'Network Error: Wallet Load Failed',
    longMessage: 'The embedded wallet frame did not load within 20 s. Check endpoints.secureSite and the network.',
  },
  iframe_request_timeout: {
    code: 'SK102',
    shortMessage: 'Wallet Request Timeout',
    longMessage: 'The embedded wallet frame did not answer within 30 s.',
  },
  unverified_domain: {
    code: 'SK103',
    shortMessage: 'Unverified Domain',
    longMessage:
      "The secure frame refused this page's origin: add it to the project's allowed origins in the dashboard.",
  },
} as const satisfies Record<FrameTimeoutReason | 'unverified_domain', AlertDefinition>

let client: FrameClient | undefined
let starting: Promise<FrameClient> | undefined
const reloadListeners = new Set<() => void>()

/**
 * Calls `listener` each time the frame's page reloaded and was initialised again (the connector
 * then brings its session back into the new page).
 * @internal
 */
export function onFrameReload(listener: () => void): void {
  reloadListeners.add(listener)
}

/**
 * The frame, created and initialised on first use; a failed start is forgotten, so the next call
 * makes a new frame.
 *
 * @throws the load failure, or 'Please call createAppKit before using the open hook'.
 * @example
 * ```ts
 * const frame = await getFrame()
 * ```
 */
export function getFrame(): Promise<FrameClient> {
  starting ??= start().catch((error) => {
    client?.destroy()
    client = undefined
    starting = undefined
    throw error
  })
  return starting
}

/** The frame if one was made (sign-out does not make one just to sign out). @internal */
export function currentFrame(): FrameClient | undefined {
  return client
}

/** The network the frame starts on: the active one when the frame serves it, else the first it does. */
function startNetwork(): CaipNetwork | undefined {
  const namespace = core.activeNamespace()
  const active = namespace && core.network(namespace)
  const served = (network: CaipNetwork | undefined) => network !== undefined && frameServes(network)
  return served(active) ? active : core.requestedNetworks().find(served)
}

async function start(): Promise<FrameClient> {
  const options = core.options()
  if (!options) throw new Error('Please call createAppKit before using the open hook')
  const site = options.endpoints.secureSite
  const network = startNetwork()
  // EMBEDDED-FRAME.md §1.2, in that order.
  const query = new URLSearchParams({
    projectId: options.projectId,
    chainId: network?.caipNetworkId ?? 'eip155:1',
    version: SECURE_SITE_VERSION,
    enableLogger: String(options.debug),
    rpcUrl: network?.rpcUrls.default.http[0] ?? options.endpoints.rpc,
  })
  const frame = createFrameClient({
    url: `${site}/sdk?${query}`,
    origin: new URL(site).origin,
    onTimeout: (reason, error) => onTimeout(frame, reason, error),
    onErrorReply,
    onReload: () => reloaded(frame),
    ...(testElement ? { element: testElement } : {}),
  })
  client = frame
  await frame.ready()
  await initialise(frame)
  return frame
}

/** What a new frame page is told and asked before it serves (EMBEDDED-FRAME.md §1.4). */
async function initialise(frame: FrameClient): Promise<void> {
  await syncDappData(frame)
  const smart = await frame
    .request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined, smartAccountNetworks)
    .catch(() => [] as number[])
  emitter.emit({ type: 'smartAccountNetworks', namespace: 'eip155', chainIds: smart })
}

/**
 * The frame's page reloaded (its requests were lost and rejected): the new page knows nothing of
 * this dapp, so it is initialised as a first one is, then the connector brings its session back.
 * Callers of getFrame wait for the initialisation meanwhile.
 */
function reloaded(frame: FrameClient): void {
  if (client !== frame) return
  const again = initialise(frame)
    .catch((error: unknown) => log('warn', 'the reloaded secure frame was not initialised', error))
    .then(() => frame)
  starting = again
  void again.then(() => {
    if (client !== frame) return
    for (const listener of reloadListeners) listener()
  })
}

/**
 * Tells the frame which dapp it serves (its approval screen shows the name).
 * @internal
 */
export function syncDappData(frame: FrameClient): Promise<void> {
  const options = core.options()
  if (!options) return Promise.resolve()
  const metadata = options.metadata ?? {
    name: document.title || location.host,
    description: '',
    url: location.origin,
    icons: [],
  }
  return frame.request(
    'SYNC_DAPP_DATA',
    { projectId: options.projectId, metadata, sdkType: SDK_TYPE, sdkVersion: `html-universal-${SDK_VERSION}` },
    noPayload,
  )
}

/** SPEC §8: the frame refusing the page's origin ('Unverified Domain') opens the error alert. */
function onErrorReply(message: string): void {
  if (message.startsWith(FRAME_TEXTS.unverifiedDomain)) core.alert(EMBEDDED_ALERTS.unverified_domain)
}

function onTimeout(frame: FrameClient, reason: FrameTimeoutReason, error: FrameTimeoutError): void {
  void core.reportError(error, reason)
  core.alert(EMBEDDED_ALERTS[reason])
  if (reason !== 'iframe_load_failed' || client !== frame) return
  // A frame whose page never said READY (at first, or after a reload) is gone: the next use makes
  // a new one. Removed once its requests have rejected with the load failure.
  client = undefined
  starting = undefined
  queueMicrotask(() => frame.destroy())
}

/**
 * Sends the modal's theme to the frame (before its approval screen shows).
 *
 * @example
 * ```ts
 * await syncTheme(frame)
 * ```
 */
export function syncTheme(frame: FrameClient): Promise<void> {
  const { mode, variables } = core.theme()
  const accent = variables['--sk-accent']
  return frame.request(
    'SYNC_THEME',
    {
      themeMode: mode,
      w3mThemeVariables: {
        '--w3m-accent': accent ?? (mode === 'light' ? 'hsla(231, 100%, 70%, 1)' : 'hsla(230, 100%, 67%, 1)'),
        '--w3m-background': mode === 'light' ? '#fff' : '#202020',
      },
    },
    noPayload,
  )
}

let testElement: HTMLIFrameElement | undefined

/** @internal Forgets the frame; the next one uses `element` instead of a new iframe (tests). */
export function resetFrame(element?: HTMLIFrameElement): void {
  client?.destroy()
  client = undefined
  starting = undefined
  testElement = element
}
