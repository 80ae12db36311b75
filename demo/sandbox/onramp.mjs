// @ts-check
// The on-ramp side of the API emulator (HOSTED-API §4.2, §6.2, §6.3): the options, quote and URL
// generator routes in the hosted shapes, a local page for each of the two providers, and the
// provider's own history (the history route with `onramp`). A purchase on a provider page is
// real: the sandbox's token deployer sends the USDC (or ETH) on the anvil chain, the Solana
// faucet sends SOL, and the purchase is then listed in the on-ramp history.
//
//   const onramp = createOnramp({ chains, tokens, solana, prices, activity, serverUrl })
//   onramp.routes, onramp.handlers       // merged into the emulator's routing table
//   onramp.historyFor(address, { chainId, provider })   // the on-ramp history, newest first
//   onramp.purchases                     // every purchase so far, oldest first
import { createSolanaRpc, isAddress as isSolanaAddress } from '@solana/kit'
import { isAddress } from 'viem'
import { ANVIL_ACCOUNTS } from './chains.mjs'

/** The two providers, in the widget's order: the first opens the generator's URL, the second its own. */
export const ONRAMP_PROVIDERS = Object.freeze(['coinbase', 'meld'])
/** The USDC id of the hosted options (HOSTED-API §6.2). */
export const USDC_CURRENCY_ID = '2b92315d-eab7-5bef-84fa-089a131333f5'
/** Payment method limits of each payment currency (SPEC §5 defaults). */
export const ONRAMP_LIMITS = Object.freeze([
  Object.freeze({ id: 'card', min: '10.00', max: '7500.00' }),
  Object.freeze({ id: 'ach_bank_account', min: '10.00', max: '25000.00' }),
])
/** What one unit of each payment currency is worth in USD. */
export const FIAT_RATES_USD = Object.freeze({ USD: 1, EUR: 1.08 })
/** The provider's fee: the middle of the 1-2% range (SPEC §9). */
export const ONRAMP_FEE_PERCENT = 1.5
/** The network fee of every purchase, in the payment currency. */
export const ONRAMP_NETWORK_FEE = 0.25
const NATIVE_PLACEHOLDER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const LAMPORTS_PER_SOL = 1_000_000_000

/** An error that becomes a JSON response with this status (the emulator's HttpError shape). */
class OnrampError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

/**
 * @typedef {{ name: string, display_name: string, chain_id: string, contract_address: string }} PurchaseNetwork
 * @typedef {{ id: string, name: string, symbol: string, networks: PurchaseNetwork[] }} PurchaseCurrency
 * @typedef {{ id: string, provider: string, address: string, chainId: string, symbol: string, amount: string,
 *   fiatAmount: string, fiatCurrency: string, hash: string, time: number, partnerUserId: string }} Purchase
 */

/**
 * The quote for `amount` of a payment currency spent on `symbol` (HOSTED-API §6.3): the fee and
 * the network fee come off the amount paid, the rest buys the token at the emulator's price.
 * @param {{ amount: string, paymentCurrency: string, symbol: string, prices: Record<string, number>, quoteId: string }} input
 */
export function quoteFor({ amount, paymentCurrency, symbol, prices, quoteId }) {
  const rate = FIAT_RATES_USD[/** @type {keyof typeof FIAT_RATES_USD} */ (paymentCurrency)]
  if (!rate) throw new OnrampError(400, `Unknown payment currency ${paymentCurrency}`)
  const price = prices[symbol]
  if (!price) throw new OnrampError(400, `Unknown purchase currency ${symbol}`)
  if (!/^\d+(\.\d+)?$/.test(amount)) throw new OnrampError(400, 'amount must be a decimal string')
  const paid = Number(amount)
  const card = /** @type {(typeof ONRAMP_LIMITS)[number]} */ (ONRAMP_LIMITS[0])
  if (paid < Number(card.min) || paid > Number(card.max))
    throw new OnrampError(400, `amount must be from ${card.min} to ${card.max}`)
  const cents = (/** @type {number} */ value) => (Math.round(value * 100) / 100).toFixed(2)
  const fee = Math.round(paid * ONRAMP_FEE_PERCENT) / 100
  const subtotal = paid - fee - ONRAMP_NETWORK_FEE
  const bought = (subtotal * rate) / price
  const money = (/** @type {number} */ value) => ({ amount: cents(value), currency: paymentCurrency })
  return {
    paymentTotal: money(paid),
    paymentSubtotal: money(subtotal),
    fees: money(fee),
    networkFee: money(ONRAMP_NETWORK_FEE),
    purchaseAmount: { amount: String(Number(bought.toFixed(6))), currency: symbol },
    quoteId,
  }
}

