import { useEffect, type FormEvent } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { activeNamespace } from '../../core/state/account'
import { currentView, replaceView } from '../../core/modal/router'
import { showSuccessToast } from '../../core/modal/toasts'
import { describeTransactionError } from '../../lib/execution-errors'
import { isImageUrl } from '../../lib/validate'
import { Button } from '../../ui/kit/Button'
import { Field, Input, Label, Select } from '../../ui/kit/form'
import { ErrorText, Hint } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { formatQuantity, formatUsd, tokenKey } from '../../ui/token-balances'
import { AmountRow, MaxButton, ReceiverCard } from './styles'
import { sendFromForm, sendState, sendTokenBalances, setReceiver, type ReceiverLookup } from './controller'
import { translateText, translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import sendEn from '../../i18n/messages/en/send'
import commonEn from '../../i18n/messages/en/common'

const t = translator('send', sendEn)
const c = translator('common', commonEn)
const fromSend = textTranslator('send', sendEn)
/** A send error (the form's, the wallet's or the transaction's) in the visitor's locale. */
const shown = (text: string) => translateText(fromSend(text))

const ERROR_ID = 'sk-send-error'
const LOOKUP_ID = 'sk-send-receiver-lookup'

/** The receiver's name and picture (outside text, shown as text; the picture only when http(s) or inline). */
function Receiver({ name, avatar, address }: { name: string; avatar: string | undefined; address?: string }) {
  return (
    <ReceiverCard data-receiver="">
      {avatar && isImageUrl(avatar) && <img src={avatar} alt="" width={32} height={32} />}
      <bdi data-receiver-name="">{name}</bdi>
      {address && (
        <span data-receiver-address="" dir="ltr">
          {address}
        </span>
      )}
    </ReceiverCard>
  )
}

/**
 * Who the receiver is, announced as it changes: a name typed being looked up, then the address it
 * points at with the name and its picture; or, for an address typed, the name the name service
 * lists for it.
 */
function ReceiverLookupStatus({ lookup }: { lookup: ReceiverLookup | undefined }) {
  const name = sendState.receiverProfileName.value
  return (
    <div id={LOOKUP_ID} role="status">
      {lookup?.status === 'resolving' && <Hint>{t('lookingUp', { name: lookup.name })}</Hint>}
      {lookup?.status === 'resolved' && <Receiver name={lookup.name} avatar={lookup.avatar} address={lookup.address} />}
      {!lookup && name && <Receiver name={name} avatar={sendState.receiverProfileImage.value} />}
    </div>
  )
}

/** "≈ $12.34" for an amount of a token with a known price; empty otherwise. */
function usdEstimate(amount: string, price: number): string {
  const value = Number(amount) * price
  return amount.trim() && price > 0 && Number.isFinite(value) ? c('approximately', { value: formatUsd(value) }) : ''
}

/**
 * The send form. Its fields are the send state itself, so what the visitor typed survives a
 * failed send and a trip to another view, and core's resets (network change, disconnect) clear it.
 * @internal
 */
export default function SendView() {
  useSignals()
  const error = useSignal<string | undefined>(undefined)
  // Set before the controller's own `loading` (which starts only after validation and the
  // adapter load), so a double click cannot send twice.
  const submitting = useSignal(false)
  const namespace = activeNamespace.value
  const tokens = sendTokenBalances.value
  const chosen = sendState.token.value
  // The chosen token as the balances now describe it (its quantity and price move on).
  const token = chosen && (tokens.find((item) => tokenKey(item) === tokenKey(chosen)) ?? chosen)
  const amount = sendState.amount.value
  const busy = submitting.value || sendState.loading.value
  const lookup = sendState.receiverLookup.value
  // A name that was not found says so under the field (what was typed stays in it).
  const lookupError = lookup?.status === 'failed' && lookup.error !== error.value ? lookup.error : undefined

  // Sending the native currency is the common case, so it is chosen unless a token already is.
  const native = tokens.find((item) => !item.address)
  useEffect(() => {
    if (!sendState.token.peek() && native) sendState.token.value = native
  }, [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting.peek() || sendState.loading.peek()) return
    error.value = undefined
    submitting.value = true
    try {
      await sendFromForm()
      showSuccessToast(t('sent'))
      // Token sends already replaced this view; never yank a visitor who went elsewhere meanwhile.
      if (currentView.peek() === 'Send') replaceView('Account')
    } catch (failure) {
      error.value = describeTransactionError(failure)
    } finally {
      submitting.value = false
    }
  }

  return (
    <ViewBody as="form" noValidate onSubmit={onSubmit} aria-describedby={error.value ? ERROR_ID : undefined}>
      <Field>
        <Label htmlFor="sk-send-token">{t('token')}</Label>
        <Select
          id="sk-send-token"
          value={token ? tokenKey(token) : ''}
          onChange={(event) => {
            sendState.token.value = tokens.find((item) => tokenKey(item) === event.currentTarget.value)
          }}
        >
          <option value="">{t('selectToken')}</option>
          {tokens.map((item) => (
            <option key={tokenKey(item)} value={tokenKey(item)}>
              {item.symbol} · {t('available', { amount: formatQuantity(item.quantity.numeric) })}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor="sk-send-amount">{c('amount')}</Label>
        <AmountRow>
          <Input
            id="sk-send-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            readOnly={busy}
            value={amount}
            onChange={(event) => {
              sendState.amount.value = event.currentTarget.value
            }}
          />
          <MaxButton
            type="button"
            disabled={!token || busy}
            onClick={() => {
              if (token) sendState.amount.value = token.quantity.numeric
            }}
          >
            {c('max')}
          </MaxButton>
        </AmountRow>
        <Hint data-estimate="">{token ? usdEstimate(amount, token.price) : ''}</Hint>
      </Field>
      <Field>
        <Label htmlFor="sk-send-receiver">{t('receiver')}</Label>
        <Input
          id="sk-send-receiver"
          autoComplete="off"
          spellCheck={false}
          placeholder={namespace === 'solana' ? t('solanaPlaceholder') : t('receiverPlaceholder')}
          dir="auto"
          readOnly={busy}
          value={sendState.receiverAddress.value}
          aria-invalid={lookup?.status === 'failed' || undefined}
          aria-describedby={[LOOKUP_ID, lookupError ? `${LOOKUP_ID}-error` : ''].join(' ').trim()}
          onChange={(event) => setReceiver(event.currentTarget.value)}
        />
        <ReceiverLookupStatus lookup={lookup} />
        {lookupError && (
          <ErrorText id={`${LOOKUP_ID}-error`} role="alert" size="sm">
            {shown(lookupError)}
          </ErrorText>
        )}
      </Field>
      {error.value && (
        <ErrorText id={ERROR_ID} role="alert">
          {shown(error.value)}
        </ErrorText>
      )}
      <Button type="submit" wide busy={busy}>
        {busy ? t('sending') : t('send')}
      </Button>
    </ViewBody>
  )
}
