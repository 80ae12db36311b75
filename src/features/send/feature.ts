/** Send: the Account view's Send button and the Send view (SPEC §2, §4 "Send"). */
import { SEND_NAMESPACES } from '../../core/constants'
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = { Send: { title: 'send', load: () => import('.') } } satisfies Readonly<Record<string, ViewEntry>>

export const send = defineFeature({
  name: 'send',
  messages: 'send',
  views,
  accountAction: {
    flag: 'send',
    view: 'Send',
    label: 'send',
    icon: 'M8 14V5M4 9l4-4 4 4M3 2h10',
    namespaces: SEND_NAMESPACES,
  },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
