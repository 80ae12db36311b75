// The smart-sessions client against a fake fetch: the requests it sends (SPEC §7, HOSTED-API §4.2),
// the answers it accepts (the emulator's 'malformed' ones refused), the service's reasons, and the
// gate (no request on a network the API does not serve).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  createSmartSessionsApi,
  parseSessions,
  revokeMessage,
  SMART_SESSIONS_ERRORS,
  SmartSessionsError,
  type SmartSessionsApiConfig,
} from '../../../src/api/smart-sessions-api'
import { SDK_TYPE, SDK_VERSION } from '../../../src/core/constants'
import { MALFORMED_BODIES } from '../../../demo/sandbox/api-faults.mjs'
import { rejection } from '../../helpers/async'

const ACCOUNT = 'eip155:31337:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const SESSION = {
  pci: 'pci-1',
  account: ACCOUNT,
  project: { id: 'p1', name: 'Game', url: 'https://game.example' },
  createdAt: 1_700_000_000_000,
  expiry: 1_800_000_000,
  permissions: [{ type: 'contract-call', data: '0xabc', required: true, onChainValidated: false }],
  signer: { type: 'keys', data: { ids: ['0x04'] } },
}

interface Sent {
  url: URL
  method: string
  body: unknown
}

function clientWith(
  reply: (request: Sent) => { status?: number; body?: unknown },
  extra: Partial<SmartSessionsApiConfig> = {},
) {
  const sent: Sent[] = []
  const fetch = (async (input: string, init: RequestInit = {}) => {
    const request = {
      url: new URL(input),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    }
    sent.push(request)
    const answer = reply(request)
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 })
  }) as unknown as typeof globalThis.fetch
  return { api: createSmartSessionsApi({ baseUrl: 'http://api.test', projectId: 'p1', fetch, ...extra }), sent }
}

test('lists the account’s sessions: GET /v1/sessions/{caip10} with projectId, st, sv; expiry in ms', async () => {
  const { api, sent } = clientWith(() => ({ body: { pcis: [SESSION] } }))
  const sessions = await api.getSessions(ACCOUNT)
  assert.equal(sessions, [
    {
      pci: 'pci-1',
      project: { id: 'p1', name: 'Game', url: 'https://game.example' },
      createdAt: 1_700_000_000_000,
      expiry: 1_800_000_000_000,
      permissions: [{ type: 'contract-call', data: '0xabc' }],
    },
  ])
  assert.is(sent[0]?.method, 'GET')
  assert.is(decodeURIComponent(sent[0]?.url.pathname ?? ''), `/v1/sessions/${ACCOUNT}`)
  assert.is(sent[0]?.url.searchParams.get('projectId'), 'p1')
  assert.is(sent[0]?.url.searchParams.get('st'), SDK_TYPE)
  assert.is(sent[0]?.url.searchParams.get('sv'), SDK_VERSION)
})

test('revokes: POST /v1/sessions/{caip10}/revoke with pci and signature; the message is the pci', async () => {
  assert.is(revokeMessage({ pci: 'pci-1' }), 'pci-1')
  const { api, sent } = clientWith(() => ({ status: 202, body: { success: true } }))
  assert.equal(await api.revoke({ caipAddress: ACCOUNT, pci: 'pci-1', signature: '0xsig' }), { success: true })
  assert.is(sent[0]?.method, 'POST')
  assert.is(decodeURIComponent(sent[0]?.url.pathname ?? ''), `/v1/sessions/${ACCOUNT}/revoke`)
  assert.equal(sent[0]?.body, { pci: 'pci-1', signature: '0xsig' })
  assert.is(sent[0]?.url.searchParams.get('projectId'), 'p1')
})

test('malformed answers are refused with the fallback text; bad items dropped; the service’s reason shown', async () => {
  const malformed = clientWith(() => ({ body: MALFORMED_BODIES['smartSessions'] }))
  const listError = (await rejection(malformed.api.getSessions(ACCOUNT))) as SmartSessionsError
  assert.instance(listError, SmartSessionsError)
  assert.is(listError.message, SMART_SESSIONS_ERRORS.list)
  const badRevoke = clientWith(() => ({ body: MALFORMED_BODIES['smartSessionRevoke'] }))
  assert.is(
    ((await rejection(badRevoke.api.revoke({ caipAddress: ACCOUNT, pci: 'x', signature: '0x' }))) as Error).message,
    SMART_SESSIONS_ERRORS.revoke,
  )
  assert.equal(
    parseSessions({ pcis: [{ pci: 7 }, SESSION] })?.map((session) => session.pci),
    ['pci-1'],
  )
  assert.is(parseSessions({ pcis: 'none' }), undefined)
  assert.equal(parseSessions({ pcis: [] }), [])
  const refused = clientWith(() => ({
    status: 401,
    body: { status: 'FAILED', reasons: [{ field: 'signature', description: 'The signature is not the account’s' }] },
  }))
  const error = (await rejection(
    refused.api.revoke({ caipAddress: ACCOUNT, pci: 'x', signature: '0x' }),
  )) as SmartSessionsError
  assert.is(error.message, 'The signature is not the account’s')
  assert.is(error.status, 401)
  const down = clientWith(() => ({ status: 500, body: {} }))
  assert.is(((await rejection(down.api.getSessions(ACCOUNT))) as Error).message, SMART_SESSIONS_ERRORS.list)
  await rejection(down.api.getSessions('0xnot-caip10')).then((thrown) => assert.instance(thrown, TypeError))
})

test('gated: on a network the API does not serve, nothing is asked; empty list, { success: false }', async () => {
  const { api, sent } = clientWith(() => ({ body: { pcis: [SESSION] } }), {
    supportsNetwork: async (caipNetworkId) => caipNetworkId === 'eip155:1',
  })
  assert.equal(await api.getSessions(ACCOUNT), [])
  assert.equal(await api.revoke({ caipAddress: ACCOUNT, pci: 'pci-1', signature: '0x' }), { success: false })
  assert.is(sent.length, 0)
  assert.is((await api.getSessions('eip155:1:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).length, 1)
})

test.run()
