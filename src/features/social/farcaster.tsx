import { useEffect } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { goBack } from '../../core/modal/router'
import { showErrorToast, showSuccessToast } from '../../core/modal/toasts'
import { isMobile } from '../../lib/device'
import { Button } from '../../ui/kit/Button'
import { LinkButton } from '../../ui/kit/LinkButton'
import { QrCode } from '../../ui/kit/QrCode'
import { Spinner } from '../../ui/kit/Spinner'
import { ErrorNote, Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { finishLogin } from '../email/finish-login'
import { translateText, translator } from '../../i18n/translate'
import socialEn from '../../i18n/messages/en/social'
import commonEn from '../../i18n/messages/en/common'

const t = translator('social', socialEn)
const c = translator('common', commonEn)

const loadSocial = () => import('../../connectors/embedded/social')

/**
 * ConnectingFarcaster (EMBEDDED-FRAME.md §8.1): the frame's Farcaster URI as a QR code and a link
 * (a button opening it on phones), then a wait for the approval in Farcaster. Leaving the view
 * before that resets the frame's Farcaster channel (SPEC §2).
 * @internal
 */
export default function ConnectingFarcaster() {
  useSignals()
  const url = useSignal<string | undefined>(undefined)
  const error = useSignal<string | undefined>(undefined)
  const attempt = useSignal(0)
  const mobile = isMobile()

  useEffect(() => {
    let current = true
    let connected = false
    error.value = undefined
    void (async () => {
      const social = await loadSocial()
      try {
        url.value = await social.farcasterLoginUri()
      } catch (failure) {
        if (!current) return
        goBack()
        return showErrorToast(failure instanceof Error ? failure.message : String(failure))
      }
      try {
        // Success routes the modal (closed, or the next step such as sign-in).
        await finishLogin(await social.approvedInFarcaster())
        connected = true
      } catch (failure) {
        if (current) error.value = failure instanceof Error ? failure.message : String(failure)
      }
    })()
    return () => {
      current = false
      if (!connected) void loadSocial().then((social) => social.resetFarcaster())
    }
  }, [attempt.value])

  if (error.value) {
    return (
      <ViewBody centered centerText>
        <Text>{t('farcasterFailed')}</Text>
        <ErrorNote role="alert">{translateText(error.value)}</ErrorNote>
        <Button
          type="button"
          onClick={() => {
            url.value = undefined
            attempt.value++
          }}
        >
          {c('tryAgain')}
        </Button>
      </ViewBody>
    )
  }
  if (!url.value) return <Spinner role="status" aria-label={t('farcasterPreparing')} />
  const link = url.value
  return (
    <ViewBody centered centerText>
      {!mobile && <QrCode value={link} label={t('farcasterQr')} />}
      <Text role="status">{mobile ? t('continueInFarcaster') : t('scan')}</Text>
      <Text tone="muted" size="sm">
        {t('approveInFarcaster')}
      </Text>
      {mobile ? (
        <LinkButton href={link} target="_blank" rel="noreferrer">
          {t('openFarcaster')}
        </LinkButton>
      ) : (
        <Button
          type="button"
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(
              () => showSuccessToast(c('linkCopied')),
              () => showErrorToast(c('copyLinkFailed')),
            )
          }
        >
          {c('copyLink')}
        </Button>
      )}
    </ViewBody>
  )
}
