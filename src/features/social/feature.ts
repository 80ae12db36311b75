/**
 * Social login (through the embedded wallet): the Connect view's social section, every provider
 * when the section's row has no room for them all, the popup's wait and Farcaster's QR code.
 */
import { defineFeature, type ViewsOf, type ViewEntry } from '../feature'

const views = {
  ConnectSocials: { title: 'allSocials', load: () => import('./more') },
  ConnectingSocial: { title: 'signIn', load: () => import('./connecting') },
  ConnectingFarcaster: { title: () => 'Farcaster', load: () => import('./farcaster') },
} satisfies Readonly<Record<string, ViewEntry>>

export const social = defineFeature({
  name: 'social',
  views,
  connectSection: { method: 'social', load: () => import('./section') },
})

declare module '../../core/types' {
  interface FeatureViewNames extends ViewsOf<typeof views> {}
}
