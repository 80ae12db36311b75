import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { closeModal } from '../../../core/modal/modal'
import { showErrorToast } from '../../../core/modal/toasts'
import { disconnect } from '../../../core/wallet/connect'
import { Button } from '../../kit/Button'

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
      showErrorToast(error instanceof Error ? error.message : 'Failed to disconnect')
    } finally {
      busy.value = false
    }
  }
  return (
    <Button type="button" tone="danger" wide busy={busy.value} onClick={onClick}>
      {busy.value ? 'Disconnecting…' : 'Disconnect'}
    </Button>
  )
}
