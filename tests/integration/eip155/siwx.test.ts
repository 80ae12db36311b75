// Sign in with the wallet (SIWX) after an injected connection, with the real test wallet on the
// sandbox chains and the ready-made localStorage config (sigkit/siwx), signatures checked with
// viem: the sign view opens only when the account has no session, signing stores a session that
// verifies, a refusal keeps the view, a required sign-in cannot be closed and its cancel
// disconnects, and signing out on disconnect forgets the session.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getAddress, verifyMessage, type Hex } from 'viem'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { getAccountState } from '../../../src/core/state/account'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import { subscribeEvents, type EventRecord } from '../../../src/core/analytics'
import { closeModal, modalState, openModal } from '../../../src/core/modal/modal'
import { validateOptions } from '../../../src/core/config/options'
import { currentView } from '../../../src/core/modal/router'
import { startSignIn } from '../../../src/features/siwx/sign-in'
import { hideToast, toastState } from '../../../src/core/modal/toasts'
import type { CaipNetwork } from '../../../src/core/types'
import { connect, disconnect } from '../../../src/core/wallet/connect'
import { switchNetwork } from '../../../src/core/wallet/switch-network'
import { cancelSignIn, signIn } from '../../../src/features/siwx/controller'
import { createLocalSIWX, LOCAL_SIWX_STORAGE_KEY } from '../../../src/features/siwx/local-siwx'
import { createMemoryStorage, installStorage, type MemoryStorage } from '../../unit/helpers/memory-storage'
import {
  CONNECTOR_ID,
  endpointsFor,
  makeWallet,
  networkFor,
  publishWallet,
  rejection,
  startSandbox,
  waitFor,
  type Person,
  type Sandbox,
  type TestWallet,
} from './helpers'
import type { SIWXSession } from '../../../src/core/config/siwx'
import { resetAllState } from '../../unit/helpers/reset'

let sandbox: Sandbox
let l1: CaipNetwork
let l2: CaipNetwork
let wallet: TestWallet
let person: Person
let account: string
let sessionStorage: MemoryStorage
const events: EventRecord[] = []

/** Core as a dapp with `siwx` sets it up; the sessions survive between tests unless cleared. */
async function setUp(siwx: { required?: boolean; signOutOnDisconnect?: boolean } = {}) {
  await resetAllState()
  events.length = 0
  subscribeEvents((record) => events.push(record))
  installStorage(createMemoryStorage())
  const config = createLocalSIWX({
    statement: 'Sign in to the SigKit sandbox.',
    storage: sessionStorage,
    ...siwx,
    verify: (session) =>
      verifyMessage({
        address: session.data.accountAddress as Hex,
        message: session.message,
        signature: session.signature as Hex,
      }),
  })
  initCore(
    validateOptions({
      projectId: 'sandbox',
      networks: [l1, l2],
      endpoints: endpointsFor(sandbox),
      features: { analytics: false },
      siwx: config,
    }),
  )
  // As createAppKit does when the siwx option is set.
  startSignIn()
  registerAdapter('eip155', async () => ({ createAdapter: createEip155Adapter }))
  // A wallet that has never seen the site, so connecting always prompts once.
  ;({ provider: wallet, person } = makeWallet(sandbox))
  publishWallet(wallet)
  return config
}

/** Opens the modal at Connect and connects the test wallet, as a click on it does. */
async function connectFromModal() {
  await openModal({ view: 'Connect' })
  person.willApprove()
  await connect(CONNECTOR_ID)
}

const storedSessions = (): SIWXSession[] => JSON.parse(sessionStorage.getItem(LOCAL_SIWX_STORAGE_KEY) ?? '[]')
const personalSigns = () => person.asked.filter((request) => request.method === 'personal_sign').length
const tracked = (name: string) => events.filter((record) => record.data.event === name).length

test.before(async () => {
  sandbox = await startSandbox()
  l1 = networkFor(sandbox, 31337)
  l2 = networkFor(sandbox, 31338)
  account = getAddress(sandbox.accounts.wallet)
  sessionStorage = createMemoryStorage()
})
test.after(() => sandbox?.stop())

