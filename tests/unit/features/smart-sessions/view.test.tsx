// Smart sessions as a visitor sees them, in the real modal: the Account view's line (only with the
// feature on and sessions to show), the list, and Revoke: the wallet signs the session's pci, the
// service is told with that signature, and the session leaves the list; a refusal is shown.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { replaceApiClient } from '../../../../src/api/client'
import {
  SMART_SESSIONS_API,
  SmartSessionsError,
  type SmartSession,
  type SmartSessionsApi,
} from '../../../../src/api/smart-sessions-api'
import { localFeatures } from '../../../../src/core/config/features'
import {
  ADDRESS,
  button,
  connectAccount,
  findButton,
  installModal,
  modalShadow,
  openAt,
  settle,
  title,
  useFakeAdapter,
  waitFor,
} from '../../helpers/views'
import { resetAllState } from '../../helpers/reset'

const session = (pci: string, name: string): SmartSession => ({
  pci,
  project: { id: 'p1', name },
  createdAt: 1_700_000_000_000,
  expiry: 1_800_000_000_000,
  permissions: [{ type: 'contract-call', data: '' }],
})

function scripted(list: SmartSession[]) {
  const revoked: { caipAddress: string; pci: string; signature: string }[] = []
  const script = { refuse: undefined as string | undefined }
  const api: SmartSessionsApi = {
    getSessions: async () => list.filter((item) => !revoked.some((entry) => entry.pci === item.pci)),
    revoke: async (request) => {
      if (script.refuse) throw new SmartSessionsError(script.refuse, 401)
      revoked.push(request)
      return { success: true }
    },
  }
  replaceApiClient(SMART_SESSIONS_API, api)
  return { revoked, script }
}

const rows = () => Array.from(modalShadow().querySelectorAll('[data-session]'))

let signed: string[] = []

test.before.each(() => {
  installModal()
  const fake = useFakeAdapter()
  signed = []
  fake.adapter.signMessage = async ({ message }) => {
    signed.push(message)
    return `0xsigned-${message}`
  }
  connectAccount()
})

test.after.each(resetAllState)

test('off by default: the Account view shows no sessions line', async () => {
  scripted([session('a', 'Game')])
  await openAt('Account')
  await settle(10)
  assert.is(modalShadow().querySelector('[data-smart-sessions]'), null)
})

test('with the feature on, an account without sessions shows nothing', async () => {
  localFeatures.value = { ...localFeatures.value, smartSessions: true }
  scripted([])
  await openAt('Account')
  await settle(10)
  assert.is(modalShadow().querySelector('[data-smart-sessions]'), null)
})

test('listed, then revoked with the wallet’s signature of the pci; the session leaves the list', async () => {
  localFeatures.value = { ...localFeatures.value, smartSessions: true }
  const { revoked } = scripted([session('pci-a', 'Game'), session('pci-b', 'Market')])
  await openAt('Account')
  await waitFor(() => modalShadow().querySelector('[data-smart-sessions]') !== null)
  assert.match(modalShadow().querySelector('[data-smart-sessions]')?.textContent ?? '', '2 smart sessions')
  button('Manage sessions').click()
  await waitFor(() => rows().length === 2)
  assert.is(title(), 'Smart Sessions')
  assert.match(rows()[0]?.textContent ?? '', 'Game')
  button('Revoke the session of Game').click()
  await waitFor(() => rows().length === 1)
  assert.equal(signed, ['pci-a'])
  assert.equal(revoked, [{ caipAddress: `eip155:31337:${ADDRESS}`, pci: 'pci-a', signature: '0xsigned-pci-a' }])
  assert.match(rows()[0]?.textContent ?? '', 'Market')
})

test('a refusal keeps the session and says why', async () => {
  localFeatures.value = { ...localFeatures.value, smartSessions: true }
  const { script } = scripted([session('pci-a', 'Game')])
  script.refuse = 'The signature is not the account’s'
  await openAt('SmartSessions')
  await waitFor(() => rows().length === 1)
  button('Revoke the session of Game').click()
  await waitFor(() => modalShadow().querySelector('[role="alert"]') !== null)
  assert.is(modalShadow().querySelector('[role="alert"]')?.textContent, 'The signature is not the account’s')
  assert.is(rows().length, 1)
  assert.ok(findButton('Revoke the session of Game'), 'can be tried again')
})

test.run()
