import { effect } from '@preact/signals-core'
import { validateOptions, type AppKitOptions, type EvmChain, type IgnoredAppKitOptions } from './core/config/options'
import {
  getAppKitOrThrow,
  initCore,
  setAppKitInstance,
  setThemeMode,
  setThemeVariables,
  themeState,
  registerAdapter,
  registerConnector,
  registerInstalledWallets,
} from './core/config/appkit-state'
import {
  closeModal,
  modalState,
  onFirstOpen,
  openModal,
  preloadModal,
  setEmbedded,
  setModalRenderer,
  type OpenModalOptions,
} from './core/modal/modal'
import { activeAddress, activeNamespace, getAccountState, isConnected } from './core/state/account'
import { activeCaipNetwork, selectedNetworkId } from './core/state/network'
import { eventsState, subscribeEvents } from './core/analytics'
import { getConnectedConnectorIds, STORAGE_KEYS } from './core/lib/storage'
import type { WalletConnection } from './core/wallet/connections'
import { onCoreEvent } from './core/lifecycle'
import type {
  CaipNetwork,
  CaipNetworkId,
  ChainNamespace,
  Connection,
  EIP1193Provider,
  ThemeMode,
  ThemeVariables,
  ThemeVariablesInput,
} from './core/types'
import { startNavigation } from './ui/navigation'
import { getLogs } from './lib/logger'
import type { FetchWalletsOptions, WalletConnectUriSnapshot, WalletItem, WalletListSnapshot } from './headless/types'
import { loadChosenLocale, requestLocale, setLocale } from './i18n/locales'
import { localeState } from './i18n/translate'

/** What `useAppKitState` and `AppKit.getState()` report. */
export interface AppKitState {
  open: boolean
  loading: boolean
  selectedNetworkId: CaipNetworkId | undefined
  activeChain: ChainNamespace | undefined
}

/** The handle `createAppKit` returns: open and close the modal, read and follow its state and theme. */
export interface AppKit {
  /** Opens the modal, at `options.view` or at Connect (Account when connected). */
  open(options?: OpenModalOptions): Promise<void>
  /** Closes the modal; returns false when a close guard (e.g. required sign-in) keeps it open. */
  close(): boolean
  getState(): AppKitState
  /** Calls `listener` now and on every change; returns the unsubscribe function. */
  subscribeState(listener: (state: AppKitState) => void): () => void
  getThemeMode(): ThemeMode
  setThemeMode(mode: ThemeMode): void
  getThemeVariables(): ThemeVariables
  setThemeVariables(variables: ThemeVariablesInput): void
  getIsConnectedState(): boolean
  /** The connected address in `namespace`, or in the active namespace. */
  getAddress(namespace?: ChainNamespace): string | undefined
  getCaipNetwork(): CaipNetwork | undefined
  getEvent(): typeof eventsState.last.value
  subscribeEvents: typeof subscribeEvents
  /** Switches to one of the dapp's networks (the wallet is asked when connected). */
  switchNetwork(network: CaipNetwork): Promise<void>
  /** Disconnects `namespace`, or every connected namespace. */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /**
   * SigKit's log for a support report, oldest line first: the last ~1 MB of entries at level info
   * and above (debug too with the `debug` option), each `time LEVEL message detail`.
   */
  getLogs(): string[]
  /**
   * Adds a network to `namespace`, which must be one the `networks` option set up (else it rejects
   * with 'Adapter not found'); a network already there is ignored. A malformed network rejects
   * with `AppKitOptionsError`, as `createAppKit` throws.
   */
  addNetwork(namespace: ChainNamespace, network: CaipNetwork | EvmChain): Promise<void>

  // Headless (AppKit's names): a connect screen of the dapp's own, without the modal's code.

