// The name cache (SPEC §9, 5 minutes; HOSTED-API §10 `ens_cache`): reverse lookups kept across
// reloads in localStorage, asked again once expired, validated on read (an avatar of another
// scheme never comes back), and a registration written into it and into the identity cache.
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ADDRESS, connectAccount } from '../../helpers/views'
import { AVATAR, recordOf, useFakeProfileApi, type FakeProfileApi } from '../../helpers/names'
import { getAccountState } from '../../../../src/core/state/account'
import { IDENTITY_CACHE_KEY } from '../../../../src/core/wallet/identity'
import {
  NAME_CACHE_KEY,
  NAME_CACHE_MS,
  findProfileName,
  nameWithoutIdentity,
  namesOf,
  rememberName,
} from '../../../../src/features/names/store'
import { createManualClock, setClock, type ManualClock } from '../../../../src/lib/clock'
import { resetAllState } from '../../helpers/reset'

let names: FakeProfileApi
let clock: ManualClock
let restoreClock = () => {}

test.before.each(() => {
  localStorage.clear()
  names = useFakeProfileApi()
  names.names.set('alice.reown.id', recordOf('alice.reown.id'))
  clock = createManualClock()
  restoreClock = setClock(clock)
})

test.after.each(async () => {
  restoreClock()
  await resetAllState()
})

test('an address is looked up once per 5 minutes, the answer kept across reloads (storage)', async () => {
  assert.equal(
    (await namesOf(ADDRESS)).map((record) => record.name),
    ['alice.reown.id'],
  )
  assert.equal((await namesOf(ADDRESS.toLowerCase())).length, 1, 'addresses are case-insensitive')
  assert.is(names.calls.reverse.length, 1)
  assert.ok(localStorage.getItem(NAME_CACHE_KEY)?.includes('alice.reown.id'))
  clock.advance(NAME_CACHE_MS - 1)
  await namesOf(ADDRESS)
  assert.is(names.calls.reverse.length, 1, 'still fresh')
  clock.advance(1)
  await namesOf(ADDRESS)
  assert.is(names.calls.reverse.length, 2, 'expired: asked again')
})

test('a stored entry is outside input: a wrong shape is asked again, a bad avatar scheme is dropped', async () => {
  const key = ADDRESS.toLowerCase()
  localStorage.setItem(NAME_CACHE_KEY, JSON.stringify({ [key]: { at: clock.now(), value: [{ name: 42 }] } }))
  await namesOf(ADDRESS)
  assert.is(names.calls.reverse.length, 1, 'an entry of the wrong shape is a miss')
  const evil = { ...recordOf('alice.reown.id'), attributes: [{ avatar: 'javascript:alert(1)' }] }
  localStorage.setItem(NAME_CACHE_KEY, JSON.stringify({ [key]: { at: clock.now(), value: [evil] } }))
  const [record] = await namesOf(ADDRESS)
  assert.is(names.calls.reverse.length, 1, 'a valid entry is used')
  assert.equal(record?.attributes, [{}], 'its avatar of another scheme is gone')
})

test('a registration is remembered first among the names and in the identity cache; the account shows it', async () => {
  connectAccount()
  rememberName(ADDRESS, recordOf('bob.reown.id'))
  assert.equal(
    (await namesOf(ADDRESS)).map((record) => record.name),
    ['bob.reown.id'],
  )
  assert.equal(names.calls.reverse, [], 'no lookup: the cache has it')
  assert.is(getAccountState('eip155').profileName.value, 'bob.reown.id')
  assert.is(getAccountState('eip155').profileImage.value, AVATAR)
  const identity = JSON.parse(localStorage.getItem(IDENTITY_CACHE_KEY)!)[ADDRESS.toLowerCase()]
  assert.equal(identity, { at: clock.now(), value: { name: 'bob.reown.id', avatar: AVATAR } })
})

test('findProfileName: an account without a name gets its first one; a failed lookup changes nothing', async () => {
  connectAccount()
  assert.is(await findProfileName('eip155'), true)
  assert.is(getAccountState('eip155').profileName.value, 'alice.reown.id')
  assert.is(await findProfileName('solana'), false, 'only EVM accounts have names')
  await resetAllState()
  localStorage.clear()
  names = useFakeProfileApi()
  names.behaviour.reverse = async () => {
    throw new Error('Error fetching names for address')
  }
  connectAccount()
  const warn = console.warn
  console.warn = () => undefined
  try {
    assert.is(await findProfileName('eip155'), false)
  } finally {
    console.warn = warn
  }
  assert.is(getAccountState('eip155').profileName.value, undefined)
})

test('nameWithoutIdentity (SPEC §8 fallback): the reverse lookup names the account; the picture stays cleared', async () => {
  assert.ok(recordOf('alice.reown.id').attributes[0]?.avatar, 'the record has a picture')
  connectAccount({ profileName: undefined, profileImage: undefined })
  await nameWithoutIdentity({ namespace: 'eip155', address: ADDRESS })
  assert.is(getAccountState('eip155').profileName.value, 'alice.reown.id')
  assert.is(getAccountState('eip155').profileImage.value, undefined, 'the identity failure cleared it')
  assert.equal(names.calls.reverse, [ADDRESS])

  // Another account by now, a service failure, or a namespace without names: nothing changes.
  connectAccount({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', profileName: undefined })
  await nameWithoutIdentity({ namespace: 'eip155', address: ADDRESS })
  assert.is(getAccountState('eip155').profileName.value, undefined)
  names.behaviour.reverse = () => Promise.reject(new Error('HTTP status code: 500'))
  localStorage.clear()
  await nameWithoutIdentity({ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
  assert.is(getAccountState('eip155').profileName.value, undefined)
  await nameWithoutIdentity({ namespace: 'solana', address: ADDRESS })
  assert.is(names.calls.reverse.length, 2, 'the cached address and solana are not asked')
})

test.run()
