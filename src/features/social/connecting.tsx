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
import { translateText, translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import socialEn from '../../i18n/messages/en/social'
import commonEn from '../../i18n/messages/en/common'

const t = translator('social', socialEn)
const c = translator('common', commonEn)
const fromSocial = textTranslator('social', socialEn)

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
  const name = SOCIAL_NAMES[provider] ?? t('theProvider')
  useEffect(() => cancelSocialLogin, [])

  if (state?.phase === 'error') {
    return (
      <ViewBody centered centerText>
        <SocialLogo provider={provider} size={48} />
        <Text>{t('didNotFinish', { provider: name })}</Text>
        <ErrorNote role="alert">{translateText(fromSocial(state.message ?? ''))}</ErrorNote>
        <Button type="button" onClick={() => startSocialLogin(provider)}>
          {c('tryAgain')}
        </Button>
      </ViewBody>
    )
  }
  const connecting = state?.phase === 'connecting'
  return (
    <ViewBody centered centerText>
      <SocialLogo provider={provider} size={48} />
      <Spinner role="status" aria-label={connecting ? t('retrieving') : t('waitingFor', { provider: name })} />
      <Text>
        {connecting
          ? t('retrieving')
          : state?.phase === 'redirecting'
            ? t('takingYou', { provider: name })
            : t('continueInWindow', { provider: name })}
      </Text>
      {!connecting && (
        <Text tone="muted" size="sm">
          {t('signInThere')}
        </Text>
      )}
    </ViewBody>
  )
}
