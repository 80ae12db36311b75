import { useEffect, useRef } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { connectorsState } from '../../../core/state/connectors'
import { currentData } from '../../../core/modal/router'
import { connect, connectingState } from '../../../core/wallet/connect'
import type { ChainNamespace } from '../../../core/types'
import { Button } from '../../kit/Button'
import { Spinner } from '../../kit/Spinner'
import { Heading } from '../../kit/text'
import { WalletInitial, WalletLogo } from '../../kit/WalletLogo'
import { ConnectingBody, IconFrame, Status } from './styles'
import { translateText, translator } from '../../../i18n/translate'
import connectingEn from '../../../i18n/messages/en/connecting'
import commonEn from '../../../i18n/messages/en/common'

const t = translator('connecting', connectingEn)
const c = translator('common', commonEn)

/**
 * Waits for the chosen wallet to approve the connection. On success the modal closes (or shows
 * UnsupportedChain); on failure the wallet's reason is shown with a retry.
 * @internal
 */
export default function ConnectingExternalView() {
  useSignals()
  const data = currentData.value
  const connectorId = String(data?.['connectorId'] ?? '')
  // Set when the visitor came from SwitchActiveChain to connect one namespace.
  const namespace = data?.['namespace'] as ChainNamespace | undefined
  const target = namespace && { namespace, caipNetworkId: String(data?.['caipNetworkId'] ?? '') }
  const connector = connectorsState.value.find((item) => item.id === connectorId)
  const name = connector?.name ?? t('yourWallet')
  const failed = useSignal(false)
  const statusRef = useRef<HTMLParagraphElement>(null)

  const start = () => {
    failed.value = false
    // Core joins the attempt in flight (StrictMode's second mount, a visitor back on the same wallet).
    connect(connectorId, target).catch(() => {
      failed.value = true
    })
  }
  useEffect(start, [connectorId])

  const retry = () => {
    start()
    // The button is about to disappear; the status line is where the news will be.
    statusRef.current?.focus()
  }

  return (
    <ConnectingBody centered centerText>
      <IconFrame>
        {connector?.imageUrl ? (
          <WalletLogo size="large" src={connector.imageUrl} alt="" width={64} height={64} />
        ) : (
          <WalletInitial size="large" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </WalletInitial>
        )}
        {!failed.value && (
          <Spinner aria-hidden="true" css={{ position: 'absolute', inset: 0, width: 'auto', height: 'auto' }} />
        )}
      </IconFrame>
      <Heading>{t('continueIn', { name })}</Heading>
      <Status ref={statusRef} tabIndex={-1} role="status" aria-live="polite" tone={failed.value ? 'error' : 'muted'}>
        {failed.value ? translateText(connectingState.error.value ?? t('failed')) : t('acceptRequest')}
      </Status>
      {failed.value && (
        <Button type="button" onClick={retry}>
          {c('tryAgain')}
        </Button>
      )}
    </ConnectingBody>
  )
}
