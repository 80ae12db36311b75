import {
  button,
  choose,
  connectAccount,
  deferred,
  findButton,
  installModal,
  labelled,
  modalShadow,
  nameOf,
  openAt,
  RECEIVER,
  settle,
  title,
  typeInto,
  usdc,
  useFakeAdapter,
  type FakeAdapter,
  waitFor,
} from '../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setActiveCaipNetwork } from '../../../../src/core/state/network'
import { routerState } from '../../../../src/core/modal/router'
import { sendState } from '../../../../src/features/send/controller'
import { toastState } from '../../../../src/core/modal/toasts'
import type { CaipNetwork } from '../../../../src/core/types'
import { setAccount } from '../../../../src/core/state/account'
import { resetAllState } from '../../helpers/reset'
import { AVATAR, recordOf, useFakeProfileApi } from '../../helpers/names'
import { RECEIVER_LOOKUP_DELAY_MS } from '../../../../src/features/send/controller'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import { solana } from '../../../helpers/networks'

let fake: FakeAdapter

test.before.each(() => {
  installModal()
  fake = useFakeAdapter()
})

test.after.each(resetAllState)

const token = () => labelled<HTMLSelectElement>('Token')
const amount = () => labelled<HTMLInputElement>('Amount')
const receiver = () => labelled<HTMLInputElement>('Receiver address')
const alertText = () => modalShadow().querySelector('[role="alert"]')?.textContent ?? ''

/** Opens Send from Account, as a visitor does. */
async function openSend(): Promise<void> {
  connectAccount()
  await openAt('Account')
  ;(await waitFor(() => findButton('Send'))).click()
  await waitFor(() => modalShadow().querySelector('form'))
  await settle()
}

async function submit(): Promise<void> {
  button('Send').click()
  await settle(10)
}

test('the form: token picker (native first, chosen), amount with Max, receiver, Send', async () => {
  await openSend()
  assert.is(title(), 'Send')
  const options = Array.from(token().options).map((option) => option.textContent)
  assert.equal(options, [
    'Select a token',
    'ETH · 10 available',
    'USDC · 1,250.5 available',
    'SKT · 100.1235 available',
  ])
  assert.is(token().selectedOptions[0]?.textContent, 'ETH · 10 available', 'the native currency is chosen')
  assert.is(sendState.token.value?.symbol, 'ETH')
  assert.is(amount().getAttribute('inputmode'), 'decimal')
  assert.ok(findButton('Max'))
  assert.ok(receiver())
  for (const control of Array.from(modalShadow().querySelectorAll('button'))) assert.ok(nameOf(control))
})

test('Max fills the token balance and the USD estimate follows the amount', async () => {
  await openSend()
  choose(token(), usdc.address as string)
  await settle()
  assert.is(sendState.token.value?.symbol, 'USDC')
  button('Max').click()
  await settle()
  assert.is(amount().value, '1250.5')
  assert.ok(modalShadow().querySelector('[data-estimate]')?.textContent?.includes('$1,250.50'))
  typeInto(amount(), '2')
  await settle()
  assert.is(modalShadow().querySelector('[data-estimate]')?.textContent, '≈ $2.00')
})

test('each validation text is shown as an alert and the entered values stay', async () => {
  await openSend()
  await submit()
  assert.is(alertText(), 'An amount and receiver address are required')

  typeInto(amount(), 'abc')
  typeInto(receiver(), RECEIVER)
  await submit()
  assert.is(alertText(), 'Enter an amount greater than zero')
  assert.is(amount().value, 'abc')
  assert.is(receiver().value, RECEIVER)

  typeInto(amount(), '0.5')
  typeInto(receiver(), 'not-an-address')
  await submit()
  await waitFor(() => alertText() === 'Enter a valid receiver address')
  assert.is(amount().value, '0.5')
  assert.is(receiver().value, 'not-an-address')

  typeInto(receiver(), RECEIVER)
  choose(token(), '')
  await submit()
  assert.is(alertText(), 'A token is required')
  assert.is(amount().value, '0.5')
  assert.is(receiver().value, RECEIVER)
  assert.is(fake.calls.send.length, 0, 'nothing was sent')
  assert.is(
    modalShadow().querySelector('form')?.getAttribute('aria-describedby'),
    modalShadow().querySelector('[role="alert"]')?.id,
  )
})

