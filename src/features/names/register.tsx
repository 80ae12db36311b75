/**
 * RegisterAccountName (SPEC §2): the name field with its suffix, what is wrong with the name as it
 * is typed, the service's suggestions (taken ones marked, a free one fills the field), and
 * Register. LAZY: declared in `./feature.ts`.
 */
import { useId, useRef, type FormEvent } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { Button } from '../../ui/kit/Button'
import { Field, Input, Label } from '../../ui/kit/form'
import { List } from '../../ui/kit/rows'
import { ErrorText, Text } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { inputProblem, nameForm, registerTypedName, setNameInput } from './controller'
import { baseName, NAME_SUFFIX } from './rules'
import { NameRow, Suffix, SuggestionItem, SuggestionState } from './styles'
import { translateText, translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import namesEn from '../../i18n/messages/en/names'

const t = translator('names', namesEn)
const fromNames = textTranslator('names', namesEn)
/** A name problem, the name service's or the wallet's, in the visitor's locale. */
const shown = (text: string) => translateText(fromNames(text))

/**
 * The name form. Its field is the controller's state, so what was typed is still there after the
 * wallet's approval screen covered the view, and after a failed registration.
 * @internal
 */
export default function RegisterAccountName() {
  useSignals()
  const ids = useId()
  const fieldId = `${ids}-name`
  const suffixId = `${ids}-suffix`
  const problemId = `${ids}-problem`
  const errorId = `${ids}-error`
  const suggestionsId = `${ids}-suggestions`
  const field = useRef<HTMLInputElement>(null)
  const input = nameForm.input.value
  const problem = inputProblem.value
  const error = nameForm.error.value
  const busy = nameForm.registering.value
  const suggestions = nameForm.suggestions.value

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void registerTypedName()
  }

  return (
    <ViewBody as="form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <Text tone="muted" size="sm">
        {t('intro')}
      </Text>
      <Field>
        <Label htmlFor={fieldId}>{t('name')}</Label>
        <NameRow>
          <Input
            ref={field}
            id={fieldId}
            name="name"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={busy}
            value={input}
            aria-invalid={problem || error ? 'true' : undefined}
            aria-describedby={[suffixId, problemId, error ? errorId : ''].join(' ').trim()}
            onChange={(event) => setNameInput(event.currentTarget.value)}
          />
          <Suffix id={suffixId}>{NAME_SUFFIX}</Suffix>
        </NameRow>
        {/* Always there, so a screen reader hears each new text as it is typed. */}
        <ErrorText as="span" size="sm" id={problemId} role="status">
          {problem === error ? '' : shown(problem ?? '')}
        </ErrorText>
      </Field>
      {(suggestions.length > 0 || nameForm.suggestionsError.value) && (
        <section aria-labelledby={suggestionsId}>
          <Text as="h3" id={suggestionsId} tone="muted" size="sm" css={{ marginBottom: '$2', fontWeight: 600 }}>
            {t('suggestions')}
          </Text>
          {nameForm.suggestionsError.value ? (
            <Text tone="muted" size="sm" role="status">
              {shown(nameForm.suggestionsError.value)}
            </Text>
          ) : (
            <List>
              {suggestions.map((suggestion) => (
                <li key={suggestion.name}>
                  <SuggestionItem
                    type="button"
                    disabled={suggestion.registered || busy}
                    data-registered={suggestion.registered || undefined}
                    onClick={() => {
                      setNameInput(baseName(suggestion.name))
                      field.current?.focus()
                    }}
                  >
                    <span>{suggestion.name}</span>
                    <SuggestionState>{suggestion.registered ? t('taken') : t('available')}</SuggestionState>
                  </SuggestionItem>
                </li>
              ))}
            </List>
          )}
        </section>
      )}
      {error && (
        <ErrorText id={errorId} role="alert">
          {shown(error)}
        </ErrorText>
      )}
      <Button type="submit" wide busy={busy}>
        {busy ? t('registering') : t('register')}
      </Button>
    </ViewBody>
  )
}
