import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { emitCoreEvent } from '../../../../src/core/lifecycle'
import {
  looksLikeName,
  networkBalanceInUSD,
  sendState,
  sendTokenBalances,
} from '../../../../src/features/send/controller'
import { activeNamespace, setAccount } from '../../../../src/core/state/account'
import { connectAccount, nativeToken, usdc } from '../../helpers/views'
import { resetAllState } from '../../helpers/reset'

const cleared = { namespace: 'eip155', address: '0xabc' } as const

test('the send feature empties its form when the network changes or the account goes', async () => {
  // Importing the feature's controller registered its reactions.
  sendState.amount.value = '1.5'
  sendState.receiverAddress.value = '0x0000000000000000000000000000000000000001'
  await emitCoreEvent('networkChanged', { namespace: 'eip155', caipNetworkId: 'eip155:31338' })
  assert.is(sendState.amount.value, '')
  assert.is(sendState.receiverAddress.value, '')
  sendState.amount.value = '2'
  await emitCoreEvent('namespaceCleared', cleared)
  assert.is(sendState.amount.value, '')
})

test('looksLikeName: dotted names are names; addresses, plain words and spaces are not', () => {
  for (const name of ['alice.reown.id', 'bob.wcn.id', 'vitalik.eth', 'sigkit-tester.eth', 'a_b.c.xyz', 'émile.eth'])
    assert.ok(looksLikeName(name), name)
  for (const text of [
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    'alice',
    'alice.',
    '.eth',
    'alice .eth',
    'alice.e',
    'alice.eth1',
    'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW',
  ])
    assert.not.ok(looksLikeName(text), text)
})

test('SPEC §3 send state: tokenBalances of the active network (native first) and networkBalanceInUSD', async () => {
  connectAccount()
  activeNamespace.value = 'eip155'
  assert.equal(
    sendTokenBalances.value.map((token) => token.symbol),
    ['ETH', 'USDC', 'SKT'],
  )
  assert.is(networkBalanceInUSD.value, '20000', '10 ETH at 2000 USD')
  // The balance service did not list the native currency: it comes first, from the native balance, unpriced.
  setAccount('eip155', { tokenBalance: [usdc], balance: '3' })
  assert.equal(
    sendTokenBalances.value.map((token) => [token.symbol, token.quantity.numeric]),
    [
      ['ETH', '3'],
      ['USDC', '1250.5'],
    ],
  )
  assert.is(networkBalanceInUSD.value, '0', 'no price, no USD value')
  setAccount('eip155', { tokenBalance: [{ ...nativeToken, quantity: { decimals: '18', numeric: '0.5' } }] })
  assert.is(networkBalanceInUSD.value, '1000')
  await resetAllState()
  assert.equal([sendTokenBalances.value, networkBalanceInUSD.value], [[], '0'], 'nothing connected')
})

test.run()
