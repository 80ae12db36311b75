// The identity lookup (SPEC §5, §9): EVM on non-test networks, cached 5 minutes in localStorage
// (HOSTED-API §10 `identity_cache`) so a reload shows the name without asking again, the stored
// entry validated on read, and a name learnt elsewhere (a registration) recorded into it.
import { ADDRESS, connectAccount, useFakeAdapter, type FakeAdapter } from '../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { IDENTITY_CACHE_MS } from '../../../../src/core/constants'
import type { Identity } from '../../../../src/core/state/adapters'
import { getAccountState, setAccount } from '../../../../src/core/state/account'
import { getNetworkState } from '../../../../src/core/state/network'
import { IDENTITY_CACHE_KEY, refreshIdentity, rememberIdentity } from '../../../../src/core/wallet/identity'
import { onCoreEvent } from '../../../../src/core/lifecycle'
import { createManualClock, setClock, type ManualClock } from '../../../../src/lib/clock'
import { resetAllState } from '../../helpers/reset'

let fake: FakeAdapter
let asked: string[]
let answer: () => Promise<Identity>
let clock: ManualClock
let restoreClock = () => {}
const key = ADDRESS.toLowerCase()

test.before.each(() => {
  localStorage.clear()
  fake = useFakeAdapter()
  asked = []
  answer = async () => ({ name: 'sigkit-tester.eth', avatar: 'https://example.org/tester.png' })
  fake.adapter.getIdentity = ({ address }) => {
    asked.push(address)
    return answer()
  }
  clock = createManualClock()
  restoreClock = setClock(clock)
  connectAccount()
})

test.after.each(async () => {
  restoreClock()
  await resetAllState()
})

test('the name and avatar become the profile; stored, they serve a reload for 5 minutes, then it asks again', async () => {
  await refreshIdentity('eip155')
  assert.is(getAccountState('eip155').profileName.value, 'sigkit-tester.eth')
  assert.is(getAccountState('eip155').profileImage.value, 'https://example.org/tester.png')
  assert.equal(JSON.parse(localStorage.getItem(IDENTITY_CACHE_KEY)!), {
    [key]: { at: clock.now(), value: { name: 'sigkit-tester.eth', avatar: 'https://example.org/tester.png' } },
  })
  // A reload: the account comes back without its profile, and only storage remembers.
  setAccount('eip155', { profileName: undefined, profileImage: undefined })
  clock.advance(IDENTITY_CACHE_MS - 1)
  await refreshIdentity('eip155')
  assert.is(asked.length, 1, 'not asked again')
  assert.is(getAccountState('eip155').profileName.value, 'sigkit-tester.eth')
  clock.advance(1)
  answer = async () => ({ name: undefined, avatar: undefined })
  await refreshIdentity('eip155')
  assert.is(asked.length, 2, 'expired: asked again')
  assert.is(getAccountState('eip155').profileName.value, undefined)
})

test('a stored entry is validated: an avatar of another scheme or a name that is no string is a miss', async () => {
  for (const value of [{ name: 'x.eth', avatar: 'javascript:alert(1)' }, { name: 7 }, 'x.eth']) {
    localStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify({ [key]: { at: clock.now(), value } }))
    const before = asked.length
    await refreshIdentity('eip155')
    assert.is(asked.length, before + 1, JSON.stringify(value))
  }
  assert.is(getAccountState('eip155').profileImage.value, 'https://example.org/tester.png')
})

test('test networks get no lookup; a failed lookup clears the picture and keeps the page going', async () => {
  getNetworkState('eip155').caipNetwork.value = { ...getNetworkState('eip155').caipNetwork.value!, testnet: true }
  await refreshIdentity('eip155')
  assert.equal(asked, [])
  getNetworkState('eip155').caipNetwork.value = { ...getNetworkState('eip155').caipNetwork.value!, testnet: false }
  connectAccount({ profileImage: 'https://example.org/old.png' })
  answer = async () => {
    throw new Error('HTTP status code: 500')
  }
  await refreshIdentity('eip155')
  assert.is(getAccountState('eip155').profileImage.value, undefined)
  assert.is(localStorage.getItem(IDENTITY_CACHE_KEY), null, 'a failure is not cached')
})

test('rememberIdentity: a name learnt by registering is stored and shown on the account of that address', async () => {
  rememberIdentity(ADDRESS.toLowerCase(), { name: 'alice.reown.id', avatar: undefined })
  assert.is(getAccountState('eip155').profileName.value, 'alice.reown.id')
  await refreshIdentity('eip155')
  assert.equal(asked, [], 'the stored identity answers')
  assert.is(getAccountState('eip155').profileName.value, 'alice.reown.id')
})

test('SPEC §8: a failed lookup asks for the name another way (identityUnavailable), and waits for it', async () => {
  connectAccount({ profileName: undefined, profileImage: 'https://example.org/old.png' })
  answer = async () => {
    throw new Error('HTTP status code: 500')
  }
  const heard: unknown[] = []
  const stop = onCoreEvent('identityUnavailable', async (event) => {
    heard.push(event)
    assert.is(getAccountState('eip155').profileImage.value, undefined, 'the picture is already cleared')
    await Promise.resolve()
    setAccount('eip155', { profileName: 'found-another-way.reown.id' })
  })
  try {
    await refreshIdentity('eip155')
    assert.equal(heard, [{ namespace: 'eip155', address: ADDRESS }])
    assert.is(getAccountState('eip155').profileName.value, 'found-another-way.reown.id', 'awaited')

    // The account changed while the lookup ran: nothing is cleared or asked for the new one.
    let fail!: (error: Error) => void
    answer = () => new Promise((_, reject) => (fail = reject))
    connectAccount({ profileImage: 'https://example.org/old.png' })
    const running = refreshIdentity('eip155')
    await Promise.resolve()
    setAccount('eip155', {
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      profileImage: 'https://example.org/b.png',
    })
    fail(new Error('HTTP status code: 500'))
    await running
    assert.is(heard.length, 1)
    assert.is(getAccountState('eip155').profileImage.value, 'https://example.org/b.png')
  } finally {
    stop()
  }
})

test.run()
