/**
 * Social login (through the embedded wallet): the Connect view's social section, every provider
 * when the section's row has no room for them all, the popup's wait and Farcaster's QR code.
 */
import { defineFeature, type ViewsOf } from '../feature'

const views = {
  ConnectSocials: { title: 'All socials', load: () => import('./more') },
  ConnectingSocial: { title: 'Sign In', load: () => import('./connecting') },
  ConnectingFarcaster: { title: 'Farcaster', load: () => import('./farcaster') },
}

export const social = defineFeature({
  name: 'social',
  views,
  connectSection: { method: 'social', load: () => import('./section') },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
