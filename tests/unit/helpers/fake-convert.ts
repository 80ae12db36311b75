// A scripted convert API for the swap tests: every route answers what `behaviour` says, and every
// call is recorded. Quotes default to a constant-product pool (the sandbox's WETH/USDC at 1000 ETH
// and 3 000 000 USDC, 0.3 % fee), so amounts in tests are the ones a real pool gives.
import { replaceApiClient } from '../../../src/api/client'
import { CONVERT_API } from '../../../src/api/convert-api'
import type { ConvertApi, ConvertQuote, ConvertToken, ConvertTransaction } from '../../../src/api/convert-api'

export const NATIVE = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
export const USDC = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const SKT = 'eip155:31337:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
export const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'

export const listedTokens: ConvertToken[] = [
  { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: '' },
  { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: '' },
  { name: 'SigKit Token', symbol: 'SKT', address: SKT, decimals: 18, logoUri: '' },
  {
    name: 'Dai',
    symbol: 'DAI',
    address: 'eip155:31337:0x0000000000000000000000000000000000000da1',
    decimals: 18,
    logoUri: '',
  },
]

/** The router's getAmountOut. */
export function poolOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const withFee = amountIn * 997n
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee)
}

const ETH_RESERVE = 1000n * 10n ** 18n
const USDC_RESERVE = 3_000_000n * 10n ** 6n

/** What the fake pool pays for `amount` of `from` in `to` (ETH ↔ USDC; anything else 1:1). */
export function fakeQuote(amount: bigint, from: string, to: string): bigint {
  if (from === NATIVE && to === USDC) return poolOut(amount, ETH_RESERVE, USDC_RESERVE)
  if (from === USDC && to === NATIVE) return poolOut(amount, USDC_RESERVE, ETH_RESERVE)
  return amount
}

export interface QuoteCall {
  amount: bigint
  from: string
  to: string
  userAddress: string
  gasPrice: bigint | undefined
}

export function useFakeConvert() {
  const calls = {
    tokens: [] as string[],
    quotes: [] as QuoteCall[],
    allowance: [] as { tokenAddress: string; userAddress: string }[],
    approve: [] as { userAddress: string; from: string; to: string }[],
    build: [] as { amount: bigint; slippage: number; from: string; to: string; userAddress: string }[],
    prices: [] as string[][],
  }
  const behaviour = {
    tokens: async (_chain: string): Promise<ConvertToken[]> => listedTokens,
    quote: async (call: QuoteCall): Promise<ConvertQuote> => ({
      fromAmount: call.amount,
      toAmount: fakeQuote(call.amount, call.from, call.to),
    }),
    allowance: async (): Promise<bigint> => 0n,
    gasPrice: async () => ({ standard: 10n ** 9n, fast: 12n * 10n ** 8n, instant: 15n * 10n ** 8n }),
    approve: async (): Promise<ConvertTransaction> => ({
      to: USDC.split(':')[2] as string,
      data: '0x095ea7b3',
      value: 0n,
      gas: 60_000n,
      gasPrice: 10n ** 9n,
    }),
    build: async (call: { amount: bigint; from: string; to: string }): Promise<ConvertTransaction> => ({
      to: ROUTER,
      data: '0x7ff36ab5',
      value: 0n,
      gas: 140_000n,
      gasPrice: 10n ** 9n,
      amount: fakeQuote(call.amount, call.from, call.to),
    }),
    prices: async (): Promise<Map<string, number>> =>
      new Map([
        ['eth', 3000],
        ['usdc', 1],
        ['skt', 2.5],
      ]),
  }
  const api: ConvertApi = {
    // The fake serves every network; a test that needs one refused answers from `tokens` instead.
    servesNetwork: async () => true,
    getTokens: (chain) => {
      calls.tokens.push(chain)
      return behaviour.tokens(chain)
    },
    getQuote: (parameters) => {
      const call = { ...parameters, gasPrice: parameters.gasPrice }
      calls.quotes.push(call)
      return behaviour.quote(call)
    },
    getAllowance: (parameters) => {
      calls.allowance.push(parameters)
      return behaviour.allowance()
    },
    getGasPrice: () => behaviour.gasPrice(),
    buildApprove: (parameters) => {
      calls.approve.push(parameters)
      return behaviour.approve()
    },
    buildTransaction: (parameters) => {
      calls.build.push(parameters)
      return behaviour.build(parameters)
    },
    getPrices: (addresses) => {
      calls.prices.push([...addresses])
      return behaviour.prices()
    },
  }
  replaceApiClient(CONVERT_API, api)
  return { api, calls, behaviour }
}
