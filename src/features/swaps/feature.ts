/**
 * Swaps: the Account view's Swap button (EVM only: the convert routes swap on EVM networks; the
 * view says which) and the Swap view.
 */
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = { Swap: { title: 'swap', load: () => import('.') } } satisfies Readonly<Record<string, ViewEntry>>

export const swaps = defineFeature({
  name: 'swaps',
  messages: 'swap',
  views,
  accountAction: {
    flag: 'swaps',
    view: 'Swap',
    label: 'swap',
    icon: 'M3 5h9l-2.5-2.5M13 11H4l2.5 2.5',
    namespaces: ['eip155'],
  },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
