import { useSignals } from '@preact/signals-react/runtime'
import { currentData, resetView } from '../../core/modal/router'
import { showSuccessToast } from '../../core/modal/toasts'
import { CodeEntry } from './code'
import { translator } from '../../i18n/translate'
import { richText } from '../../i18n/rich'
import emailEn from '../../i18n/messages/en/email'

const t = translator('email', emailEn)

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
        showSuccessToast(t('emailChanged', { email }))
        resetView('Account')
      }}
    >
      {richText(t('codeSentTo'), { email: <strong dir="ltr">{newEmail}</strong> })}
    </CodeEntry>
  )
}
