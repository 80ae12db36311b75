import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { emitCoreEvent } from '../../../../src/core/lifecycle'
import { sendState } from '../../../../src/features/send/controller'

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

test.run()
