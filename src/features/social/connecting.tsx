import { useEffect } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { currentData } from '../../core/modal/router'
import type { SocialProvider } from '../../core/types'
import { Button } from '../../ui/kit/Button'
import { Spinner } from '../../ui/kit/Spinner'
import { ErrorNote, Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { cancelSocialLogin, socialLogin, startSocialLogin } from './flow'
import { SocialLogo } from './icons'
import { SOCIAL_NAMES } from './providers'

/**
 * ConnectingSocial (EMBEDDED-FRAME.md §8): the visitor signs in with the provider in the popup;
 * then 'Retrieving user data' while the frame connects. A closed popup or a refusal shows why and
 * a "Try again" that opens a new popup inside its click. Leaving the view closes the popup.
 * @internal
 */
export default function ConnectingSocial() {
  useSignals()
  const state = socialLogin.value
  const provider = (state?.provider ?? currentData.value?.['provider']) as SocialProvider
  const name = SOCIAL_NAMES[provider] ?? 'the provider'
  useEffect(() => cancelSocialLogin, [])

  if (state?.phase === 'error') {
    return (
      <ViewBody centered centerText>
        <SocialLogo provider={provider} size={48} />
        <Text>Sign-in with {name} did not finish</Text>
        <ErrorNote role="alert">{state.message}</ErrorNote>
        <Button type="button" onClick={() => startSocialLogin(provider)}>
          Try again
        </Button>
      </ViewBody>
    )
  }
  const connecting = state?.phase === 'connecting'
  return (
    <ViewBody centered centerText>
      <SocialLogo provider={provider} size={48} />
      <Spinner role="status" aria-label={connecting ? 'Retrieving user data' : `Waiting for ${name}`} />
      <Text>
        {connecting
          ? 'Retrieving user data'
          : state?.phase === 'redirecting'
            ? `Taking you to ${name}…`
            : `Continue in the ${name} window`}
      </Text>
      {!connecting && (
        <Text tone="muted" size="sm">
          Sign in there; this window follows once you are done.
        </Text>
      )}
    </ViewBody>
  )
}
