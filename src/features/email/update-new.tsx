import { useSignals } from '@preact/signals-react/runtime'
import { currentData, resetView } from '../../core/modal/router'
import { showSuccessToast } from '../../core/modal/toasts'
import { CodeEntry } from './code'

const loadAccount = () => import('../../connectors/embedded/account')

/**
 * UpdateEmailSecondaryOtp (EMBEDDED-FRAME.md §9.1): the code mailed to the new address; once the
 * frame accepts it the new email is the sign-in email, and the Account view shows it.
 * @internal
 */
export default function UpdateEmailSecondaryOtp() {
  useSignals()
  const newEmail = String(currentData.value?.['newEmail'] ?? '')
  return (
    <CodeEntry
      submit={async (code) => {
        const email = await (await loadAccount()).verifyNewEmailCode(code)
        showSuccessToast(`Your email is now ${email}`)
        resetView('Account')
      }}
    >
      Enter the code we sent to <strong>{newEmail}</strong>
    </CodeEntry>
  )
}
