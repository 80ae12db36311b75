import type { SocialProvider } from '../../core/types'

const NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}

/** The provider's display name (`GitHub`, `X`, …); an unknown value is shown as given. @internal */
export function socialName(provider: SocialProvider | undefined): string {
  return (provider && NAMES[provider]) ?? 'the provider'
}
