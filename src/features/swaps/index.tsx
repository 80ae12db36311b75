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

const ERROR_ID = 'sk-swap-error'

/** A side of the swap: the token paid with, or the token received. */
type Side = 'from' | 'to'

/** What each side's token controls say. */
const SIDES = {
  from: { token: 'Token to pay', select: 'Select the token to pay with', list: 'Token to pay with' },
  to: { token: 'Token to receive', select: 'Select the token to receive', list: 'Token to receive' },
} as const

/** The form's quiet states: said on the button, not as an error. */
const QUIET: readonly string[] = [SWAP_ERRORS.selectTokens, SWAP_ERRORS.enterAmount]

const PROGRESS: Record<SwapProgress, string> = {
  'approve-sign': 'Approve {symbol} in your wallet…',
  'approve-wait': 'Waiting for the approval…',
  checking: 'Checking the price…',
  'swap-sign': 'Confirm the swap in your wallet…',
  'swap-wait': 'Swapping…',
}

/**
 * Base units as text a person reads: grouped, at most `fraction` decimals, cut rather than
 * rounded (a minimum shown must never be more than the minimum).
 * @internal
 */
export function formatAmount(value: bigint, decimals: number, fraction = 6): string {
  const [whole = '0', part = ''] = fromBaseUnits(value, decimals).split('.')
  const cut = part.slice(0, fraction).replace(/0+$/, '')
  return `${BigInt(whole).toLocaleString('en-US')}${cut ? `.${cut}` : ''}`
}

function usd(amount: number, price: number | undefined): string {
  return price && amount > 0 ? `≈ ${formatUsd(amount * price)}` : ''
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
        <Label htmlFor="sk-swap-search">{SIDES[side].list}</Label>
        <SmallButton type="button" onClick={onDone}>
          Cancel
        </SmallButton>
      </Row>
      <Input
        id="sk-swap-search"
        type="search"
        autoComplete="off"
        placeholder="Search name or address"
        value={query.value}
        onChange={(event) => {
          query.value = event.currentTarget.value
        }}
      />
      {swapState.listError.value && <Hint role="status">{swapState.listError.value}</Hint>}
      <TokenList aria-label="Tokens">
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
      {tokens.length === 0 && <Hint>No token matches</Hint>}
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
    <Details aria-label="Quote">
      <dt>Rate</dt>
      <dd>
        1 {from.symbol} = {formatQuantity(String(rate))} {to.symbol}
      </dd>
      <dt>Price impact</dt>
      <dd data-impact="">{impact === undefined ? '—' : `${Math.max(impact, 0).toFixed(2)}%`}</dd>
      <dt>Network fee</dt>
      <dd>{fee === undefined ? (swapState.gasPriceError.value ?? '—') : `≈ ${formatUsd(fee)}`}</dd>
      <dt>Minimum received</dt>
      <dd data-minimum="">
        {formatAmount(quote.minimum, to.decimals)} {to.symbol}
      </dd>
      <dt>Slippage</dt>
      <dd>{SWAP_SLIPPAGE_PERCENT}%</dd>
    </Details>
  )
}

/** A side's token, as the button that opens the token list for that side. */
function SideToken({ side, token, pick }: { side: Side; token: SwapToken | undefined; pick: (side: Side) => void }) {
  return (
    <TokenButton
      type="button"
      aria-label={token ? `${SIDES[side].token}: ${token.symbol}` : SIDES[side].select}
      onClick={() => pick(side)}
    >
      {token ? <TokenIcon token={token} /> : null}
      {token?.symbol ?? 'Select'}
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
          <Label htmlFor="sk-swap-amount">You pay</Label>
          <Hint>{from && `Balance: ${formatAmount(balanceOf(from), from.decimals, 4)} ${from.symbol}`}</Hint>
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
            Max
          </SmallButton>
          <SideToken side="from" token={from} pick={pick} />
        </Row>
        <Hint data-usd-from="">{usd(inAmount, priceOf(from))}</Hint>
      </Side>
      <Flip type="button" aria-label="Switch tokens" onClick={flipTokens}>
        ⇅
      </Flip>
      <Side>
        <Row>
          <Label as="span" id="sk-swap-receive">
            You receive
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
          {shownProblem}
        </ErrorText>
      )}
      {swapState.quoteError.value && !quoting && (
        <SmallButton type="button" onClick={() => requestQuote(0)}>
          Try again
        </SmallButton>
      )}
      <Button type="submit" wide busy={quoting && !shownProblem} aria-disabled={!ready || undefined}>
        {quoting && !shownProblem ? 'Getting quote…' : problem && QUIET.includes(problem) ? problem : 'Review swap'}
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
          {formatAmount(amount, token.decimals)} {token.symbol}
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
    showSuccessToast(`Swapped ${formatAmount(quote.fromAmount, from.decimals)} ${from.symbol} for ${to.symbol}`)
    // Never yank a visitor who went elsewhere meanwhile.
    if (currentView.peek() === 'Swap') replaceView('Account')
  }
  return (
    <SwapBody aria-describedby={error ? ERROR_ID : undefined}>
      <Side>
        <ReviewAmount label="You pay" amount={quote.fromAmount} token={from} data-review-pay="" />
        <ReviewAmount label="You receive (estimated)" amount={quote.toAmount} token={to} data-review-receive="" />
      </Side>
      <QuoteDetails />
      <Hint>The quote refreshes every {QUOTE_REFRESH_MS / 1000} s until you swap.</Hint>
      {error && (
        <ErrorText id={ERROR_ID} role="alert">
          {error}
        </ErrorText>
      )}
      <Text role="status" tone="muted" centered>
        {progress ? PROGRESS[progress].replace('{symbol}', from.symbol) : ''}
      </Text>
      <Buttons>
        <Button type="button" tone="quiet" aria-disabled={busy || undefined} onClick={() => !busy && editSwap()}>
          Edit
        </Button>
        <Button type="button" busy={busy} onClick={() => void onSwap()}>
          {approval ? `Approve ${from.symbol} and swap` : 'Swap'}
        </Button>
      </Buttons>
    </SwapBody>
  )
}

/** A state with nothing to fill in: not connected, feature off, or a network without swaps. */
function Notice({ text, action }: { text: string; action?: { label: string; run: () => void } }) {
  return (
    <SwapBody>
      <ErrorText role="alert">{text}</ErrorText>
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
    return <Notice text={SWAP_ERRORS.notConnected} action={{ label: 'Connect', run: () => pushView('Connect') }} />
  if (support === 'unsupported')
    return (
      <Notice
        text={SWAP_ERRORS.unsupportedNetwork}
        action={{ label: 'Switch network', run: () => pushView('SwitchNetwork') }}
      />
    )
  if (picking.value) return <TokenPicker side={picking.value} onDone={() => (picking.value = undefined)} />
  if (swapState.step.value === 'review' && currentQuote.value) return <SwapReview />
  return <SwapForm pick={(side) => (picking.value = side)} />
}
