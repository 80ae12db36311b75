import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { closeModal } from '../../../core/modal/modal'
import { showErrorToast } from '../../../core/modal/toasts'
import { disconnect } from '../../../core/wallet/connect'
import { Button } from '../../kit/Button'
import { translator } from '../../../i18n/translate'
import accountEn from '../../../i18n/messages/en/account'

const t = translator('account', accountEn)

/**
 * Disconnects every connected namespace, then closes the modal. Shared by Account and
 * UnsupportedChain.
 * @internal
 */
export function DisconnectButton() {
  useSignals()
  const busy = useSignal(false)
  const onClick = async () => {
    if (busy.value) return
    busy.value = true
    try {
      await disconnect()
      closeModal()
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : t('disconnectFailed'))
    } finally {
      busy.value = false
    }
  }
  return (
    <Button type="button" tone="danger" wide busy={busy.value} onClick={onClick}>
      {busy.value ? t('disconnecting') : t('disconnect')}
    </Button>
  )
}
