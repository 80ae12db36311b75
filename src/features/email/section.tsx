import { useSignal, useSignals } from '@preact/signals-react/runtime'
import type { FormEvent } from 'react'
import { pushView } from '../../core/modal/router'
import { Button } from '../../ui/kit/Button'
import { ErrorNote } from '../../ui/kit/text'
import { EmailInput, Form } from './styles'
import { finishLogin } from './finish-login'

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
  useSignals()
  const email = useSignal('')
  const error = useSignal<string | undefined>(undefined)
  const busy = useSignal(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy.value) return
    busy.value = true
    error.value = undefined
    try {
      const embedded = await loadConnector()
      const action = await embedded.startEmailLogin(email.value)
      const data = { email: email.value.trim() }
      if (action === 'VERIFY_OTP') pushView('EmailVerifyOtp', data)
      else if (action === 'VERIFY_DEVICE') pushView('EmailVerifyDevice', data)
      else await finishLogin()
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      busy.value = false
    }
  }

  return (
    <section data-method="email" aria-label="Continue with email">
      <Form onSubmit={submit} noValidate>
        <EmailInput
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Email"
          aria-label="Email"
          aria-invalid={error.value ? 'true' : undefined}
          aria-describedby={error.value ? 'sk-email-error' : undefined}
          value={email.value}
          // Fetched while the visitor types, so the submit waits only for the frame.
          onFocus={() => void loadConnector().catch(() => undefined)}
          onInput={(event) => (email.value = (event.target as HTMLInputElement).value)}
        />
        <Button type="submit" busy={busy.value}>
          Continue
        </Button>
      </Form>
      {error.value && (
        <ErrorNote id="sk-email-error" role="alert">
          {error.value}
        </ErrorNote>
      )}
    </section>
  )
}
