/** Sign in with the wallet (SIWX): the view that asks for the signature. */
import { defineFeature, type ViewsOf } from '../feature'

const views = { SIWXSignMessage: { title: 'Sign In', load: () => import('.') } }

export const siwx = defineFeature({ name: 'siwx', views })

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