test('a fresh connection opens SIWXSignMessage; signing stores a session that verifies, and the modal closes', async () => {
  await setUp({ signOutOnDisconnect: false })
  await connectFromModal()
  await waitFor(() => currentView.value === 'SIWXSignMessage', { what: 'the sign view' })
  assert.ok(modalState.open.value, 'the modal stays open to ask for the signature')

  person.willApprove()
  await signIn()
  assert.is(modalState.open.value, false, 'signing in closes the modal')
  const [session, ...others] = storedSessions()
  assert.is(others.length, 0)
  assert.is(session?.data.chainId, 'eip155:31337')
  assert.is(getAddress(session!.data.accountAddress), account)
  assert.match(
    session!.message,
    new RegExp(
      `^\\S+ wants you to sign in with your Ethereum account:\n${account}\n\nSign in to the SigKit sandbox\.\n`,
      'i',
    ),
  )
  assert.match(session!.message, /\nChain ID: 31337\n/)
  assert.ok(
    await verifyMessage({ address: account as Hex, message: session!.message, signature: session!.signature as Hex }),
  )
  const asked = person.asked.at(-1)
  assert.is(asked?.method, 'personal_sign', 'the wallet was asked to sign the message')
  assert.is(tracked('SIWX_AUTH_SUCCESS'), 1)
  await disconnect()
})

test('connecting again with a live session does not ask; a network without one does', async () => {
  await setUp({ signOutOnDisconnect: false })
  await connectFromModal()
  await waitFor(() => !modalState.open.value, { what: 'the modal to close' })
  assert.is(currentView.value === 'SIWXSignMessage', false)
  assert.is(personalSigns(), 0, 'the wallet was not asked to sign')

  // The session is per network (SPEC §3: chainId is part of it): the L2 has none yet.
  person.willApprove(2)
  await switchNetwork(l2)
  await waitFor(() => modalState.open.value && currentView.value === 'SIWXSignMessage', {
    what: 'the sign view for the L2',
  })
  person.willApprove()
  await signIn()
  assert.equal(
    storedSessions()
      .map((session) => session.data.chainId)
      .sort(),
    ['eip155:31337', 'eip155:31338'],
  )
  await disconnect()
})

test('a declined signature keeps the sign view (and says so); signing again works', async () => {
  sessionStorage.removeItem(LOCAL_SIWX_STORAGE_KEY)
  await setUp({ signOutOnDisconnect: false })
  await connectFromModal()
  await waitFor(() => currentView.value === 'SIWXSignMessage', { what: 'the sign view' })
  hideToast()
  person.willReject()
  const error = await rejection(signIn())
  assert.is(error.code, 4001)
  assert.ok(modalState.open.value)
  assert.is(currentView.value, 'SIWXSignMessage')
  assert.is(toastState.message.value, 'Signature declined')
  assert.is(tracked('SIWX_AUTH_ERROR'), 1)
  assert.equal(storedSessions(), [], 'nothing stored for a declined signature')

  // Closed meanwhile (optional sign-in): a failure brings the view back.
  closeModal()
  person.willReject()
  await rejection(signIn())
  await waitFor(() => modalState.open.value && currentView.value === 'SIWXSignMessage', {
    what: 'the sign view to come back',
  })

  person.willApprove()
  await signIn()
  assert.is(storedSessions().length, 1)
  await disconnect()
  assert.is(storedSessions().length, 1, 'signOutOnDisconnect: false keeps the session')
})

test('optional sign-in: Cancel closes and keeps the wallet connected', async () => {
  sessionStorage.removeItem(LOCAL_SIWX_STORAGE_KEY)
  await setUp()
  await connectFromModal()
  await waitFor(() => currentView.value === 'SIWXSignMessage', { what: 'the sign view' })
  assert.ok(closeModal(), 'an optional sign-in can be closed')
  await openModal({ view: 'SIWXSignMessage' })
  await cancelSignIn()
  assert.is(modalState.open.value, false)
  assert.is(getAccountState('eip155').status.value, 'connected')
  assert.is(tracked('CLICK_CANCEL_SIWX'), 1)
  await disconnect()
})

test('required sign-in: the modal cannot be closed from the sign view, and Cancel disconnects', async () => {
  sessionStorage.removeItem(LOCAL_SIWX_STORAGE_KEY)
  await setUp({ required: true })
  await connectFromModal()
  await waitFor(() => currentView.value === 'SIWXSignMessage', { what: 'the sign view' })
  assert.is(closeModal(), false, 'closing is refused')
  assert.ok(modalState.open.value)
  assert.ok(modalState.shake.value, 'the modal shakes instead')

  await cancelSignIn()
  assert.is(modalState.open.value, false)
  assert.is(currentView.value, 'Connect')
  assert.is(getAccountState('eip155').status.value, 'disconnected', 'cancelling a required sign-in disconnects')
})

test('required sign-in: once signed, the modal closes; signing out on disconnect forgets the session', async () => {
  await setUp({ required: true })
  await connectFromModal()
  await waitFor(() => currentView.value === 'SIWXSignMessage', { what: 'the sign view' })
  person.willApprove()
  await signIn()
  assert.is(modalState.open.value, false)
  assert.is(storedSessions().length, 1)
  await openModal()
  assert.ok(closeModal(), 'signed in: the modal closes normally')

  await disconnect()
  assert.equal(storedSessions(), [], 'the session is revoked on disconnect')
})

test.run()
