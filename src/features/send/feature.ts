/** Send: the Account view's Send button and the Send view (SPEC §2, §4 "Send"). */
import { SEND_NAMESPACES } from '../../core/constants'
import { defineFeature, type ViewsOf } from '../feature'

const views = { Send: { title: 'Send', load: () => import('.') } }

export const send = defineFeature({
  name: 'send',
  views,
  accountAction: {
    flag: 'send',
    view: 'Send',
    label: 'Send',
    icon: 'M8 14V5M4 9l4-4 4 4M3 2h10',
    namespaces: SEND_NAMESPACES,
  },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
