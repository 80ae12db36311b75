// The name-service client against a fake fetch: the requests it sends (HOSTED-API §4.2), the
// answers it accepts, and the texts it fails with (SPEC §8): the service's first reason, or the
// fallback of the call, for errors, malformed bodies (the emulator's 'malformed' ones), invalid
// JSON, no answer and a timeout. An abort is passed on as it is.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MALFORMED_BODIES, INVALID_JSON_BODY } from '../../../demo/sandbox/api-faults.mjs'
import { InvalidResponseError } from '../../../src/api/errors'
import {
  NAME_ERROR_FALLBACKS,
  NameServiceError,
  PROFILE_API,
  createProfileApi,
  parseNameRecord,
  recordAvatar,
  resolveName,
  resolvedAddress,
  type ProfileApi,
} from '../../../src/api/profile-api'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RECORD = {
  name: 'alice.reown.id',
  registered_at: '2026-01-01T00:00:00.000Z',
  addresses: { '2147514985': { address: ALICE, created: '2026-01-01T00:00:00.000Z' } },
  attributes: [{ avatar: 'http://127.0.0.1:5174/public/getAssetImage/avatar-alice' }],
}
const MESSAGE = JSON.stringify({ name: 'alice.reown.id', attributes: {}, timestamp: 1_700_000_000 })
const REGISTRATION = { coinType: 2147514985, address: ALICE, message: MESSAGE, signature: `0x${'ab'.repeat(65)}` }

interface Sent {
  url: URL
  method: string
  headers: Record<string, string>
  body: unknown
}
type Reply = { status?: number; body?: unknown; text?: string } | 'never' | 'network-error'

/** A client whose fetch answers `reply` and records what it was asked. */
function clientWith(reply: (request: Sent) => Reply, timeoutMs?: number): { api: ProfileApi; sent: Sent[] } {
  const sent: Sent[] = []
  const fakeFetch = (async (input: string, init: RequestInit = {}) => {
    const request = {
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    }
    sent.push(request)
    const answer = reply(request)
    if (answer === 'network-error') throw new TypeError('fetch failed')
    if (answer === 'never')
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )
    return new Response(answer.text ?? JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  }) as unknown as typeof fetch
  const api = createProfileApi({
    baseUrl: 'http://api.test/',
    projectId: 'p1',
    fetch: fakeFetch,
    ...(timeoutMs ? { timeoutMs } : {}),
  })
  return { api, sent }
}

async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

/** Each call of the client, with the fallback text it fails with. */
const CALLS: [string, string, (api: ProfileApi) => Promise<unknown>][] = [
  ['profileAccount', 'Error resolving name', (api) => api.lookupName('alice.reown.id')],
  ['profileReverse', 'Error fetching names for address', (api) => api.reverseLookup(ALICE, ALICE)],
  ['profileSuggestions', 'Error fetching name suggestions', (api) => api.getSuggestions('alice')],
  ['profileRegister', 'Error registering name alice.reown.id', (api) => api.register(REGISTRATION)],
]

test('the fallback texts, word for word (SPEC §8)', () => {
  assert.is(NAME_ERROR_FALLBACKS.resolve, 'Error resolving name')
  assert.is(NAME_ERROR_FALLBACKS.suggestions, 'Error fetching name suggestions')
  assert.is(NAME_ERROR_FALLBACKS.reverse, 'Error fetching names for address')
  assert.is(NAME_ERROR_FALLBACKS.register('bob.reown.id'), 'Error registering name bob.reown.id')
})

test('the API lives at the `api` endpoint (the blockchain API), made by the one factory', () => {
  assert.is(PROFILE_API.endpoint, 'api')
  assert.type(PROFILE_API.create({ baseUrl: 'http://api.test', projectId: 'p' }).lookupName, 'function')
})

test('lookupName: GET /v1/profile/account/{name} with apiVersion=2 and the SDK params; the record', async () => {
  const { api, sent } = clientWith(() => ({ body: RECORD }))
  const record = await api.lookupName('alice.reown.id')
  assert.equal(record, RECORD)
  assert.is(resolvedAddress(record), ALICE)
  assert.is(recordAvatar(record), RECORD.attributes[0]!.avatar)
  const [request] = sent
  assert.is(request!.method, 'GET')
  assert.is(request!.url.pathname, '/v1/profile/account/alice.reown.id')
  assert.is(request!.url.searchParams.get('apiVersion'), '2')
  assert.is(request!.url.searchParams.get('projectId'), 'p1')
  assert.is(request!.url.searchParams.get('st'), 'appkit')
  assert.ok(request!.url.searchParams.get('sv'))
})

test('lookupName: the record of another name is no answer → "Error resolving name"', async () => {
  const { api } = clientWith(() => ({ body: { ...RECORD, name: 'mallory.reown.id' } }))
  const error = await rejection(api.lookupName('alice.reown.id'))
  assert.instance(error, NameServiceError)
  assert.is(error.message, 'Error resolving name')
  assert.instance(error.cause, InvalidResponseError)
})

