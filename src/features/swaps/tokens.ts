/**
 * The tokens a swap can use: the account's own (with their balances) first, then the convert
 * route's list with the suggested symbols (HOSTED-API §6.1) ahead of the popular ones (SPEC §9),
 * ahead of the rest. The native currency
 * is named by the API's placeholder address, so both lists and every API call agree on it.
 */
import type { ConvertToken } from '../../api/convert-api'
import type { CaipNetwork, TokenBalance } from '../../core/types'

/** The EVM native-token placeholder the convert routes use (HOSTED-API §6.1). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * Suggested swap tokens, in order (HOSTED-API §6.1); `USD₮0` leads on Arbitrum.
 * @internal
 */
export const SUGGESTED_SYMBOLS: readonly string[] = [
  'ETH',
  'UNI',
  '1INCH',
  'AAVE',
  'SOL',
  'ADA',
  'AVAX',
  'DOT',
  'LINK',
  'NITRO',
  'GAIA',
  'MILK',
  'TRX',
  'NEAR',
  'GNO',
  'WBTC',
  'DAI',
  'WETH',
  'USDC',
  'USDT',
  'ARB',
  'BAL',
  'BICO',
  'CRV',
  'ENS',
  'MATIC',
  'OP',
]

/**
 * Popular swap tokens (SPEC §9 "Lists of suggested and popular swap tokens exist"; AppKit's
 * `SWAP_POPULAR_TOKENS`, each symbol once): the suggested ones, then these. The picker lists them
 * after the suggested tokens and before the others.
 * @internal
 */
export const POPULAR_SYMBOLS: readonly string[] = [
  ...SUGGESTED_SYMBOLS,
  'METAL',
  'CHAMP',
  'WOLF',
  'SALE',
  'BUSD',
  'MUST',
  'BTCpx',
  'ROUTE',
  'HEX',
  'WELT',
  'amDAI',
  'VSQ',
  'VISION',
  'AURUM',
  'pSP',
  'SNX',
  'VC',
  'CHP',
  'amUSDT',
  'SPHERE',
  'FOX',
  'GIDDY',
  'GFC',
  'OMEN',
  'OX_OLD',
  'DE',
  'WNT',
]

/** A token on the swap form. */
export interface SwapToken {
  symbol: string
  name: string
  /** CAIP-10; the native currency is `{caip2}:` + {@link NATIVE_TOKEN_ADDRESS}. */
  address: string
  decimals: number
  logoUri: string
  native: boolean
  /** What the account holds, in whole units; absent for a token it does not hold. */
  balance?: string
  /** USD price the balance service gave, if any. */
  price?: number
}

/**
 * The CAIP-10 address the convert routes use for a network's native currency.
 * @internal
 */
export function nativeAddress(network: Pick<CaipNetwork, 'caipNetworkId'>): string {
  return `${network.caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`
}

/**
 * Lower-case identity of a token address, CAIP-10 or plain.
 * @internal
 */
export function sameToken(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/**
 * The account's balances as swap tokens (zero balances dropped; the native line, which has no
 * address, gets the placeholder).
 * @internal
 */
export function accountSwapTokens(balances: readonly TokenBalance[], network: CaipNetwork): SwapToken[] {
  return balances.flatMap((balance): SwapToken[] => {
    if (balance.chainId !== network.caipNetworkId || !(Number(balance.quantity.numeric) > 0)) return []
    const native = !balance.address || balance.address.toLowerCase().endsWith(NATIVE_TOKEN_ADDRESS)
    return [
      {
        symbol: balance.symbol,
        name: balance.name,
        address: native ? nativeAddress(network) : (balance.address as string),
        decimals: Number(balance.quantity.decimals),
        logoUri: balance.iconUrl,
        native,
        balance: balance.quantity.numeric,
        ...(balance.price > 0 ? { price: balance.price } : {}),
      },
    ]
  })
}

/** Where a symbol stands: suggested ones first, then the popular ones, then the rest (one rank). */
function suggestedRank(symbol: string): number {
  // Case as the list spells it ('amDAI'), falling back to upper case ('eth' → 'ETH').
  const index = POPULAR_SYMBOLS.indexOf(symbol)
  const upper = index === -1 ? POPULAR_SYMBOLS.indexOf(symbol.toUpperCase()) : index
  return upper === -1 ? POPULAR_SYMBOLS.length : upper
}

/**
 * The picker's list: the account's tokens (by USD value, then balance), then the API's other
 * tokens, suggested ones first, then popular ones, each token once. `query` keeps those whose symbol, name or
 * address contains it (case-insensitive).
 *
 * @example
 * ```ts
 * swapTokenList(accountSwapTokens(balances, network), apiTokens, network, 'us')
 * ```
 * @internal
 */
export function swapTokenList(
  held: readonly SwapToken[],
  listed: readonly ConvertToken[],
  network: CaipNetwork,
  query = '',
): SwapToken[] {
  const native = nativeAddress(network)
  const seen = new Set(held.map((token) => token.address.toLowerCase()))
  const others = listed
    .filter((token) => token.address.startsWith(`${network.caipNetworkId}:`) && !seen.has(token.address.toLowerCase()))
    .map((token) => ({ ...token, native: sameToken(token.address, native) }))
    .sort((a, b) => suggestedRank(a.symbol) - suggestedRank(b.symbol) || a.symbol.localeCompare(b.symbol))
  const value = (token: SwapToken) => Number(token.balance ?? 0) * (token.price ?? 0)
  const mine = [...held].sort((a, b) => value(b) - value(a) || Number(b.balance ?? 0) - Number(a.balance ?? 0))
  const all = [
    ...mine,
    ...others.filter((token, index) => others.findIndex((t) => sameToken(t.address, token.address)) === index),
  ]
  const needle = query.trim().toLowerCase()
  if (!needle) return all
  return all.filter((token) =>
    [token.symbol, token.name, token.address].some((field) => field.toLowerCase().includes(needle)),
  )
}

/**
 * The token a swap argument names: a symbol (`'USDC'`, as AppKit's `open({ view: 'Swap' })`
 * takes it), a CAIP-10 address or a plain address.
 * @internal
 */
export function findToken(tokens: readonly SwapToken[], wanted: unknown): SwapToken | undefined {
  if (typeof wanted !== 'string' || wanted.trim() === '') return undefined
  const needle = wanted.trim().toLowerCase()
  return (
    tokens.find((token) => token.symbol.toLowerCase() === needle) ??
    tokens.find((token) => token.address.toLowerCase() === needle || token.address.toLowerCase().endsWith(`:${needle}`))
  )
}
