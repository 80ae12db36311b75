import { useId, type FormEvent } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { Button } from '../../ui/kit/Button'
import { ErrorNote } from '../../ui/kit/text'
import { EmailInput, Form } from './styles'
import { translateText } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import emailEn from '../../i18n/messages/en/email'

/** The form's errors ('This is already your email', the frame's) in the visitor's locale. */
const shown = (text: string) => translateText(fromEmail(text))
const fromEmail = textTranslator('email', emailEn)

/** Props of {@link EmailForm}. @internal */
export interface EmailFormProps {
  /** The field's accessible name and placeholder. */
  label: string
  /** The submit button's text. */
  action: string
  /** What the field starts with. */
  initial?: string
  /** Called when the field gets focus, before anything is typed. */
  onFocus?: () => void
  /** Sends the email, trimmed; a rejection's message is shown under the field. */
  submit(email: string): Promise<unknown>
}

/**
 * An email field and its submit button (the Connect view's email section, the email change):
 * busy while `submit` runs, and what went wrong under it.
 * @internal
 */
export function EmailForm({ label, action, initial = '', onFocus, submit: send }: EmailFormProps) {
  useSignals()
  const email = useSignal(initial)
  const error = useSignal<string | undefined>(undefined)
  const busy = useSignal(false)
  const errorId = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy.value) return
    busy.value = true
    error.value = undefined
    try {
      await send(email.value.trim())
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    } finally {
      busy.value = false
    }
  }

  return (
    <>
      <Form onSubmit={submit} noValidate>
        <EmailInput
          type="email"
          dir="auto"
          name="email"
          autoComplete="email"
          placeholder={label}
          aria-label={label}
          aria-invalid={error.value ? 'true' : undefined}
          aria-describedby={error.value ? errorId : undefined}
          value={email.value}
          onFocus={onFocus}
          onInput={(event) => (email.value = (event.target as HTMLInputElement).value)}
        />
        <Button type="submit" busy={busy.value}>
          {action}
        </Button>
      </Form>
      {error.value && (
        <ErrorNote id={errorId} role="alert">
          {shown(error.value)}
        </ErrorNote>
      )}
    </>
  )
}
