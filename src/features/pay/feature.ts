/** Pay: the Pay view, opened by `openPay` (sigkit/pay). */
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = { Pay: { title: 'pay', load: () => import('./view') } } satisfies Readonly<Record<string, ViewEntry>>

export const pay = defineFeature({ name: 'pay', messages: 'pay', views })

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
