// The payment request against a fake adapter: it resolves once with the confirmed hash, or rejects
// with a clear reason (wallet rejection, failure, revert, the modal closed, disconnect, another
// payment open, the feature off), never hangs; events for both.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  ADDRESS,
  RECEIVER,
  connectAccount,
  setNetworks,
  settle,
  useFakeAdapter,
  userRejection,
  type FakeAdapter,
  usdc,
} from '../../helpers/views'
import { localFeatures } from '../../../../src/core/config/features'
import { closeModal, modalState } from '../../../../src/core/modal/modal'
import { currentView } from '../../../../src/core/modal/router'
import { emitCoreEvent } from '../../../../src/core/lifecycle'
import { subscribeEvents, type EventRecord } from '../../../../src/core/analytics'
import { PayError, type PayArguments } from '../../../../src/features/pay/arguments'
import { openPay } from '../../../../src/features/pay/open'
import { balanceOfAsset, confirmPayment, payState } from '../../../../src/features/pay/request'
import { resetAllState } from '../../helpers/reset'

const USDC_ADDRESS = usdc.address!.split(':').at(-1)!
const FIVE_USDC: PayArguments = {
  recipient: RECEIVER,
  amount: '5',
  asset: { network: 'eip155:31337', asset: USDC_ADDRESS, metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
}

let fake: FakeAdapter
let events: EventRecord[] = []

/** A page with the pay feature on, its events recorded. */
function loadPage(): void {
  fake = useFakeAdapter()
  localFeatures.value = { ...localFeatures.value, pay: true }
  subscribeEvents((event) => events.push(event))
}

test.before.each(() => {
  events = []
  loadPage()
  connectAccount()
})

test.after.each(resetAllState)

/** What a settled promise came to, without letting a rejection go unhandled. */
function outcome<T>(promise: Promise<T>) {
  const box: { value?: T; error?: unknown; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(box, { value, done: true }),
    (error) => Object.assign(box, { error, done: true }),
  )
  return box
}

const reasonOf = (error: unknown) => (error instanceof PayError ? error.reason : `not a PayError: ${String(error)}`)
const tracked = () =>
  events.map((event) => (event.data as { event?: string }).event).filter((name) => name?.startsWith('PAY_'))

test('a payment opens the Pay view, sends the token transfer and resolves with the confirmed hash', async () => {
  fake.behaviour.send = async () => '0xfeed'
  const paid = outcome(openPay(FIVE_USDC))
  await settle()
  assert.is(modalState.open.value, true)
  assert.is(currentView.value, 'Pay')
  assert.is(balanceOfAsset(payState.request.value!), usdc.quantity.numeric)
  await confirmPayment()
  await settle()
  assert.equal(paid.value, {
    hash: '0xfeed',
    network: 'eip155:31337',
    recipient: RECEIVER,
    amount: '5',
    asset: FIVE_USDC.asset,
  })
  const sent = fake.calls.send[0]!
  assert.is(sent.to, RECEIVER)
  assert.is(sent.from, ADDRESS)
  assert.is(sent.amount, '5')
  assert.is(sent.token?.address, `eip155:31337:${USDC_ADDRESS}`)
  assert.is(sent.token?.quantity.decimals, '6')
  assert.is(payState.stage.value, 'paid')
  assert.equal(tracked(), ['PAY_SUCCESS'])
})

test('native payments send no token', async () => {
  const paid = outcome(
    openPay({
      ...FIVE_USDC,
      amount: '0.01',
      asset: { network: 'eip155:31337', asset: 'native', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    }),
  )
  await settle()
  await confirmPayment()
  await settle()
  assert.is(paid.done && !paid.error, true)
  assert.is(fake.calls.send[0]?.token, undefined)
})

test('a wallet rejection, a failure and a revert each end the request with its reason', async () => {
  fake.behaviour.send = async () => {
    throw userRejection()
  }
  let paid = outcome(openPay(FIVE_USDC))
  await settle()
  await confirmPayment()
  await settle()
  assert.is(reasonOf(paid.error), 'rejected')
  assert.is(payState.error.value, 'The wallet rejected the payment')

  fake.behaviour.send = async () => {
    throw new Error('insufficient funds for gas')
  }
  paid = outcome(openPay(FIVE_USDC))
  await settle()
  await confirmPayment()
  await settle()
  assert.is(reasonOf(paid.error), 'failed')
  // The node's words are told as SPEC §8's typed execution error.
  assert.is(
    String((paid.error as Error).message),
    'The payment failed: Insufficient funds for the amount and the network fee',
  )

  fake.behaviour.send = async () => '0xbad'
  fake.adapter.waitForReceipt = async ({ hash }) => ({ hash, status: 'reverted' })
  paid = outcome(openPay(FIVE_USDC))
  await settle()
  await confirmPayment()
  await settle()
  assert.is(reasonOf(paid.error), 'failed')
  assert.is((paid.error as Error).message, 'The payment was reverted on chain')
  assert.equal(tracked(), ['PAY_ERROR', 'PAY_ERROR', 'PAY_ERROR'])
})

test('closing the modal before paying ends the request; after sending, the confirmation is still reported', async () => {
  let paid = outcome(openPay(FIVE_USDC))
  await settle()
  closeModal()
  await settle()
  assert.is(reasonOf(paid.error), 'closed')

  let confirm!: (value: { hash: string; status: 'success' }) => void
  fake.adapter.waitForReceipt = () => new Promise((resolve) => (confirm = resolve))
  paid = outcome(openPay(FIVE_USDC))
  await settle()
  void confirmPayment()
  await settle()
  assert.is(payState.stage.value, 'confirming')
  closeModal()
  await settle()
  assert.is(paid.done, false)
  confirm({ hash: '0xabc', status: 'success' })
  await settle()
  assert.is((paid.value as { hash: string }).hash, '0xabc')
})

test('a disconnect ends the request; a second payment while one is open is refused', async () => {
  const first = outcome(openPay(FIVE_USDC))
  await settle()
  const second = outcome(openPay(FIVE_USDC))
  await settle()
  assert.is(reasonOf(second.error), 'busy')
  await emitCoreEvent('namespaceCleared', { namespace: 'eip155', address: ADDRESS })
  await settle()
  assert.is(reasonOf(first.error), 'failed')
  assert.is((first.error as Error).message, 'The wallet disconnected before paying')
})

test('with the pay feature off, or a network the app does not have, openPay rejects at once', async () => {
  localFeatures.value = { ...localFeatures.value, pay: false }
  const off = outcome(openPay(FIVE_USDC))
  await settle()
  assert.is(reasonOf(off.error), 'unavailable')
  assert.match((off.error as Error).message, 'features.pay')
  localFeatures.value = { ...localFeatures.value, pay: true }
  const elsewhere = outcome(openPay({ ...FIVE_USDC, asset: { ...FIVE_USDC.asset, network: 'eip155:1' } }))
  await settle()
  assert.is(reasonOf(elsewhere.error), 'invalid')
  assert.is(modalState.open.value, false)
})

test('without a connected wallet the Pay view waits; a connection made for it comes back to it', async () => {
  await resetAllState()
  loadPage()
  setNetworks()
  const paid = outcome(openPay(FIVE_USDC))
  await settle()
  assert.is(currentView.value, 'Pay')
  const decisions: Promise<boolean>[] = []
  await emitCoreEvent('afterConnect', { namespace: 'eip155', keepOpen: (decision) => decisions.push(decision) })
  assert.is(decisions.length, 1)
  assert.is(await decisions[0], true)
  assert.is(currentView.value, 'Pay')
  assert.is(paid.done, false)
})

test('a balance short of the amount is read from the account; another network has none to show', async () => {
  const paid = outcome(openPay({ ...FIVE_USDC, amount: '100000' }))
  await settle()
  assert.is(balanceOfAsset(payState.request.value!), usdc.quantity.numeric)
  assert.is(balanceOfAsset({ ...FIVE_USDC, asset: { ...FIVE_USDC.asset, network: 'eip155:31338' } }), undefined)
  closeModal()
  await settle()
  assert.is(reasonOf(paid.error), 'closed')
})

test.run()
