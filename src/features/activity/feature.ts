/**
 * Activity: the Account view's NFTs and Activity tabs, both from the history route (feature
 * `history`), in one chunk.
 */
import { defineFeature } from '../feature'

export const activity = defineFeature({
  name: 'activity',
  messages: 'activity',
  accountTabs: [
    {
      tab: 'NFTs',
      flag: 'history',
      load: () => import('.').then((panels) => ({ default: panels.NftPanel })),
    },
    {
      tab: 'Activity',
      flag: 'history',
      load: () => import('.').then((panels) => ({ default: panels.ActivityPanel })),
    },
  ],
})
