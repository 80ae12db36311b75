import { useEffect, type FormEvent } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { activeNamespace, getAccountState } from '../../core/state/account'
import { activeCaipNetwork } from '../../core/state/network'
import { featuresState } from '../../core/config/features'
import { currentData, currentView, pushView, replaceView } from '../../core/modal/router'
import { showSuccessToast } from '../../core/modal/toasts'
import { Button } from '../../ui/kit/Button'
import { Input, Label } from '../../ui/kit/form'
import { SmallButton } from '../../ui/kit/SmallButton'
import { ErrorText, Hint, Text } from '../../ui/kit/text'
import { formatQuantity, formatUsd } from '../../ui/token-balances'
import { numberFormat } from '../../ui/number-format'
import {
  SWAP_ERRORS,
  balanceOf,
  confirmSwap,
  currentQuote,
  editSwap,
  flipTokens,
  formProblem,
  heldTokens,
  initSwap,
  needsApproval,
  priceOf,
  requestQuote,
  resetSwap,
  reviewSwap,
  selectToken,
  setAmount,
  setMaxAmount,
  swapState,
  QUOTE_REFRESH_MS,
  type SwapArguments,
  type SwapProgress,
} from './controller'
import { fromBaseUnits } from '../../lib/units'
import { SWAP_INITIAL_GAS, SWAP_SLIPPAGE_PERCENT, exchangeRate, networkFeeUsd, priceImpact } from './math'
import { swapTokenList, type SwapToken } from './tokens'
import {
  AmountInput,
  Buttons,
  Details,
  Flip,
  Icon,
  Initial,
  Output,
  Row,
  Side,
  SwapBody,
  TokenButton,
  TokenList,
  TokenRow,
} from './styles'
import { translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import swapEn from '../../i18n/messages/en/swap'
import commonEn from '../../i18n/messages/en/common'

const t = translator('swap', swapEn)
const c = translator('common', commonEn)
/** The controller's English texts (SWAP_ERRORS) in the visitor's locale. */
const shown = textTranslator('swap', swapEn)

const ERROR_ID = 'sk-swap-error'

/** A side of the swap: the token paid with, or the token received. */
type Side = 'from' | 'to'

/** What each side's token controls say. */
const SIDES = {
  from: { token: 'tokenToPay', select: 'selectToPay', list: 'listToPay' },
  to: { token: 'tokenToReceive', select: 'selectToReceive', list: 'listToReceive' },
} as const

/** The form's quiet states: said on the button, not as an error. */
const QUIET: readonly string[] = [SWAP_ERRORS.selectTokens, SWAP_ERRORS.enterAmount]

const PROGRESS = {
  'approve-sign': 'approveSign',
  'approve-wait': 'approveWait',
  checking: 'checking',
  'swap-sign': 'swapSign',
  'swap-wait': 'swapWait',
} as const satisfies Record<SwapProgress, keyof typeof swapEn>

/**
 * Base units as text a person reads: grouped, at most `fraction` decimals, cut rather than
 * rounded (a minimum shown must never be more than the minimum).
 * @internal
 */
export function formatAmount(value: bigint, decimals: number, fraction = 6): string {
  const [whole = '0', part = ''] = fromBaseUnits(value, decimals).split('.')
  const cut = part.slice(0, fraction).replace(/0+$/, '')
  // The whole part grouped in the locale's way, the fraction as it is (cut, never rounded).
  const format = numberFormat({})
  const point = format.formatToParts(0.5).find((part) => part.type === 'decimal')?.value ?? '.'
  return `${format.format(BigInt(whole))}${cut ? `${point}${cut}` : ''}`
}

function usd(amount: number, price: number | undefined): string {
  return price && amount > 0 ? c('approximately', { value: formatUsd(amount * price) }) : ''
}

function TokenIcon({ token }: { token: SwapToken }) {
  return token.logoUri ? (
    <Icon src={token.logoUri} alt="" loading="lazy" />
  ) : (
    <Initial aria-hidden="true">{token.symbol.slice(0, 1)}</Initial>
  )
}

/** The token list of one side: the account's tokens first, then the API's; search by text. */
function TokenPicker({ side, onDone }: { side: Side; onDone: () => void }) {
  useSignals()
  const query = useSignal('')
  const network = swapState.network.value
  const tokens = network ? swapTokenList(heldTokens.value, swapState.listed.value, network, query.value) : []
  return (
    <SwapBody>
      <Row>
        <Label htmlFor="sk-swap-search">{t(SIDES[side].list)}</Label>
        <SmallButton type="button" onClick={onDone}>
          {c('cancel')}
        </SmallButton>
      </Row>
      <Input
        id="sk-swap-search"
        type="search"
        autoComplete="off"
        placeholder={t('searchToken')}
        value={query.value}
        onChange={(event) => {
          query.value = event.currentTarget.value
        }}
      />
      {swapState.listError.value && <Hint role="status">{shown(swapState.listError.value)}</Hint>}
      <TokenList aria-label={t('tokens')}>
        {tokens.map((token) => (
          <li key={token.address}>
            <TokenRow
              type="button"
              onClick={() => {
                selectToken(side, token)
                onDone()
              }}
            >
              <TokenIcon token={token} />
              <span>
                {token.symbol} <Hint>{token.name}</Hint>
              </span>
              <Hint>{token.balance ? formatQuantity(token.balance) : ''}</Hint>
            </TokenRow>
          </li>
        ))}
      </TokenList>
      {tokens.length === 0 && <Hint>{t('noMatch')}</Hint>}
    </SwapBody>
  )
}

/** The quote's facts: rate, price impact, network fee, minimum received, slippage. */
function QuoteDetails() {
  useSignals()
  const quote = currentQuote.value
  if (!quote) return null
  const { from, to } = quote
  const inAmount = Number(fromBaseUnits(quote.fromAmount, from.decimals))
  const outAmount = Number(fromBaseUnits(quote.toAmount, to.decimals))
  const impact = priceImpact(inAmount, priceOf(from), outAmount, priceOf(to))
  const network = swapState.network.value
  const gasPrice = swapState.gasPrice.value
  const fee =
    network && gasPrice !== undefined
      ? networkFeeUsd(SWAP_INITIAL_GAS, gasPrice, priceOf({ symbol: network.nativeCurrency.symbol } as SwapToken))
      : undefined
  const rate = exchangeRate(quote.fromAmount, from.decimals, quote.toAmount, to.decimals)
  return (
    <Details aria-label={c('quote')}>
      <dt>{t('rate')}</dt>
      <dd>
        <bdi>
          1 {from.symbol} = {formatQuantity(String(rate))} {to.symbol}
        </bdi>
      </dd>
      <dt>{t('priceImpact')}</dt>
      <dd data-impact="">
        {impact === undefined
          ? c('unknownValue')
          : numberFormat({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
              Math.max(impact, 0) / 100,
            )}
      </dd>
      <dt>{c('networkFee')}</dt>
      <dd>
        {fee === undefined
          ? shown(swapState.gasPriceError.value ?? c('unknownValue'))
          : c('approximately', { value: formatUsd(fee) })}
      </dd>
      <dt>{t('minimumReceived')}</dt>
      <dd data-minimum="">
        <bdi>
          {formatAmount(quote.minimum, to.decimals)} {to.symbol}
        </bdi>
      </dd>
      <dt>{t('slippage')}</dt>
      <dd>{numberFormat({ style: 'percent', maximumFractionDigits: 2 }).format(SWAP_SLIPPAGE_PERCENT / 100)}</dd>
    </Details>
  )
}

/** A side's token, as the button that opens the token list for that side. */
function SideToken({ side, token, pick }: { side: Side; token: SwapToken | undefined; pick: (side: Side) => void }) {
  return (
    <TokenButton
      type="button"
      aria-label={token ? t(SIDES[side].token, { symbol: token.symbol }) : t(SIDES[side].select)}
      onClick={() => pick(side)}
    >
      {token ? <TokenIcon token={token} /> : null}
      {token?.symbol ?? t('select')}
    </TokenButton>
  )
}

function SwapForm({ pick }: { pick: (side: Side) => void }) {
  useSignals()
  const from = swapState.from.value
  const to = swapState.to.value
  const quote = currentQuote.value
  const problem = formProblem.value
  const quoting = swapState.quoting.value
  const amount = swapState.amount.value
  const inAmount = Number(amount)
  const outAmount = quote ? Number(fromBaseUnits(quote.toAmount, quote.to.decimals)) : 0
  const shownProblem = problem && !QUIET.includes(problem) ? problem : undefined
  const ready = !problem && !!quote
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    reviewSwap()
  }
  return (
    <SwapBody as="form" noValidate onSubmit={onSubmit} aria-describedby={shownProblem ? ERROR_ID : undefined}>
      <Side>
        <Row>
          <Label htmlFor="sk-swap-amount">{t('youPay')}</Label>
          <Hint>
            {from && t('balance', { amount: `${formatAmount(balanceOf(from), from.decimals, 4)} ${from.symbol}` })}
          </Hint>
        </Row>
        <Row>
          <AmountInput
            id="sk-swap-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
          />
          <SmallButton type="button" disabled={!from} onClick={setMaxAmount}>
            {c('max')}
          </SmallButton>
          <SideToken side="from" token={from} pick={pick} />
        </Row>
        <Hint data-usd-from="">{usd(inAmount, priceOf(from))}</Hint>
      </Side>
      <Flip type="button" aria-label={t('switchTokens')} onClick={flipTokens}>
        ⇅
      </Flip>
      <Side>
        <Row>
          <Label as="span" id="sk-swap-receive">
            {t('youReceive')}
          </Label>
        </Row>
        <Row>
          <Output aria-labelledby="sk-swap-receive" data-receive="">
            {quote ? formatAmount(quote.toAmount, quote.to.decimals) : quoting ? '…' : '0'}
          </Output>
          <SideToken side="to" token={to} pick={pick} />
        </Row>
        <Hint data-usd-to="">{quote ? usd(outAmount, priceOf(to)) : ''}</Hint>
      </Side>
      <QuoteDetails />
      {shownProblem && (
        <ErrorText id={ERROR_ID} role="alert">
          {shown(shownProblem)}
        </ErrorText>
      )}
      {swapState.quoteError.value && !quoting && (
        <SmallButton type="button" onClick={() => requestQuote(0)}>
          {c('tryAgain')}
        </SmallButton>
      )}
      <Button type="submit" wide busy={quoting && !shownProblem} aria-disabled={!ready || undefined}>
        {quoting && !shownProblem
          ? t('gettingQuote')
          : problem && QUIET.includes(problem)
            ? shown(problem)
            : t('review')}
      </Button>
    </SwapBody>
  )
}

/** An amount of the review, under its label, with its USD value; `data-*` props mark the amount. */
function ReviewAmount({
  label,
  amount,
  token,
  ...data
}: { label: string; amount: bigint; token: SwapToken } & Record<`data-${string}`, string>) {
  return (
    <>
      <Hint>{label}</Hint>
      <Row>
        <strong {...data}>
          <bdi>
            {formatAmount(amount, token.decimals)} {token.symbol}
          </bdi>
        </strong>
        <Hint>{usd(Number(fromBaseUnits(amount, token.decimals)), priceOf(token))}</Hint>
      </Row>
    </>
  )
}

function SwapReview() {
  useSignals()
  const quote = currentQuote.value
  const progress = swapState.progress.value
  const error = swapState.error.value
  if (!quote) return null
  const { from, to } = quote
  const approval = needsApproval.value
  const busy = progress !== undefined
  const onSwap = async () => {
    if (swapState.progress.peek()) return
    const outcome = await confirmSwap()
    if (outcome !== 'swapped') return
    showSuccessToast(
      t('swapped', { amount: `${formatAmount(quote.fromAmount, from.decimals)} ${from.symbol}`, symbol: to.symbol }),
    )
    // Never yank a visitor who went elsewhere meanwhile.
    if (currentView.peek() === 'Swap') replaceView('Account')
  }
  return (
    <SwapBody aria-describedby={error ? ERROR_ID : undefined}>
      <Side>
        <ReviewAmount label={t('youPay')} amount={quote.fromAmount} token={from} data-review-pay="" />
        <ReviewAmount label={t('youReceiveEstimated')} amount={quote.toAmount} token={to} data-review-receive="" />
      </Side>
      <QuoteDetails />
      <Hint>{t('refreshes', { seconds: QUOTE_REFRESH_MS / 1000 })}</Hint>
      {error && (
        <ErrorText id={ERROR_ID} role="alert">
          {shown(error)}
        </ErrorText>
      )}
      <Text role="status" tone="muted" centered>
        {progress ? t(PROGRESS[progress], { symbol: from.symbol }) : ''}
      </Text>
      <Buttons>
        <Button type="button" tone="quiet" aria-disabled={busy || undefined} onClick={() => !busy && editSwap()}>
          {c('edit')}
        </Button>
        <Button type="button" busy={busy} onClick={() => void onSwap()}>
          {approval ? t('approveAndSwap', { symbol: from.symbol }) : t('swap')}
        </Button>
      </Buttons>
    </SwapBody>
  )
}

/** A state with nothing to fill in: not connected, feature off, or a network without swaps. */
function Notice({ text, action }: { text: string; action?: { label: string; run: () => void } }) {
  return (
    <SwapBody>
      <ErrorText role="alert">{shown(text)}</ErrorText>
      {action && (
        <Button type="button" wide onClick={action.run}>
          {action.label}
        </Button>
      )}
    </SwapBody>
  )
}

/**
 * The Swap view: from and to tokens with a picker, the amount with Max, USD values, the quote
 * (rate, price impact, network fee, minimum received), a review, then approve when needed and
 * swap. Opened from Account or with `open({ view: 'Swap', arguments: { fromToken, toToken, amount } })`.
 * @internal
 */
export default function SwapView() {
  useSignals()
  const picking = useSignal<Side | undefined>(undefined)
  const namespace = activeNamespace.value
  const networkId = activeCaipNetwork.value?.caipNetworkId
  const address = namespace ? getAccountState(namespace).address.value : undefined
  // A new account or network starts a new form; the swap arguments apply to each. Leaving the
  // view drops the form, its timers and pending answers (a swap already signed still completes).
  useEffect(() => {
    initSwap((currentData.peek() ?? {}) as SwapArguments)
    return resetSwap
  }, [namespace, networkId, address])

  if (!featuresState.value.swaps) return <Notice text={SWAP_ERRORS.featureOff} />
  const support = swapState.support.value
  if (support === 'disconnected')
    return <Notice text={SWAP_ERRORS.notConnected} action={{ label: c('connect'), run: () => pushView('Connect') }} />
  if (support === 'unsupported')
    return (
      <Notice
        text={SWAP_ERRORS.unsupportedNetwork}
        action={{ label: c('switchNetwork'), run: () => pushView('SwitchNetwork') }}
      />
    )
  if (picking.value) return <TokenPicker side={picking.value} onDone={() => (picking.value = undefined)} />
  if (swapState.step.value === 'review' && currentQuote.value) return <SwapReview />
  return <SwapForm pick={(side) => (picking.value = side)} />
}
