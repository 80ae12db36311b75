import { useSignal, useSignals } from '@preact/signals-react/runtime'
import type { FormEvent } from 'react'
import { pushView } from '../../core/modal/router'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { Button } from '../../ui/kit/Button'
import { ErrorNote, Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { EmailInput, Form } from './styles'

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
  const email = useSignal(current)
  const error = useSignal<string | undefined>(undefined)
  const busy = useSignal(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy.value) return
    const next = email.value.trim()
    if (next.toLowerCase() === current.toLowerCase()) {
      error.value = 'This is already your email'
      return
    }
    busy.value = true
    error.value = undefined
    try {
      const action = await (await loadAccount()).updateEmail(next)
      const data = { email: current, newEmail: next }
      pushView(action === 'VERIFY_PRIMARY_OTP' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp', data)
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      busy.value = false
    }
  }

  return (
    <ViewBody centered centerText>
      <Text tone="muted" size="sm">
        Your wallet stays the same; only the email you sign in with changes.
      </Text>
      <Form onSubmit={submit} noValidate css={{ width: '100%' }}>
        <EmailInput
          type="email"
          name="email"
          autoComplete="email"
          aria-label="New email"
          placeholder="New email"
          aria-invalid={error.value ? 'true' : undefined}
          aria-describedby={error.value ? 'sk-update-email-error' : undefined}
          value={email.value}
          onInput={(event) => (email.value = (event.target as HTMLInputElement).value)}
        />
        <Button type="submit" busy={busy.value}>
          Save
        </Button>
      </Form>
      {error.value && (
        <ErrorNote id="sk-update-email-error" role="alert">
          {error.value}
        </ErrorNote>
      )}
    </ViewBody>
  )
}
