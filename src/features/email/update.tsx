import { useSignals } from '@preact/signals-react/runtime'
import { pushView } from '../../core/modal/router'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { EmailForm } from './email-form'
import { translator } from '../../i18n/translate'
import emailEn from '../../i18n/messages/en/email'

const t = translator('email', emailEn)

const loadAccount = () => import('../../connectors/embedded/account')

/**
 * UpdateEmailWallet (EMBEDDED-FRAME.md §9.1): the new address, prefilled with the current one.
 * The frame then asks for a code sent to the current address (UpdateEmailPrimaryOtp), and one
 * sent to the new address (UpdateEmailSecondaryOtp).
 * @internal
 */
export default function UpdateEmailWallet() {
  useSignals()
  const current = getAccountState(activeNamespace.value ?? 'eip155').user.value?.email ?? ''
  return (
    <ViewBody centered centerText>
      <Text tone="muted" size="sm">
        {t('updateHelp')}
      </Text>
      <EmailForm
        label={t('newEmail')}
        action={t('save')}
        initial={current}
        submit={async (next) => {
          if (next.toLowerCase() === current.toLowerCase()) throw new Error(emailEn.sameEmail)
          const action = await (await loadAccount()).updateEmail(next)
          const data = { email: current, newEmail: next }
          pushView(action === 'VERIFY_PRIMARY_OTP' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp', data)
        }}
      />
    </ViewBody>
  )
}
