// Which universal-provider errors open an alert (SPEC §8): the hosted relay's refusal reasons, as
// the provider words a socket closed with code 3000.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { WALLETCONNECT_ALERTS, alertForProviderError } from '../../../../src/connectors/walletconnect/alerts'

const closed = (reason: string) => new Error(`WebSocket connection closed abnormally with code: 3000 (${reason})`)

test('each refusal reason maps to its alert', () => {
  assert.is(alertForProviderError(closed('Unauthorized: origin not allowed')), 'appConfiguration')
  assert.is(alertForProviderError(closed('Unauthorized: invalid key')), WALLETCONNECT_ALERTS.INVALID_PROJECT_ID)
  assert.is(
    alertForProviderError(closed('JWT validation error: JWT Token is not yet valid')),
    WALLETCONNECT_ALERTS.JWT_TOKEN_NOT_VALID,
  )
  assert.is(WALLETCONNECT_ALERTS.JWT_TOKEN_NOT_VALID.shortMessage, 'Session Expired')
  assert.is(WALLETCONNECT_ALERTS.INVALID_PROJECT_ID.shortMessage, 'Invalid App Configuration')
})

test('other errors, and things that are not errors, open nothing', () => {
  assert.is(alertForProviderError(new Error('Socket stalled when trying to connect to ws://x')), undefined)
  assert.is(alertForProviderError(closed('Unauthorized')), undefined)
  assert.is(alertForProviderError('Unauthorized: invalid key'), undefined)
  assert.is(alertForProviderError(null), undefined)
  assert.is(alertForProviderError({ message: 42 }), undefined)
})

test('alert codes are distinct from each other', () => {
  const codes = Object.values(WALLETCONNECT_ALERTS).map((alert) => alert.code)
  assert.is(new Set(codes).size, codes.length)
  assert.not.ok((codes as string[]).includes('SK002'))
})

test.run()
