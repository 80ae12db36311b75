import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  assertCaipAddress,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../../../../src/core/lib/caip'

const EVM = 'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'

test('parseCaipAddress splits namespace, chain id and address', () => {
  assert.equal(parseCaipAddress(EVM), {
    chainNamespace: 'eip155',
    chainId: '1',
    address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
  })
  assert.equal(
    parseCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
      .chainNamespace,
    'solana',
  )
})

test('parseCaipAddress rejects anything but 3 non-empty parts with the spec text', () => {
  for (const bad of ['eip155:1', 'eip155:1:0xa:extra', 'eip155::0xa', ':1:0xa', 'eip155:1:', '', 'eip155:1: 0xa']) {
    assert.throws(
      () => parseCaipAddress(bad),
      (error: Error) => error.message === `Invalid CAIP-10 address: ${bad}`,
      bad,
    )
  }
})

test('parseCaipAddress rejects an unsupported namespace', () => {
  assert.throws(() => parseCaipAddress('tron:1:TXYZ'), /Invalid CAIP-10 address: tron:1:TXYZ/)
})

test('parseCaipNetworkId accepts exactly 2 non-empty parts', () => {
  assert.equal(parseCaipNetworkId('eip155:137'), { chainNamespace: 'eip155', chainId: '137' })
  for (const bad of ['eip155', 'eip155:', ':1', 'eip155:1:0xa', 'unknown:1']) {
    assert.throws(
      () => parseCaipNetworkId(bad),
      (error: Error) => error.message === `Invalid CAIP-2 network id: ${bad}`,
      bad,
    )
  }
})

test('isCaipAddress and isCaipNetworkId are false for bad input and never throw', () => {
  assert.ok(isCaipAddress(EVM))
  assert.not.ok(isCaipAddress('eip155:1'))
  assert.not.ok(isCaipAddress(42))
  assert.not.ok(isCaipAddress(null))
  assert.ok(isCaipNetworkId('solana:devnet'))
  assert.not.ok(isCaipNetworkId(EVM))
  assert.not.ok(isCaipNetworkId(undefined))
})

test("assertCaipAddress throws 'Invalid CAIP Address'", () => {
  assert.not.throws(() => assertCaipAddress(EVM))
  assert.throws(
    () => assertCaipAddress('0xab16'),
    (error: Error) => error.message === 'Invalid CAIP Address',
  )
})

test('format functions build strings that parse back', () => {
  assert.is(formatCaipAddress('eip155', 10, '0xabc'), 'eip155:10:0xabc')
  assert.is(
    formatCaipNetworkId('bip122', '000000000019d6689c085ae165831e93'),
    'bip122:000000000019d6689c085ae165831e93',
  )
  assert.equal(parseCaipAddress(formatCaipAddress('eip155', 8453, '0xdef')), {
    chainNamespace: 'eip155',
    chainId: '8453',
    address: '0xdef',
  })
  assert.throws(() => formatCaipAddress('eip155', '', '0xabc'), /Invalid CAIP Address/)
})

test.run()
