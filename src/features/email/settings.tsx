import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { pushView } from '../../core/modal/router'
import { showErrorToast, showSuccessToast } from '../../core/modal/toasts'
import { getAccountState } from '../../core/state/account'
import type { ChainNamespace } from '../../core/types'
import { setPreferredAccountType } from '../../connectors/embedded/account'
import { canSwitchAccountType } from './account-type'
import { Spinner } from '../../ui/kit/Spinner'
import { QuietRow } from '../../ui/kit/ActionRow'
import { TextButton } from '../../ui/kit/TextButton'
import { translator } from '../../i18n/translate'
import emailEn from '../../i18n/messages/en/email'

const t = translator('email', emailEn)

/**
 * The embedded wallet's own settings in the Account view: which account the wallet acts as
 * (smart account or EOA, where the network has smart accounts) and, for an email login, changing
 * the email. Loaded only for an embedded-wallet connection.
 * @internal
 */
export default function EmbeddedSettings({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  const state = getAccountState(namespace)
  const busy = useSignal(false)
  const type = state.preferredAccountType.value
  const email = state.connectedWalletInfo.value?.social === 'email' ? state.user.value?.email : undefined
  const switchable = canSwitchAccountType(namespace)

  const switchType = async () => {
    if (busy.value) return
    busy.value = true
    const next = type === 'smartAccount' ? 'eoa' : 'smartAccount'
    try {
      await setPreferredAccountType(next, namespace)
      showSuccessToast(next === 'eoa' ? t('switchedToEoa') : t('switchedToSmart'))
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : String(error))
    } finally {
      busy.value = false
    }
  }

  if (!switchable && !email) return null
  return (
    <QuietRow>
      {switchable && (
        <>
          <span data-account-type={type}>{type === 'smartAccount' ? t('smartAccount') : t('eoa')}</span>
          {busy.value ? (
            <Spinner role="status" aria-label={t('switching')} css={{ width: '16px', height: '16px' }} />
          ) : (
            <TextButton type="button" onClick={() => void switchType()}>
              {type === 'smartAccount' ? t('switchToEoa') : t('switchToSmart')}
            </TextButton>
          )}
        </>
      )}
      {email && (
        <TextButton type="button" onClick={() => pushView('UpdateEmailWallet')}>
          {t('updateEmail')}
        </TextButton>
      )}
    </QuietRow>
  )
}
