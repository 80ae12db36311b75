// Signing in from the SIWXSignMessage view (src/features/siwx/controller.ts): what must be there
// before the dapp is asked for a message (SPEC §8 "SIWX" texts), and the sign-in itself with the
// test wallet's connector over a fake chain adapter (the real wallet: tests/integration/eip155/siwx.test.ts).
import { ADDRESS, connectAccount, useFakeAdapter } from '../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { rejection } from '../../../helpers/async'
import { initCore } from '../../../../src/core/config/appkit-state'
import { validateOptions } from '../../../../src/core/config/options'
import { setAccount } from '../../../../src/core/state/account'
import { setConnections } from '../../../../src/core/state/connection'
import { createUnknownNetwork, setActiveCaipNetwork } from '../../../../src/core/state/network'
import { SIWX_ERRORS, signIn } from '../../../../src/features/siwx/controller'
import { localL2, localhost } from '../../../helpers/networks'
import { resetAllState } from '../../helpers/reset'
import { fakeSIWX, type FakeSIWX } from '../../helpers/siwx'

let siwx: FakeSIWX

function init(options: Record<string, unknown> = { siwx }): void {
  initCore(
    validateOptions({ projectId: 'p1', networks: [localhost, localL2], features: { analytics: false }, ...options }),
  )
  useFakeAdapter()
}

test.before.each(() => {
  siwx = fakeSIWX()
})
test.after.each(resetAllState)

test('the texts are SPEC §8’s', () => {
  assert.equal(SIWX_ERRORS, {
    notEnabled: 'SIWX is not enabled',
    noAddress: 'No ActiveCaipAddress found',
    noNetworkOrClient: 'No ActiveCaipNetwork or client found',
  })
})

test("without the siwx option: 'SIWX is not enabled'", async () => {
  init({})
  connectAccount()
  assert.is((await rejection(signIn())).message, 'SIWX is not enabled')
})

test("no connected account: 'No ActiveCaipAddress found', the dapp is not asked for a message", async () => {
  init()
  assert.is((await rejection(signIn())).message, 'No ActiveCaipAddress found')
  setActiveCaipNetwork(localhost)
  setAccount('eip155', { address: ADDRESS, status: 'connecting' })
  assert.is((await rejection(signIn())).message, 'No ActiveCaipAddress found', 'still connecting')
  assert.equal(siwx.calls.createMessage, [])
})

test("the account on a network the dapp does not support: 'No ActiveCaipNetwork or client found'", async () => {
  init()
  connectAccount()
  setActiveCaipNetwork(createUnknownNetwork('eip155:999'))
  assert.is((await rejection(signIn())).message, 'No ActiveCaipNetwork or client found')
  assert.equal(siwx.calls.createMessage, [])
})

test("no wallet to sign with (the account has no connection): 'No ActiveCaipNetwork or client found'", async () => {
  init()
  connectAccount()
  setConnections('eip155', [])
  assert.is((await rejection(signIn())).message, 'No ActiveCaipNetwork or client found')
  assert.equal(siwx.calls.createMessage, [])
})

test('with all of it: the dapp’s message for the account and network is signed and its session stored', async () => {
  init()
  connectAccount()
  await signIn()
  assert.equal(siwx.calls.createMessage, [{ accountAddress: ADDRESS, chainId: 'eip155:31337' }])
  assert.is(siwx.calls.addSession.length, 1)
  assert.is(siwx.calls.addSession[0]?.message, `sign in eip155:31337:${ADDRESS}`)
  assert.is(siwx.calls.addSession[0]?.signature, '0x')
})

test.run()
