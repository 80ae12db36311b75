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
import { loadMessages } from '../i18n/locales'
import type { MessageNamespace } from '../i18n/types'

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
  /**
   * The message namespace it alone shows (`src/i18n/messages/en/<namespace>.ts`). In another locale
   * its texts are a file of their own, loaded with the feature's code (build/locale-texts.mjs). A
   * feature with a Connect section (email, socials) leaves it out: the Connect view is the first
   * open, so its texts come in the first open's file, in the same round.
   */
  messages?: MessageNamespace
  /** Its views, by name. */
  views?: Readonly<Record<string, ViewEntry>>
  accountAction?: AccountAction
  accountTabs?: readonly AccountTabEntry[]
  accountSection?: AccountSection
  connectSection?: ConnectSection
}

/**
 * A feature's descriptor, typed. Each of its loaders also loads its `messages` in the visitor's
 * locale, so the texts come in the same round as the code.
 *
 * @example
 * ```ts
 * export const receive = defineFeature({
 *   name: 'receive',
 *   messages: 'receive',
 *   views: { Receive: { title: 'receive', load: () => import('.') } },
 * })
 * ```
 */
export function defineFeature<const Descriptor extends Feature>(descriptor: Descriptor): Descriptor {
  const { messages } = descriptor
  if (!messages) return descriptor
  const withTexts = <Entry extends { load: () => Promise<unknown> }>(entry: Entry): Entry => ({
    ...entry,
    load: () => Promise.all([entry.load(), loadMessages(messages)]).then(([module]) => module),
  })
  // A Connect section's texts are the first open's (see `messages`): it has no texts to load.
  const { views, accountTabs, accountSection } = descriptor
  return {
    ...descriptor,
    ...(views && { views: Object.fromEntries(Object.entries(views).map(([name, view]) => [name, withTexts(view)])) }),
    ...(accountTabs && { accountTabs: accountTabs.map(withTexts) }),
    ...(accountSection && { accountSection: withTexts(accountSection) }),
  }
}

/** A feature's view names, as its `feature.ts` declares them into `FeatureViewNames`. */
export type ViewsOf<Views extends Readonly<Record<string, ViewEntry>>> = Record<keyof Views, true>
