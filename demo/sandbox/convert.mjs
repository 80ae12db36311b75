// The API emulator's swap half: the /v1/convert/* routes and pool prices, answered from the
// sandbox's AMM (amm.mjs) on the local chains. Shapes are the hosted ones (HOSTED-API.md §4.2,
// and the blockchain API's 1inch provider behind them): quotes are the router's getAmountsOut,
// allowances are the token's allowance for the router, and the calldata it builds executes
// through the router. The native token is the placeholder 0xeeee…eeee; it goes in and out of
// the pools as WETH through the router's ETH functions.
//
//   const convert = createConvert({ chainsByCaip, clientsByCaip, tokens, amm, prices, tokenIconUrl, chainError })
//   convert.routes, convert.handlers   // merged into the emulator's routing table
//   await convert.poolPrices(['eip155:31337:0x…'])   // Map: lower-case CAIP-10 → USD from reserves
//
// Errors use the hosted body { status: 'FAILED', reasons: [{ field, description }] }. The widget
// reads reasons[0].description of a failed quote (§4.5): with "insufficient liquidity" in it, it
// says "Insufficient liquidity"; anything else reads as "Insufficient balance". So a pair of
// tokens no pool path connects says insufficient liquidity too, as 1inch does.
import { encodeFunctionData, erc20Abi, formatUnits, isAddress, maxUint256 } from 'viem'
import { loadAmmArtifact, WETH } from './amm.mjs'
import { NATIVE_CURRENCY } from './chains.mjs'

/** What the hosted API (and 1inch) call the native token of an EVM chain. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** The convert routes, in the emulator's routing-table shape. */
export const CONVERT_ROUTES = Object.freeze([
  { name: 'convertTokens', method: 'GET', pattern: /^\/v1\/convert\/tokens$/ },
  { name: 'convertQuotes', method: 'GET', pattern: /^\/v1\/convert\/quotes$/ },
  { name: 'convertAllowance', method: 'GET', pattern: /^\/v1\/convert\/allowance$/ },
  { name: 'convertGasPrice', method: 'GET', pattern: /^\/v1\/convert\/gas-price$/ },
  { name: 'convertBuildApprove', method: 'GET', pattern: /^\/v1\/convert\/build-approve$/ },
  { name: 'convertBuildTransaction', method: 'POST', pattern: /^\/v1\/convert\/build-transaction$/ },
])

/** Gas limits used when estimating is off (disableEstimate) or cannot work yet (no allowance). */
export const FALLBACK_GAS = Object.freeze({ approve: 60_000n, swap: 300_000n })
/** How long built swap calldata stays valid, counted from the chain's latest block. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** Estimates are padded: the pools can move between building and sending. */
const GAS_MARGIN_PERCENT = 25n
/** `fast` and `instant` over `standard`, in percent: anvil has one gas price, wallets expect three. */
const GAS_TIERS_PERCENT = Object.freeze({ fast: 120n, instant: 150n })

/** @typedef {import('./api.mjs').EmulatedChain} EmulatedChain */
/** @typedef {import('./api.mjs').EmulatedToken} EmulatedToken */
/** @typedef {import('./amm.mjs').Amm} Amm */
/** @typedef {{ status?: number, headers?: Record<string, string>, body: unknown }} Answer */
/**
 * A token as a swap sees it: `pool` is the address the pools hold (WETH for the native token).
 * @typedef {{ address: string, pool: `0x${string}`, native: boolean, symbol?: string, decimals?: number }} SwapAsset
 */
/**
 * A local chain with an AMM.
 * @typedef {{ caip: string, chainId: number, client: import('viem').PublicClient, router: `0x${string}`,
 *   weth: `0x${string}`, pairs: Amm['pairs'], tokens: EmulatedToken[] }} SwapChain
 */

const routerAbi = loadAmmArtifact('SwapRouter').abi
const pairAbi = loadAmmArtifact('SwapPair').abi

/**
 * @param {{
 *   chainsByCaip: Map<string, EmulatedChain>,
 *   clientsByCaip: Map<string, import('viem').PublicClient>,
 *   tokens: Record<number, EmulatedToken[]>,
 *   amm: Record<number, Amm>,
 *   prices: Record<string, number>,
 *   tokenIconUrl: (symbol: string) => string,
 *   chainError: (caip: string, error: unknown) => Error,
 * }} options `chainError`: what poolPrices throws when a chain does not answer
 */
