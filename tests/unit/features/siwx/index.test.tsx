// The SIWXSignMessage view (src/features/siwx/index.tsx) rendered in happy-dom, with a fake
// in-memory SIWXConfig and the fake eip155 adapter of ./helpers. The sign-in flow itself with a
// real wallet is in tests/integration/eip155/siwx.test.ts; here is what the view shows and does.
import {
  ADDRESS,
  button,
  connectAccount,
  dialog,
  deferred,
  findButton,
  installModal,
  modalShadow,
  nameOf,
  openAt,
  settle,
  title,
  useFakeAdapter,
  userRejection,
  waitFor,
  type FakeAdapter,
  localhost,
  localL2,
} from '../../helpers/views'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { getAccountState, setAccount } from '../../../../src/core/state/account'
import { initCore } from '../../../../src/core/config/appkit-state'
import { subscribeEvents, type EventRecord } from '../../../../src/core/analytics'
import { modalState } from '../../../../src/core/modal/modal'
import { validateOptions } from '../../../../src/core/config/options'
import { currentView } from '../../../../src/core/modal/router'
import {
  type SIWXConfig,
  type SIWXMessage,
  type SIWXMessageInput,
  type SIWXSession,
} from '../../../../src/core/config/siwx'
import { resetAllState } from '../../helpers/reset'

interface FakeSIWX extends SIWXConfig {
  calls: { createMessage: SIWXMessageInput[]; addSession: SIWXSession[]; getSessions: number }
  required: boolean
}

/** A dapp's sign-in back end in memory; tests replace methods. */
function fakeSIWX(): FakeSIWX {
  const calls: FakeSIWX['calls'] = { createMessage: [], addSession: [], getSessions: 0 }
  const config: FakeSIWX = {
    calls,
    required: false,
    async createMessage(input) {
      calls.createMessage.push(input)
      const fields = {
        ...input,
        domain: 'app.example.com',
        uri: 'https://app.example.com/',
        version: '1',
        nonce: 'n0nce1234',
        statement: 'Sign in to Demo Dapp.',
      }
      return {
        ...fields,
        toString: () =>
          `app.example.com wants you to sign in with ${input.accountAddress} on ${input.chainId} (nonce n0nce1234)`,
      }
    },
    async addSession(session) {
      calls.addSession.push(session)
    },
    async revokeSession() {},
    async setSessions() {},
    async getSessions() {
      calls.getSessions++
      return []
    },
    getRequired: () => config.required,
  }
  return config
}

let siwx: FakeSIWX
let fake: FakeAdapter
let signed: string[] = []
let events: EventRecord[] = []

/** A page load: the modal, createAppKit's options with `siwx`, and the test account connected. */
function setup(options: Record<string, unknown> = {}): void {
  installModal()
  initCore(
    validateOptions({
      projectId: 'test-project',
      networks: [localhost, localL2],
      features: { analytics: false },
      metadata: { name: 'Demo Dapp', description: 'A dapp', url: 'https://app.example.com', icons: [] },
      siwx,
      ...options,
    }),
  )
  fake = useFakeAdapter()
  signed = []
  fake.adapter.signMessage = async ({ message }) => {
    signed.push(message)
    return '0x5167'
  }
  connectAccount()
}

test.before.each(() => {
  siwx = fakeSIWX()
  events = []
  subscribeEvents((record) => events.push(record))
  setup()
})

test.after.each(resetAllState)

const tracked = (name: string) => events.filter((record) => record.data.event === name)
const text = () => dialog().textContent ?? ''
const REQUIRED_SENTENCE = 'This app needs you signed in: cancelling disconnects your wallet.'
/** The view's own alert (a toast elsewhere in the dialog has role=alert too). */
const alertOf = () => dialog().querySelector('h3')?.parentElement?.querySelector<HTMLElement>('[role="alert"]') ?? null

test('shows the dapp asking, the account and its network, and Cancel and Sign', async () => {
  await openAt('SIWXSignMessage')
  await waitFor(() => findButton('Sign'))
  assert.is(title(), 'Sign In')
  const heading = dialog().querySelector('h3')
  assert.is(heading?.textContent, 'Demo Dapp wants you to sign in')
  assert.ok(text().includes('0xf39F…2266 on Localhost'), `the short address and the network name in: ${text()}`)
  assert.ok(text().includes('Signing is free and sends no transaction.'))
  assert.is(nameOf(button('Cancel')), 'Cancel')
  assert.is(nameOf(button('Sign')), 'Sign')
  assert.is(button('Cancel').type, 'button')
  assert.is(button('Sign').type, 'button')
  assert.not.ok(text().includes(REQUIRED_SENTENCE), 'no required-mode sentence for an optional sign-in')
  assert.is(alertOf(), null, 'no error yet')
  assert.is(dialog().querySelector('[aria-describedby="sk-siwx-error"]'), null)
})

test('without dapp metadata the heading says "This app"; the network line follows the active network', async () => {
  setup({ metadata: undefined })
  setAccount('eip155', { caipAddress: `eip155:31338:${ADDRESS}` })
  const { setActiveCaipNetwork } = await import('../../../../src/core/state/network')
  setActiveCaipNetwork(localL2)
  await openAt('SIWXSignMessage')
  await waitFor(() => findButton('Sign'))
  assert.is(dialog().querySelector('h3')?.textContent, 'This app wants you to sign in')
  assert.ok(text().includes('0xf39F…2266 on Localhost L2'), text())
})