test('lookupName: an unknown name (404 without a reason) → "Error resolving name", status kept', async () => {
  const { api } = clientWith(() => ({ status: 404, body: { error: 'Name not found' } }))
  const error = await rejection(api.lookupName('nobody.reown.id'))
  assert.is(error.message, 'Error resolving name')
  assert.is(error.status, 404)
  assert.is(error.reason, undefined)
  assert.match(String(error.cause?.message), 'HTTP status code: 404')
})

test('reverseLookup: GET /v1/profile/reverse/{address} with sender and apiVersion=2; a list, empty when none', async () => {
  const { api, sent } = clientWith(({ url }) => ({ body: url.pathname.endsWith(ALICE) ? [RECORD] : [] }))
  assert.equal(await api.reverseLookup(ALICE, ALICE), [RECORD])
  assert.equal(await api.reverseLookup('0x0000000000000000000000000000000000000001'), [])
  assert.is(sent[0]!.url.pathname, `/v1/profile/reverse/${ALICE}`)
  assert.is(sent[0]!.url.searchParams.get('sender'), ALICE)
  assert.is(sent[0]!.url.searchParams.get('apiVersion'), '2')
  assert.not.ok(sent[1]!.url.searchParams.has('sender'), 'no sender: left out')
})

test('reverseLookup: bad items are dropped; a list of only bad items is the wrong shape', async () => {
  let body: unknown = [RECORD, { name: 5 }, 'oops']
  const { api } = clientWith(() => ({ body }))
  assert.equal(await api.reverseLookup(ALICE), [RECORD])
  body = [{ name: 5 }]
  assert.is((await rejection(api.reverseLookup(ALICE))).message, 'Error fetching names for address')
})

test('getSuggestions: GET /v1/profile/suggestions/{name} in the reown.id zone; bad items dropped', async () => {
  const suggestions = [
    { name: 'alice.reown.id', registered: true },
    { name: 'alice1.reown.id', registered: false },
    { name: 'broken', registered: 'no' },
  ]
  const { api, sent } = clientWith(() => ({ body: { suggestions } }))
  assert.equal(await api.getSuggestions('alice'), suggestions.slice(0, 2))
  assert.is(sent[0]!.url.pathname, '/v1/profile/suggestions/alice')
  assert.is(sent[0]!.url.searchParams.get('zone'), 'reown.id')
  assert.is(sent[0]!.url.searchParams.get('projectId'), 'p1')
})

test('register: POST /v1/profile/account {coin_type, address, message, signature}; the service’s record', async () => {
  const { api, sent } = clientWith(() => ({ body: RECORD }))
  assert.equal(await api.register(REGISTRATION), RECORD)
  const [request] = sent
  assert.is(request!.method, 'POST')
  assert.is(request!.url.pathname, '/v1/profile/account')
  assert.is(request!.url.searchParams.get('projectId'), 'p1')
  assert.not.ok(request!.url.searchParams.has('st'), 'POST routes carry no st/sv (HOSTED-API §2.1)')
  assert.is(request!.headers['content-type'], 'application/json')
  assert.equal(request!.body, {
    coin_type: REGISTRATION.coinType,
    address: ALICE,
    message: MESSAGE,
    signature: REGISTRATION.signature,
  })
})

test('register: a bare {success: true} gives the record the widget keeps (HOSTED-API §6.4 "On success")', async () => {
  const { api } = clientWith(() => ({ body: { success: true } }))
  const record = await api.register(REGISTRATION)
  assert.is(record.name, 'alice.reown.id')
  assert.equal(record.addresses, {})
  assert.equal(record.attributes, [])
  assert.not.ok('updated_at' in record)
  assert.ok(Math.abs(Date.parse(record.registered_at) - Date.now()) < 5_000)
})

test('register: {success: false} or the record of another name → "Error registering name {name}"', async () => {
  for (const body of [{ success: false }, { ...RECORD, name: 'bob.reown.id' }, null, []]) {
    const { api } = clientWith(() => ({ body }))
    const error = await rejection(api.register(REGISTRATION))
    assert.is(error.message, 'Error registering name alice.reown.id', JSON.stringify(body))
    assert.instance(error.cause, InvalidResponseError)
  }
})

test('register: a message that is not the registration message is refused before any request', async () => {
  const { api, sent } = clientWith(() => ({ body: RECORD }))
  for (const message of ['not json', '{}', '{"name":""}', 'null'])
    assert.instance(await rejection(api.register({ ...REGISTRATION, message })), TypeError, message)
  assert.is(sent.length, 0)
})

test('every call: a refusal with reasons shows the first reason’s description', async () => {
  for (const [, , call] of CALLS) {
    const { api } = clientWith(() => ({
      status: 409,
      body: {
        status: 'FAILED',
        reasons: [{ field: 'name', description: 'alice.reown.id is already registered' }, { description: 'second' }],
      },
    }))
    const error = await rejection(call(api))
    assert.instance(error, NameServiceError)
    assert.is(error.message, 'alice.reown.id is already registered')
    assert.is(error.reason, 'alice.reown.id is already registered')
    assert.is(error.status, 409)
  }
})

