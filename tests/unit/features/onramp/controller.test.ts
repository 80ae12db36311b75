// The on-ramp controller with a scripted on-ramp API and a manual clock: the built-in options when
// the options call fails, the mock quote when the quote call fails, answers arriving out of order,
// limits that stop a quote, and the purchase a provider window makes, watched in the history.
import { replaceApiClient } from '../../../../src/api/client'
import { ONRAMP_API } from '../../../../src/api/onramp-api'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { connectAccount, deferred, settle, useFakeAdapter } from '../../helpers/views'
import { createManualClock, setClock, type ManualClock } from '../../../../src/lib/clock'
import { emitCoreEvent } from '../../../../src/core/lifecycle'
import type { OnrampApi, OnrampQuote, OnrampUrlRequest } from '../../../../src/api/onramp-api'
import type { Transaction } from '../../../../src/api/history-api'
import {
  PURCHASE_POLL_MS,
  QUOTE_DEBOUNCE_MS,
  fetchQuote,
  loadOnrampOptions,
  onrampState,
  openProvider,
  QUOTE_ESTIMATED,
  QUOTE_NOT_AVAILABLE,
  scheduleQuote,
} from '../../../../src/features/onramp/controller'
import { FALLBACK_OPTIONS } from '../../../../src/features/onramp/options'
import { ONRAMP_PROVIDERS } from '../../../../src/features/onramp/providers'
import { resetAllState } from '../../helpers/reset'

let manual: ManualClock
let restoreClock: () => void = () => undefined

const LOCAL_OPTIONS = {
  purchaseCurrencies: [
    {
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ name: 'sandbox-31337', display_name: 'Localhost', chain_id: '31337', contract_address: '0x1' }],
    },
  ],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
}

function quoteOf(amount: string, id: string): OnrampQuote {
  const money = (value: string) => ({ amount: value, currency: 'USD' })
  return {
    paymentTotal: money(amount),
    paymentSubtotal: money(amount),
    networkFee: money('0.25'),
    purchaseAmount: { amount: String(Number(amount) - 1), currency: 'USDC' },
    quoteId: id,
  }
}

function purchase(id: string, status: 'confirmed' | 'failed' = 'confirmed'): Transaction {
  return {
    id,
    metadata: {
      operationType: 'bought',
      hash: `0x${id}`,
      minedAt: new Date(0).toISOString(),
      sentFrom: 'coinbase',
      sentTo: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      status,
      chain: 'eip155:31337',
    },
    transfers: [{ direction: 'in', quantity: { numeric: '49' }, fungible_info: { symbol: 'USDC' } }],
  }
}

/** A scripted API: each method answers what the test put in, and records what it was asked. */
function scriptedApi() {
  const calls = {
    options: 0,
    quotes: [] as string[],
    urls: [] as OnrampUrlRequest[],
    purchases: 0,
    networks: [] as (string | undefined)[],
  }
  const script = {
    options: async () => LOCAL_OPTIONS as Awaited<ReturnType<OnrampApi['getOptions']>>,
    quote: async (amount: string): Promise<OnrampQuote | null> => quoteOf(amount, `q-${amount}`),
    purchases: [] as Transaction[],
  }
  const api: OnrampApi = {
    getOptions: (caipNetworkId) => {
      calls.options++
      calls.networks.push(caipNetworkId)
      return script.options()
    },
    getQuote: ({ amount }, caipNetworkId) => {
      calls.quotes.push(amount)
      calls.networks.push(caipNetworkId)
      return script.quote(amount)
    },
    generateUrl: async (request) => {
      calls.urls.push(request)
      return 'http://127.0.0.1:9/onramp/coinbase?x=1'
    },
    getPurchases: async () => {
      calls.purchases++
      return [...script.purchases]
    },
  }
  replaceApiClient(ONRAMP_API, api)
  return { calls, script }
}

/** A window the controller opens: where it was sent and whether it is closed. */
function fakePopup() {
  const popup = { closed: false, location: { href: '' }, close: () => (popup.closed = true) }
  return { popup, open: () => popup as unknown as Window }
}