/**
 * @param {{
 *   chains: import('./api.mjs').EmulatedChain[],
 *   tokens: Record<number, import('./api.mjs').EmulatedToken[]>,
 *   solana?: import('./api.mjs').EmulatedSolanaNetwork,
 *   prices: Record<string, number>,
 *   activity: ReturnType<typeof import('./activity.mjs').createActivity>,
 *   serverUrl: () => string,
 * }} options
 */
export function createOnramp({ chains, tokens, solana, prices, activity, serverUrl }) {
  const solanaRpc = solana && createSolanaRpc(solana.rpcUrl)
  /** @type {Purchase[]} */
  const purchases = []
  let quotes = 0

  /** The network of a purchase currency on each local chain, as the hosted options list them. */
  const evmNetwork = (/** @type {import('./api.mjs').EmulatedChain} */ chain, /** @type {string} */ contract) => ({
    name: `sandbox-${chain.chainId}`,
    display_name: chain.name,
    chain_id: String(chain.chainId),
    contract_address: contract,
  })
  const solanaNetwork = (/** @type {string} */ contract) =>
    solana
      ? [
          {
            name: 'solana-sandbox',
            display_name: 'Solana (sandbox)',
            chain_id: solana.caipNetworkId.split(':')[1] ?? '',
            contract_address: contract,
          },
        ]
      : []

  /** @returns {PurchaseCurrency[]} */
  function purchaseCurrencies() {
    const usdcOn = (/** @type {number} */ chainId) => tokens[chainId]?.find((token) => token.symbol === 'USDC')
    return [
      {
        id: USDC_CURRENCY_ID,
        name: 'USD Coin',
        symbol: 'USDC',
        // Only on the anvil chains: the Solana sandbox sells SOL (the native token is the default there).
        networks: chains.flatMap((chain) => {
          const usdc = usdcOn(chain.chainId)
          return usdc ? [evmNetwork(chain, usdc.address)] : []
        }),
      },
      {
        id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
        name: 'Ether',
        symbol: 'ETH',
        networks: chains.map((chain) => evmNetwork(chain, NATIVE_PLACEHOLDER)),
      },
      ...(solana
        ? [
            {
              id: '4f039497-3af8-5bb3-951c-6df9afa9be1c',
              name: 'Solana',
              symbol: 'SOL',
              networks: solanaNetwork('So11111111111111111111111111111111111111111'),
            },
          ]
        : []),
    ]
  }

  const paymentCurrencies = () =>
    Object.keys(FIAT_RATES_USD).map((id) => ({
      id,
      payment_method_limits: ONRAMP_LIMITS.map((limit) => ({ ...limit })),
    }))

  /** The CAIP-2 id of a network name the options list (`sandbox-31337`, `solana-sandbox`). */
  function caipOfNetworkName(/** @type {string} */ name) {
    if (name === 'solana-sandbox' && solana) return solana.caipNetworkId
    const chain = chains.find((candidate) => `sandbox-${candidate.chainId}` === name)
    return chain ? (chain.caipNetworkId ?? `eip155:${chain.chainId}`) : undefined
  }

  /**
   * Credits a purchase on its chain and records it. `order` comes from a provider page.
   * @param {string} provider
   * @param {unknown} order
   */
  async function purchase(provider, order) {
    if (!order || typeof order !== 'object') throw new OnrampError(400, 'Expected a JSON object body')
    const { address, network, asset, fiatAmount, fiatCurrency, partnerUserId } =
      /** @type {Record<string, unknown>} */ (order)
    if (typeof address !== 'string' || typeof network !== 'string' || typeof asset !== 'string')
      throw new OnrampError(400, 'address, network and asset are required')
    if (typeof fiatAmount !== 'string' || typeof fiatCurrency !== 'string')
      throw new OnrampError(400, 'fiatAmount and fiatCurrency are required')
    const chainId = caipOfNetworkName(network)
    if (!chainId) throw new OnrampError(400, `Unknown network ${network}`)
    const symbol = asset.toUpperCase()
    const currency = purchaseCurrencies().find(
      (candidate) => candidate.symbol === symbol && candidate.networks.some((item) => item.name === network),
    )
    if (!currency) throw new OnrampError(400, `${symbol} cannot be bought on ${network}`)
    const quote = quoteFor({ amount: fiatAmount, paymentCurrency: fiatCurrency, symbol, prices, quoteId: 'purchase' })
    const amount = quote.purchaseAmount.amount
    let hash
    if (chainId.startsWith('solana:')) {
      if (!isSolanaAddress(address)) throw new OnrampError(400, 'Invalid Solana address')
      if (symbol !== 'SOL' || !solanaRpc) throw new OnrampError(400, 'Only SOL is sold on the sandbox Solana network')
      hash = await solanaRpc
        .requestAirdrop(
          /** @type {import('@solana/kit').Address} */ (address),
          /** @type {any} */ (BigInt(Math.round(Number(amount) * LAMPORTS_PER_SOL))),
        )
        .send()
    } else {
      if (!isAddress(address, { strict: false })) throw new OnrampError(400, 'Invalid address')
      // The deployer holds the tokens' supply and 10000 ETH: it is the provider's treasury.
      const sent = await activity.send({ chainId, from: ANVIL_ACCOUNTS.deployer, to: address, token: symbol, amount })
      hash = /** @type {string} */ (sent.hashes[0])
    }
    /** @type {Purchase} */
    const record = {
      id: `${provider}-${purchases.length + 1}`,
      provider,
      address,
      chainId,
      symbol,
      amount,
      fiatAmount: quote.paymentTotal.amount,
      fiatCurrency,
      hash: String(hash),
      time: Date.now(),
      partnerUserId: typeof partnerUserId === 'string' ? partnerUserId : '',
    }
    purchases.push(record)
    return record
  }

  /**
   * The on-ramp history of an address in the history route's shape (HOSTED-API §5): one `bought`
   * transaction per purchase, newest first.
   * @param {string} address
   * @param {{ chainId?: string | null, provider?: string | null }} filter
   */
  function historyFor(address, { chainId, provider } = {}) {
    const owner = address.toLowerCase()
    return purchases
      .filter(
        (item) =>
          (item.chainId.startsWith('solana:') ? item.address === address : item.address.toLowerCase() === owner) &&
          (!chainId || item.chainId === chainId) &&
          (!provider || !ONRAMP_PROVIDERS.includes(provider) || item.provider === provider),
      )
      .reverse()
      .map((item) => ({
        id: item.id,
        metadata: {
          operationType: 'bought',
          hash: item.hash,
          minedAt: new Date(item.time).toISOString(),
          sentFrom: item.provider,
          sentTo: item.address,
          status: 'confirmed',
          chain: item.chainId,
        },
        transfers: [
          {
            fungible_info: {
              name: item.symbol,
              symbol: item.symbol,
              icon: { url: `${serverUrl()}/public/getTokenImage/${item.symbol}` },
            },
            direction: 'in',
            quantity: { numeric: item.amount },
            price: prices[item.symbol] ?? 0,
          },
        ],
      }))
  }

  /** @type {Record<string, (request: { url: URL, params: string[], body: unknown }) => Promise<{ status?: number, headers?: Record<string, string>, body: unknown }>>} */
  const handlers = {
    async onrampOptions() {
      return { body: { paymentCurrencies: paymentCurrencies(), purchaseCurrencies: purchaseCurrencies() } }
    },
    async onrampQuote({ body }) {
      const input = /** @type {Record<string, any>} */ (body && typeof body === 'object' ? body : {})
      const symbol = input['purchaseCurrency']?.symbol
      const paymentId = input['paymentCurrency']?.id
      if (typeof symbol !== 'string' || typeof paymentId !== 'string')
        return { status: 400, body: { error: 'purchaseCurrency and paymentCurrency objects are required' } }
      if (input['network'] !== undefined && input['network'] !== symbol)
        return { status: 400, body: { error: 'network must be the purchase currency symbol' } }
      const amount = typeof input['amount'] === 'string' ? input['amount'] : '0'
      quotes += 1
      try {
        return {
          body: quoteFor({ amount, paymentCurrency: paymentId, symbol, prices, quoteId: `sandbox-quote-${quotes}` }),
        }
      } catch (error) {
        if (error instanceof OnrampError) return { status: error.status, body: { error: error.message } }
        throw error
      }
    },
    async onrampUrl({ body }) {
      const input = /** @type {Record<string, any>} */ (body && typeof body === 'object' ? body : {})
      const wallets = input['destinationWallets']
      const wallet = Array.isArray(wallets) ? wallets[0] : undefined
      const strings = (/** @type {unknown} */ list) =>
        Array.isArray(list) && list.length > 0 && list.every((item) => typeof item === 'string')
      if (!wallet || typeof wallet.address !== 'string' || !strings(wallet.blockchains) || !strings(wallet.assets))
        return { status: 400, body: { error: 'destinationWallets [{ address, blockchains, assets }] is required' } }
      if (input['defaultExperience'] !== 'buy' || typeof input['partnerUserId'] !== 'string')
        return { status: 400, body: { error: "partnerUserId and defaultExperience 'buy' are required" } }
      const url = new URL(`${serverUrl()}/onramp/coinbase`)
      url.searchParams.set('address', wallet.address)
      url.searchParams.set('blockchains', wallet.blockchains.join(','))
      url.searchParams.set('assets', wallet.assets.join(','))
      url.searchParams.set('partnerUserId', input['partnerUserId'])
      for (const key of ['defaultNetwork', 'presetFiatAmount', 'presetCryptoAmount'])
        if (input[key] !== undefined) url.searchParams.set(key, String(input[key]))
      return { body: { url: url.toString() } }
    },
    async onrampPage({ params: [provider = ''] }) {
      return { headers: { 'content-type': 'text/html; charset=utf-8' }, body: providerPage(provider) }
    },
    async onrampPurchase({ params: [provider = ''], body }) {
      try {
        return { body: await purchase(provider, body) }
      } catch (error) {
        if (error instanceof OnrampError) return { status: error.status, body: { error: error.message } }
        if (error instanceof RangeError) return { status: 400, body: { error: error.message } }
        throw error
      }
    },
  }

  /** The networks a provider page offers, for the meld page's picker (its URL names no network). */
  const pageNetworks = () => [
    ...chains.map((chain) => ({ name: `sandbox-${chain.chainId}`, label: chain.name, namespace: 'eip155' })),
    ...(solana ? [{ name: 'solana-sandbox', label: 'Solana (sandbox)', namespace: 'solana' }] : []),
  ]

  /** A provider's checkout page: the order its URL describes and a Pay button. */
  function providerPage(/** @type {string} */ provider) {
    const label = provider === 'coinbase' ? 'Coinbase (sandbox)' : 'Meld (sandbox)'
    const config = JSON.stringify({ provider, networks: pageNetworks() }).replace(/</g, '\\u003c')
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${label}: buy crypto</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;max-width:30rem}dt{font-weight:600}dd{margin:0 0 .6rem}
button{font:inherit;padding:.6rem 1.4rem}label{display:block;margin:.6rem 0}</style></head>
<body><main><h1>${label}</h1><p>A local stand-in for the provider's checkout. Paying credits the sandbox chain.</p>
<dl id="order"></dl><div id="pickers"></div>
<button type="button" id="pay">Pay</button><p id="status" role="status"></p></main>
<script type="module">
const { provider, networks } = ${config}
const query = new URL(location.href).searchParams
const order = provider === 'coinbase'
  ? { address: query.get('address') ?? '', network: query.get('defaultNetwork') ?? (query.get('blockchains') ?? '').split(',')[0],
      asset: (query.get('assets') ?? '').split(',')[0], fiatAmount: query.get('presetFiatAmount') ?? '', fiatCurrency: 'USD',
      partnerUserId: query.get('partnerUserId') ?? '' }
  : { address: query.get('walletAddress') ?? '', network: '', asset: query.get('destinationCurrencyCode') ?? '',
      fiatAmount: query.get('sourceAmount') ?? '', fiatCurrency: query.get('sourceCurrencyCode') ?? 'USD',
      partnerUserId: query.get('externalCustomerId') ?? '' }
if (provider === 'meld') order.publicKey = query.get('publicKey') ?? ''
const list = document.getElementById('order')
const row = (term, value) => { const dt = document.createElement('dt'); dt.textContent = term; const dd = document.createElement('dd'); dd.textContent = value; list.append(dt, dd) }
row('Wallet', order.address || '(none)'); row('Asset', order.asset || '(none)'); row('Customer', order.partnerUserId || '(none)')
const pickers = document.getElementById('pickers')
if (order.network) row('Network', order.network)
else {
  const solana = !order.address.startsWith('0x')
  const label = document.createElement('label'); label.textContent = 'Network '
  const select = document.createElement('select'); select.id = 'network'
  for (const item of networks.filter((n) => n.namespace === (solana ? 'solana' : 'eip155'))) select.add(new Option(item.label, item.name))
  label.append(select); pickers.append(label)
}
const amountLabel = document.createElement('label'); amountLabel.textContent = 'Amount (' + order.fiatCurrency + ') '
const amount = document.createElement('input'); amount.id = 'amount'; amount.inputMode = 'decimal'; amount.value = order.fiatAmount || '50'
amountLabel.append(amount); pickers.append(amountLabel)
const status = document.getElementById('status')
document.getElementById('pay').addEventListener('click', async (event) => {
  event.target.disabled = true; status.textContent = 'Processing…'
  const body = { ...order, network: order.network || document.getElementById('network').value, fiatAmount: amount.value.trim() }
  try {
    const response = await fetch('/onramp/' + provider + '/purchase', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const answer = await response.json()
    if (!response.ok) throw new Error(answer.error || 'HTTP ' + response.status)
    status.textContent = 'Purchase complete: ' + answer.amount + ' ' + answer.symbol + ' sent (' + answer.hash + '). You can close this window.'
  } catch (error) { status.textContent = 'Payment failed: ' + error.message; event.target.disabled = false }
})
</script></body></html>`
  }

  return {
    routes: [
      { name: 'onrampOptions', method: 'GET', pattern: /^\/v1\/onramp\/options$/ },
      { name: 'onrampQuote', method: 'POST', pattern: /^\/v1\/onramp\/quote$/ },
      { name: 'onrampUrl', method: 'POST', pattern: /^\/v1\/generators\/onrampurl$/ },
      { name: 'onrampPage', method: 'GET', pattern: /^\/onramp\/(coinbase|meld)$/ },
      { name: 'onrampPurchase', method: 'POST', pattern: /^\/onramp\/(coinbase|meld)\/purchase$/ },
    ],
    handlers,
    historyFor,
    purchases,
  }
}
