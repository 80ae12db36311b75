/** Pay: the Pay view, opened by `openPay` (sigkit/pay). */
import { defineFeature, type ViewsOf } from '../feature'

const views = { Pay: { title: 'Pay', load: () => import('./view') } }

export const pay = defineFeature({ name: 'pay', views })

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
