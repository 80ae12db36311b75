// The name service's rules (SPEC §5, HOSTED-API §6.4): the name rule and its texts, the two
// suffixes, the coin type at the 2^31 boundary, the signed message and the preconditions.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  LEGACY_NAME_SUFFIX,
  NAME_MIN_LENGTH,
  NAME_SUFFIX,
  NAME_TEXTS,
  SUGGESTION_ZONE,
  baseName,
  coinTypeOf,
  isServiceName,
  isValidBaseName,
  nameInputError,
  registeredName,
  registrationMessage,
  registrationTarget,
} from '../../../../src/features/names/rules'

test('the texts, word for word as the spec gives them', () => {
  assert.equal(NAME_TEXTS, {
    tooShort: 'Name must be at least 4 characters long',
    notValid: 'The value is not a valid username',
    alreadyOwned: 'You already own a name',
    networkNotFound: 'Network not found',
    addressOrConnectorNotFound: 'Address or auth connector not found',
    invalidChainId: 'Invalid chainId',
    chainNotSupported: 'Chain is not supported',
  })
  assert.ok(Object.isFrozen(NAME_TEXTS))
})

test('suffixes and zone: .reown.id now, .wcn.id legacy, suggestions in reown.id', () => {
  assert.is(NAME_SUFFIX, '.reown.id')
  assert.is(LEGACY_NAME_SUFFIX, '.wcn.id')
  assert.is(SUGGESTION_ZONE, 'reown.id')
  assert.is(NAME_MIN_LENGTH, 4)
})

test('a name shorter than 4 characters: "Name must be at least 4 characters long"', () => {
  for (const base of ['', 'a', 'ab', 'abc', '12', 'a-b'])
    assert.is(nameInputError(base), 'Name must be at least 4 characters long', JSON.stringify(base))
})

test('other characters than letters, digits and hyphens: "The value is not a valid username"', () => {
  for (const base of ['alice!', 'al ce', 'alice.reown', 'ålice', 'alice_1', 'ali\u200bce', '🙂🙂🙂🙂', 'bob@x'])
    assert.is(nameInputError(base), 'The value is not a valid username', JSON.stringify(base))
})

test('letters, digits and hyphens, 4 or more: no error', () => {
  for (const base of ['alice', 'abcd', '1234', 'ALICE', 'alice-1', 'a-b-', '----', 'x'.repeat(64)]) {
    assert.is(nameInputError(base), undefined, base)
    assert.ok(isValidBaseName(base), base)
  }
  assert.not.ok(isValidBaseName('abc'))
  assert.not.ok(isValidBaseName('ab.c'))
})

test('a visitor who owns a name is told "You already own a name", whatever they typed', () => {
  assert.is(nameInputError('alice', { ownsName: true }), 'You already own a name')
  assert.is(nameInputError('', { ownsName: true }), 'You already own a name')
  assert.is(nameInputError('alice', { ownsName: false }), undefined)
})

test('service names end with either suffix, in any case; a bare suffix is not a name', () => {
  assert.ok(isServiceName('alice.reown.id'))
  assert.ok(isServiceName('bob.wcn.id'))
  assert.ok(isServiceName('Alice.Reown.ID'))
  assert.not.ok(isServiceName('alice.eth'))
  assert.not.ok(isServiceName('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))
  assert.not.ok(isServiceName('.reown.id'))
  assert.not.ok(isServiceName('alicereown.id'))
})

test('baseName drops either suffix; registeredName adds the current one, lower case, never twice', () => {
  assert.is(baseName('alice.reown.id'), 'alice')
  assert.is(baseName('bob.wcn.id'), 'bob')
  assert.is(baseName('Carol.REOWN.ID'), 'Carol')
  assert.is(baseName('dave'), 'dave')
  assert.is(registeredName('alice'), 'alice.reown.id')
  assert.is(registeredName('Alice'), 'alice.reown.id')
  assert.is(registeredName(' alice '), 'alice.reown.id')
  assert.is(registeredName('alice.reown.id'), 'alice.reown.id')
  assert.is(registeredName('bob.wcn.id'), 'bob.reown.id')
})

test('coin type: 0x80000000 | chainId (chain 1 → 2147483649, 137 → 2147483785)', () => {
  assert.is(coinTypeOf(1), 2147483649)
  assert.is(coinTypeOf(137), 2147483785)
  assert.is(coinTypeOf(0), 0x80000000)
  assert.is(coinTypeOf(31337), 2147483648 + 31337)
  assert.is(coinTypeOf('137'), 2147483785)
  assert.is(coinTypeOf('0x89'), 2147483785)
  assert.is(coinTypeOf('0X1'), 2147483649)
})

test('coin type at the 2^31 boundary: 2^31 - 1 is the last chain id; 2^31 and above → "Invalid chainId"', () => {
  assert.is(coinTypeOf(2 ** 31 - 1), 0xffffffff)
  assert.is(coinTypeOf('0x7fffffff'), 0xffffffff)
  assert.ok(coinTypeOf(2 ** 31 - 1) > 0, 'unsigned, not the signed 32-bit -1')
  for (const chainId of [2 ** 31, 0x80000000, '0x80000000', String(2 ** 31), 2 ** 32, 2 ** 32 + 1, 2 ** 53])
    assert.throws(() => coinTypeOf(chainId), /^Invalid chainId$/, String(chainId))
})

test('coin type of something that is not a whole chain id ≥ 0 → "Invalid chainId"', () => {
  for (const chainId of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', 'eip155:1', '0x', ' 1', '-1'])
    assert.throws(() => coinTypeOf(chainId), /^Invalid chainId$/, String(chainId))
})

test('the message signed: JSON with name, empty attributes and Unix seconds, in that order', () => {
  const message = registrationMessage('alice.reown.id', 1_700_000_000_999)
  assert.is(message, '{"name":"alice.reown.id","attributes":{},"timestamp":1700000000}')
  assert.equal(JSON.parse(message), { name: 'alice.reown.id', attributes: {}, timestamp: 1_700_000_000 })
  const now = Math.floor(Date.now() / 1000)
  const timestamp = JSON.parse(registrationMessage('bob.reown.id')).timestamp
  assert.ok(Math.abs(timestamp - now) <= 1, 'defaults to the clock')
})

test('preconditions: "Network not found", then "Address or auth connector not found"', () => {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  assert.throws(
    () => registrationTarget({ caipNetworkId: undefined, address, authConnector: true }),
    /^Network not found$/,
  )
  assert.throws(
    () => registrationTarget({ caipNetworkId: undefined, address: undefined, authConnector: false }),
    /^Network not found$/,
    'the network is checked first',
  )
  assert.throws(
    () => registrationTarget({ caipNetworkId: 'eip155:1', address: undefined, authConnector: true }),
    /^Address or auth connector not found$/,
  )
  assert.throws(
    () => registrationTarget({ caipNetworkId: 'eip155:1', address, authConnector: false }),
    /^Address or auth connector not found$/,
  )
})

test('preconditions: names only on eip155; the coin type from the network', () => {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  assert.equal(registrationTarget({ caipNetworkId: 'eip155:137', address, authConnector: true }), {
    coinType: 2147483785,
    address,
  })
  assert.throws(
    () =>
      registrationTarget({
        caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        address: 'So1ana',
        authConnector: true,
      }),
    /^Chain is not supported$/,
  )
  assert.throws(
    () => registrationTarget({ caipNetworkId: 'eip155:2147483648', address, authConnector: true }),
    /^Invalid chainId$/,
  )
})

test.run()
