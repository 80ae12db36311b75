// The requests a WalletConnect session answers itself (SPEC §6) and the confirmation wait (SPEC §9).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  RPC_ANSWER_DEADLINE_MS,
  WALLETCONNECT_CONFIRMATION_WAIT_MS,
  awaitConfirmation,
  localPermissionResult,
  withRpcDeadline,
} from '../../../../src/connectors/walletconnect/requests'
import { createManualClock, setClock } from '../../../../src/lib/clock'

test('permission methods the session did not approve: empty results; approved ones and other methods go on', () => {
  assert.equal(localPermissionResult('eip155', 'wallet_grantPermissions', ['personal_sign']), { result: {} })
  assert.equal(localPermissionResult('eip155', 'wallet_revokePermissions', undefined), { result: '0x' })
  assert.is(localPermissionResult('eip155', 'wallet_grantPermissions', ['wallet_grantPermissions']), undefined)
  assert.is(localPermissionResult('eip155', 'personal_sign', []), undefined)
  // Not an EVM method: a Solana session's requests are the wallet's to answer.
  assert.is(localPermissionResult('solana', 'wallet_grantPermissions', []), undefined)
})

test('the confirmation wait is 25 s: the reminder comes once, at 25 s, only while the request waits', async () => {
  assert.is(WALLETCONNECT_CONFIRMATION_WAIT_MS, 25_000)
  const time = createManualClock()
  const restore = setClock(time)
  try {
    let reminded = 0
    let answer!: (value: string) => void
    const waiting = awaitConfirmation(new Promise<string>((resolve) => (answer = resolve)), () => reminded++)
    time.advance(24_999)
    assert.is(reminded, 0)
    time.advance(1)
    assert.is(reminded, 1)
    time.advance(60_000)
    assert.is(reminded, 1, 'once')
    answer('0xsigned')
    assert.is(await waiting, '0xsigned', 'the request is not cancelled')

    const quick = awaitConfirmation(Promise.resolve('fast'), () => reminded++)
    assert.is(await quick, 'fast')
    time.advance(30_000)
    assert.is(reminded, 1, 'an answered request reminds nobody')

    const refused = awaitConfirmation(Promise.reject(new Error('User rejected')), () => reminded++, 10)
    await refused.catch(() => undefined)
    time.advance(20)
    assert.is(reminded, 1, 'nor a refused one')
  } finally {
    restore()
  }
})

test('a read the RPC never answers (its HTTP 500 body taken for the answer) is refused with 4901 at the deadline', async () => {
  const time = createManualClock()
  const restore = setClock(time)
  try {
    // What the universal provider returns when the RPC answered a JSON body without an id: a
    // request that never settles.
    const lost = withRpcDeadline(new Promise<string>(() => undefined), 'eth_getBalance')
    let settled: unknown
    lost.then(
      (value) => (settled = { value }),
      (error: { code?: number; message?: string }) => (settled = { code: error.code, message: error.message }),
    )
    time.advance(RPC_ANSWER_DEADLINE_MS - 1)
    await Promise.resolve()
    assert.is(settled, undefined, 'still waiting just before the deadline')
    time.advance(1)
    await lost.catch(() => undefined)
    assert.equal(settled, { code: 4901, message: "The network's RPC did not answer eth_getBalance within 20 s." })

    // Answers and refusals before the deadline pass through unchanged.
    assert.is(await withRpcDeadline(Promise.resolve('0x64'), 'eth_getBalance'), '0x64')
    const refusal = Object.assign(new Error('execution reverted'), { code: 3 })
    const refused = await withRpcDeadline(Promise.reject(refusal), 'eth_call').catch((error: unknown) => error)
    assert.is(refused, refusal)
    time.advance(RPC_ANSWER_DEADLINE_MS)
  } finally {
    restore()
  }
})

test.run()
