import { useEffect, useRef, type ReactNode } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import type { ClipboardEvent, KeyboardEvent } from 'react'
import { Spinner } from '../../ui/kit/Spinner'
import { ErrorNote, Text } from '../../ui/kit/text'
import { TextButton } from '../../ui/kit/TextButton'
import { ViewBody } from '../../ui/kit/ViewBody'
import { Digit, Digits } from './styles'
import { translateText, translator } from '../../i18n/translate'
import emailEn from '../../i18n/messages/en/email'

const t = translator('email', emailEn)

const LENGTH = 6

/** Props of {@link CodeEntry}. @internal */
export interface CodeEntryProps {
  /** Says where the code was sent. */
  children: ReactNode
  /** Sends the six digits; a rejection's message is shown and the boxes empty for another try. */
  submit(code: string): Promise<unknown>
  /** Asks for another mail; its rejection's message is shown. Without it, no "Resend code". */
  resend?(): Promise<unknown>
}

/**
 * Six boxes for a mailed code (EmailVerifyOtp and the update-email steps). Typing moves to the
 * next box, Backspace on an empty box to the previous one, a pasted code fills every box, and the
 * sixth digit sends it. A wrong code shows the frame's message and empties the boxes.
 * @internal
 */
export function CodeEntry({ children, submit: send, resend: askAgain }: CodeEntryProps) {
  useSignals()
  const digits = useSignal<readonly string[]>(Array(LENGTH).fill(''))
  const error = useSignal<string | undefined>(undefined)
  const busy = useSignal(false)
  const boxes = useRef<(HTMLInputElement | null)[]>([])

  useEffect(() => boxes.current[0]?.focus(), [])

  const focus = (index: number) => boxes.current[Math.max(0, Math.min(LENGTH - 1, index))]?.focus()

  const submit = async (code: string) => {
    if (busy.value) return
    busy.value = true
    error.value = undefined
    try {
      await send(code)
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
      digits.value = Array(LENGTH).fill('')
      busy.value = false
      queueMicrotask(() => focus(0))
      return
    }
    busy.value = false
  }

  /** Puts `text`'s digits into the boxes from `index` on; sends the code once all six are there. */
  const fill = (index: number, text: string) => {
    const typed = text.replace(/\D/g, '').slice(0, LENGTH - index)
    if (!typed && text !== '') return
    const next = [...digits.value]
    if (typed === '') next[index] = ''
    else for (let i = 0; i < typed.length; i++) next[index + i] = typed[i] as string
    digits.value = next
    error.value = undefined
    if (typed) focus(index + typed.length)
    if (next.every((digit) => digit !== '')) void submit(next.join(''))
  }

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits.value[index] === '' && index > 0) {
      event.preventDefault()
      fill(index - 1, '')
      focus(index - 1)
    } else if (event.key === 'ArrowLeft') focus(index - 1)
    else if (event.key === 'ArrowRight') focus(index + 1)
  }

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    // A pasted code fills every box, wherever the caret was.
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '')
    fill(pasted.length >= LENGTH ? 0 : index, pasted)
  }

  const resend = async () => {
    if (busy.value || !askAgain) return
    error.value = undefined
    try {
      await askAgain()
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure)
    }
  }

  return (
    <ViewBody centered centerText>
      <Text>{children}</Text>
      <Digits role="group" aria-label={t('verificationCode')}>
        {digits.value.map((digit, index) => (
          <Digit
            key={index}
            ref={(element) => {
              boxes.current[index] = element
            }}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('digit', { index: index + 1, count: LENGTH })}
            aria-invalid={error.value ? 'true' : undefined}
            value={digit}
            disabled={busy.value}
            onInput={(event) => {
              const box = event.target as HTMLInputElement
              // Typing over a digit adds to it: the new characters are what the box holds besides it.
              fill(index, digit && box.value.length > 1 ? box.value.replace(digit, '') : box.value)
              // A refused character leaves the state as it was, so the box is put back by hand.
              box.value = digits.value[index] ?? ''
            }}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
          />
        ))}
      </Digits>
      {error.value && <ErrorNote role="alert">{translateText(error.value)}</ErrorNote>}
      {busy.value ? (
        <Spinner role="status" aria-label={t('verifying')} />
      ) : (
        <Text tone="muted" size="sm">
          {t('expires')}
        </Text>
      )}
      {askAgain && (
        <Text tone="muted" size="sm">
          {t('notReceived')}{' '}
          <TextButton type="button" onClick={() => void resend()} disabled={busy.value}>
            {t('resend')}
          </TextButton>
        </Text>
      )}
    </ViewBody>
  )
}