  /**
   * Loads the wallet API's list for the dapp's networks: up to `page`, or the wallets matching
   * `search` (then `wcWallets` holds the results). Rejects with a TypeError for malformed options,
   * or with the wallet API's error.
   * @example
   * ```ts
   * await appKit.fetchWallets({ page: 2 })
   * await appKit.fetchWallets({ search: 'rain' })
   * ```
   */
  fetchWallets(options?: FetchWalletsOptions): Promise<void>
  /** The wallet list now: `wallets` (installed first, then recent and the top ones), `wcWallets`, `page`, `count`. */
  getWalletList(): WalletListSnapshot
  /** Calls `listener` with the wallet list now and on every change; returns the unsubscribe function. */
  subscribeWalletList(listener: (list: WalletListSnapshot) => void): () => void
  /** The WalletConnect pairing URI now (`wcUri`, `wcError`, `wcFetchingUri`, `wcPairingExpiry`). */
  getWalletConnectUri(): WalletConnectUriSnapshot
  /** Calls `listener` with the URI state now and on every change; returns the unsubscribe function. */
  subscribeWalletConnectUri(listener: (uri: WalletConnectUriSnapshot) => void): () => void
  /**
   * Makes the WalletConnect URI ahead and resolves once it is ready: for a QR code, and so that a
   * tap on a phone opens a wallet's deep link inside the gesture. A wallet that scans it connects.
   */
  prefetchWalletConnectUri(): Promise<void>
  /**
   * Connects a wallet of the list: an installed one through its extension, any other through
   * WalletConnect (its URI in `getWalletConnectUri()`; on a phone the wallet's deep link, opened
   * in this call when `prefetchWalletConnectUri` made the URI before). Resolves once connected.
   * @example
   * ```ts
   * await appKit.connectWallet(appKit.getWalletList().wallets[0])
   * ```
   */
  connectWallet(wallet: WalletItem, namespace?: ChainNamespace): Promise<void>
  /** Clears the WalletConnect URI (a QR code closed). */
  resetWalletConnectUri(): void
  /** Clears the wallet `connectWallet` is connecting. */
  resetConnectingWallet(): void

  // Several wallets at once (AppKit's multi-wallet); `namespace` defaults to the active one. The
  // lists resolve (AppKit returns them at once): their code loads when first asked for.
  /** The wallets connected now in a namespace, the active one first. */
  getConnections(namespace?: ChainNamespace): Promise<WalletConnection[]>
  /** Wallets connected before and disconnected, that can be connected again. */
  getRecentConnections(namespace?: ChainNamespace): Promise<WalletConnection[]>
  /**
   * Calls `listener` with the connections and the recent ones now and on every change (connected,
   * switched, disconnected); returns the unsubscribe function. SigKit's, beside AppKit's getters.
   * @example
   * ```ts
   * const stop = appKit.subscribeConnections(({ connections }) => render(connections))
   * ```
   */
  subscribeConnections(
    listener: (lists: { connections: WalletConnection[]; recentConnections: WalletConnection[] }) => void,
    namespace?: ChainNamespace,
  ): () => void
  /** Makes a connection the active one without asking its wallet (a recent one connects again). */
  switchConnection(parameters: {
    connection: Pick<Connection, 'connectorId'>
    address?: string
    namespace?: ChainNamespace
  }): Promise<void>
  /** Disconnects a live connection (the others stay), or forgets `address` of a recent one. */
  deleteConnection(parameters: { connectorId: string; address?: string; namespace?: ChainNamespace }): Promise<void>
  /**
   * The dapp's provider in `namespace` (EIP-1193 on eip155), what `useAppKitProvider` gives: the
   * active connection's wallet, so ask again after `switchConnection`. Undefined when not
   * connected. It resolves (AppKit returns it at once): its code loads when first asked for.
   * @example
   * ```ts
   * const provider = await appKit.getProvider('eip155')
   * const signature = await provider?.request({ method: 'personal_sign', params: [message, address] })
   * ```
   */
  getProvider(namespace?: ChainNamespace): Promise<EIP1193Provider | undefined>

  /** The locale the modal shows (`'en'` until the first open chooses one). */
  getLocale(): string
  /**
   * Shows the modal and the button in another language (a BCP 47 tag, matched to the closest
   * shipped locale), without closing the modal; resolves once its texts are in. A malformed tag
   * throws a RangeError.
   */
  setLocale(locale: string): Promise<void>
}

type Headless = typeof import('./headless')

/** The headless controller, once the first headless call has loaded it. */
let headless: Headless | undefined

/**
 * Loads the headless controller (src/headless: no UI in it) and starts its wallet discovery.
 * @internal
 */
export function loadHeadless(): Promise<Headless> {
  return import('./headless').then((loaded) => (loaded.startHeadless(), (headless = loaded)))
}

/**
 * The headless controller if loaded (a phone's tap must reach it without an await).
 * @internal
 */
export function loadedHeadless(): Headless | undefined {
  return headless
}

/** Subscribes once `load` has brought the code that keeps the subject; the stop works before that. */
function subscribeLoaded<Loaded>(load: () => Promise<Loaded>, subscribe: (loaded: Loaded) => () => void): () => void {
  let stop: (() => void) | undefined
  let stopped = false
  void load().then((loaded) => {
    if (!stopped) stop = subscribe(loaded)
  })
  return () => {
    stopped = true
    stop?.()
  }
}