test.before.each(() => {
  manual = createManualClock()
  restoreClock = setClock(manual)
  useFakeAdapter()
  connectAccount()
})

test.after.each(async () => {
  await resetAllState()
  restoreClock()
})

test('options come from the API; USDC and USD are chosen; nothing is an estimate', async () => {
  const { calls } = scriptedApi()
  await loadOnrampOptions()
  await loadOnrampOptions()
  assert.is(calls.options, 1)
  assert.is(onrampState.purchaseCurrency.value?.symbol, 'USDC')
  assert.is(onrampState.paymentCurrency.value?.id, 'USD')
  assert.is(onrampState.optionsEstimated.value, false)
})

test('a failed options call falls back to the built-in list, marked as an estimate', async () => {
  const { script } = scriptedApi()
  script.options = async () => {
    throw new Error('HTTP status code: 500')
  }
  await loadOnrampOptions()
  assert.is(onrampState.options.value, FALLBACK_OPTIONS)
  assert.is(onrampState.optionsEstimated.value, true)
  assert.is(onrampState.purchaseCurrency.value?.symbol, 'USDC')
})

test('a failed quote call shows the mock quote, marked as an estimate, with the error set', async () => {
  const { script } = scriptedApi()
  await loadOnrampOptions()
  script.quote = async () => {
    throw new Error('HTTP status code: 429')
  }
  onrampState.paymentAmount.value = '50'
  const quote = await fetchQuote()
  assert.is(quote?.quoteId, 'mocked-quote-id')
  assert.is(onrampState.quoteEstimated.value, true)
  assert.is(onrampState.purchaseAmount.value, 50)
  assert.is(onrampState.error.value, QUOTE_ESTIMATED)
  assert.is(onrampState.quotesLoading.value, false)
})

test('no quote can be asked on a network the API does not serve: the error is set and null returned (SPEC §4)', async () => {
  const { script, calls } = scriptedApi()
  await loadOnrampOptions()
  onrampState.paymentAmount.value = '50'
  await fetchQuote()
  assert.is(onrampState.purchaseAmount.value, 49)
  // The gate's answer: the API does not serve the active network.
  script.quote = async () => null
  onrampState.paymentAmount.value = '60'
  const quote = await fetchQuote()
  assert.is(quote, null)
  assert.is(onrampState.error.value, QUOTE_NOT_AVAILABLE)
  assert.is(onrampState.quote.value, undefined, 'no quote, not even the mock one')
  assert.is(onrampState.purchaseAmount.value, undefined)
  assert.is(onrampState.quoteEstimated.value, false)
  assert.is(onrampState.quotesLoading.value, false)
  assert.ok(
    calls.networks.every((network) => network === 'eip155:31337'),
    'options and quotes are gated on the active network',
  )
})

test('options the gate empties (a network the API does not serve) give the built-in list', async () => {
  const { script } = scriptedApi()
  script.options = async () => ({ purchaseCurrencies: [], paymentCurrencies: [] })
  await loadOnrampOptions()
  assert.is(onrampState.options.value, FALLBACK_OPTIONS)
  assert.is(onrampState.optionsEstimated.value, true)
})

test('only the answer to the latest amount is kept, whatever order the answers arrive in', async () => {
  const { script, calls } = scriptedApi()
  await loadOnrampOptions()
  const slow = deferred<OnrampQuote>()
  script.quote = (amount) => (amount === '20' ? slow.promise : Promise.resolve(quoteOf(amount, `q-${amount}`)))
  onrampState.paymentAmount.value = '20'
  scheduleQuote()
  manual.advance(QUOTE_DEBOUNCE_MS)
  onrampState.paymentAmount.value = '30'
  scheduleQuote()
  manual.advance(QUOTE_DEBOUNCE_MS)
  await settle()
  assert.is(onrampState.quote.value?.quoteId, 'q-30')
  slow.resolve(quoteOf('20', 'q-20'))
  await settle()
  assert.equal(calls.quotes, ['20', '30'])
  assert.is(onrampState.quote.value?.quoteId, 'q-30')
  assert.is(onrampState.purchaseAmount.value, 29)
})

