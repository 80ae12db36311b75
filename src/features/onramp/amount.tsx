/**
 * The on-ramp amount view: what to buy, what to pay with, how and how much; the payment method's
 * limits; the quote refreshing as the amount changes; then the provider's window and the wait for
 * the purchase. LAZY: loaded with the Buy view's chunk.
 */
import { useEffect, type FormEvent } from 'react'
import { useSignals } from '@preact/signals-react/runtime'
import { replaceView } from '../../core/modal/router'
import { Button } from '../../ui/kit/Button'
import { Field, Input, Label, Select } from '../../ui/kit/form'
import { Note } from '../../ui/kit/Note'
import { Spinner } from '../../ui/kit/Spinner'
import { Summary } from '../../ui/kit/Summary'
import { ErrorText, Hint } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { loadOnrampOptions, offeredPurchaseCurrencies, onrampState, openProvider, scheduleQuote } from './controller'
import { amountProblem, limitsFor } from './options'
import type { OnrampAmount } from '../../api/onramp-api'
import { translateText, translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import onrampEn from '../../i18n/messages/en/onramp'
import commonEn from '../../i18n/messages/en/common'

const t = translator('onramp', onrampEn)
const c = translator('common', commonEn)
const fromOnramp = textTranslator('onramp', onrampEn)
/** A problem (the form's, the provider's, the API's) in the visitor's locale. */
const shown = (text: string) => translateText(fromOnramp(text))

/** The payment methods SigKit names; another is shown by its id. */
const METHOD_LABELS: Readonly<Record<string, 'card' | 'bankAccount'>> = {
  card: 'card',
  ach_bank_account: 'bankAccount',
}

const ERROR_ID = 'sk-onramp-error'
const LIMITS_ID = 'sk-onramp-limits'

const money = (value: OnrampAmount | undefined) => (value ? `${value.amount} ${value.currency}` : c('unknownValue'))

/** The provider window's progress, announced as it changes. */
function PurchaseProgress() {
  useSignals()
  const purchase = onrampState.purchase.value
  const label = onrampState.selectedProvider.value?.label
  const provider = label ?? t('theProvider')
  switch (purchase.status) {
    case 'opening':
      return <Note role="status">{t('opening', { provider })}</Note>
    case 'waiting':
      return (
        <Note role="status" data-purchase="waiting">
          <Spinner aria-hidden="true" style={{ width: 14, height: 14, verticalAlign: 'middle', marginInlineEnd: 8 }} />
          {t('waiting', { provider })}
        </Note>
      )
    case 'blocked':
      return (
        <Note role="status">
          {t('blocked', { provider })}{' '}
          <a href={purchase.url} target="_blank" rel="noopener">
            {t('open', { provider })}
          </a>
        </Note>
      )
    case 'success':
      return (
        <Note role="status" data-purchase="success">
          {t('success', { amount: `${purchase.amount} ${purchase.symbol}` })}
        </Note>
      )
    case 'closed':
      return (
        <Note role="status" data-purchase="closed">
          {t('closed', { provider })}
        </Note>
      )
    case 'failed':
      return (
        <ErrorText role="alert" data-purchase="failed">
          {shown(purchase.message)}
        </ErrorText>
      )
    default:
      return null
  }
}

/** @internal */
export default function OnRampAmountView() {
  useSignals()
  const state = onrampState
  const provider = state.selectedProvider.value
  const options = state.options.value
  const { currencies, onNetwork } = offeredPurchaseCurrencies()
  const payment = state.paymentCurrency.value
  const method = state.paymentMethod.value
  const amount = state.paymentAmount.value
  const limit = limitsFor(payment, method)
  const problem = amount.trim() ? amountProblem(amount, payment, method) : undefined
  const quote = state.quote.value
  const purchase = state.purchase.value
  const busy = purchase.status === 'opening' || purchase.status === 'waiting'

  useEffect(() => {
    if (!provider) {
      replaceView('OnRampProviders')
      return
    }
    void loadOnrampOptions().then(scheduleQuote)
  }, [])

  const change = (apply: () => void) => {
    apply()
    scheduleQuote()
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || !amount.trim() || problem) return
    void openProvider()
  }

  if (!options) {
    return (
      <ViewBody role="status" aria-label={t('loadingCurrencies')}>
        <Spinner />
      </ViewBody>
    )
  }

  const estimateNote = state.optionsEstimated.value
    ? t('estimateOptions')
    : !onNetwork
      ? t('estimateNetwork')
      : undefined

  return (
    <ViewBody as="form" noValidate onSubmit={onSubmit} aria-describedby={problem ? ERROR_ID : undefined}>
      {estimateNote && (
        <Note role="note" data-estimate="options">
          {estimateNote}
        </Note>
      )}
      <Field>
        <Label htmlFor="sk-onramp-purchase">{t('youBuy')}</Label>
        <Select
          id="sk-onramp-purchase"
          disabled={busy}
          value={state.purchaseCurrency.value?.symbol ?? ''}
          onChange={(event) => {
            const symbol = event.currentTarget.value
            change(() => (state.purchaseCurrency.value = currencies.find((item) => item.symbol === symbol)))
          }}
        >
          {currencies.map((currency) => (
            <option key={currency.symbol} value={currency.symbol}>
              {currency.symbol} · {currency.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor="sk-onramp-payment">{t('youPayIn')}</Label>
        <Select
          id="sk-onramp-payment"
          disabled={busy}
          value={payment?.id ?? ''}
          onChange={(event) => {
            const id = event.currentTarget.value
            change(() => (state.paymentCurrency.value = options.paymentCurrencies.find((item) => item.id === id)))
          }}
        >
          {options.paymentCurrencies.map((currency) => (
            <option key={currency.id} value={currency.id}>
              {currency.id}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor="sk-onramp-method">{t('paymentMethod')}</Label>
        <Select
          id="sk-onramp-method"
          disabled={busy}
          value={method}
          onChange={(event) => {
            const id = event.currentTarget.value
            change(() => (state.paymentMethod.value = id))
          }}
        >
          {(payment?.payment_method_limits.length ? payment.payment_method_limits : [{ id: 'card' }]).map((item) => (
            <option key={item.id} value={item.id}>
              {METHOD_LABELS[item.id] ? t(METHOD_LABELS[item.id]!) : item.id}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor="sk-onramp-amount">{c('amount')}</Label>
        <Input
          id="sk-onramp-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          readOnly={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={LIMITS_ID}
          value={amount}
          onChange={(event) => {
            const value = event.currentTarget.value
            change(() => (state.paymentAmount.value = value))
          }}
        />
        {limit && (
          <Hint id={LIMITS_ID}>{t('limits', { min: limit.min, max: limit.max, currency: payment?.id ?? '' })}</Hint>
        )}
      </Field>
      {problem && (
        <ErrorText id={ERROR_ID} role="alert">
          {shown(problem)}
        </ErrorText>
      )}
      {quote && !problem && (
        <div aria-live="polite" aria-busy={state.quotesLoading.value}>
          {state.quoteEstimated.value && (
            <Note role="note" data-estimate="quote">
              {t('estimateQuote')}
            </Note>
          )}
          <Summary aria-label={c('quote')} data-quote={quote.quoteId}>
            {/* The mock quote repeats the amount in every field: its fee lines would say nothing. */}
            {!state.quoteEstimated.value && (
              <>
                <dt>{t('feesLabel')}</dt>
                <dd>{money(quote.fees ?? quote.networkFee)}</dd>
                {quote.fees && (
                  <>
                    <dt>{c('networkFee')}</dt>
                    <dd>{money(quote.networkFee)}</dd>
                  </>
                )}
                <dt>{t('subtotal')}</dt>
                <dd>{money(quote.paymentSubtotal)}</dd>
              </>
            )}
            <dt>{t('total')}</dt>
            <dd>{money(quote.paymentTotal)}</dd>
            <dt>{t('youGet')}</dt>
            <dd data-purchase-amount="">{money(quote.purchaseAmount)}</dd>
          </Summary>
        </div>
      )}
      <PurchaseProgress />
      {purchase.status === 'success' ? (
        <Button type="button" wide onClick={() => replaceView('Account')}>
          {t('backToAccount')}
        </Button>
      ) : (
        <Button type="submit" wide busy={busy} disabled={!amount.trim() || Boolean(problem)}>
          {busy ? t('waitingPurchase') : t('continueWith', { provider: provider?.label ?? t('theProvider') })}
        </Button>
      )}
    </ViewBody>
  )
}
