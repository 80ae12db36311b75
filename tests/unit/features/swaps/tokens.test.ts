// The swap picker's order: the account's tokens, then the API's suggested tokens, then the popular
// ones (SPEC §9), then the rest.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ConvertToken } from '../../../../src/api/convert-api'
import { POPULAR_SYMBOLS, SUGGESTED_SYMBOLS, swapTokenList } from '../../../../src/features/swaps/tokens'
import { mainnet } from '../../../helpers/networks'

const token = (symbol: string, index: number): ConvertToken => ({
  name: symbol,
  symbol,
  address: `eip155:1:0x${String(index + 1).padStart(40, '0')}`,
  decimals: 18,
  logoUri: '',
})

test('the popular list starts with the suggested one and names each symbol once', () => {
  assert.equal(POPULAR_SYMBOLS.slice(0, SUGGESTED_SYMBOLS.length), SUGGESTED_SYMBOLS)
  assert.is(new Set(POPULAR_SYMBOLS).size, POPULAR_SYMBOLS.length)
  for (const symbol of ['METAL', 'BUSD', 'SNX', 'amDAI', 'WNT']) assert.ok(POPULAR_SYMBOLS.includes(symbol), symbol)
})

test('suggested tokens first, then popular ones, then the rest by symbol', () => {
  const listed = ['ZZZ', 'SNX', 'AAA', 'USDC', 'amDAI', 'ETH', 'BUSD'].map(token)
  const order = swapTokenList([], listed, mainnet).map((item) => item.symbol)
  assert.equal(order, ['ETH', 'USDC', 'BUSD', 'amDAI', 'SNX', 'AAA', 'ZZZ'])
})

test.run()