export function createConvert({ chainsByCaip, clientsByCaip, tokens, amm, prices, tokenIconUrl, chainError }) {
  /** @type {Map<string, SwapChain>} */
  const swapChains = new Map()
  for (const [caip, chain] of chainsByCaip) {
    const deployed = amm[chain.chainId]
    const client = clientsByCaip.get(caip)
    if (!deployed || !client) continue
    swapChains.set(caip, { caip, chainId: chain.chainId, client, ...deployed, tokens: tokens[chain.chainId] ?? [] })
  }

  /** @type {Record<string, (request: { url: URL, body: unknown }) => Promise<Answer>>} */
  const handlers = {
    async convertTokens({ url }) {
      const caip = url.searchParams.get('chainId') ?? ''
      const chain = swapChains.get(caip)
      if (!chain) return unsupportedChain(caip)
      const listed = [{ ...NATIVE_CURRENCY, address: NATIVE_TOKEN_ADDRESS }, ...chain.tokens]
      return {
        body: {
          tokens: listed.map((token) => ({
            name: token.name,
            symbol: token.symbol,
            address: `${caip}:${token.address}`,
            decimals: token.decimals,
            logoUri: tokenIconUrl(token.symbol),
            eip2612: false,
          })),
        },
      }
    },

    async convertQuotes({ url }) {
      const query = url.searchParams
      const amount = parseAmount(query.get('amount'))
      if (amount === undefined) return invalidAmount()
      const pair = swapPair(query.get('from'), query.get('to'))
      if ('error' in pair) return pair.error
      const quoted = await quote(pair.chain, pair.from, pair.to, amount)
      if ('error' in quoted) return quoted.error
      return {
        body: {
          quotes: [
            {
              id: null,
              fromAmount: amount.toString(),
              fromAccount: query.get('from'),
              toAmount: quoted.amountOut.toString(),
              toAccount: query.get('to'),
            },
          ],
        },
      }
    },

    async convertAllowance({ url }) {
      const token = parseCaip10(url.searchParams.get('tokenAddress'))
      const user = parseCaip10(url.searchParams.get('userAddress'))
      if (!token) return failure(400, 'tokenAddress', 'Invalid parameter: tokenAddress must be a CAIP-10 address')
      if (!user) return failure(400, 'userAddress', 'Invalid parameter: userAddress must be a CAIP-10 address')
      const chain = swapChains.get(token.caip)
      if (!chain) return unsupportedChain(token.caip)
      // The router takes native ETH as the transaction's value: nothing to approve.
      if (token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS) return { body: { allowance: maxUint256.toString() } }
      try {
        const allowance = await chain.client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [user.address, chain.router],
        })
        return { body: { allowance: allowance.toString() } }
      } catch (error) {
        return notAToken(error, 'tokenAddress', token.address)
      }
    },

    async convertGasPrice({ url }) {
      const caip = url.searchParams.get('chainId') ?? ''
      const chain = swapChains.get(caip)
      if (!chain) return unsupportedChain(caip)
      const standard = await gasPriceOf(chain)
      if (standard === undefined) return unreachable()
      return {
        body: {
          standard: standard.toString(),
          fast: ((standard * GAS_TIERS_PERCENT.fast) / 100n).toString(),
          instant: ((standard * GAS_TIERS_PERCENT.instant) / 100n).toString(),
        },
      }
    },

    async convertBuildApprove({ url }) {
      const query = url.searchParams
      const user = parseCaip10(query.get('userAddress'))
      if (!user) return failure(400, 'userAddress', 'Invalid parameter: userAddress must be a CAIP-10 address')
      const pair = swapPair(query.get('from'), query.get('to'))
      if ('error' in pair) return pair.error
      const { chain, from } = pair
      if (from.native) return failure(400, 'from', 'Conversion parameter error: the native token needs no approval')
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.router, maxUint256] })
      const gasPrice = await gasPriceOf(chain)
      if (gasPrice === undefined) return unreachable()
      const gas = await estimate(chain, { account: user.address, to: from.pool, data }, FALLBACK_GAS.approve)
      // As the hosted API answers: `from` is the token to approve (the widget sends the approval
      // to it), `to` the contract the calldata is for, which is that same token.
      const tokenCaip10 = /** @type {string} */ (query.get('from'))
      return {
        body: {
          tx: {
            from: tokenCaip10,
            to: tokenCaip10,
            data,
            value: '0',
            eip155: { gas: Number(gas), gasPrice: gasPrice.toString() },
          },
        },
      }
    },

    async convertBuildTransaction({ body }) {
      const request = /** @type {Record<string, unknown>} */ (body && typeof body === 'object' ? body : {})
      const amount = parseAmount(request.amount)
      if (amount === undefined) return invalidAmount()
      const userCaip10 = typeof request.userAddress === 'string' ? request.userAddress : ''
      const user = parseCaip10(userCaip10)
      if (!user) return failure(400, 'userAddress', 'Invalid parameter: userAddress must be a CAIP-10 address')
      const slippage = /** @type {{ slippage?: unknown } | undefined} */ (request.eip155)?.slippage
      if (typeof slippage !== 'number' || !(slippage >= 0 && slippage <= 50)) {
        return failure(400, 'eip155', 'Invalid parameter: eip155.slippage (percent, 0 to 50) is required')
      }
      const pair = swapPair(request.from, request.to)
      if ('error' in pair) return pair.error
      const { chain, from, to } = pair
      if (user.caip !== chain.caip) {
        return failure(400, '', 'Invalid parameter: `from`, `to` and `userAddress` chain IDs must have the same value')
      }
      const quoted = await quote(chain, from, to, amount)
      if ('error' in quoted) return quoted.error
      const { path, amountOut } = quoted
      const amountOutMin = (amountOut * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n
      let latest, gasPrice
      try {
        ;[latest, gasPrice] = await Promise.all([chain.client.getBlock(), chain.client.getGasPrice()])
      } catch {
        return unreachable()
      }
      const deadline = latest.timestamp + BigInt(SWAP_DEADLINE_SECONDS)
      const recipient = user.address
      const data = from.native
        ? encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactETHForTokens',
            args: [amountOutMin, path, recipient, deadline],
          })
        : encodeFunctionData({
            abi: routerAbi,
            functionName: to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
            args: [amount, amountOutMin, path, recipient, deadline],
          })
      const transaction = { account: user.address, to: chain.router, data, value: from.native ? amount : 0n }
      let gas
      if (request.disableEstimate === true) {
        // Estimating is off because the caller may not have approved yet, as the widget does.
        gas = await estimate(chain, transaction, FALLBACK_GAS.swap)
      } else {
        try {
          gas = padded(await chain.client.estimateGas(transaction))
        } catch (error) {
          return failure(400, '', `Conversion parameter error: the swap would fail: ${reasonOf(error)}`)
        }
      }
      return {
        body: {
          tx: {
            from: userCaip10,
            to: `${chain.caip}:${chain.router}`,
            data,
            amount: amountOut.toString(),
            eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
          },
        },
      }
    },
  }

  /**
   * The two sides of a swap, on one local chain.
   * @param {unknown} fromValue
   * @param {unknown} toValue
   * @returns {{ chain: SwapChain, from: SwapAsset, to: SwapAsset } | { error: Answer }}
   */
  function swapPair(fromValue, toValue) {
    const from = parseCaip10(fromValue)
    const to = parseCaip10(toValue)
    if (!from) return { error: failure(400, 'from', 'Invalid parameter: from must be a CAIP-10 token address') }
    if (!to) return { error: failure(400, 'to', 'Invalid parameter: to must be a CAIP-10 token address') }
    if (from.caip !== to.caip) {
      return { error: failure(400, '', 'Invalid parameter: `from` and `to` chain IDs must have the same value') }
    }
    const chain = swapChains.get(from.caip)
    if (!chain) return { error: unsupportedChain(from.caip) }
    const fromAsset = assetOf(chain, from.address)
    const toAsset = assetOf(chain, to.address)
    if (fromAsset.pool.toLowerCase() === toAsset.pool.toLowerCase()) {
      return { error: failure(400, 'to', 'Conversion parameter error: from and to are the same token') }
    }
    return { chain, from: fromAsset, to: toAsset }
  }

  /**
   * What the router pays for `amount` of `from` in `to`, along the shortest pool path.
   * @param {SwapChain} chain
   * @param {SwapAsset} from
   * @param {SwapAsset} to
   * @param {bigint} amount
   * @returns {Promise<{ path: `0x${string}`[], amountOut: bigint } | { error: Answer }>}
   */
  async function quote(chain, from, to, amount) {
    const path = poolPath(chain, from.pool, to.pool)
    if (!path) {
      return {
        error: failure(
          400,
          '',
          `Conversion parameter error: no pool route from ${from.address} to ${to.address} (insufficient liquidity)`,
        ),
      }
    }
    let amounts
    try {
      amounts = await chain.client.readContract({
        address: chain.router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [amount, path],
      })
    } catch (error) {
      const reason = reasonOf(error)
      if (/insufficient liquidity/i.test(reason)) {
        return { error: failure(400, '', `Conversion parameter error: insufficient liquidity (${reason})`) }
      }
      return { error: unreachable() }
    }
    const amountOut = /** @type {readonly bigint[]} */ (amounts).at(-1) ?? 0n
    if (amountOut === 0n) {
      return {
        error: failure(
          400,
          'amount',
          `Conversion parameter error: insufficient liquidity: ${amount} base units of ${from.address} buy nothing`,
        ),
      }
    }
    return { path, amountOut }
  }

  /**
   * USD prices from the pools' reserves, for the CAIP-10 addresses on chains with an AMM: the
   * chain's USDC is worth the emulator's USDC price, and every token reached from it through
   * pools is worth its neighbour's price times the pool's reserve ratio (mid price, no fee).
   * @param {string[]} addresses CAIP-10
   * @returns {Promise<Map<string, number>>} by lower-case CAIP-10; addresses it cannot price are absent
   */
  async function poolPrices(addresses) {
    /** @type {Map<string, number>} */
    const result = new Map()
    /** @type {Map<string, string[]>} */
    const byChain = new Map()
    for (const address of addresses) {
      const parsed = parseCaip10(address)
      if (parsed && swapChains.has(parsed.caip))
        byChain.set(parsed.caip, [...(byChain.get(parsed.caip) ?? []), address])
    }
    await Promise.all(
      [...byChain].map(async ([caip, wanted]) => {
        const chain = /** @type {SwapChain} */ (swapChains.get(caip))
        const prices = await tokenPricesOn(chain)
        for (const address of wanted) {
          const asset = assetOf(chain, /** @type {{ address: `0x${string}` }} */ (parseCaip10(address)).address)
          const price = prices.get(asset.pool.toLowerCase())
          if (price !== undefined) result.set(address.toLowerCase(), price)
        }
      }),
    )
    return result
  }

  /**
   * @param {SwapChain} chain
   * @returns {Promise<Map<string, number>>} lower-case pool token address → USD
   */
  async function tokenPricesOn(chain) {
    /** @type {Map<string, number>} */
    const decimals = new Map([[chain.weth.toLowerCase(), WETH.decimals]])
    for (const token of chain.tokens) decimals.set(token.address.toLowerCase(), token.decimals)
    let reserves
    try {
      reserves = await Promise.all(
        chain.pairs.map((pair) =>
          chain.client.readContract({ address: pair.address, abi: pairAbi, functionName: 'getReserves' }),
        ),
      )
    } catch (error) {
      throw chainError(chain.caip, error)
    }
    /** @type {Map<string, number>} */
    const usd = new Map()
    const anchor = chain.tokens.find((token) => token.symbol === 'USDC')
    if (!anchor || prices.USDC === undefined) return usd
    usd.set(anchor.address.toLowerCase(), prices.USDC)
    // Breadth first from USDC, so each price comes through the fewest pools.
    const queue = [anchor.address.toLowerCase()]
    while (queue.length > 0) {
      const known = /** @type {string} */ (queue.shift())
      chain.pairs.forEach((pair, index) => {
        const [a, b] = pair.tokens.map((token) => token.toLowerCase())
        const other = a === known ? b : b === known ? a : undefined
        if (!other || usd.has(other) || !decimals.has(other)) return
        // getReserves answers in token0/token1 order: the lower address first.
        const [reserve0, reserve1] = /** @type {readonly [bigint, bigint]} */ (reserves[index])
        const [reserveKnown, reserveOther] = known < other ? [reserve0, reserve1] : [reserve1, reserve0]
        const amountKnown = Number(formatUnits(reserveKnown, decimals.get(known) ?? 18))
        const amountOther = Number(formatUnits(reserveOther, decimals.get(other) ?? 18))
        if (amountOther === 0) return
        usd.set(other, ((usd.get(known) ?? 0) * amountKnown) / amountOther)
        queue.push(other)
      })
    }
    return usd
  }

  /**
   * The shortest path of pool tokens from `from` to `to` through the chain's pairs.
   * @param {SwapChain} chain
   * @param {`0x${string}`} from
   * @param {`0x${string}`} to
   * @returns {`0x${string}`[] | undefined}
   */
  function poolPath(chain, from, to) {
    /** @type {Map<string, `0x${string}`[]>} */
    const reached = new Map([[from.toLowerCase(), [from]]])
    const queue = [from]
    while (queue.length > 0) {
      const current = /** @type {`0x${string}`} */ (queue.shift())
      const pathHere = /** @type {`0x${string}`[]} */ (reached.get(current.toLowerCase()))
      for (const pair of chain.pairs) {
        const [a, b] = pair.tokens
        const next =
          a.toLowerCase() === current.toLowerCase() ? b : b.toLowerCase() === current.toLowerCase() ? a : undefined
        if (!next || reached.has(next.toLowerCase())) continue
        const path = [...pathHere, next]
        if (next.toLowerCase() === to.toLowerCase()) return path
        reached.set(next.toLowerCase(), path)
        queue.push(next)
      }
    }
    return undefined
  }

  /**
   * @param {SwapChain} chain
   * @param {`0x${string}`} address
   * @returns {SwapAsset}
   */
  function assetOf(chain, address) {
    if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) {
      return { address, pool: chain.weth, native: true, symbol: NATIVE_CURRENCY.symbol, decimals: 18 }
    }
    const token = chain.tokens.find((candidate) => candidate.address.toLowerCase() === address.toLowerCase())
    return { address, pool: address, native: false, symbol: token?.symbol, decimals: token?.decimals }
  }

  /**
   * @param {SwapChain} chain
   * @param {{ account: `0x${string}`, to: `0x${string}`, data: `0x${string}`, value?: bigint }} transaction
   * @param {bigint} fallback used when the estimate fails (e.g. no allowance yet)
   */
  async function estimate(chain, transaction, fallback) {
    try {
      return padded(await chain.client.estimateGas(transaction))
    } catch {
      return fallback
    }
  }

  /** @param {SwapChain} chain @returns {Promise<bigint | undefined>} */
  async function gasPriceOf(chain) {
    try {
      return await chain.client.getGasPrice()
    } catch {
      return undefined
    }
  }

  return {
    routes: CONVERT_ROUTES,
    handlers,
    poolPrices,
    /** The CAIP-2 ids the convert routes serve: the local chains with an AMM. */
    networks: [...swapChains.keys()],
  }
}

