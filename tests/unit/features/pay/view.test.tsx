// The Pay view as a visitor sees it, in the real modal: what is asked and the balance, then what
// it offers when the wallet is elsewhere, not connected, or short (buy the difference only with
// the on-ramp on; the Buy view starts with that amount). The fake chain adapter stands in for the
// chain; the e2e suite pays on the sandbox's anvil chain.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  RECEIVER,
  button,
  connectAccount,
  findButton,
  installModal,
  modalShadow,
  setNetworks,
  settle,
  title,
  usdc,
  useFakeAdapter,
  waitFor,
} from '../../helpers/views'
import { localFeatures } from '../../../../src/core/config/features'
import { routerState } from '../../../../src/core/modal/router'
import { setActiveCaipNetwork } from '../../../../src/core/state/network'
import { localL2 } from '../../../helpers/networks'
import type { PayArguments } from '../../../../src/features/pay/arguments'
import { openPay } from '../../../../src/features/pay/open'
import { onrampState } from '../../../../src/features/onramp/controller'
import { resetAllState } from '../../helpers/reset'

const USDC_ADDRESS = usdc.address!.split(':').at(-1)!
const ask = (amount: string): PayArguments => ({
  recipient: RECEIVER,
  amount,
  asset: { network: 'eip155:31337', asset: USDC_ADDRESS, metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
})

/** A page with the pay and on-ramp features on. */
function loadPage(): void {
  installModal()
  useFakeAdapter()
  localFeatures.value = { ...localFeatures.value, pay: true, onramp: true }
}

test.before.each(loadPage)

test.after.each(resetAllState)

const detail = (term: string) => {
  const dt = Array.from(modalShadow().querySelectorAll('dt')).find((item) => item.textContent === term)
  return dt?.nextElementSibling?.textContent ?? ''
}
const note = () => modalShadow().querySelector('[data-pay-short]')?.textContent ?? ''

/** Opens Pay and waits for its view; the request's outcome is kept so a rejection is handled. */
async function openAsking(args: PayArguments) {
  const outcome = openPay(args).catch((error: unknown) => error)
  await waitFor(() => {
    try {
      return title() === 'Pay' && detail('Amount') !== ''
    } catch {
      return false // the modal mounts on the first open
    }
  })
  return { outcome }
}

test('shows the amount, recipient, network and the balance, and a Pay button', async () => {
  connectAccount()
  await openAsking(ask('5'))
  assert.is(detail('Amount'), '5 USDC')
  assert.is(detail('Network'), 'Localhost')
  assert.is(detail('Your balance'), `${usdc.quantity.numeric} USDC`)
  assert.match(detail('To'), RECEIVER.slice(0, 6))
  assert.ok(button('Pay 5 USDC'))
  assert.is(note(), '')
})

test('a short balance: no Pay; Buy USDC opens the on-ramp with the difference, Switch network the list', async () => {
  connectAccount()
  await openAsking(ask('2000'))
  const short = (2000 - Number(usdc.quantity.numeric)).toString()
  assert.is(note(), `Your balance is short by ${short} USDC.`)
  assert.is(findButton(/^Pay /), undefined)
  assert.ok(button('Switch network'))
  button('Buy USDC').click()
  await waitFor(() => title() === 'Buy')
  assert.equal(routerState.history.value.at(-1)?.data, {
    amount: (Math.ceil(Number(short) * usdc.price * 100) / 100).toFixed(2),
  })
  // Localhost is no card on-ramp chain (SPEC §9) with the hosted API: the other provider is offered.
  await waitFor(() => findButton(/^Meld/) !== undefined)
  button(/^Meld/).click()
  await settle()
  assert.is(onrampState.paymentAmount.value, (Math.ceil(Number(short) * usdc.price * 100) / 100).toFixed(2))
})

test('without the on-ramp feature the short balance offers only another network', async () => {
  localFeatures.value = { ...localFeatures.value, onramp: false }
  connectAccount()
  await openAsking(ask('2000'))
  assert.is(findButton('Buy USDC'), undefined)
  assert.ok(button('Switch network'))
})

test('on another network it offers to switch; with no wallet, to connect', async () => {
  connectAccount()
  setActiveCaipNetwork(localL2)
  await openAsking(ask('5'))
  assert.is(detail('Your balance'), '—')
  assert.ok(button('Switch to Localhost'))
  assert.is(findButton(/^Pay /), undefined)
  await resetAllState()
  loadPage()
  setNetworks()
  await openAsking(ask('5'))
  assert.ok(button('Connect a wallet to pay'))
})

test.run()
