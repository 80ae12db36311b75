import { useSignals } from '@preact/signals-react/runtime'
import { currentData } from '../../core/modal/router'
import { showSuccessToast } from '../../core/modal/toasts'
import { startEmailLogin, verifyOtp } from '../../connectors/embedded'
import { CodeEntry } from './code'
import { finishLogin } from './finish-login'
import { translator } from '../../i18n/translate'
import { richText } from '../../i18n/rich'
import emailEn from '../../i18n/messages/en/email'

const t = translator('email', emailEn)

/**
 * EmailVerifyOtp (issue 14 point 2): the code the frame mailed. Success ends in the login: the
 * modal closes (or a next step such as sign-in takes it). The email stays with the frame, so a
 * wrong code is typed again alone. "Resend code" asks for a new mail; within 30 s of the last one
 * it says 'Please try again after {n} seconds'.
 * @internal
 */
export default function EmailVerifyOtp() {
  useSignals()
  const email = String(currentData.value?.['email'] ?? '')
  return (
    <CodeEntry
      submit={async (code) => {
        await verifyOtp(code)
        await finishLogin()
      }}
      resend={async () => {
        await startEmailLogin(email)
        showSuccessToast(t('codeResent'))
      }}
    >
      {richText(t('codeSentTo'), { email: <strong dir="ltr">{email}</strong> })}
    </CodeEntry>
  )
}
