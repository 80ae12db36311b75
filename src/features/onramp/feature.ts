/**
 * Buy (on-ramp): the Account view's Buy button (the providers sell on EVM networks and Solana) and
 * its two views, the providers and the amount.
 */
import { SEND_NAMESPACES } from '../../core/constants'
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = {
  OnRampProviders: { title: 'buy', load: () => import('.') },
  OnRampAmount: { title: 'buy', load: () => import('./amount') },
} satisfies Readonly<Record<string, ViewEntry>>

export const onramp = defineFeature({
  name: 'onramp',
  messages: 'onramp',
  views,
  accountAction: {
    flag: 'onramp',
    view: 'OnRampProviders',
    label: 'buy',
    icon: 'M2 4h12v8H2zM2 7h12',
    namespaces: SEND_NAMESPACES,
  },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
