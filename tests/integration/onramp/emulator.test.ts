// The emulator's on-ramp routes against the real local chains: options and quotes in the hosted
// shapes, the URL generator pointing at the local provider page, a purchase on that page crediting
// the chain (USDC from the token treasury, SOL from the faucet) and showing in the provider's
// history, and faults on every route.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, erc20Abi, http, parseUnits, type Hex, type PublicClient } from 'viem'
import { createSolanaRpc, type Address } from '@solana/kit'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { fetchJson, postJson } from '../sandbox/helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let api: string

test.before(async () => {
  sandbox = await startSandbox()
  api = sandbox.apiUrl
})
test.after(() => sandbox?.stop())
test.before.each(() => sandbox.faults.clear())

const options = () => fetchJson(`${api}/v1/onramp/options`)
const quote = (body: unknown) => postJson(`${api}/v1/onramp/quote?projectId=test-project`, body)

test('options list USDC on both local chains and USD/EUR with the card and bank limits', async () => {
  const { status, body } = await options()
  assert.is(status, 200)
  const usdc = body.purchaseCurrencies.find((item: any) => item.symbol === 'USDC')
  const onChain = usdc.networks.find((network: any) => network.chain_id === '31337')
  assert.is(onChain.contract_address, sandbox.tokens[31337]!.find((token) => token.symbol === 'USDC')!.address)
  assert.equal(
    body.paymentCurrencies.map((item: any) => item.id),
    ['USD', 'EUR'],
  )
  // On the Solana sandbox only SOL is sold, so SOL is what Solana visitors buy by default.
  const onSolana = body.purchaseCurrencies.filter((item: any) =>
    item.networks.some((network: any) => network.name === 'solana-sandbox'),
  )
  assert.equal(
    onSolana.map((item: any) => item.symbol),
    ['SOL'],
  )
  assert.equal(body.paymentCurrencies[0].payment_method_limits, [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ])
})

test('a quote takes the fee and the network fee off the total and buys the rest at the price', async () => {
  const { body: opts } = await options()
  const { status, body } = await quote({
    purchaseCurrency: opts.purchaseCurrencies[0],
    paymentCurrency: opts.paymentCurrencies[0],
    amount: '200',
    network: 'USDC',
  })
  assert.is(status, 200)
  assert.is(body.paymentTotal.amount, '200.00')
  assert.is(body.fees.amount, '3.00')
  assert.is(body.networkFee.amount, '0.25')
  assert.is(body.paymentSubtotal.amount, '196.75')
  assert.is(body.purchaseAmount.amount, '196.75')
  assert.is(body.purchaseAmount.currency, 'USDC')
  assert.type(body.quoteId, 'string')
  const eur = await quote({
    purchaseCurrency: opts.purchaseCurrencies[0],
    paymentCurrency: opts.paymentCurrencies[1],
    amount: '100',
    network: 'USDC',
  })
  // 100 EUR − 1.50 − 0.25 = 98.25 EUR at 1.08 USD each.
  assert.is(eur.body.purchaseAmount.amount, String(Number((98.25 * 1.08).toFixed(6))))
})

test('a quote outside the card limits or without currencies is refused', async () => {
  const { body: opts } = await options()
  const below = await quote({
    purchaseCurrency: opts.purchaseCurrencies[0],
    paymentCurrency: opts.paymentCurrencies[0],
    amount: '9.99',
    network: 'USDC',
  })
  assert.is(below.status, 400)
  assert.match(below.body.error, '10.00 to 7500.00')
  const missing = await quote({ amount: '50' })
  assert.is(missing.status, 400)
})

test('the URL generator points at the local provider page, which shows the order', async () => {
  const { status, body } = await postJson(`${api}/v1/generators/onrampurl?projectId=test-project`, {
    destinationWallets: [{ address: sandbox.accounts.wallet, blockchains: ['sandbox-31337'], assets: ['USDC'] }],
    partnerUserId: 'test-project',
    defaultExperience: 'buy',
    presetFiatAmount: 50,
  })
  assert.is(status, 200)
  const url = new URL(body.url)
  assert.is(url.origin + url.pathname, `${api}/onramp/coinbase`)
  assert.is(url.searchParams.get('address'), sandbox.accounts.wallet)
  assert.is(url.searchParams.get('presetFiatAmount'), '50')
  const page = await fetch(body.url)
  assert.match(page.headers.get('content-type') ?? '', 'text/html')
  assert.match(await page.text(), '<button type="button" id="pay">Pay</button>')
  const bad = await postJson(`${api}/v1/generators/onrampurl`, { destinationWallets: [], defaultExperience: 'buy' })
  assert.is(bad.status, 400)
})

