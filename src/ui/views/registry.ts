import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
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
 * Every other view is listed in `more-views.ts`, itself loaded on the first visit to one of them:
 * each entry added to this file is first-open weight, and the list keeps growing with features.
 */
const loadMoreViews = () => import('./more-views').then((more) => (moreViews.value = more.moreViews))
const moreViews = signal<Partial<Record<ViewName, ViewEntry>> | undefined>(undefined)

/**
 * The header title of a view ('' for a later view until its entry has loaded).
 * @internal
 */
export function viewTitle(view: ViewName, data: Record<string, unknown> | undefined): string {
  const title = (views[view] ?? moreViews.value?.[view])?.title ?? ''
  return typeof title === 'string' ? title : title(data)
}

const lazyViews = new Map<ViewName, LazyExoticComponent<ComponentType>>()

/**
 * The lazy component for a view, created once so React keeps its state between renders. A view
 * nobody registered fails to load, so the outlet shows its error.
 * @internal
 */
export function getLazyView(view: ViewName): LazyExoticComponent<ComponentType> {
  let component = lazyViews.get(view)
  if (!component) {
    const entry = views[view]
    component = lazy(
      entry
        ? entry.load
        : () =>
            loadMoreViews().then((more) => {
              const later = more[view]
              if (!later) throw new Error(`View not registered: ${view}`)
              return later.load()
            }),
    )
    lazyViews.set(view, component)
  }
  return component
}

/** Forgets a view whose chunk failed to load, so the next render imports it again. @internal */
export function forgetLazyView(view: ViewName): void {
  lazyViews.delete(view)
}