test('a required sign-in says that cancelling disconnects; an optional one does not', async () => {
  siwx.required = true
  await openAt('SIWXSignMessage')
  await waitFor(() => findButton('Sign'))
  assert.ok(text().includes(REQUIRED_SENTENCE))
  await resetAllState()

  setup()
  siwx.required = false
  await openAt('SIWXSignMessage')
  await waitFor(() => findButton('Sign'))
  assert.not.ok(text().includes(REQUIRED_SENTENCE))
})

test('Cancel on an optional sign-in closes the modal, tracks CLICK_CANCEL_SIWX and keeps the wallet connected', async () => {
  await openAt('SIWXSignMessage')
  ;(await waitFor(() => findButton('Cancel'))).click()
  await waitFor(() => !modalState.open.value)
  assert.is(tracked('CLICK_CANCEL_SIWX').length, 1)
  assert.is(currentView.value, 'Account', 'the router left the sign view (Connect lands on Account while connected)')
  assert.is(getAccountState('eip155').status.value, 'connected')
  assert.is(fake.calls.disconnect, 0, 'the wallet was not asked to disconnect')
  assert.equal(siwx.calls.createMessage, [], 'no message was asked for')
})

test('a message whose toString() gives "[object Object]" is refused: an alert says why and nothing is signed or stored', async () => {
  siwx.createMessage = async (input) => {
    siwx.calls.createMessage.push(input)
    // The fields, but no toString of its own: Object.prototype's gives "[object Object]".
    return {
      ...input,
      domain: 'app.example.com',
      uri: 'https://app.example.com/',
      version: '1',
      nonce: 'n0nce1234',
    } as SIWXMessage
  }
  await openAt('SIWXSignMessage')
  ;(await waitFor(() => findButton('Sign'))).click()
  const alert = await waitFor(alertOf)
  assert.is(alert.textContent, 'siwx.createMessage must return a message whose toString() is the text to sign')
  assert.is(alert.id, 'sk-siwx-error')
  assert.ok(dialog().querySelector('[aria-describedby="sk-siwx-error"]'), 'the view is described by the error')
  assert.equal(siwx.calls.createMessage, [{ accountAddress: ADDRESS, chainId: 'eip155:31337' }])
  assert.equal(signed, [], 'the wallet was not asked to sign')
  assert.equal(siwx.calls.addSession, [], 'nothing stored')
  assert.is(tracked('SIWX_AUTH_ERROR').length, 1)
  assert.is(tracked('SIWX_AUTH_SUCCESS').length, 0)
  assert.ok(modalState.open.value)
  assert.is(currentView.value, 'SIWXSignMessage', 'the view stays for a retry')
  assert.is(nameOf(button('Sign')), 'Sign', 'Sign is offered again')
})

test('a dapp whose createMessage fails: its error is shown; a retry that works clears it', async () => {
  let fail = true
  const original = siwx.createMessage.bind(siwx)
  siwx.createMessage = async (input) => {
    if (fail) throw new Error('Nonce service unavailable')
    return original(input)
  }
  await openAt('SIWXSignMessage')
  ;(await waitFor(() => findButton('Sign'))).click()
  assert.is((await waitFor(alertOf)).textContent, 'Nonce service unavailable')
  assert.equal(siwx.calls.addSession, [])

  fail = false
  button('Sign').click()
  await waitFor(() => !modalState.open.value)
  assert.is(siwx.calls.addSession.length, 1)
})

test('Sign asks the wallet (saying so meanwhile), stores the session with the message fields, and closes', async () => {
  const signature = deferred<string>()
  fake.adapter.signMessage = async ({ message }) => {
    signed.push(message)
    return signature.promise
  }
  await openAt('SIWXSignMessage')
  ;(await waitFor(() => findButton('Sign'))).click()
  const status = await waitFor(() =>
    Array.from(dialog().querySelectorAll('[role="status"]')).find(
      (element) => element.textContent === 'Open your wallet to sign the message.',
    ),
  )
  assert.ok(status)
  assert.ok(findButton(/Signing…/), 'the button says it is signing')
  assert.equal(signed, [`app.example.com wants you to sign in with ${ADDRESS} on eip155:31337 (nonce n0nce1234)`])
  assert.equal(siwx.calls.addSession, [], 'nothing stored before the signature')

  signature.resolve('0x5167')
  await waitFor(() => !modalState.open.value)
  const [session, ...others] = siwx.calls.addSession
  assert.is(others.length, 0)
  assert.equal(session, {
    data: {
      chainId: 'eip155:31337',
      accountAddress: ADDRESS,
      nonce: 'n0nce1234',
      domain: 'app.example.com',
      uri: 'https://app.example.com/',
      version: '1',
      statement: 'Sign in to Demo Dapp.',
    },
    message: signed[0],
    signature: '0x5167',
  })
  assert.is(tracked('SIWX_AUTH_SUCCESS').length, 1)
})

test('a refused signature shows no alert in the view (its toast says it) and the view stays', async () => {
  fake.adapter.signMessage = async () => {
    throw userRejection()
  }
  await openAt('SIWXSignMessage')
  ;(await waitFor(() => findButton('Sign'))).click()
  await waitFor(() => tracked('SIWX_AUTH_ERROR').length === 1)
  await settle(10)
  assert.is(alertOf(), null)
  assert.is(modalShadow().getElementById('sk-siwx-error'), null)
  assert.ok(text().includes('Signature declined'), 'the toast says it')
  assert.equal(siwx.calls.addSession, [])
  assert.ok(modalState.open.value)
  assert.is(currentView.value, 'SIWXSignMessage')
  assert.is(nameOf(button('Sign')), 'Sign')
})

test.run()
