// SPEC §8: the wallet RPC codes 5700 to 5760 (EIP-5792's capability, bundle and atomicity errors)
// are told to the visitor in EIP-5792's words, wherever the wallet's library nests the code.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CAPABILITY_ERROR_MESSAGES, describeWalletError } from '../../../src/lib/wallet-errors'

test('each EIP-5792 code has its readable message', () => {
  const expected: Record<number, string> = {
    5700: 'This Wallet does not support a capability that was not marked as optional.',
    5710: 'This Wallet does not support the requested chain ID.',
    5720: 'There is already a bundle submitted with this ID.',
    5730: 'This bundle id is unknown / has not been submitted',
    5740: 'The call bundle is too large for the Wallet to process.',
    5750: 'The Wallet can support atomicity after an upgrade, but the user rejected the upgrade.',
    5760: 'The wallet does not support atomic execution but the request requires it.',
  }
  assert.equal(CAPABILITY_ERROR_MESSAGES, expected)
  for (const [code, message] of Object.entries(expected))
    assert.is(describeWalletError({ code: Number(code), message: 'raw wallet text' }), message)
})

test('the code is found in a wrapped error (viem nests the wallet’s error in cause)', () => {
  const wrapped = Object.assign(new Error('An unknown RPC error occurred.'), { cause: { code: 5760, message: 'x' } })
  assert.is(describeWalletError(wrapped), 'The wallet does not support atomic execution but the request requires it.')
})

test('a code inside the range without its own message says the capability is missing; outside it, the wallet’s text', () => {
  assert.is(describeWalletError({ code: 5755, message: 'x' }), 'The wallet cannot do this (capability not supported)')
  assert.is(describeWalletError({ code: 5761, message: 'Something else' }), 'Something else')
})

test.run()
