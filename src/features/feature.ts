/**
 * What a feature is, in one place: its views, and where it shows in the modal (an Account action, an
 * Account tab or section, a Connect section). Each feature folder describes itself in its
 * `feature.ts`; the list in `index.ts` is the only place that names them all. The view registry, the
 * view names, the Account view's feature row and tabs, the Connect sections and the build's feature
 * figures all follow from that list, so adding a feature touches its folder and one line there.
 *
 * A descriptor is data and loaders only: its code loads when the modal needs it.
 */
import type { ComponentType } from 'react'
import type { AccountTab, ChainNamespace, ConnectMethod, ResolvedFeatures, ViewName } from '../core/types'
import type { ChunkLoader } from '../ui/lazy-chunk'
import type titles from '../i18n/messages/en/titles'
import type account from '../i18n/messages/en/account'

/**
 * A view as data: its header title (a `titles` message key, or how to make it from the view's data:
 * a name) and its chunk.
 */
export interface ViewEntry {
  title: keyof typeof titles | ((data: Record<string, unknown> | undefined) => string | undefined)
  load: ChunkLoader<object>
}

/** The button a feature adds to the Account view's row of wallet actions. */
export interface AccountAction {
  /** The feature switch that shows it. */
  flag: keyof ResolvedFeatures
  /** The view it opens. */
  view: ViewName
  /** Its text, an `account` message key. */
  label: keyof typeof account
  /** A 16 px stroke icon, as one SVG path. */
  icon: string
  /** The namespaces it works on (all when absent). */
  namespaces?: readonly ChainNamespace[]
}

/** A tab a feature adds to the Account view. */
export interface AccountTabEntry {
  tab: Exclude<AccountTab, 'Tokens'>
  /** The feature switch that shows it. */
  flag: keyof ResolvedFeatures
  load: ChunkLoader<object>
}

/** A section a feature adds to the Account view, for the accounts it concerns. */
export interface AccountSection {
  /** Whether the account of `namespace` gets it (read inside a render: signals it reads subscribe). */
  shownFor(namespace: ChainNamespace): boolean
  load: ChunkLoader<{ namespace: ChainNamespace }>
}

/** A way to connect a feature adds to the Connect view. */
export interface ConnectSection {
  method: Exclude<ConnectMethod, 'wallet'>
  load: ChunkLoader<object>
}

/** A feature's description. */
export interface Feature {
  /** Its folder's name. */
  name: string
  /** Its views, by name. */
  views?: Readonly<Record<string, ViewEntry>>
  accountAction?: AccountAction
  accountTabs?: readonly AccountTabEntry[]
  accountSection?: AccountSection
  connectSection?: ConnectSection
}

/**
 * A feature's descriptor, typed.
 *
 * @example
 * ```ts
 * export const receive = defineFeature({ name: 'receive', views: { Receive: { title: 'receive', load: () => import('.') } } })
 * ```
 */
export function defineFeature<const Descriptor extends Feature>(descriptor: Descriptor): Descriptor {
  return descriptor
}

/** A feature's view names, as its `feature.ts` declares them into `FeatureViewNames`. */
export type ViewsOf<Views extends Readonly<Record<string, ViewEntry>>> = Record<keyof Views, true>
