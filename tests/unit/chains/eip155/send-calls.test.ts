// SPEC §5: wallet_sendCalls — each call's to and data must begin with 0x. Checked in the dapp's
// provider before the wallet sees the batch (wrapProvider), with the spec's words as the error.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { SEND_CALLS_INVALID, checkSendCalls } from '../../../../src/chains/eip155/send-calls'
import { wrapProvider } from '../../../../src/chains/eip155/wrap-provider'
import type { EIP1193Provider } from '../../../../src/core/types'

const TO = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

function rejects(params: unknown, what: string) {
  try {
    checkSendCalls(params)
  } catch (error) {
    assert.is((error as Error).message, "wallet_sendCalls: each call's to and data must begin with 0x", what)
    assert.is((error as { code?: number }).code, -32602, what)
    return
  }
  assert.unreachable(`${what}: accepted`)
}

test('calls whose to and data begin with 0x pass; data may be left out (a plain transfer)', () => {
  checkSendCalls([
    {
      version: '2.0.0',
      calls: [
        { to: TO, data: '0x095ea7b3' },
        { to: TO, value: '0x1' },
      ],
    },
  ])
})

test("a to or data not beginning with 0x, or no calls at all, is refused with SPEC §5's words", () => {
  assert.is(SEND_CALLS_INVALID, "wallet_sendCalls: each call's to and data must begin with 0x")
  rejects([{ calls: [{ to: TO.slice(2), data: '0x' }] }], 'to without 0x')
  rejects([{ calls: [{ to: TO, data: '095ea7b3' }] }], 'data without 0x')
  rejects([{ calls: [{ to: TO, data: '0x' }, { data: '0x' }] }], 'a call without to')
  rejects([{ calls: [{ to: 42, data: '0x' }] }], 'a numeric to')
  rejects([{ calls: [{ to: TO, data: null }] }], 'data null')
  rejects([{ calls: [] }], 'no calls')
  rejects([{}], 'no calls key')
  rejects({ calls: [{ to: TO }] }, 'params not an array')
  rejects(undefined, 'no params')
})

test('the dapp’s provider checks the batch: a bad call never reaches the wallet', async () => {
  const seen: string[] = []
  const wallet: EIP1193Provider = {
    async request({ method }) {
      seen.push(method)
      return { id: '0x01' }
    },
  }
  const provider = wrapProvider(wallet, { onTransactionSent: () => undefined, onSignatureDeclined: () => undefined })
  await provider
    .request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: TO, data: 'deadbeef' }] }] })
    .then(() => assert.unreachable('accepted'))
    .catch((error: Error) => assert.is(error.message, SEND_CALLS_INVALID))
  assert.equal(seen, [])
  assert.equal(
    await provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: TO, data: '0xdeadbeef' }] }] }),
    {
      id: '0x01',
    },
  )
  assert.equal(seen, ['wallet_sendCalls'])
})

test.run()
