// Choosing a name (issue 29, SPEC §2 RegisterAccountName and RegisterAccountNameSuccess, §4 "Name
// registration", §5, §8): the Account view's offer, the field with its suffix and the spec's texts
// as the visitor types, suggestions after a pause (latest answer wins, taken ones marked), the
// registration (the wallet signs the message, the name is posted and becomes the profile name,
// the success view shows it), failures that keep what was typed, and the preconditions.
import {
  ADDRESS,
  button,
  connectAccount,
  findButton,
  installModal,
  labelled,
  modalShadow,
  openAt,
  settle,
  title,
  typeInto,
  useFakeAdapter,
  waitFor,
  deferred,
  type FakeAdapter,
} from '../../helpers/views'
import { AVATAR, connectEmbeddedAccount, recordOf, useFakeProfileApi, type FakeProfileApi } from '../../helpers/names'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { NameServiceError } from '../../../../src/api/profile-api'
import { currentView, pushView } from '../../../../src/core/modal/router'
import { getAccountState, setAccount } from '../../../../src/core/state/account'
import { getNetworkState } from '../../../../src/core/state/network'
import { nameForm, SUGGESTION_DELAY_MS } from '../../../../src/features/names/controller'
import { NAME_CACHE_KEY } from '../../../../src/features/names/store'
import { IDENTITY_CACHE_KEY } from '../../../../src/core/wallet/identity'
import { createManualClock, setClock, type ManualClock } from '../../../../src/lib/clock'
import { userRejection } from '../../helpers/views'
import { resetAllState } from '../../helpers/reset'

let fake: FakeAdapter
let names: FakeProfileApi
const signed: string[] = []

test.before.each(() => {
  installModal()
  fake = useFakeAdapter()
  names = useFakeProfileApi()
  signed.length = 0
  fake.adapter.signMessage = async ({ message }) => {
    signed.push(message)
    return `0x${'ab'.repeat(65)}`
  }
  localStorage.clear()
})

test.after.each(resetAllState)

const field = () => labelled<HTMLInputElement>('Name')
const statusText = () => modalShadow().getElementById(field().getAttribute('aria-describedby')!.split(' ')[1]!)
const alertText = () => modalShadow().querySelector('[role="alert"]')?.textContent ?? ''
const suggestionRows = () =>
  Array.from(modalShadow().querySelectorAll<HTMLButtonElement>('section li button')).map((row) => ({
    text: row.textContent,
    disabled: row.disabled,
  }))

/** Opens RegisterAccountName from the Account view's offer, as a visitor does. */
async function openForm(): Promise<void> {
  await openAt('Account')
  ;(await waitFor(() => findButton('Choose a name'))).click()
  await waitFor(() => modalShadow().querySelector('form'))
  await settle()
}

/** Runs `body` with SigKit's clock in the test's hands. */
async function withClock(body: (clock: ManualClock) => Promise<void>): Promise<void> {
  const clock = createManualClock()
  const restore = setClock(clock)
  try {
    await body(clock)
  } finally {
    restore()
  }
}

test('the Account view offers a name to an embedded-wallet account on EVM with none, after checking the service', async () => {
  connectEmbeddedAccount()
  await openAt('Account')
  await waitFor(() => findButton('Choose a name'))
  assert.equal(names.calls.reverse, [ADDRESS], 'the reverse lookup ran first')
  button('Choose a name').click()
  await waitFor(() => modalShadow().querySelector('form'))
  assert.is(title(), 'Choose Name')
})

test('no offer for another wallet, or for an account with a name (the one the service knows shows instead)', async () => {
  connectAccount()
  await openAt('Account')
  await waitFor(() => findButton('Copy address'))
  await settle(10)
  assert.not.ok(findButton('Choose a name'), 'an injected wallet cannot register')
  assert.equal(names.calls.reverse, [])
  await resetAllState()
  installModal()
  useFakeAdapter()
  names = useFakeProfileApi()
  names.names.set('alice.reown.id', recordOf('alice.reown.id'))
  connectEmbeddedAccount()
  await openAt('Account')
  await waitFor(() => modalShadow().textContent?.includes('alice.reown.id'))
  await settle(10)
  assert.not.ok(findButton('Choose a name'))
  assert.is(getAccountState('eip155').profileName.value, 'alice.reown.id')
  assert.is(getAccountState('eip155').profileImage.value, AVATAR)
})

