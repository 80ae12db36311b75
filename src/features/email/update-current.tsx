import { useSignals } from '@preact/signals-react/runtime'
import { currentData, replaceView } from '../../core/modal/router'
import { showSuccessToast } from '../../core/modal/toasts'
import { CodeEntry } from './code'
import { translator } from '../../i18n/translate'
import { richText } from '../../i18n/rich'
import emailEn from '../../i18n/messages/en/email'

const t = translator('email', emailEn)

const loadAccount = () => import('../../connectors/embedded/account')

/**
 * UpdateEmailPrimaryOtp (EMBEDDED-FRAME.md §9.1): the code mailed to the current address proves
 * the change is the owner's; the frame then mails the new address (UpdateEmailSecondaryOtp).
 * @internal
 */
export default function UpdateEmailPrimaryOtp() {
  useSignals()
  const data = currentData.value ?? {}
  const email = String(data['email'] ?? '')
  const newEmail = String(data['newEmail'] ?? '')
  return (
    <CodeEntry
      submit={async (code) => {
        await (await loadAccount()).verifyCurrentEmailCode(code)
        replaceView('UpdateEmailSecondaryOtp', { email, newEmail })
      }}
      resend={async () => {
        await (await loadAccount()).updateEmail(newEmail)
        showSuccessToast(t('codeResent'))
      }}
    >
      {richText(t('codeSentToCurrent'), { email: <strong dir="ltr">{email}</strong> })}
    </CodeEntry>
  )
}
