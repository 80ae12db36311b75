/** Receive: the Account view's Receive button and the Receive view (the address as a QR code). */
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = { Receive: { title: 'receive', load: () => import('.') } } satisfies Readonly<Record<string, ViewEntry>>

export const receive = defineFeature({
  name: 'receive',
  messages: 'receive',
  views,
  accountAction: { flag: 'receive', view: 'Receive', label: 'receive', icon: 'M8 2v9M4 7l4 4 4-4M3 14h10' },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