test('the field: labelled, the suffix shown beside it and read with it, the spec texts live as the visitor types', async () => {
  connectEmbeddedAccount()
  await openForm()
  const input = field()
  const [suffixId, statusId] = input.getAttribute('aria-describedby')!.split(' ')
  assert.is(modalShadow().getElementById(suffixId!)?.textContent, '.reown.id')
  const status = modalShadow().getElementById(statusId!)!
  assert.is(status.getAttribute('role'), 'status', 'the live message is announced politely')
  assert.is(status.textContent, '', 'nothing to say before typing')
  assert.is(input.getAttribute('aria-invalid'), null)
  const cases: [string, string][] = [
    ['ali', 'Name must be at least 4 characters long'],
    ['ali ce', 'The value is not a valid username'],
    ['alic€', 'The value is not a valid username'],
    ['alice', ''],
    ['alice-2', ''],
    ['Alice.reown.id', ''],
  ]
  for (const [typed, text] of cases) {
    typeInto(field(), typed)
    await settle()
    assert.is(statusText()?.textContent, text, typed)
    assert.is(field().getAttribute('aria-invalid'), text ? 'true' : null, typed)
  }
})

test('someone who has a name is told so, whatever they type, and cannot register another', async () => {
  connectEmbeddedAccount()
  await openForm()
  setAccount('eip155', { profileName: 'bob.reown.id' })
  typeInto(field(), 'alice')
  await settle()
  assert.is(statusText()?.textContent, 'You already own a name')
  button('Register').click()
  await settle(10)
  assert.equal(signed, [])
  assert.equal(names.calls.register, [])
})

test('suggestions wait for a pause in typing, ask once for the latest text, and mark taken names', async () => {
  connectEmbeddedAccount()
  names.names.set('alice.reown.id', recordOf('alice.reown.id', '0x0000000000000000000000000000000000000001'))
  names.behaviour.suggestions = async (name) => [
    { name: `${name}.reown.id`, registered: names.names.has(`${name}.reown.id`) },
    { name: `${name}1.reown.id`, registered: false },
  ]
  await openForm()
  await withClock(async (clock) => {
    typeInto(field(), 'ali')
    clock.advance(100)
    typeInto(field(), 'alic')
    clock.advance(100)
    typeInto(field(), 'alice')
    clock.advance(SUGGESTION_DELAY_MS - 1)
    await settle()
    assert.equal(names.calls.suggestions, [], 'nothing asked while typing')
    clock.advance(1)
    await waitFor(() => suggestionRows().length === 2)
    assert.equal(names.calls.suggestions, ['alice'])
  })
  assert.equal(suggestionRows(), [
    { text: 'alice.reown.idTaken', disabled: true },
    { text: 'alice1.reown.idAvailable', disabled: false },
  ])
  // A free one fills the field (without its suffix) and gives the field focus back.
  button(/^alice1\.reown\.id/).click()
  await settle()
  assert.is(field().value, 'alice1')
  assert.is((modalShadow() as unknown as DocumentOrShadowRoot).activeElement, field())
})

test('suggestions: an answer to an earlier text that arrives last is dropped (its request aborted)', async () => {
  connectEmbeddedAccount()
  const answers = new Map<string, ReturnType<typeof deferred<{ name: string; registered: boolean }[]>>>()
  names.behaviour.suggestions = (name) => {
    const answer = deferred<{ name: string; registered: boolean }[]>()
    answers.set(name, answer)
    return answer.promise
  }
  await openForm()
  await withClock(async (clock) => {
    typeInto(field(), 'alice')
    clock.advance(SUGGESTION_DELAY_MS)
    await settle()
    typeInto(field(), 'alicia')
    clock.advance(SUGGESTION_DELAY_MS)
    await settle()
  })
  assert.equal(names.calls.suggestions, ['alice', 'alicia'])
  assert.ok(names.calls.suggestionSignals[0]?.aborted, 'the request for the old text is aborted')
  answers.get('alicia')!.resolve([{ name: 'alicia.reown.id', registered: false }])
  await waitFor(() => suggestionRows().length === 1)
  answers.get('alice')!.resolve([{ name: 'alice.reown.id', registered: true }])
  await settle(10)
  assert.equal(suggestionRows(), [{ text: 'alicia.reown.idAvailable', disabled: false }])
})

test('suggestions that fail say so in the spec text, and the form still works', async () => {
  connectEmbeddedAccount()
  names.behaviour.suggestions = async () => {
    throw new NameServiceError('Error fetching name suggestions')
  }
  await openForm()
  typeInto(field(), 'alice')
  await waitFor(() => modalShadow().textContent?.includes('Error fetching name suggestions'), 2000)
  assert.equal(suggestionRows(), [])
  assert.ok(findButton('Register'))
})

