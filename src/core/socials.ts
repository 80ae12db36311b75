import type { SocialProvider } from './types'

/**
 * Display names of the social login providers, for the social section's buttons and for the
 * connected account's wallet info. A leaf module of its own: both load it lazily, and nothing of
 * the page load comes with it.
 * @internal
 */
export const SOCIAL_NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}