/** @param {bigint} gas */
const padded = (gas) => (gas * (100n + GAS_MARGIN_PERCENT)) / 100n

/**
 * `eip155:<chain id>:<0x address>` → its parts; anything else → undefined.
 * @param {unknown} value
 * @returns {{ caip: string, address: `0x${string}` } | undefined}
 */
function parseCaip10(value) {
  if (typeof value !== 'string') return undefined
  const match = /^(eip155:[0-9]+):(0x[0-9a-fA-F]{40})$/.exec(value)
  if (!match || !isAddress(/** @type {string} */ (match[2]), { strict: false })) return undefined
  return { caip: /** @type {string} */ (match[1]), address: /** @type {`0x${string}`} */ (match[2]) }
}

/**
 * A positive integer amount in base units, given as a decimal string or a safe integer.
 * @param {unknown} value
 * @returns {bigint | undefined}
 */
function parseAmount(value) {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !/^[0-9]{1,78}$/.test(text)) return undefined
  const amount = BigInt(text)
  return amount > 0n && amount <= maxUint256 ? amount : undefined
}

/** The revert reason (or message) of a failed eth_call / estimate. @param {unknown} error */
function reasonOf(error) {
  const cause = /** @type {{ reason?: string, shortMessage?: string, message?: string, walk?: Function }} */ (error)
  const inner =
    typeof cause?.walk === 'function' ? cause.walk((/** @type {any} */ e) => typeof e?.reason === 'string') : undefined
  return inner?.reason ?? cause?.shortMessage ?? cause?.message ?? String(error)
}

/**
 * @param {number} status
 * @param {string} field
 * @param {string} description
 * @returns {Answer}
 */
function failure(status, field, description) {
  return { status, body: { status: 'FAILED', reasons: [{ field, description }] } }
}

/** @param {string} caip */
const unsupportedChain = (caip) =>
  failure(
    400,
    'chainId',
    `We don't support the chainId you provided: ${caip || '(none)'}. Swaps run on the sandbox chains.`,
  )

const invalidAmount = () =>
  failure(400, 'amount', 'Invalid parameter: amount must be a positive integer in the token base units')

const unreachable = () => failure(503, 'unreachable', 'We failed to reach the provider for your request')

/**
 * An allowance read failed: no contract answered at that address (a 400), or the chain did not.
 * @param {unknown} error
 * @param {string} field
 * @param {string} address
 */
function notAToken(error, field, address) {
  const name = /** @type {{ walk?: Function }} */ (error)?.walk?.(
    (/** @type {any} */ e) => e?.name === 'ContractFunctionZeroDataError',
  )
  return name ? failure(400, field, `Conversion parameter error: ${address} is not an ERC-20 token`) : unreachable()
}