test('typing waits for a pause; an amount outside the limits asks nothing and clears the quote', async () => {
  const { calls } = scriptedApi()
  await loadOnrampOptions()
  onrampState.paymentAmount.value = '5'
  scheduleQuote()
  manual.advance(QUOTE_DEBOUNCE_MS * 2)
  await settle()
  assert.equal(calls.quotes, [])
  assert.is(onrampState.quote.value, undefined)
  for (const amount of ['1', '12', '120']) {
    onrampState.paymentAmount.value = amount
    scheduleQuote()
    manual.advance(QUOTE_DEBOUNCE_MS / 2)
  }
  manual.advance(QUOTE_DEBOUNCE_MS)
  await settle()
  assert.equal(calls.quotes, ['120'])
})

test('the first provider opens the generator URL and the view waits until the purchase arrives', async () => {
  const { script, calls } = scriptedApi()
  script.purchases = [purchase('old')]
  await loadOnrampOptions()
  onrampState.selectedProvider.value = ONRAMP_PROVIDERS[0]
  onrampState.paymentAmount.value = '50'
  const { popup, open } = fakePopup()
  await openProvider({ open })
  assert.is(popup.location.href, 'http://127.0.0.1:9/onramp/coinbase?x=1')
  assert.equal(calls.urls[0]?.destinationWallets[0]?.blockchains, ['sandbox-31337'])
  assert.is(calls.urls[0]?.presetFiatAmount, 50)
  assert.is(onrampState.purchase.value.status, 'waiting')
  // The earlier purchase is not this one.
  manual.advance(PURCHASE_POLL_MS)
  await settle()
  assert.is(onrampState.purchase.value.status, 'waiting')
  script.purchases = [purchase('new'), purchase('old')]
  manual.advance(PURCHASE_POLL_MS)
  await settle()
  assert.equal(onrampState.purchase.value, { status: 'success', amount: '49', symbol: 'USDC', hash: '0xnew' })
  const looks = calls.purchases
  manual.advance(PURCHASE_POLL_MS * 3)
  await settle()
  assert.is(calls.purchases, looks, 'stops watching once the purchase arrived')
})

test('a window closed without a purchase ends the wait; a failed purchase is reported', async () => {
  const { script } = scriptedApi()
  await loadOnrampOptions()
  onrampState.selectedProvider.value = ONRAMP_PROVIDERS[1]
  onrampState.paymentAmount.value = '50'
  let { popup, open } = fakePopup()
  await openProvider({ open })
  assert.match(popup.location.href, 'destinationCurrencyCode=USDC')
  assert.match(popup.location.href, 'externalCustomerId=test-project')
  popup.closed = true
  manual.advance(PURCHASE_POLL_MS)
  await settle()
  assert.is(onrampState.purchase.value.status, 'closed')
  ;({ popup, open } = fakePopup())
  await openProvider({ open })
  script.purchases = [purchase('declined', 'failed')]
  manual.advance(PURCHASE_POLL_MS)
  await settle()
  assert.is(onrampState.purchase.value.status, 'failed')
})

test('a blocked window offers the link; an amount outside the limits opens nothing', async () => {
  scriptedApi()
  await loadOnrampOptions()
  onrampState.selectedProvider.value = ONRAMP_PROVIDERS[0]
  onrampState.paymentAmount.value = '8000'
  let opened = 0
  await openProvider({ open: () => (opened++, null) })
  assert.is(opened, 0)
  assert.equal(onrampState.purchase.value, { status: 'failed', message: 'The maximum with card is 7500.00 USD' })
  onrampState.paymentAmount.value = '50'
  await openProvider({ open: () => (opened++, null) })
  assert.equal(onrampState.purchase.value, { status: 'blocked', url: 'http://127.0.0.1:9/onramp/coinbase?x=1' })
})

test('a network change resets the on-ramp', async () => {
  scriptedApi()
  await loadOnrampOptions()
  onrampState.paymentAmount.value = '50'
  await emitCoreEvent('networkChanged', { namespace: 'eip155', caipNetworkId: 'eip155:31338' })
  assert.is(onrampState.options.value, undefined)
  assert.is(onrampState.paymentAmount.value, '')
})

test.run()
