import type { SocialProvider } from '../../core/types'

/**
 * Starts a social login for `provider`. Call it synchronously inside the click (or key) handler:
 * it opens the provider's popup at once, while the browser still counts the user gesture.
 * Farcaster has no popup: its view shows a QR code instead.
 * @internal
 */
export function startSocialLogin(provider: SocialProvider): void {
  // Being written (issue 15): the connector side lands next.
  throw new Error(`Social login (${provider}) is not available yet`)
}
