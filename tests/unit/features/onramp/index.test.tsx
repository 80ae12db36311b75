// The Buy views as a visitor sees them, in the real modal: the providers (only those the features
// list), the amount form with its defaults, limits per payment method and the quote, and what the
// view says when the window is blocked or closed without a purchase. A scripted on-ramp API stands
// in for the network; the e2e suite buys through the sandbox's provider page.
import { replaceApiClient } from '../../../../src/api/client'
import { ONRAMP_API } from '../../../../src/api/onramp-api'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  button,
  choose,
  connectAccount,
  findButton,
  installModal,
  labelled,
  modalShadow,
  openAt,
  settle,
  title,
  typeInto,
  useFakeAdapter,
  waitFor,
} from '../../helpers/views'
import { localFeatures } from '../../../../src/core/config/features'
import { createManualClock, setClock } from '../../../../src/lib/clock'
import type { OnrampApi } from '../../../../src/api/onramp-api'
import { PURCHASE_POLL_MS, QUOTE_DEBOUNCE_MS } from '../../../../src/features/onramp/controller'
import { resetAllState } from '../../helpers/reset'
import { initCore } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import { setActiveCaipNetwork, setRequestedNetworks } from '../../../../src/core/state/network'
import { localhost, localL2, mainnet } from '../../../helpers/networks'

/** The options createAppKit resolved, with the API at `api` (default: a self-hosted one, as the sandbox). */
function useApiAt(api = 'http://127.0.0.1:9') {
  initCore(
    validateOptions({
      projectId: 'test-project',
      networks: [localhost, localL2, mainnet],
      features: { analytics: false },
      endpoints: { api },
    }),
  )
}

const OPTIONS = {
  purchaseCurrencies: [
    {
      id: 'eth',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'sandbox-31337', display_name: 'Localhost', chain_id: '31337', contract_address: '0xeeee' }],
    },
    {
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'sandbox-31337', display_name: 'Localhost', chain_id: '31337', contract_address: '0x1' }],
    },
  ],
  paymentCurrencies: [
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20.00', max: '500.00' }] },
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ],
    },
  ],
}

const manual = createManualClock()
let restoreClock = () => {}
let urls = 0
const api: OnrampApi = {
  getOptions: async () => structuredClone(OPTIONS),
  getQuote: async ({ amount, paymentCurrency }) => {
    const money = (value: string) => ({ amount: value, currency: paymentCurrency.id })
    return {
      paymentTotal: money(amount),
      paymentSubtotal: money(String(Number(amount) - 1)),
      networkFee: money('0.25'),
      fees: money('0.75'),
      purchaseAmount: { amount: String(Number(amount) - 1), currency: 'USDC' },
      quoteId: `q-${amount}`,
    }
  },
  generateUrl: async () => `http://127.0.0.1:9/onramp/coinbase?n=${++urls}`,
  getPurchases: async () => [],
}

test.before.each(() => {
  installModal()
  restoreClock = setClock(manual)
  useFakeAdapter()
  connectAccount()
  replaceApiClient(ONRAMP_API, api)
  useApiAt()
  localFeatures.value = { ...localFeatures.value, onramp: true }
})

test.after.each(async () => {
  await resetAllState()
  restoreClock()
})

const alerts = () =>
  Array.from(modalShadow().querySelectorAll('[role="alert"]'))
    .map((element) => element.textContent)
    .join(' | ')
const detail = (term: string) => {
  const dt = Array.from(modalShadow().querySelectorAll('dt')).find((item) => item.textContent === term)
  return dt?.nextElementSibling?.textContent ?? ''
}

/** Opens Buy, picks the first provider, and waits for the amount form. */
async function openAmount() {
  await openAt('OnRampProviders')
  assert.is(title(), 'Buy')
  button(/^Coinbase/).click()
  await waitFor(() => modalShadow().querySelector('#sk-onramp-amount') !== null)
}

async function typeAmount(value: string) {
  typeInto(labelled<HTMLInputElement>('Amount'), value)
  await settle()
  manual.advance(QUOTE_DEBOUNCE_MS)
  await settle()
}

test('the providers the features list, each with its fee range', async () => {
  localFeatures.value = { ...localFeatures.value, onrampProviders: ['meld'] }
  await openAt('OnRampProviders')
  const rows = Array.from(modalShadow().querySelectorAll('[role="listitem"] button')).map((row) => row.textContent)
  assert.equal(rows, ['Meld.ioFees 1-2%'])
  localFeatures.value = { ...localFeatures.value, onrampProviders: ['coinbase', 'meld'] }
})

test('with the hosted API the card on-ramp (Coinbase) is offered on the SPEC §9 chains only', async () => {
  useApiAt('https://rpc.walletconnect.org')
  const rows = () =>
    Array.from(modalShadow().querySelectorAll('[role="listitem"] button')).map((row) => row.textContent)
  await openAt('OnRampProviders')
  assert.equal(rows(), ['Meld.ioFees 1-2%'], 'Localhost (31337) is no card on-ramp chain')
  setRequestedNetworks([localhost, localL2, mainnet])
  setActiveCaipNetwork(mainnet)
  await settle()
  assert.equal(rows(), ['CoinbaseFees 1-2%', 'Meld.ioFees 1-2%'], 'Ethereum is')
})

test('defaults: USDC over the first listed, USD over the first listed; limits per method; the quote', async () => {
  await openAmount()
  assert.is(labelled<HTMLSelectElement>('You buy').value, 'USDC')
  assert.is(labelled<HTMLSelectElement>('You pay in').value, 'USD')
  assert.match(modalShadow().textContent ?? '', 'From 10.00 to 7500.00 USD')
  await typeAmount('8000')
  assert.is(alerts(), 'The maximum with card is 7500.00 USD')
  assert.is(findButton('Continue with Coinbase')?.disabled, true)
  choose(labelled<HTMLSelectElement>('Payment method'), 'ach_bank_account')
  await settle()
  manual.advance(QUOTE_DEBOUNCE_MS)
  await settle()
  assert.is(alerts(), '')
  assert.is(detail('You get'), '7999 USDC')
  assert.is(detail('Fees'), '0.75 USD')
  assert.is(detail('Network fee'), '0.25 USD')
  // EUR's own limits from the options call.
  choose(labelled<HTMLSelectElement>('Payment method'), 'card')
  choose(labelled<HTMLSelectElement>('You pay in'), 'EUR')
  await typeAmount('15')
  assert.is(alerts(), 'The minimum with card is 20.00 EUR')
})

test('a blocked window becomes a link; a window closed without a purchase says so', async () => {
  const realOpen = window.open
  try {
    window.open = () => null
    await openAmount()
    await typeAmount('50')
    button('Continue with Coinbase').click()
    await waitFor(() => modalShadow().querySelector('a[href^="http://127.0.0.1:9/onramp/coinbase"]') !== null)
    assert.match(modalShadow().textContent ?? '', 'The browser blocked the Coinbase window.')
    const popup = { closed: false, location: { href: '' }, close() {} }
    window.open = () => popup as unknown as Window
    button('Continue with Coinbase').click()
    await waitFor(() => popup.location.href !== '')
    assert.match(modalShadow().querySelector('[data-purchase="waiting"]')?.textContent ?? '', 'Complete the purchase')
    popup.closed = true
    manual.advance(PURCHASE_POLL_MS)
    await settle()
    assert.is(
      modalShadow().querySelector('[data-purchase="closed"]')?.textContent,
      'The Coinbase window was closed before a purchase arrived.',
    )
  } finally {
    window.open = realOpen
  }
})

test.run()
