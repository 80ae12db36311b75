/**
 * Buy (on-ramp): the Account view's Buy button (the providers sell on EVM networks and Solana) and
 * its two views, the providers and the amount.
 */
import { SEND_NAMESPACES } from '../../core/constants'
import { defineFeature, type ViewsOf } from '../feature'

const views = {
  OnRampProviders: { title: 'Buy', load: () => import('.') },
  OnRampAmount: { title: 'Buy', load: () => import('./amount') },
}

export const onramp = defineFeature({
  name: 'onramp',
  views,
  accountAction: {
    flag: 'onramp',
    view: 'OnRampProviders',
    label: 'Buy',
    icon: 'M2 4h12v8H2zM2 7h12',
    namespaces: SEND_NAMESPACES,
  },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