/** The last createAppKit's subscription to failed identity lookups (one per page). */
let stopNameFallback: (() => void) | undefined

function followOtherTabs(event: StorageEvent): void {
  if (event.key === STORAGE_KEYS.connectedConnectorIds)
    void import('./core/wallet/tab-sync').then((sync) => sync.followStoredConnections())
}

/** @internal */
export type DefineButton = () => void | Promise<void>

/**
 * The `createAppKit` of one entry: `sigkit` defines `<appkit-button>` lazily; `sigkit/react`
 * (whose `<AppKitButton/>` brings the button's code anyway) and the CDN entry define it at once, so
 * the button paints with the page.
 * @internal
 */
export function createAppKitWith(
  defineButton: DefineButton,
): (options: AppKitOptions & IgnoredAppKitOptions) => AppKit {
  return function createAppKit(options) {
    const resolved = validateOptions(options)
    initCore(resolved)
    requestLocale(resolved.locale)
    localeState.overrides.value = resolved.messages
    // Where the modal goes when core reports a connection, a network or a connector's screen.
    startNavigation()
    // The first open needs the shell, its first view, wallet discovery and the remote config (with
    // its HTTP client): asked for together, so the click waits for one round of requests, not a chain.
    // Once they are in (page idle, the button hovered, an earlier open), `show` mounts the modal in
    // the click's own task: no import() left to resolve, so the dialog paints in the next frame.
    let show: (() => Promise<void> | void) | undefined
    const loadModal = () =>
      Promise.all([
        import('./ui/modal/mount'),
        isConnected.peek() ? import('./ui/views/Account') : import('./ui/views/Connect'),
        import('./connectors/injected'),
        import('./ui/views/Connect/wallet-entries'),
        import('./core/config/remote-config'),
        // The locale's catalogue (none for English) in the same round as the rest.
        loadChosenLocale(),
      ]).then(([ui, , injected, entries]) =>
        ui.prepareModal().then(() => {
          // Opening asks the installed wallets to announce themselves before the first render, so
          // the Connect view paints with its wallet rows instead of a frame before them.
          show = () => (injected.startInjectedDiscovery(), entries.listWalletEntries(), ui.mountModal())
        }),
      )
    // Preloaded ahead of a click, the modal also lays its type out and (React build) rehearses its
    // render once (src/ui/modal/warm-up.ts); not when the click itself loads the modal, whose render
    // does both anyway.
    setModalRenderer(
      () => (show ? show() : loadModal().then(() => show!())),
      () => loadModal().then<unknown>(() => modalState.open.value || import('./ui/modal/warm-up')),
    )
    if (resolved.preloadOnIdle && !resolved.enableEmbedded) globalThis.requestIdleCallback?.(preloadModal)
    // The project's remote config is fetched on first open, never at import or here.
    onFirstOpen(() => import('./core/config/remote-config').then((remote) => remote.loadRemoteConfig()))
    // viem and @solana/kit arrive only when a connection starts or a stored session is restored.
    registerAdapter('eip155', () => import('./chains/eip155'))
    registerAdapter('solana', () => import('./chains/solana'))
    // Connectors a stored session may need: the lazy ones by id, installed wallets by discovery.
    registerConnector('walletConnect', () =>
      import('./connectors/walletconnect').then((wc) => wc.walletConnectConnector),
    )
    registerConnector('auth', () => import('./connectors/embedded').then((embedded) => embedded.embeddedConnector))
    registerInstalledWallets(() =>
      import('./connectors/injected').then((injected) => injected.startInjectedDiscovery()),
    )
    const stored = typeof window === 'undefined' ? {} : getConnectedConnectorIds()
    if (Object.keys(stored).length) void import('./core/wallet/connect').then((connection) => connection.reconnect())
    // Another tab of the dapp connected (it stored its connector): this one follows without a prompt.
    globalThis.addEventListener?.('storage', followOtherTabs)
    // SPEC §8: a failed identity lookup has the name looked up another way, by the names feature.
    stopNameFallback?.()
    stopNameFallback = onCoreEvent('identityUnavailable', (event) =>
      import('./features/names/store').then((names) => names.nameWithoutIdentity(event)),
    )
    // Sign-in reacts from the first connection (or the restore above), so it loads with the page.
    if (resolved.siwx) void import('./features/siwx/sign-in').then((signIn) => signIn.startSignIn())
    if (typeof customElements !== 'undefined') {
      void defineButton()
      // Inline in the page (AppKit's enableEmbedded): the modal is shown from the start.
      if (resolved.enableEmbedded) void setEmbedded(true)
    }
    const appKit = createHandle()
    setAppKitInstance(appKit)
    return appKit
  }
}

