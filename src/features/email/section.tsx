import { pushView } from '../../core/modal/router'
import { EmailForm } from './email-form'
import { finishLogin } from './finish-login'
import { translator } from '../../i18n/translate'
import emailEn from '../../i18n/messages/en/email'

const t = translator('email', emailEn)

/** Loads the embedded wallet's connector (its own chunk: the email field alone does not need it). */
const loadConnector = () => import('../../connectors/embedded')

/**
 * The Connect view's email section (SPEC §2, issue 14 point 2): an email field whose submit asks
 * the secure frame for a login code, then shows EmailVerifyOtp (or EmailVerifyDevice when the
 * frame wants this device approved first, or nothing more when it is already signed in). Its own
 * chunk, loaded only when the project's config turns email on.
 * @internal
 */
export default function EmailSection() {
  return (
    <section data-method="email" aria-label={t('continueWithEmail')}>
      <EmailForm
        label={t('email')}
        action={t('continue')}
        // Fetched while the visitor types, so the submit waits only for the frame.
        onFocus={() => void loadConnector().catch(() => undefined)}
        submit={async (email) => {
          const action = await (await loadConnector()).startEmailLogin(email)
          if (action === 'VERIFY_OTP') pushView('EmailVerifyOtp', { email })
          else if (action === 'VERIFY_DEVICE') pushView('EmailVerifyDevice', { email })
          else await finishLogin()
        }}
      />
    </section>
  )
}