test('every call: an error without a usable reason gives the fallback text', async () => {
  const bodies: unknown[] = [
    { error: 'Internal server error' },
    { reasons: [] },
    { reasons: [{ description: '' }] },
    { reasons: [{ description: 42 }] },
    { reasons: 'oops' },
  ]
  for (const [, fallback, call] of CALLS) {
    for (const [index, body] of bodies.entries()) {
      const { api } = clientWith(() => ({ status: index % 2 ? 500 : 429, body }))
      const error = await rejection(call(api))
      assert.is(error.message, fallback, `${fallback}: ${JSON.stringify(body)}`)
    }
    const { api } = clientWith(() => ({ status: 502, text: '<html>Bad gateway</html>' }))
    assert.is((await rejection(call(api))).message, fallback, 'an error body that is not JSON')
  }
})

test("every call: the emulator's malformed body and invalid JSON give the fallback text", async () => {
  for (const [route, fallback, call] of CALLS) {
    assert.ok(route in MALFORMED_BODIES, `the emulator has a malformed body for ${route}`)
    const malformed = clientWith(() => ({ body: MALFORMED_BODIES[route] }))
    const error = await rejection(call(malformed.api))
    assert.is(error.message, fallback, `${route} malformed`)
    assert.instance(error.cause, InvalidResponseError)
    const invalid = clientWith(() => ({ text: INVALID_JSON_BODY }))
    const invalidError = await rejection(call(invalid.api))
    assert.is(invalidError.message, fallback, `${route} invalid JSON`)
    assert.match(String(invalidError.cause?.message), 'not JSON')
  }
})

test('every call: no answer (the network failed) or a timeout gives the fallback text', async () => {
  for (const [, fallback, call] of CALLS) {
    const offline = clientWith(() => 'network-error')
    const error = await rejection(call(offline.api))
    assert.is(error.message, fallback)
    assert.is(error.status, 0)
    assert.instance(error.cause, TypeError)
    const hung = clientWith(() => 'never', 20)
    const timedOut = await rejection(call(hung.api))
    assert.is(timedOut.message, fallback)
  }
})

test('an abort by the caller rejects with the abort itself, not a text to show', async () => {
  const { api } = clientWith(() => 'never')
  const controller = new AbortController()
  const pending = api.getSuggestions('alice', controller.signal)
  controller.abort()
  const error = await rejection(pending)
  assert.not.instance(error, NameServiceError)
  assert.is(error.name, 'AbortError')
})

test('parseNameRecord keeps what is usable: addresses with a string address, http(s)/data avatars, string bios', () => {
  assert.equal(
    parseNameRecord({
      name: 'bob.wcn.id',
      registered_at: 'r',
      updated_at: 'u',
      addresses: {
        '60': { address: ALICE, created: 'c' },
        '61': { address: 5 },
        '62': 'oops',
        '63': { address: ALICE },
      },
      attributes: [{ avatar: 'javascript:alert(1)', bio: 'hi' }, { avatar: 'https://x.test/a.png' }, 'oops'],
    }),
    {
      name: 'bob.wcn.id',
      registered_at: 'r',
      updated_at: 'u',
      addresses: { '60': { address: ALICE, created: 'c' }, '63': { address: ALICE, created: '' } },
      attributes: [{ bio: 'hi' }, { avatar: 'https://x.test/a.png' }],
    },
  )
  for (const bad of [null, [], 'x', { name: '' }, { ...RECORD, registered_at: 1 }, { ...RECORD, addresses: [] }])
    assert.is(parseNameRecord(bad), undefined, JSON.stringify(bad))
  assert.is(resolvedAddress({ ...RECORD, addresses: {} }), undefined)
  assert.is(recordAvatar({ ...RECORD, attributes: [{ bio: 'x' }] }), undefined)
})

test("resolveName: the record's first address with the name and avatar; no address or an unknown name is the fallback", async () => {
  const { api, sent } = clientWith((request) =>
    request.url.pathname.endsWith('alice.reown.id')
      ? { body: RECORD }
      : request.url.pathname.endsWith('empty.reown.id')
        ? { body: { ...RECORD, name: 'empty.reown.id', addresses: {} } }
        : { status: 404, body: { error: 'Name not found' } },
  )
  assert.equal(await resolveName(api, ' alice.reown.id '), {
    name: 'alice.reown.id',
    address: ALICE,
    avatar: 'http://127.0.0.1:5174/public/getAssetImage/avatar-alice',
  })
  assert.is(sent[0]?.url.pathname, '/v1/profile/account/alice.reown.id', 'asked trimmed')
  for (const name of ['empty.reown.id', 'nobody.reown.id']) {
    const error = await rejection(resolveName(api, name))
    assert.instance(error, NameServiceError)
    assert.is(error.message, 'Error resolving name', name)
  }
})

test.run()