test('a purchase credits USDC on the chain and shows in the provider history only', async () => {
  const chain = sandbox.chains.find((item) => item.chainId === 31337)!
  const usdc = sandbox.tokens[31337]!.find((token) => token.symbol === 'USDC')!.address as Hex
  const client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
  const balance = () =>
    client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [sandbox.accounts.wallet] })
  const before = await balance()
  const { status, body } = await postJson(`${api}/onramp/coinbase/purchase`, {
    address: sandbox.accounts.wallet,
    network: 'sandbox-31337',
    asset: 'USDC',
    fiatAmount: '50',
    fiatCurrency: 'USD',
  })
  assert.is(status, 200)
  assert.is(body.amount, '49')
  assert.is((await balance()) - before, parseUnits('49', 6))
  const receipt = await client.getTransactionReceipt({ hash: body.hash })
  assert.is(receipt.status, 'success')

  const history = await fetchJson(
    `${api}/v1/account/${sandbox.accounts.wallet}/history?onramp=coinbase&chainId=eip155:31337`,
  )
  assert.is(history.body.data.length, 1)
  assert.is(history.body.data[0].metadata.operationType, 'bought')
  assert.is(history.body.data[0].metadata.hash, body.hash)
  assert.is(history.body.data[0].transfers[0].quantity.numeric, '49')
  const otherProvider = await fetchJson(
    `${api}/v1/account/${sandbox.accounts.wallet}/history?onramp=meld&chainId=eip155:31337`,
  )
  assert.is(otherProvider.body.data.length, 0)
  const chainHistory = await fetchJson(`${api}/v1/account/${sandbox.accounts.wallet}/history?chainId=eip155:31337`)
  assert.ok(chainHistory.body.data.every((item: any) => item.id !== body.id))
})

test('a meld purchase on Solana sends SOL from the faucet', async () => {
  const rpc = createSolanaRpc(sandbox.solana.rpcUrl)
  const owner = sandbox.solana.accounts.recipient as Address
  const before = (await rpc.getBalance(owner).send()).value
  const { status, body } = await postJson(`${api}/onramp/meld/purchase`, {
    address: owner,
    network: 'solana-sandbox',
    asset: 'SOL',
    fiatAmount: '100',
    fiatCurrency: 'USD',
  })
  assert.is(status, 200, JSON.stringify(body))
  const after = (await rpc.getBalance(owner).send()).value
  // (100 − 1.50 − 0.25) USD at 150 USD per SOL.
  assert.is(after - before, BigInt(Math.round(Number(body.amount) * 1e9)))
  const refused = await postJson(`${api}/onramp/meld/purchase`, {
    address: owner,
    network: 'solana-sandbox',
    asset: 'USDC',
    fiatAmount: '100',
    fiatCurrency: 'USD',
  })
  assert.is(refused.status, 400)
})

test('every on-ramp route fails on demand', async () => {
  sandbox.faults.set({ route: 'onrampOptions', mode: '500', times: 1 })
  assert.is((await options()).status, 500)
  assert.is((await options()).status, 200)
  sandbox.faults.set({ route: 'onrampQuote', mode: 'malformed', times: 1 })
  const malformed = await quote({})
  assert.is(malformed.status, 200)
  assert.is(malformed.body.purchaseAmount.amount, 'lots')
  sandbox.faults.set({ route: 'onrampUrl', mode: '429', times: 1 })
  const limited = await postJson(`${api}/v1/generators/onrampurl`, {})
  assert.is(limited.status, 429)
  assert.is(limited.headers.get('retry-after'), '1')
  sandbox.faults.set({ route: 'onrampPurchase', mode: '500', times: 1 })
  assert.is((await postJson(`${api}/onramp/coinbase/purchase`, {})).status, 500)
})

test.run()
