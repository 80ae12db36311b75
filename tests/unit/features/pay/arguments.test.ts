// openPay's argument checks: every wrong field is named.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { RECEIVER, usdc } from '../../helpers/views'
import { PayError, parsePayArguments, type PayArguments } from '../../../../src/features/pay/arguments'

const USDC_ADDRESS = usdc.address!.split(':').at(-1)!
const FIVE_USDC: PayArguments = {
  recipient: RECEIVER,
  amount: '5',
  asset: { network: 'eip155:31337', asset: USDC_ADDRESS, metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
}

const reasonOf = (error: unknown) => (error instanceof PayError ? error.reason : `not a PayError: ${String(error)}`)

test('arguments: amount as a decimal string, and every wrong field named', () => {
  assert.is(parsePayArguments({ ...FIVE_USDC, amount: 5 }).amount, '5')
  const invalid = (input: unknown) => {
    try {
      parsePayArguments(input)
    } catch (error) {
      assert.is(reasonOf(error), 'invalid')
      return (error as Error).message
    }
    throw new Error('accepted')
  }
  assert.match(invalid({ ...FIVE_USDC, recipient: 'nobody' }), 'recipient must be an address of eip155')
  assert.match(invalid({ ...FIVE_USDC, amount: '0' }), 'amount must be a number greater than zero')
  assert.match(invalid({ ...FIVE_USDC, amount: '1.0000001' }), 'more than 6 decimals')
  assert.match(invalid({ ...FIVE_USDC, asset: { ...FIVE_USDC.asset, network: 'bip122:000' } }), 'CAIP-2')
  assert.match(invalid({ ...FIVE_USDC, asset: { ...FIVE_USDC.asset, asset: 'usdc' } }), "'native' or a token address")
  assert.match(
    invalid({ ...FIVE_USDC, asset: { ...FIVE_USDC.asset, metadata: { name: 'x', symbol: 'X', decimals: 1.5 } } }),
    'decimals',
  )
  assert.match(invalid(null), 'openPay takes')
  // Solana: base58 recipient and mint.
  const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
  const solana = parsePayArguments({
    recipient: 'EKxN49JjC8wZur679K7taycd1tJ76sfnMwv6D2V4pPTu',
    amount: '0.5',
    asset: {
      network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      asset: mint,
      metadata: { name: 'USDC', symbol: 'USDC', decimals: 6 },
    },
  })
  assert.is(solana.asset.asset, mint)
})

test.run()
