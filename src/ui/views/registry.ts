/**
 * The view registry: every view of the modal, the modal's own and each feature's (from the list of
 * features), with its header title and its chunk. Every view is its own lazy chunk, so the modal
 * pays only for the views a visitor opens.
 */
import { effect } from '@preact/signals-core'
import { findConnector, orderedConnectors } from '../../core/state/connectors'
import { findRequestedNetwork } from '../../core/state/network'
import type { CoreViewName, ViewName } from '../../core/types'
import { FEATURES } from '../../features'
import type { ViewEntry } from '../../features/feature'
import { lazyChunk, type LazyChunk } from '../lazy-chunk'
import { translator } from '../../i18n/translate'
import titles from '../../i18n/messages/en/titles'

const t = translator('titles', titles)

/** The modal's own views. */
const CORE_VIEWS: Record<CoreViewName, ViewEntry> = {
  Connect: { title: 'connect', load: () => import('./Connect') },
  Account: { title: 'account', load: () => import('./Account') },
  ConnectingExternal: {
    title: (data) => findConnector(String(data?.['connectorId']))?.name ?? t('connecting'),
    load: () => import('./ConnectingExternal'),
  },
  ConnectingWalletConnect: {
    title: (data) => (data?.['wallet'] as { name?: string } | undefined)?.name ?? 'WalletConnect',
    load: () => import('./ConnectingWalletConnect'),
  },
  ConnectingWalletConnectBasic: { title: () => 'WalletConnect', load: () => import('./ConnectingWalletConnectBasic') },
  SwitchNetwork: {
    // With a network to switch to, the view asks the wallet: its title is that network.
    title: (data) =>
      (typeof data?.['caipNetworkId'] === 'string' && findRequestedNetwork(data['caipNetworkId'])?.name) ||
      t('chooseNetwork'),
    load: () => import('./SwitchNetwork'),
  },
  AllWallets: { title: 'allWallets', load: () => import('./AllWallets') },
  UnsupportedChain: { title: 'switchNetwork', load: () => import('./UnsupportedChain') },
  SwitchActiveChain: { title: 'switchChain', load: () => import('./SwitchActiveChain') },
}

/** Every view: the modal's, then each feature's. @internal */
export const views: Partial<Record<ViewName, ViewEntry>> = Object.assign(
  { ...CORE_VIEWS },
  ...FEATURES.map((feature) => feature.views ?? {}),
)

const chunks = new Map<ViewName, LazyChunk<object>>()

function chunkOf(view: ViewName): LazyChunk<object> {
  let chunk = chunks.get(view)
  if (!chunk) {
    const entry = views[view]
    chunk = lazyChunk(entry ? entry.load : () => Promise.reject(new Error(`View not registered: ${view}`)))
    chunks.set(view, chunk)
  }
  return chunk
}

/**
 * The header title of a view.
 * @internal
 */
export function viewTitle(view: ViewName, data: Record<string, unknown> | undefined): string {
  const title = views[view]?.title
  return (typeof title === 'string' ? t(title) : title?.(data)) ?? ''
}

/**
 * Loads a view's chunk ahead of rendering it, so it renders at once instead of suspending.
 * @internal
 */
export function loadView(view: ViewName): Promise<void> {
  return chunkOf(view).preload()
}

/**
 * A view's chunk, for the view outlet to render.
 * @internal
 */
export function viewChunk(view: ViewName): LazyChunk<object> {
  return chunkOf(view)
}

// The views asked for ahead; undefined until the preload starts (once).
let preloaded: Set<ViewName> | undefined

/**
 * Loads the views the listed wallets open (WalletConnect's QR code, an installed wallet's
 * connecting view) as they are listed, each once, so a pick renders at once: no chunk round trip
 * on the click and, in React, no Suspense fallback held for 300 ms. Started once the page is idle
 * after the first open.
 * @internal
 */
export function preloadWalletViews(): void {
  if (preloaded) return
  const requested = (preloaded = new Set())
  effect(() => {
    for (const connector of orderedConnectors.value) {
      const view = connector.view ?? 'ConnectingExternal'
      if (requested.has(view)) continue
      requested.add(view)
      void loadView(view).catch(() => {})
    }
  })
}
