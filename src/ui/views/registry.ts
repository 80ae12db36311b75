import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ViewName } from '../../core/types'

/** A view as data: its header title and how to load its chunk. @internal */
export interface ViewEntry {
  title: string
  load: () => Promise<{ default: ComponentType }>
}

/**
 * Every view is its own lazy chunk so the modal pays only for the views a visitor opens. Later
 * features register their views here, still behind `import()`.
 * @internal
 */
export const views: Partial<Record<ViewName, ViewEntry>> = {
  Connect: { title: 'Connect Wallet', load: () => import('./Connect') },
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