test('an unsupported namespace is refused', async () => {
  const polkadot: CaipNetwork = {
    id: '91b171bb158e2d3848fa23a9f1c25182',
    caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    chainNamespace: 'polkadot',
    name: 'Polkadot',
    nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
    rpcUrls: { default: { http: [] } },
  }
  await openSend()
  setActiveCaipNetwork(polkadot)
  setAccount('polkadot', { address: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', status: 'connected' })
  await settle()
  typeInto(amount(), '1')
  typeInto(receiver(), '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')
  await submit()
  assert.is(alertText(), 'Unsupported chain')
})

test('a native send: "Sending…" while the wallet works, then a toast and back to Account', async () => {
  await openSend()
  const hash = deferred<string>()
  fake.behaviour.send = () => hash.promise
  typeInto(amount(), '0.01')
  typeInto(receiver(), RECEIVER)
  await settle()
  const send = button('Send')
  send.focus()
  send.click()
  await waitFor(() => findButton('Sending…'))
  const sending = button('Sending…')
  assert.is(sending, send, 'the same button, so focus stays on it')
  assert.is(sending.getAttribute('aria-disabled'), 'true')
  assert.is(modalShadow().activeElement, sending)
  sending.click()
  await settle()
  assert.is(fake.calls.send.length, 1, 'a second click sends nothing')
  assert.is(fake.calls.send[0]?.amount, '0.01')
  assert.is(fake.calls.send[0]?.to, RECEIVER)
  assert.is(fake.calls.send[0]?.token?.address, undefined, 'native')

  hash.resolve('0xfeed')
  await waitFor(() => routerState.history.value.at(-1)?.view === 'Account')
  assert.is(toastState.message.value, 'Transaction sent')
  assert.equal(
    routerState.history.value.map((entry) => entry.view),
    ['Account', 'Account'],
    'Send was replaced, as core does for token sends',
  )
  assert.is(sendState.amount.value, '', 'the form is reset')
})

test('a token send: the controller returns to Account, once', async () => {
  await openSend()
  choose(token(), usdc.address as string)
  typeInto(amount(), '5')
  typeInto(receiver(), RECEIVER)
  await submit()
  await waitFor(() => routerState.history.value.at(-1)?.view === 'Account')
  assert.is(fake.calls.send[0]?.token?.symbol, 'USDC')
  assert.equal(
    routerState.history.value.map((entry) => entry.view),
    ['Account', 'Account'],
    'Send is gone from the stack',
  )
  await waitFor(() => toastState.message.value === 'Transaction sent')
})

test('a wallet refusal is shown in words and the form keeps its values', async () => {
  await openSend()
  fake.behaviour.send = () =>
    Promise.reject(Object.assign(new Error('User rejected the request.\n\nDetails: …'), { code: 4001 }))
  typeInto(amount(), '0.01')
  typeInto(receiver(), RECEIVER)
  await submit()
  await waitFor(() => alertText() === 'User rejected the request')
  assert.is(amount().value, '0.01')
  assert.is(findButton('Send')?.getAttribute('aria-disabled'), null, 'ready to try again')
})

// ── Send to a name (issue 29): resolved through the name service before sending ───────────────

const lookupCard = () => modalShadow().querySelector('[data-receiver]')

test('a name as the receiver: looked up after a pause, its address shown with the name and picture, sent there', async () => {
  const names = useFakeProfileApi()
  names.names.set('alice.reown.id', recordOf('alice.reown.id', RECEIVER))
  await openSend()
  assert.is(receiver().getAttribute('placeholder'), '0x… or name.reown.id')
  const clock = createManualClock()
  const restore = setClock(clock)
  try {
    typeInto(receiver(), 'alice.reown')
    clock.advance(100)
    typeInto(receiver(), 'alice.reown.id')
    await settle()
    assert.ok(modalShadow().textContent?.includes('Looking up alice.reown.id…'))
    clock.advance(RECEIVER_LOOKUP_DELAY_MS)
    await waitFor(() => lookupCard())
  } finally {
    restore()
  }
  assert.equal(names.calls.lookup, ['alice.reown.id'], 'one lookup, for the latest text')
  const card = lookupCard()!
  assert.is(card.querySelector('[data-receiver-name]')?.textContent, 'alice.reown.id')
  assert.is(card.querySelector('[data-receiver-address]')?.textContent, RECEIVER)
  assert.is(card.querySelector('img')?.getAttribute('src'), AVATAR)
  assert.is(card.querySelector('img')?.getAttribute('alt'), '')
  assert.is(card.parentElement?.getAttribute('role'), 'status', 'announced as it changes')
  assert.ok(receiver().getAttribute('aria-describedby')?.includes(card.parentElement!.id))
  assert.is(sendState.receiverProfileName.value, 'alice.reown.id')
  assert.is(sendState.receiverProfileImage.value, AVATAR)
  typeInto(amount(), '0.01')
  await submit()
  await waitFor(() => fake.calls.send.length === 1)
  assert.is(fake.calls.send[0]?.to, RECEIVER, 'sent to the resolved address')
  assert.equal(names.calls.lookup, ['alice.reown.id'], 'the answer shown is the one used')
})

test('an unknown name: the spec fallback text under the field, nothing sent, what was typed kept', async () => {
  useFakeProfileApi()
  await openSend()
  typeInto(amount(), '0.01')
  typeInto(receiver(), 'nobody.reown.id')
  await waitFor(() => alertText() === 'Error resolving name', 2000)
  assert.is(receiver().value, 'nobody.reown.id')
  assert.is(receiver().getAttribute('aria-invalid'), 'true')
  assert.is(lookupCard(), null)
  await submit()
  await waitFor(() => alertText() === 'Error resolving name')
  assert.is(modalShadow().querySelectorAll('[role="alert"]').length, 1, 'said once')
  assert.is(fake.calls.send.length, 0)
  assert.is(receiver().value, 'nobody.reown.id')
  assert.is(amount().value, '0.01')
})

test('a name sent before its lookup answered is resolved then; a name the identity service knows resolves too', async () => {
  const names = useFakeProfileApi()
  names.names.set('sigkit-tester.eth', recordOf('sigkit-tester.eth', RECEIVER, undefined))
  await openSend()
  typeInto(amount(), '0.5')
  typeInto(receiver(), 'sigkit-tester.eth')
  await submit()
  await waitFor(() => fake.calls.send.length === 1)
  assert.is(fake.calls.send[0]?.to, RECEIVER)
})

test("an address typed: the name service's name for it is shown as text with a safe picture; sent to the address", async () => {
  const names = useFakeProfileApi()
  const markup = '<img src=x onerror=alert(1)>.reown.id'
  names.names.set(markup, recordOf(markup, RECEIVER))
  await openSend()
  typeInto(amount(), '0.01')
  typeInto(receiver(), RECEIVER)
  await waitFor(() => lookupCard(), 2000)
  assert.equal(names.calls.lookup, [], 'an address is never resolved as a name')
  assert.equal(names.calls.reverse, [RECEIVER], 'its name is looked up in reverse')
  const card = lookupCard()!
  assert.is(card.querySelector('[data-receiver-name]')?.textContent, markup, 'outside text shown as text')
  assert.is(card.querySelectorAll('img').length, 1, 'no markup became an element')
  assert.is(card.querySelector('img')?.getAttribute('src'), AVATAR)
  assert.equal([sendState.receiverProfileName.value, sendState.receiverProfileImage.value], [markup, AVATAR])
  assert.is(sendState.receiverLookup.value, undefined, 'an address needs no resolving')
  await submit()
  await waitFor(() => fake.calls.send.length === 1)
  assert.is(fake.calls.send[0]?.to, RECEIVER)
})

test('an address: a picture of another scheme is dropped; no name or a failed lookup shows nothing and still sends', async () => {
  const names = useFakeProfileApi()
  names.names.set('mallory.reown.id', recordOf('mallory.reown.id', RECEIVER, 'javascript:alert(1)'))
  await openSend()
  typeInto(receiver(), RECEIVER)
  await waitFor(() => lookupCard(), 2000)
  assert.is(lookupCard()!.querySelector('img'), null)
  assert.is(sendState.receiverProfileImage.value, undefined)
  names.names.clear()
  typeInto(receiver(), '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
  await waitFor(() => names.calls.reverse.length === 2, 2000)
  await settle(5)
  assert.is(lookupCard(), null)
  assert.is(sendState.receiverProfileName.value, undefined, 'the earlier name went with the earlier address')
  names.behaviour.reverse = () => Promise.reject(new Error('HTTP status code: 500'))
  typeInto(receiver(), RECEIVER)
  await waitFor(() => names.calls.reverse.length === 3, 2000)
  await settle(5)
  assert.equal([lookupCard(), alertText()], [null, ''], 'no error for an address')
  typeInto(amount(), '0.01')
  await submit()
  await waitFor(() => fake.calls.send.length === 1)
  assert.is(fake.calls.send[0]?.to, RECEIVER)
})

test('on Solana nothing is looked up: a name-like text is not a name, an address has no name (names are EVM only)', async () => {
  const names = useFakeProfileApi()
  await openSend()
  setActiveCaipNetwork(solana)
  setAccount('solana', { address: 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW', status: 'connected' })
  await settle()
  typeInto(receiver(), 'alice.reown.id')
  await settle(20)
  typeInto(receiver(), 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW')
  await settle(20)
  assert.equal([names.calls.lookup, names.calls.reverse], [[], []])
  assert.is(sendState.receiverLookup.value, undefined)
  assert.is(receiver().getAttribute('placeholder'), 'Solana address')
})

test.run()
