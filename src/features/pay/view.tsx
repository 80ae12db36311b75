/**
 * The Pay view (feature `pay`): what the dapp asks for, to whom, on which network, the visitor's
 * balance of that asset; then Pay sends it through the connected wallet. A short balance offers to
 * buy the difference (on-ramp) or switch network. LAZY: its view is declared in `./feature.ts`.
 */
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { featuresState } from '../../core/config/features'
import { closeModal } from '../../core/modal/modal'
import { pushView } from '../../core/modal/router'
import { getAccountState } from '../../core/state/account'
import { findRequestedNetwork } from '../../core/state/network'
import { switchNetwork } from '../../core/wallet/switch-network'
import { describeWalletError } from '../../lib/wallet-errors'
import { fromBaseUnits, toBaseUnitsExact } from '../../lib/units'
import { shortAddress } from '../../ui/format'
import { Button } from '../../ui/kit/Button'
import { Note } from '../../ui/kit/Note'
import { Summary } from '../../ui/kit/Summary'
import { ErrorText } from '../../ui/kit/text'
import { ViewBody } from '../../ui/kit/ViewBody'
import { balanceOfAsset, confirmPayment, namespaceOf, payState } from './request'

/** The least a card purchase may be (SPEC §5), so a small shortfall still opens a valid amount. */
const CARD_MINIMUM = 10

/** @internal */
export default function PayView() {
  useSignals()
  const switchError = useSignal<string | undefined>(undefined)
  const request = payState.request.value
  const stage = payState.stage.value
  if (!request) return <Note role="note">There is no payment to make.</Note>
  const { asset, recipient, amount } = request
  const symbol = asset.metadata.symbol
  const namespace = namespaceOf(asset.network)
  const network = findRequestedNetwork(asset.network)
  const account = getAccountState(namespace)
  const connected = account.status.value === 'connected'
  const balance = balanceOfAsset(request)
  const wanted = toBaseUnitsExact(amount, asset.metadata.decimals)
  let held: bigint | undefined
  try {
    held = balance === undefined ? undefined : toBaseUnitsExact(balance, asset.metadata.decimals)
  } catch {
    held = undefined
  }
  const short = held !== undefined && held < wanted ? fromBaseUnits(wanted - held, asset.metadata.decimals) : undefined
  const onNetwork = balance !== undefined
  const busy = stage === 'wallet' || stage === 'confirming'
  const done = stage === 'paid' || stage === 'ended'

  const buyDifference = () => {
    const price = account.tokenBalance.peek().find((token) => token.symbol === symbol)?.price ?? 0
    const fiat = Math.max(CARD_MINIMUM, Math.ceil(Number(short) * price * 100) / 100)
    pushView('OnRampProviders', price > 0 ? { amount: fiat.toFixed(2) } : undefined)
  }

  const switchToNetwork = async () => {
    switchError.value = undefined
    if (!network) return
    try {
      await switchNetwork(network)
    } catch (error) {
      switchError.value = describeWalletError(error)
    }
  }

  return (
    <ViewBody>
      <Summary aria-label="Payment">
        <dt>Amount</dt>
        <dd data-pay-amount="">
          {amount} {symbol}
        </dd>
        <dt>To</dt>
        <dd title={recipient}>{shortAddress(recipient)}</dd>
        <dt>Network</dt>
        <dd>{network?.name ?? asset.network}</dd>
        <dt>Your balance</dt>
        <dd data-pay-balance="">{balance === undefined ? '—' : `${balance} ${symbol}`}</dd>
      </Summary>
      {!connected && !done && (
        <Button type="button" wide onClick={() => pushView('Connect')}>
          Connect a wallet to pay
        </Button>
      )}
      {connected && !onNetwork && !done && (
        <>
          <Note role="note">This payment is on {network?.name ?? asset.network}.</Note>
          <Button type="button" wide onClick={() => void switchToNetwork()}>
            Switch to {network?.name ?? asset.network}
          </Button>
        </>
      )}
      {switchError.value && <ErrorText role="alert">{switchError.value}</ErrorText>}
      {connected && short && !done && (
        <>
          <Note role="note" data-pay-short="">
            Your balance is short by {short} {symbol}.
          </Note>
          {featuresState.value.onramp && (
            <Button type="button" wide onClick={buyDifference}>
              Buy {symbol}
            </Button>
          )}
          <Button type="button" wide onClick={() => pushView('SwitchNetwork')}>
            Switch network
          </Button>
        </>
      )}
      {stage === 'paid' && (
        <Note role="status" data-pay-result="success">
          Paid {amount} {symbol}. Transaction {shortAddress(payState.hash.value ?? '')} is confirmed.
        </Note>
      )}
      {stage === 'ended' && (
        <ErrorText role="alert" data-pay-result="error">
          {payState.error.value}
        </ErrorText>
      )}
      {stage === 'confirming' && <Note role="status">Sent. Waiting for the network to confirm it…</Note>}
      {done ? (
        <Button type="button" wide onClick={() => closeModal()}>
          Close
        </Button>
      ) : (
        connected &&
        onNetwork &&
        !short && (
          <Button
            type="button"
            wide
            busy={busy}
            onClick={() => {
              if (!busy) void confirmPayment()
            }}
          >
            {stage === 'wallet'
              ? 'Confirm in your wallet…'
              : stage === 'confirming'
                ? 'Confirming…'
                : `Pay ${amount} ${symbol}`}
          </Button>
        )
      )}
    </ViewBody>
  )
}
