// The secure frame is another origin's page: whatever it posts, a reply validator either returns
// a value fit to use (texts clean, links http(s), addresses of the namespace's shape) or refuses it
// with the spec's text, 'Invalid reply from the secure frame' style, never another error.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import {
  FRAME_TEXTS,
  chainIdReply,
  emailAction,
  errorMessage,
  farcasterUri,
  farcasterUser,
  frameUser,
  newEmail,
  preferredAccount,
  redirectUri,
  signedResult,
  smartAccountInit,
  smartAccountNetworks,
} from '../../../../src/connectors/embedded/protocol'
import {
  RUNS,
  assertShownText,
  hasHiddenCharacter,
  hostileLink,
  hostileText,
  isWebHref,
  refusesOrParses,
  wrongType,
} from '../../helpers/hostile'

const refusal = (error: unknown) => error instanceof Error && error.message === FRAME_TEXTS.invalidReply

const EOA = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hostileUser = fc.record(
  {
    email: fc.oneof(hostileText, fc.emailAddress(), wrongType),
    address: fc.oneof(fc.constant(EOA), hostileText, wrongType),
    chainId: fc.oneof(
      fc.constantFrom(1, 31337, 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
      wrongType,
      hostileText,
    ),
    accounts: fc.oneof(
      fc.array(
        fc.record({
          address: fc.oneof(fc.constant(EOA), hostileText),
          type: fc.oneof(fc.constantFrom('eoa', 'smartAccount'), wrongType),
        }),
      ),
      wrongType,
    ),
    preferredAccountType: fc.oneof(fc.constantFrom('eoa', 'smartAccount'), wrongType),
    userName: fc.oneof(hostileText, wrongType),
    smartAccountDeployed: wrongType,
  },
  { requiredKeys: [] },
)

test('GET_USER: a user that comes out has a clean user name, a plain email and addresses of the shape', () => {
  fc.assert(
    fc.property(fc.oneof(hostileUser, wrongType), (payload) => {
      const user = refusesOrParses(() => frameUser(payload), refusal)
      if (!user) return
      if (user.userName !== undefined) assertShownText(user.userName, 100, 'the user name')
      if (user.email !== undefined) assert.not.ok(hasHiddenCharacter(user.email), 'the email')
      for (const account of user.accounts) assert.type(account.address, 'string')
    }),
    RUNS,
  )
})

test('social and Farcaster links from the frame are http(s) or refused', () => {
  fc.assert(
    fc.property(hostileLink, (link) => {
      for (const [validator, key] of [
        [redirectUri, 'uri'],
        [farcasterUri, 'url'],
      ] as const) {
        const uri = refusesOrParses(() => validator({ [key]: link }), refusal)
        if (uri !== undefined) assert.ok(isWebHref(uri), JSON.stringify(uri).slice(0, 80))
      }
    }),
    RUNS,
  )
})

test('texts the frame sends to be shown (Farcaster user name, error message) are clean', () => {
  fc.assert(
    fc.property(fc.oneof(hostileText, wrongType), (text) => {
      const name = refusesOrParses(() => farcasterUser({ userName: text }), refusal)
      if (name !== undefined) assertShownText(name, 100, 'the Farcaster user name')
      assertShownText(errorMessage({ message: text }), 500, 'the error message')
    }),
    RUNS,
  )
})

test('every other reply validator refuses with the spec text or returns, whatever the payload', () => {
  const validators = [
    chainIdReply,
    emailAction,
    newEmail,
    preferredAccount,
    smartAccountInit,
    smartAccountNetworks,
    signedResult('personal_sign'),
    signedResult('solana_signTransaction'),
  ]
  fc.assert(
    fc.property(fc.oneof(wrongType, hostileText, fc.record({ email: hostileText, action: hostileText })), (payload) => {
      for (const validate of validators) refusesOrParses(() => validate(payload), refusal)
      const email = refusesOrParses(() => newEmail({ newEmail: payload }), refusal)
      if (email !== undefined) assert.not.ok(hasHiddenCharacter(email))
    }),
    RUNS,
  )
})

test.run()