test('register: the wallet signs the message, the name is posted, stored as the profile name, and the success view shows it', async () => {
  connectEmbeddedAccount()
  await openForm()
  typeInto(field(), 'Alice')
  await settle()
  button('Register').click()
  await waitFor(() => currentView.value === 'RegisterAccountNameSuccess')
  await waitFor(() => modalShadow().querySelector('[data-name]'))
  assert.is(signed.length, 1)
  const message = JSON.parse(signed[0]!)
  assert.equal(Object.keys(message), ['name', 'attributes', 'timestamp'])
  assert.is(message.name, 'alice.reown.id')
  assert.equal(message.attributes, {})
  assert.ok(Math.abs(message.timestamp - Date.now() / 1000) < 5)
  assert.equal(names.calls.register, [
    { coinType: 0x80000000 + 31337, address: ADDRESS, message: signed[0]!, signature: `0x${'ab'.repeat(65)}` },
  ])
  assert.is(getAccountState('eip155').profileName.value, 'alice.reown.id')
  assert.is(getAccountState('eip155').profileImage.value, AVATAR)
  assert.is(title(), 'Name Chosen')
  assert.is(modalShadow().querySelector('[data-name]')?.textContent, 'alice.reown.id')
  assert.is(modalShadow().querySelector('img')?.getAttribute('alt'), '', 'the picture is decorative')
  // Stored for a reload: the name cache and the identity cache both hold it.
  const stored = JSON.parse(localStorage.getItem(NAME_CACHE_KEY)!)
  assert.is(stored[ADDRESS.toLowerCase()].value[0].name, 'alice.reown.id')
  const identity = JSON.parse(localStorage.getItem(IDENTITY_CACHE_KEY)!)
  assert.equal(identity[ADDRESS.toLowerCase()].value, { name: 'alice.reown.id', avatar: AVATAR })
  // Done goes back to the account, which shows the name and offers no other.
  button('Done').click()
  await waitFor(() => currentView.value === 'Account')
  await waitFor(() => modalShadow().textContent?.includes('alice.reown.id'))
  await settle(10)
  assert.not.ok(findButton('Choose a name'))
})

test('a refusal returns to the form with the service reason, what was typed kept; typing again clears it', async () => {
  connectEmbeddedAccount()
  names.behaviour.register = async () => {
    throw new NameServiceError('Error registering name alice.reown.id', {
      reason: 'alice.reown.id is already registered',
    })
  }
  await openForm()
  typeInto(field(), 'alice')
  button('Register').click()
  await waitFor(() => alertText() !== '')
  assert.is(alertText(), 'alice.reown.id is already registered')
  assert.is(currentView.value, 'RegisterAccountName')
  assert.is(field().value, 'alice')
  assert.is(field().getAttribute('aria-invalid'), 'true')
  assert.ok(
    field().getAttribute('aria-describedby')!.split(' ').includes(modalShadow().querySelector('[role="alert"]')!.id),
  )
  assert.is(getAccountState('eip155').profileName.value, undefined)
  typeInto(field(), 'alice2')
  await settle()
  assert.is(alertText(), '')
})

test('the fallback text when the service gives no reason; a declined signature posts nothing', async () => {
  connectEmbeddedAccount()
  names.behaviour.register = async () => {
    throw new NameServiceError('Error registering name alice.reown.id')
  }
  await openForm()
  typeInto(field(), 'alice')
  button('Register').click()
  await waitFor(() => alertText() !== '')
  assert.is(alertText(), 'Error registering name alice.reown.id')
  fake.adapter.signMessage = async () => {
    throw userRejection()
  }
  names.calls.register.length = 0
  button('Register').click()
  await waitFor(() => alertText() === 'User rejected the request')
  assert.equal(names.calls.register, [])
  assert.is(field().value, 'alice')
})

test('Register with nothing typed says why; a double click registers once', async () => {
  connectEmbeddedAccount()
  await openForm()
  button('Register').click()
  await waitFor(() => alertText() !== '')
  assert.is(alertText(), 'Name must be at least 4 characters long')
  const release = deferred<string>()
  fake.adapter.signMessage = () => release.promise
  typeInto(field(), 'alice')
  button('Register').click()
  button('Register').click()
  await settle()
  assert.is(button(/Registering/).getAttribute('aria-disabled'), 'true')
  release.resolve(`0x${'ab'.repeat(65)}`)
  await waitFor(() => currentView.value === 'RegisterAccountNameSuccess')
  assert.is(names.calls.register.length, 1)
})

test('preconditions in the spec texts: Network not found, Address or auth connector not found', async () => {
  connectEmbeddedAccount()
  await openForm()
  typeInto(field(), 'alice')
  getNetworkState('eip155').caipNetwork.value = undefined
  button('Register').click()
  await waitFor(() => alertText() !== '')
  assert.is(alertText(), 'Network not found')
  await resetAllState()
  installModal()
  useFakeAdapter()
  names = useFakeProfileApi()
  // Connected through another wallet: the form (reached by its name) refuses.
  connectAccount()
  await openAt('Account')
  pushView('RegisterAccountName')
  await waitFor(() => modalShadow().querySelector('form'))
  typeInto(field(), 'alice')
  button('Register').click()
  await waitFor(() => alertText() !== '')
  assert.is(alertText(), 'Address or auth connector not found')
  assert.equal(names.calls.register, [])
})

test('keyboard only: Enter in the field registers', async () => {
  connectEmbeddedAccount()
  await openForm()
  typeInto(field(), 'alice')
  field().form!.requestSubmit()
  await waitFor(() => currentView.value === 'RegisterAccountNameSuccess')
  assert.is(nameForm.input.value, '', 'the form is empty for next time')
})

test.run()
