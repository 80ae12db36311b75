import { lazy, type ComponentType } from 'react'
import { signal } from '@preact/signals-core'
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
 * The views the first open can show: Connect, or Account when connected. They are listed here, in
 * the modal shell. Every view is its own lazy chunk so the modal pays only for the views a visitor
 * opens.
 * @internal
 */
export const views: Partial<Record<ViewName, ViewEntry>> = {
  Connect: { title: 'Connect Wallet', load: () => import('./Connect') },
  Account: { title: 'Account', load: () => import('./Account') },
}

/**
 * Every other view is listed in `more-views.ts`, loaded on the first visit to one of them or once
 * the page is idle after the first open: each entry added to this file is first-open weight, and
 * the list keeps growing with features. With it start the views the listed wallets open.
 * @internal
 */
export const loadMoreViews = () =>
  import('./more-views').then((more) => {
    more.preloadWalletViews(loadView)
    return (moreViews.value = more.moreViews)
  })
const moreViews = signal<Partial<Record<ViewName, ViewEntry>> | undefined>(undefined)

/**
 * The header title of a view ('' for a later view until its entry has loaded).
 * @internal
 */
export function viewTitle(view: ViewName, data: Record<string, unknown> | undefined): string {
  const title = (views[view] ?? moreViews.value?.[view])?.title ?? ''
  return typeof title === 'string' ? title : title(data)
}

// A view's component: lazy until its chunk is known to be loaded, then the loaded one itself.
const components = new Map<ViewName, ComponentType>()

function loaderOf(view: ViewName): ViewEntry['load'] {
  return (
    views[view]?.load ??
    (() =>
      loadMoreViews().then((more) => {
        const later = more[view]
        if (!later) throw new Error(`View not registered: ${view}`)
        return later.load()
      }))
  )
}

/**
 * Loads a view's chunk ahead of rendering it, so it renders at once instead of suspending (React
 * holds a Suspense fallback for 300 ms before it shows what arrived).
 * @internal
 */
export function loadView(view: ViewName): Promise<void> {
  return loaderOf(view)().then((module) => void components.set(view, module.default))
}

/**
 * The component for a view: the loaded one when {@link loadView} ran, else a lazy component,
 * created once so React keeps its state between renders. A view nobody registered fails to load,
 * so the outlet shows its error.
 * @internal
 */
export function getView(view: ViewName): ComponentType {
  let component = components.get(view)
  if (!component) components.set(view, (component = lazy(loaderOf(view))))
  return component
}

/** Forgets a view whose chunk failed to load, so the next render imports it again. @internal */
export function forgetLazyView(view: ViewName): void {
  components.delete(view)
}
