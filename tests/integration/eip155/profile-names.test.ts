// Names from the sandbox's name service where the identity route gives none: the connected
// account's identity lookup failing on demand (SPEC §8: the picture is cleared and the name is
// looked up another way, the service's reverse lookup, through the core event createAppKit wires
// to the names feature), and Send's receiver typed as an address getting its name from the same
// service (SPEC §3 "receiver profile name"). Names are registered as the widget registers them:
// a message the account signs (anvil's unlocked accounts sign with personal_sign).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getAddress, parseEther, toHex, type Hex } from 'viem'
import { onCoreEvent } from '../../../src/core/lifecycle'
import { getAccountState, setAccount } from '../../../src/core/state/account'
import { refreshAccountData } from '../../../src/core/wallet/balances'
import { connect } from '../../../src/core/wallet/connect'
import { resetIdentity } from '../../../src/core/wallet/identity'
import { nameWithoutIdentity } from '../../../src/features/names/store'
import { coinTypeOf, registrationMessage } from '../../../src/features/names/rules'
import {
  networkBalanceInUSD,
  resetSend,
  sendFromForm,
  sendState,
  sendTokenBalances,
  setReceiver,
} from '../../../src/features/send/controller'
import { postJson } from '../sandbox/helpers'
import {
  CONNECTOR_ID,
  chainClient,
  configureCore,
  makeWallet,
  networkFor,
  nodeRpc,
  startSandbox,
  waitFor,
  type Person,
  type Sandbox,
} from './helpers'

let sandbox: Sandbox
let person: Person
let account: Hex
let recipient: Hex
// A fresh name per run: the test leaves it registered in its sandbox.
const suffix = Date.now().toString(36)

test.before(async () => {
  sandbox = await startSandbox()
  const made = makeWallet(sandbox)
  person = made.person
  configureCore(sandbox, [networkFor(sandbox, 31337)], made.provider)
  account = getAddress(sandbox.accounts.wallet)
  recipient = getAddress(sandbox.accounts.recipient)
  person.willApprove()
  await connect(CONNECTOR_ID)
  await waitFor(() => getAccountState('eip155').profileName.peek(), { what: 'the identity after connecting' })
})
test.after(() => sandbox?.stop())
test.before.each(() => sandbox.faults.clear())

/** Registers `name` for `owner` on the sandbox's name service, signed by the owner on anvil. */
async function register(owner: Hex, name: string): Promise<void> {
  const message = registrationMessage(name)
  const signature = await nodeRpc(sandbox, 31337, 'personal_sign', [toHex(message), owner])
  const { status, body } = await postJson(`${sandbox.apiUrl}/v1/profile/account`, {
    coin_type: coinTypeOf(31337),
    address: owner,
    message,
    signature,
  })
  assert.is(status, 200, JSON.stringify(body))
}

test('the identity route failing on demand: the picture is cleared, the reverse lookup names the account', async () => {
  const eip155 = getAccountState('eip155')
  assert.is(eip155.profileName.peek(), 'sigkit-tester.eth', 'the identity route named it first')
  const name = `fallback-${suffix}.reown.id`
  await register(account, name)
  // What createAppKit wires (tests/unit/app-kit.test.tsx checks that it does).
  const stop = onCoreEvent('identityUnavailable', nameWithoutIdentity)
  sandbox.faults.set({ route: 'identity', mode: '500' })
  try {
    resetIdentity()
    setAccount('eip155', { profileImage: 'https://example.org/old.png' })
    const identityBefore = sandbox.requests('identity').length
    await refreshAccountData('eip155')
    assert.is(sandbox.requests('identity').length, identityBefore + 1, 'the identity route was asked and failed')
    assert.ok(
      sandbox.requests('profileReverse').some((request) => request.url.includes(account)),
      'the name service was asked for the address',
    )
    assert.is(eip155.profileName.peek(), name)
    assert.is(eip155.profileImage.peek(), undefined)
  } finally {
    stop()
  }
})

test("Send: an address typed as the receiver shows the name service's name for it; the ETH goes to that address", async () => {
  const name = `receiver-${suffix}.reown.id`
  await register(recipient, name)
  resetSend()
  const native = sendTokenBalances.value.find((token) => !token.address)!
  assert.ok(native.price > 0, 'the balance service prices ETH')
  assert.is(networkBalanceInUSD.value, String(Number(native.quantity.numeric) * native.price))
  sendState.token.value = native
  sendState.amount.value = '0.001'
  setReceiver(recipient)
  await waitFor(() => sendState.receiverProfileName.value, { what: 'the receiver name' })
  assert.is(sendState.receiverProfileName.value, name)
  // The sandbox draws a picture for each registered name.
  const picture = sendState.receiverProfileImage.value!
  assert.ok(picture.startsWith(`${sandbox.apiUrl}/`), picture)
  const image = await fetch(picture)
  assert.match(image.headers.get('content-type') ?? '', /^image\//)
  assert.is(sendState.receiverLookup.value, undefined, 'an address is not resolved')
  const before = await chainClient(sandbox, 31337).getBalance({ address: recipient })
  person.willApprove()
  await sendFromForm()
  const after = await chainClient(sandbox, 31337).getBalance({ address: recipient })
  assert.is(after - before, parseEther('0.001'))
})

test.run()
