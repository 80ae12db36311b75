// The on-ramp API client and controller against the sandbox's real emulator: options, quotes and
// the generator URL parsed from the hosted shapes, purchases read from the provider's history with
// no-cache, and the emulator's faults turned into the built-in list and the mock quote.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { createOnrampApi, type OnrampApi } from '../../../src/api/onramp-api'
import { InvalidResponseError } from '../../../src/api/errors'
import { postJson } from '../sandbox/helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let api: OnrampApi

test.before(async () => {
  sandbox = await startSandbox()
  api = createOnrampApi({ baseUrl: sandbox.apiUrl, projectId: 'test-project' })
})
test.after(() => sandbox?.stop())
test.before.each(() => sandbox.faults.clear())

test('options, a quote and the generator URL come through the client parsed', async () => {
  const options = await api.getOptions()
  const usdc = options.purchaseCurrencies.find((currency) => currency.symbol === 'USDC')!
  const usd = options.paymentCurrencies.find((currency) => currency.id === 'USD')!
  const quote = await api.getQuote({ purchaseCurrency: usdc, paymentCurrency: usd, amount: '50' })
  assert.is(quote?.purchaseAmount.amount, '49')
  assert.is(quote?.fees?.amount, '0.75')
  const [request] = sandbox.requests('onrampQuote')
  assert.is((request?.body as { network: string }).network, 'USDC')
  assert.match(request?.url ?? '', 'projectId=test-project')
  const url = await api.generateUrl({
    destinationWallets: [{ address: sandbox.accounts.wallet, blockchains: ['sandbox-31338'], assets: ['USDC'] }],
    defaultNetwork: 'sandbox-31338',
    partnerUserId: sandbox.accounts.wallet,
    presetFiatAmount: 50,
  })
  assert.match(url, `${sandbox.apiUrl}/onramp/coinbase?`)
  const sent = sandbox.requests('onrampUrl')[0]?.body as { defaultExperience: string }
  assert.is(sent.defaultExperience, 'buy')
})

test('purchases are the provider history, newest first, asked without a cache', async () => {
  const caipNetworkId = 'eip155:31338'
  const ask = () => api.getPurchases({ address: sandbox.accounts.wallet, caipNetworkId, provider: 'coinbase' })
  assert.equal(await ask(), [])
  for (const fiatAmount of ['20', '30']) {
    const { status } = await postJson(`${sandbox.apiUrl}/onramp/coinbase/purchase`, {
      address: sandbox.accounts.wallet,
      network: 'sandbox-31338',
      asset: 'USDC',
      fiatAmount,
      fiatCurrency: 'USD',
    })
    assert.is(status, 200)
  }
  const purchases = await ask()
  // 30 − 1.5 % − 0.25 and 20 − 1.5 % − 0.25 USDC, the later one first.
  assert.equal(
    purchases.map((item) => item.transfers[0]?.quantity.numeric),
    ['29.3', '19.45'],
  )
  assert.is(purchases[0]?.metadata.operationType, 'bought')
  assert.match(sandbox.requests('history').at(-1)?.url ?? '', 'onramp=coinbase')
})

test('faults become errors the controller falls back from: HTTP status, malformed shapes', async () => {
  sandbox.faults.set({ route: 'onrampOptions', mode: '500', times: 1 })
  const failed = await api.getOptions().catch((error: Error) => error)
  assert.is((failed as Error).message, 'HTTP status code: 500')
  sandbox.faults.set({ route: 'onrampOptions', mode: 'malformed', times: 1 })
  assert.ok((await api.getOptions().catch((error) => error)) instanceof InvalidResponseError)
  const options = await api.getOptions()
  sandbox.faults.set({ route: 'onrampQuote', mode: 'malformed', times: 1 })
  const quote = await api
    .getQuote({
      purchaseCurrency: options.purchaseCurrencies[0]!,
      paymentCurrency: options.paymentCurrencies[0]!,
      amount: '50',
    })
    .catch((error) => error)
  assert.ok(quote instanceof InvalidResponseError)
  sandbox.faults.set({ route: 'onrampUrl', mode: 'malformed', times: 1 })
  const url = await api
    .generateUrl({ destinationWallets: [{ address: '0x1', blockchains: ['x'], assets: ['USDC'] }], partnerUserId: 'p' })
    .catch((error) => error)
  assert.ok(url instanceof InvalidResponseError)
})

test.run()
