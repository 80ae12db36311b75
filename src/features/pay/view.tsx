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
import { translateText, translator } from '../../i18n/translate'
import { textTranslator } from '../../i18n/reverse'
import payEn from '../../i18n/messages/en/pay'
import commonEn from '../../i18n/messages/en/common'

const t = translator('pay', payEn)
const c = translator('common', commonEn)
const fromPay = textTranslator('pay', payEn)

/** The least a card purchase may be (SPEC §5), so a small shortfall still opens a valid amount. */
const CARD_MINIMUM = 10

/** @internal */
export default function PayView() {
  useSignals()
  const switchError = useSignal<string | undefined>(undefined)
  const request = payState.request.value
  const stage = payState.stage.value
  if (!request) return <Note role="note">{t('nothing')}</Note>
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
      switchError.value = translateText(describeWalletError(error))
    }
  }

  return (
    <ViewBody>
      <Summary aria-label={t('payment')}>
        <dt>{c('amount')}</dt>
        <dd data-pay-amount="">
          <bdi>
            {amount} {symbol}
          </bdi>
        </dd>
        <dt>{t('to')}</dt>
        <dd title={recipient}>
          <bdi>{shortAddress(recipient)}</bdi>
        </dd>
        <dt>{c('network')}</dt>
        <dd>{network?.name ?? asset.network}</dd>
        <dt>{t('yourBalance')}</dt>
        <dd data-pay-balance="">
          <bdi>{balance === undefined ? c('unknownValue') : `${balance} ${symbol}`}</bdi>
        </dd>
      </Summary>
      {!connected && !done && (
        <Button type="button" wide onClick={() => pushView('Connect')}>
          {t('connectToPay')}
        </Button>
      )}
      {connected && !onNetwork && !done && (
        <>
          <Note role="note">{t('onNetwork', { network: network?.name ?? asset.network })}</Note>
          <Button type="button" wide onClick={() => void switchToNetwork()}>
            {t('switchTo', { network: network?.name ?? asset.network })}
          </Button>
        </>
      )}
      {switchError.value && <ErrorText role="alert">{switchError.value}</ErrorText>}
      {connected && short && !done && (
        <>
          <Note role="note" data-pay-short="">
            {t('short', { amount: `${short} ${symbol}` })}
          </Note>
          {featuresState.value.onramp && (
            <Button type="button" wide onClick={buyDifference}>
              {t('buy', { symbol })}
            </Button>
          )}
          <Button type="button" wide onClick={() => pushView('SwitchNetwork')}>
            {c('switchNetwork')}
          </Button>
        </>
      )}
      {stage === 'paid' && (
        <Note role="status" data-pay-result="success">
          {t('paid', { amount: `${amount} ${symbol}`, hash: shortAddress(payState.hash.value ?? '') })}
        </Note>
      )}
      {stage === 'ended' && (
        <ErrorText role="alert" data-pay-result="error">
          {translateText(fromPay(payState.error.value ?? ''))}
        </ErrorText>
      )}
      {stage === 'confirming' && <Note role="status">{t('confirming')}</Note>}
      {done ? (
        <Button type="button" wide onClick={() => closeModal()}>
          {c('close')}
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
              ? t('confirmInWallet')
              : stage === 'confirming'
                ? t('confirmingButton')
                : t('pay', { amount: `${amount} ${symbol}` })}
          </Button>
        )
      )}
    </ViewBody>
  )
}
