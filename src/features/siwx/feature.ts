/** Sign in with the wallet (SIWX): the view that asks for the signature. */
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = { SIWXSignMessage: { title: 'signIn', load: () => import('.') } } satisfies Readonly<
  Record<string, ViewEntry>
>

export const siwx = defineFeature({ name: 'siwx', messages: 'siwx', views })

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
