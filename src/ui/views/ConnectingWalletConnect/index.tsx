import { useEffect } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { connectionState, connectionSignals } from '../../../core/state/connection'
import { isMobile } from '../../../lib/device'
import { currentData } from '../../../core/modal/router'
import { showSuccessToast } from '../../../core/modal/toasts'
import type { WalletListing } from '../../../core/types'
import { isTelegram, walletLink } from '../../../connectors/walletconnect/links'
import { ActionRow } from '../../kit/ActionRow'
import { Button } from '../../kit/Button'
import { LinkButton } from '../../kit/LinkButton'
import { QrCode } from '../../kit/QrCode'
import { Spinner } from '../../kit/Spinner'
import { Heading, Text } from '../../kit/text'
import { ConnectingBody } from '../ConnectingExternal/styles'
import { connect as connectWith } from '../../../core/wallet/connect'
import { toWalletConnectError, type WalletConnectError } from '../../../connectors/walletconnect/failure'
import { translator } from '../../../i18n/translate'
import connectingEn from '../../../i18n/messages/en/connecting'
import commonEn from '../../../i18n/messages/en/common'

const t = translator('connecting', connectingEn)
const c = translator('common', commonEn)

/** Starts (or rejoins) the WalletConnect connection; the heavy provider loads here, not before. */
function connect(wallet: WalletListing | undefined): Promise<void> {
  return import('../../../connectors/walletconnect').then(
    (walletConnect) => connectWith(walletConnect.walletConnectConnector, wallet ? { wallet } : {}),
    // The connector's code did not load: WalletConnect never started.
    (error: unknown) => Promise.reject(toWalletConnectError(error, false)),
  )
}

/** What the view says for each way a connection can fail. */
function failureText(error: WalletConnectError, name: string): { heading: string; status: string } {
  switch (error.reason) {
    case 'start':
      return { heading: t('startFailedHeading'), status: t('startFailed', { reason: error.message }) }
    case 'relay':
      return { heading: t('relayHeading'), status: t('relay') }
    case 'declined':
      return { heading: t('declinedHeading'), status: t('declined', { name }) }
    case 'unsupported':
      return { heading: t('declinedHeading'), status: t('unsupported', { name }) }
    case 'expired':
      return { heading: t('expiredHeading'), status: t('expired') }
    case 'failed':
      return { heading: t('failed'), status: t('failedReason', { reason: error.message }) }
  }
}

/**
 * Connecting through WalletConnect: a QR code of the exact pairing URI on desktop, the wallet's
 * deep link on phones, copy-link, the wallet's web app where it has one, and a retry after a
 * refusal or an expired pairing. The URI is ready before any tap, so following a link needs no
 * await (iOS Safari blocks navigation that follows one).
 * @internal
 */
export default function ConnectingWalletConnectView() {
  useSignals()
  const wallet = currentData.value?.['wallet'] as WalletListing | undefined
  const name = wallet?.name ?? t('yourWallet')
  const failure = useSignal<WalletConnectError | undefined>(undefined)
  const start = () => {
    failure.value = undefined
    connect(wallet).catch((error: unknown) => {
      failure.value = toWalletConnectError(error, Boolean(connectionState.wcUri.peek()))
    })
  }
  useEffect(start, [wallet?.id])

  const uri = connectionState.wcUri.value
  const mobile = isMobile()
  const appLink = mobile ? wallet?.mobile_link : wallet?.desktop_link
  const telegram = isTelegram()
  const linkOptions = { telegramAndroid: telegram && /Android/i.test(navigator.userAgent) }
  const appHref = uri && appLink ? walletLink(appLink, uri, linkOptions) : undefined
  const webHref = uri && wallet?.webapp_link ? walletLink(wallet.webapp_link, uri) : undefined
  const remember = (href: string) => {
    connectionSignals.wcLinking.value = { href, name }
  }

  if (failure.value) {
    const { heading, status } = failureText(failure.value, wallet ? name : t('theWallet'))
    return (
      <ConnectingBody centered centerText>
        <Heading>{heading}</Heading>
        <Text role="status" tone="error">
          {status}
        </Text>
        <Button type="button" onClick={start}>
          {c('tryAgain')}
        </Button>
      </ConnectingBody>
    )
  }
  return (
    <ConnectingBody centered centerText>
      {!uri ? (
        <Text role="status" tone="muted">
          <Spinner aria-hidden="true" css={{ width: '24px', height: '24px' }} /> {t('preparing')}
        </Text>
      ) : (
        <>
          {!mobile && <QrCode value={uri} label={wallet ? t('qrLabel', { name }) : t('qrLabelAny')} />}
          <Text role="status" aria-live="polite" tone="muted">
            {mobile ? t('continueIn', { name }) : wallet ? t('scanWith', { name }) : t('scanWithPhone')}
          </Text>
          <ActionRow>
            {appHref && (
              <LinkButton
                href={appHref}
                target={telegram ? '_blank' : undefined}
                onClick={(event) => remember(event.currentTarget.href)}
              >
                {t('open', { name })}
              </LinkButton>
            )}
            {webHref && (
              <LinkButton
                href={webHref}
                target="_blank"
                rel="noreferrer"
                onClick={(event) => remember(event.currentTarget.href)}
              >
                {t('openWebApp')}
              </LinkButton>
            )}
            <Button
              type="button"
              onClick={() => void navigator.clipboard?.writeText(uri).then(() => showSuccessToast(c('linkCopied')))}
            >
              {c('copyLink')}
            </Button>
          </ActionRow>
        </>
      )}
    </ConnectingBody>
  )
}
