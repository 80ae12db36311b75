// How a WalletConnect pairing's failure is sorted: before its code was shown WalletConnect did not
// start; after, the wallet's answer or the code's expiry decides.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { WalletConnectError, toWalletConnectError } from '../../../../src/connectors/walletconnect/failure'

test('before the code is shown, any error is a start that failed, with its message', () => {
  const error = toWalletConnectError(new Error('global is not defined'), false)
  assert.instance(error, WalletConnectError)
  assert.is(error.reason, 'start')
  assert.is(error.message, 'global is not defined')
  assert.is(toWalletConnectError({ code: 5000, message: 'User rejected.' }, false).reason, 'start')
})

test("after the code is shown: the wallet's refusal, unsupported networks, expiry, anything else", () => {
  const reason = (error: unknown) => toWalletConnectError(error, true).reason
  assert.is(reason({ code: 5000, message: 'User rejected.' }), 'declined')
  assert.is(reason({ code: 5002, message: 'User rejected methods.' }), 'declined')
  assert.is(reason({ code: 4001, message: 'User rejected the request.' }), 'declined')
  assert.is(reason({ code: 5100, message: 'Unsupported chains.' }), 'unsupported')
  assert.is(reason(new Error('Proposal expired')), 'expired')
  assert.is(reason(new Error('socket hang up')), 'failed')
  assert.is(reason({ code: 5200, message: 'Other' }), 'failed')
})

test('an error already sorted keeps its reason; odd values get a readable message, never a 10 KB one', () => {
  const relay = new WalletConnectError('relay', 'No answer from ws://relay')
  assert.is(toWalletConnectError(relay, true), relay)
  assert.is(toWalletConnectError(undefined, true).message, 'Unknown error')
  assert.is(toWalletConnectError({ message: '   ' }, true).message, 'Unknown error')
  assert.is(toWalletConnectError('plain text', true).message, 'plain text')
  assert.is(toWalletConnectError(new Error('x'.repeat(10_000)), true).message.length, 200)
})

test.run()
