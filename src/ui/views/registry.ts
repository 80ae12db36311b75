import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { findConnector } from '../../core/connectors'
import type { ViewName } from '../../core/types'

/**
 * A view as data: its header title (or how to derive it from the view's data, e.g. the wallet's
 * name) and how to load its chunk.
 * @internal
 */
export interface ViewEntry {
  title: string | ((data: Record<string, unknown> | undefined) => string)
  load: () => Promise<{ default: ComponentType }>
}

/**
 * Every view is its own lazy chunk so the modal pays only for the views a visitor opens. Later
 * features register their views here, still behind `import()`.
 * @internal
 */
export const views: Partial<Record<ViewName, ViewEntry>> = {
  Connect: { title: 'Connect Wallet', load: () => import('./Connect') },
  ConnectingExternal: {
    title: (data) => findConnector(String(data?.['connectorId']))?.name ?? 'Connecting',
    load: () => import('./ConnectingExternal'),
  },
  Account: { title: 'Account', load: () => import('./Account') },
  SwitchNetwork: { title: 'Choose Network', load: () => import('./SwitchNetwork') },
  AllWallets: { title: 'All Wallets', load: () => import('./AllWallets') },
  UnsupportedChain: { title: 'Switch Network', load: () => import('./UnsupportedChain') },
  // An optional feature: its code lives with the feature and loads only when the view opens.
  Send: { title: 'Send', load: () => import('../../features/send') },
}

/**
 * The header title of a view.
 * @internal
 */
export function viewTitle(view: ViewName, data: Record<string, unknown> | undefined): string {
  const title = views[view]?.title ?? ''
  return typeof title === 'string' ? title : title(data)
}

const lazyViews = new Map<ViewName, LazyExoticComponent<ComponentType>>()

/**
 * The lazy component for a view, created once so React keeps its state between renders.
 * @internal
 */
export function getLazyView(view: ViewName): LazyExoticComponent<ComponentType> | undefined {
  const entry = views[view]
  if (!entry) return undefined
  let component = lazyViews.get(view)
  if (!component) {
    component = lazy(entry.load)
    lazyViews.set(view, component)
  }
  return component
}

/** Forgets a view whose chunk failed to load, so the next render imports it again. @internal */
export function forgetLazyView(view: ViewName): void {
  lazyViews.delete(view)
}
