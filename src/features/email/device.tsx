import { useEffect } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { currentData, replaceView } from '../../core/modal/router'
import { approveDevice } from '../../connectors/embedded'
import { Button } from '../../ui/kit/Button'
import { Spinner } from '../../ui/kit/Spinner'
import { ErrorNote, Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { translateText, translator } from '../../i18n/translate'
import { richText } from '../../i18n/rich'
import emailEn from '../../i18n/messages/en/email'
import commonEn from '../../i18n/messages/en/common'

const t = translator('email', emailEn)
const c = translator('common', commonEn)

/**
 * EmailVerifyDevice (issue 14 point 2): the frame does not know this device for the email yet and
 * mailed an approval link. The view waits for it (CONNECT_DEVICE), then the frame mails a code and
 * EmailVerifyOtp takes over.
 * @internal
 */
export default function EmailVerifyDevice() {
  useSignals()
  const email = String(currentData.value?.['email'] ?? '')
  const error = useSignal<string | undefined>(undefined)
  const attempt = useSignal(0)

  useEffect(() => {
    let current = true
    error.value = undefined
    approveDevice().then(
      () => current && replaceView('EmailVerifyOtp', { email }),
      (failure: unknown) => {
        if (current) error.value = failure instanceof Error ? failure.message : String(failure)
      },
    )
    return () => {
      current = false
    }
  }, [attempt.value])

  return (
    <ViewBody centered centerText>
      <Text>{richText(t('approveDevice'), { email: <strong dir="ltr">{email}</strong> })}</Text>
      <Text tone="muted" size="sm">
        {t('approveDeviceHelp')}
      </Text>
      {error.value ? (
        <>
          <ErrorNote role="alert">{translateText(error.value)}</ErrorNote>
          <Button type="button" onClick={() => attempt.value++}>
            {c('tryAgain')}
          </Button>
        </>
      ) : (
        <Spinner role="status" aria-label={t('waitingApproval')} />
      )}
    </ViewBody>
  )
}