/**
 * The instance made by the last `createAppKit` call.
 * @internal
 */
export function getAppKit(): AppKit {
  return getAppKitOrThrow<AppKit>()
}

/**
 * The state `getState()` and `useAppKitState` report, read from the signals.
 * @internal
 */
export function readAppKitState(): AppKitState {
  return {
    open: modalState.open.value,
    loading: modalState.loading.value,
    selectedNetworkId: selectedNetworkId.value,
    activeChain: activeNamespace.value,
  }
}

function createHandle(): AppKit {
  return {
    open: (options) => openModal(options),
    close: () => closeModal(),
    getState: readAppKitState,
    subscribeState: (listener) => effect(() => listener(readAppKitState())),
    getThemeMode: () => themeState.mode.value,
    setThemeMode,
    getThemeVariables: () => themeState.variables.value,
    setThemeVariables,
    getIsConnectedState: () => isConnected.value,
    getAddress: (namespace) => (namespace ? getAccountState(namespace).address.value : activeAddress.value),
    getCaipNetwork: () => activeCaipNetwork.value,
    getEvent: () => eventsState.last.value,
    subscribeEvents,
    switchNetwork: (network) =>
      import('./core/wallet/switch-network').then((switching) => switching.switchNetwork(network)),
    disconnect: (namespace) => import('./core/wallet/connect').then((connection) => connection.disconnect(namespace)),
    getLogs,
    addNetwork: (namespace, network) =>
      import('./core/config/add-network').then((adding) => void adding.addNetwork(namespace, network)),
    fetchWallets: (options) => loadHeadless().then((loaded) => loaded.fetchWallets(options)),
    getWalletList: () => headless?.getWalletList() ?? { wallets: [], wcWallets: [], page: 0, count: 0 },
    subscribeWalletList: (listener) => subscribeLoaded(loadHeadless, (loaded) => loaded.subscribeWalletList(listener)),
    getWalletConnectUri: () =>
      headless?.getWalletConnectUri() ?? {
        wcUri: undefined,
        wcError: false,
        wcFetchingUri: false,
        wcPairingExpiry: undefined,
      },
    subscribeWalletConnectUri: (listener) =>
      subscribeLoaded(loadHeadless, (loaded) => loaded.subscribeWalletConnectUri(listener)),
    prefetchWalletConnectUri: () => loadHeadless().then((loaded) => loaded.prefetchWalletConnectUri()),
    // Loaded already (the URI was prefetched), a phone's deep link opens in the caller's tap.
    connectWallet: (wallet, namespace) =>
      headless
        ? headless.connectWallet(wallet, namespace)
        : loadHeadless().then((loaded) => loaded.connectWallet(wallet, namespace)),
    resetWalletConnectUri: () => headless?.resetWalletConnectUri(),
    resetConnectingWallet: () => headless?.resetConnectingWallet(),
    getConnections: (namespace) =>
      import('./core/wallet/connections').then(
        (list) => list.connectionsData(namespace ?? activeNamespace.value!).connections,
      ),
    getRecentConnections: (namespace) =>
      import('./core/wallet/connections').then(
        (list) => list.connectionsData(namespace ?? activeNamespace.value!).recentConnections,
      ),
    subscribeConnections: (listener, namespace) =>
      subscribeLoaded(
        () => import('./core/wallet/connections'),
        (list) => effect(() => listener(list.connectionsData(namespace ?? activeNamespace.value!))),
      ),
    switchConnection: ({ connection, address, namespace }) =>
      import('./core/wallet/connect').then((connecting) =>
        connecting.switchConnection(namespace ?? activeNamespace.value!, connection.connectorId, address),
      ),
    deleteConnection: ({ connectorId, address, namespace }) =>
      import('./core/wallet/connect').then((connecting) =>
        connecting.disconnectConnection(namespace ?? activeNamespace.value!, connectorId, address),
      ),
    getProvider: (namespace) =>
      import('./core/wallet/connect').then(
        async (connecting) => (await connecting.getWalletProvider(namespace ?? activeNamespace.value!))?.provider,
      ),
    getLocale: () => localeState.tag.value,
    setLocale,
  }
}
