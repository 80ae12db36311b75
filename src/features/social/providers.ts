import { useSignal } from '@preact/signals-react/runtime'
import { featuresState } from '../../core/config/features'
import type { SocialProvider } from '../../core/types'
import { startSocialLogin } from './flow'
import { detectPlatform, socialsForPlatform } from './platform'

export { SOCIAL_NAMES } from '../../core/constants'

/**
 * The providers to offer: the project's list (local option or remote config, already ordered)
 * without those that do not work on this platform.
 * @internal
 */
export function visibleSocials(): SocialProvider[] {
  const socials = featuresState.value.socials
  return socials ? socialsForPlatform(socials, detectPlatform()) : []
}

/**
 * A click handler for a provider button, and the error when the login could not even start.
 * The flow is started synchronously in the click, since its popup needs the user gesture.
 * @internal
 */
export function useSocialLogin(): { error: string | undefined; start: (provider: SocialProvider) => void } {
  const error = useSignal<string | undefined>(undefined)
  const start = (provider: SocialProvider) => {
    error.value = undefined
    try {
      startSocialLogin(provider)
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    }
  }
  return { error: error.value, start }
}
