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
import { amountProblem, limitsFor, PAYMENT_METHOD_LABELS } from './options'
import type { OnrampAmount } from '../../api/onramp-api'

const ERROR_ID = 'sk-onramp-error'
const LIMITS_ID = 'sk-onramp-limits'

const money = (value: OnrampAmount | undefined) => (value ? `${value.amount} ${value.currency}` : '—')

/** The provider window's progress, announced as it changes. */
function PurchaseProgress() {
  useSignals()
  const purchase = onrampState.purchase.value
  const label = onrampState.selectedProvider.value?.label ?? 'The provider'
  switch (purchase.status) {
    case 'opening':
      return <Note role="status">Opening {label}…</Note>
    case 'waiting':
      return (
        <Note role="status" data-purchase="waiting">
          <Spinner aria-hidden="true" style={{ width: 14, height: 14, verticalAlign: 'middle', marginRight: 8 }} />
          Complete the purchase in the {label} window. This view updates when it arrives.
        </Note>
      )
    case 'blocked':
      return (
        <Note role="status">
          The browser blocked the {label} window.{' '}
          <a href={purchase.url} target="_blank" rel="noopener">
            Open {label}
          </a>
        </Note>
      )
    case 'success':
      return (
        <Note role="status" data-purchase="success">
          Purchase complete: {purchase.amount} {purchase.symbol} arrived in your wallet.
        </Note>
      )
    case 'closed':
      return (
        <Note role="status" data-purchase="closed">
          The {label} window was closed before a purchase arrived.
        </Note>
      )
    case 'failed':
      return (
        <ErrorText role="alert" data-purchase="failed">
          {purchase.message}
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
      <ViewBody role="status" aria-label="Loading currencies">
        <Spinner />
      </ViewBody>
    )
  }

  const estimateNote = state.optionsEstimated.value
    ? "Estimate: the provider's currencies could not be loaded, so a built-in list is shown."
    : !onNetwork
      ? 'Estimate: none of these currencies is sold on this network.'
      : undefined

  return (
    <ViewBody as="form" noValidate onSubmit={onSubmit} aria-describedby={problem ? ERROR_ID : undefined}>
      {estimateNote && (
        <Note role="note" data-estimate="options">
          {estimateNote}
        </Note>
      )}
      <Field>
        <Label htmlFor="sk-onramp-purchase">You buy</Label>
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
        <Label htmlFor="sk-onramp-payment">You pay in</Label>
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
        <Label htmlFor="sk-onramp-method">Payment method</Label>
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
              {PAYMENT_METHOD_LABELS[item.id] ?? item.id}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor="sk-onramp-amount">Amount</Label>
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
          <Hint id={LIMITS_ID}>
            From {limit.min} to {limit.max} {payment?.id}
          </Hint>
        )}
      </Field>
      {problem && (
        <ErrorText id={ERROR_ID} role="alert">
          {problem}
        </ErrorText>
      )}
      {quote && !problem && (
        <div aria-live="polite" aria-busy={state.quotesLoading.value}>
          {state.quoteEstimated.value && (
            <Note role="note" data-estimate="quote">
              Estimate: the quote is unavailable, so the amounts below are not the provider's.
            </Note>
          )}
          <Summary aria-label="Quote" data-quote={quote.quoteId}>
            {/* The mock quote repeats the amount in every field: its fee lines would say nothing. */}
            {!state.quoteEstimated.value && (
              <>
                <dt>Fees</dt>
                <dd>{money(quote.fees ?? quote.networkFee)}</dd>
                {quote.fees && (
                  <>
                    <dt>Network fee</dt>
                    <dd>{money(quote.networkFee)}</dd>
                  </>
                )}
                <dt>Subtotal</dt>
                <dd>{money(quote.paymentSubtotal)}</dd>
              </>
            )}
            <dt>Total</dt>
            <dd>{money(quote.paymentTotal)}</dd>
            <dt>You get</dt>
            <dd data-purchase-amount="">{money(quote.purchaseAmount)}</dd>
          </Summary>
        </div>
      )}
      <PurchaseProgress />
      {purchase.status === 'success' ? (
        <Button type="button" wide onClick={() => replaceView('Account')}>
          Back to account
        </Button>
      ) : (
        <Button type="submit" wide busy={busy} disabled={!amount.trim() || Boolean(problem)}>
          {busy ? 'Waiting for the purchase…' : `Continue with ${provider?.label ?? 'the provider'}`}
        </Button>
      )}
    </ViewBody>
  )
}
