// The secure frame's transport (src/connectors/embedded/client.ts): READY + 500 ms, replies matched
// by id, timeouts, aborts, the origin AND source checks with the dropped-message count, and
// validation of every reply.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  createFrameClient,
  FrameError,
  FrameReloadedError,
  FrameTimeoutError,
} from '../../../../src/connectors/embedded/client'
import {
  connectedFlag,
  emailAction,
  farcasterUri,
  farcasterUser,
  frameUser,
  newEmail,
  noPayload,
  preferredAccount,
  redirectUri,
  rpcResult,
  updateEmailAction,
} from '../../../../src/connectors/embedded/protocol'
import { createManualClock, setClock, type ManualClock } from '../../../../src/lib/clock'
import { fakeFrame, FRAME_ORIGIN, flush, stranger, type FakeFrame } from '../../helpers/embedded-frame'

/** The rejection of a promise, to assert on (any: errors carry `code`, `reason`). */
const caught = (error: any): any => error

/** `promise`'s rejection (it must reject). */
const rejection = (promise: Promise<unknown>): Promise<any> =>
  promise.then(() => {
    throw new Error('expected a rejection')
  }, caught)

let manual: ManualClock
let restoreClock = () => {}
let frame: FakeFrame
let timeouts: string[]
let clients: { destroy(): void }[] = []

test.before.each(() => {
  manual = createManualClock()
  restoreClock = setClock(manual)
  frame = fakeFrame()
  timeouts = []
})
test.after.each(() => {
  for (const client of clients) client.destroy()
  clients = []
  restoreClock()
})

/** How many times the transport said the frame's new page was ready (onReload). */
let reloads = 0

function client() {
  reloads = 0
  const created = createFrameClient({
    url: `${FRAME_ORIGIN}/sdk?projectId=p`,
    origin: FRAME_ORIGIN,
    element: frame.element,
    onTimeout: (reason) => timeouts.push(reason),
    onReload: () => reloads++,
  })
  clients.push(created)
  return created
}

/** READY, then the 500 ms the frame gets to settle. */
async function makeReady() {
  frame.ready()
  manual.advance(500)
  await flush()
}

const USER = { email: 'ada@example.com', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', chainId: 31337 }

test('nothing is posted before READY + 500 ms; then only to the frame origin, with a random id', async () => {
  const transport = client()
  frame.answer = () => ({ payload: { action: 'VERIFY_OTP' } })
  const reply = transport.request('CONNECT_EMAIL', { email: 'ada@example.com' }, emailAction)
  await flush()
  assert.is(frame.posted.length, 0, 'not before READY')
  frame.ready()
  manual.advance(499)
  await flush()
  assert.is(frame.posted.length, 0, 'not within the 500 ms after READY')
  manual.advance(1)
  assert.is(await reply, 'VERIFY_OTP')
  const [sent] = frame.posted
  assert.is(sent?.targetOrigin, FRAME_ORIGIN, 'never "*"')
  assert.is(sent?.message.type, '@w3m-app/CONNECT_EMAIL')
  assert.equal(sent?.message.payload, { email: 'ada@example.com' })
  assert.match(sent?.message.id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
})

test('replies are matched by id, whatever their order; ERROR rejects with its message', async () => {
  const transport = client()
  await makeReady()
  const first = transport.request('IS_CONNECTED', undefined, connectedFlag)
  const second = transport.request('GET_USER', { chainId: 'eip155:31337' }, frameUser)
  const third = transport.request('CONNECT_OTP', { otp: '000000' }, noPayload)
  const fourth = transport.request('SIGN_OUT', undefined, noPayload)
  await flush()
  const [a, b, c, d] = frame.posted.map((entry) => entry.message.id)
  frame.send({ type: '@w3m-frame/GET_USER_SUCCESS', id: b, payload: USER })
  frame.send({ type: '@w3m-frame/CONNECT_OTP_ERROR', id: c, payload: { message: 'Invalid code' } })
  frame.send({ type: '@w3m-frame/SIGN_OUT_ERROR', id: d, payload: {} })
  frame.send({ type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: a, payload: { isConnected: true } })
  assert.is(await first, true)
  assert.equal((await second).address, USER.address)
  assert.equal((await second).namespace, 'eip155')
  const error = await rejection(third)
  assert.instance(error, FrameError)
  assert.is(error.message, 'Invalid code')
  assert.is((await rejection(fourth)).message, 'An error occurred', 'an ERROR without message')
  assert.is(transport.pending(), 0)
})

test('a reply from another origin, or from another window of the frame origin, is dropped and counted', async () => {
  const transport = client()
  await makeReady()
  const user = transport.request('GET_USER', { chainId: 'eip155:31337' }, frameUser)
  await flush()
  const id = frame.posted[0]?.message.id
  const forged = { type: '@w3m-frame/GET_USER_SUCCESS', id, payload: { ...USER, address: `0x${'ab'.repeat(20)}` } }
  frame.send(forged, { origin: 'https://evil.example' })
  frame.send(forged, { origin: 'https://evil.example', source: stranger })
  frame.send(forged, { source: stranger }) // the frame's origin, but not the iframe's window
  frame.send(forged, { origin: 'https://secure.example.org:8443' })
  frame.send({ type: 'not-a-frame-message', id }, { origin: 'https://evil.example' }) // not counted: not ours
  await flush()
  assert.is(transport.pending(), 1, 'the request still waits')
  assert.is(transport.stats.dropped, 4)
  frame.send({ type: '@w3m-frame/GET_USER_SUCCESS', id, payload: USER })
  assert.is((await user).address, USER.address)
  assert.is(transport.stats.malformed, 0)
})

test('READY from a stranger does not make the frame ready', async () => {
  const transport = client()
  frame.answer = () => ({ payload: { isConnected: false } })
  const asked = transport.request('IS_CONNECTED', undefined, connectedFlag)
  frame.send({ type: '@w3m-frame/READY', payload: {} }, { source: stranger })
  frame.send({ type: '@w3m-frame/READY', payload: {} }, { origin: 'https://evil.example' })
  manual.advance(1000)
  await flush()
  assert.is(frame.posted.length, 0)
  assert.is(transport.stats.dropped, 2)
  await makeReady()
  assert.is(await asked, false)
})

test('malformed replies are never used: invalid payloads and wrong reply types reject, unknown ids are counted', async () => {
  const transport = client()
  await makeReady()
  const cases = [
    transport.request('CONNECT_EMAIL', { email: 'a@b.co' }, emailAction),
    transport.request('GET_USER', { chainId: 'eip155:1' }, frameUser),
    transport.request('GET_USER', { chainId: 'solana:x' }, frameUser),
    transport.request('IS_CONNECTED', undefined, connectedFlag),
    transport.request('IS_CONNECTED', undefined, connectedFlag),
  ]
  await flush()
  const ids = frame.posted.map((entry) => entry.message.id)
  frame.send({ type: '@w3m-frame/CONNECT_EMAIL_SUCCESS', id: ids[0], payload: { action: 'SEND_KEYS' } })
  frame.send({ type: '@w3m-frame/GET_USER_SUCCESS', id: ids[1], payload: { ...USER, address: 'not-an-address' } })
  frame.send({
    type: '@w3m-frame/GET_USER_SUCCESS',
    id: ids[2],
    payload: { address: USER.address, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
  })
  frame.send({ type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: ids[3], payload: { isConnected: 'yes' } })
  frame.send({ type: '@w3m-frame/GET_USER_SUCCESS', id: ids[4], payload: USER })
  frame.send({ type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: 'nobody-asked', payload: { isConnected: true } })
  frame.send('@w3m-frame/READY')
  frame.send({ type: '@w3m-frame/READY' }) // without its payload object
  for (const pending of cases) {
    assert.is((await rejection(pending)).message, 'The secure frame sent an invalid reply')
  }
  assert.is(transport.stats.malformed, 8)
  assert.is(transport.stats.dropped, 0)
})

test('a Solana user must carry a Solana address and its namespace comes from the chain id', async () => {
  const transport = client()
  await makeReady()
  const solana = {
    address: '7RiFeMYVRxNNAeWbXDmnznt6UxYQNbWcGXSr4yk6YPqX',
    chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  }
  frame.answer = () => ({ payload: { ...solana, email: null } })
  const user = await transport.request('GET_USER', { chainId: solana.chainId }, frameUser)
  assert.equal(user, {
    email: undefined,
    address: solana.address,
    namespace: 'solana',
    chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    accounts: [{ address: solana.address, type: 'eoa' }],
    preferredAccountType: undefined,
    userName: undefined,
    smartAccountDeployed: undefined,
  })
})

test('no READY within 20 s: iframe_load_failed, every waiting request rejects, later ones too', async () => {
  const transport = client()
  const waiting = transport.request('IS_CONNECTED', undefined, connectedFlag)
  manual.advance(19_999)
  await flush()
  assert.equal(timeouts, [])
  manual.advance(1)
  const error = await rejection(waiting)
  assert.instance(error, FrameTimeoutError)
  assert.is(error.reason, 'iframe_load_failed')
  assert.equal(timeouts, ['iframe_load_failed'])
  assert.is((await rejection(transport.ready())).reason, 'iframe_load_failed')
  assert.instance(await rejection(transport.request('GET_USER', {}, frameUser)), FrameTimeoutError)
  assert.is(frame.posted.length, 0)
})

test('the connect requests time out after 30 s (iframe_request_timeout); others wait', async () => {
  const transport = client()
  await makeReady()
  const otp = transport.request('CONNECT_OTP', { otp: '123456' }, noPayload)
  const rpc = transport.request('RPC_REQUEST', { method: 'personal_sign', params: [] }, rpcResult)
  await flush()
  manual.advance(29_999)
  await flush()
  assert.equal(timeouts, [])
  manual.advance(1)
  const error = await rejection(otp)
  assert.is(error.reason, 'iframe_request_timeout')
  assert.is(error.message, 'Wallet Request Timeout')
  assert.equal(timeouts, ['iframe_request_timeout'])
  assert.is(transport.pending(), 1, 'an approval may take the person longer')
  frame.send({ type: '@w3m-frame/RPC_REQUEST_SUCCESS', id: frame.posted[1]?.message.id, payload: '0xsig' })
  assert.is(await rpc, '0xsig')
  // A late answer to the timed-out request is not used.
  frame.send({ type: '@w3m-frame/CONNECT_OTP_SUCCESS', id: frame.posted[0]?.message.id })
  assert.is(transport.stats.malformed, 1)
})

test('abort: an RPC request rejects with "Request was aborted", others with "Something went wrong"', async () => {
  const transport = client()
  await makeReady()
  const controller = new AbortController()
  const rpc = transport.request('RPC_REQUEST', { method: 'eth_sendTransaction' }, rpcResult, {
    signal: controller.signal,
  })
  const device = transport.request('CONNECT_DEVICE', undefined, noPayload, { signal: controller.signal })
  await flush()
  controller.abort()
  assert.is((await rejection(rpc)).message, 'Request was aborted')
  assert.is((await rejection(device)).message, 'Something went wrong')
  assert.is(transport.pending(), 0)
  const already = await rejection(transport.request('RPC_REQUEST', {}, rpcResult, { signal: controller.signal }))
  assert.is(already.message, 'Request was aborted')
  assert.is(frame.posted.length, 2, 'an already-aborted request is not posted')
})

test('notify posts without waiting; its reply is read and ignored', async () => {
  const transport = client()
  await makeReady()
  frame.answer = () => ({})
  transport.notify('RPC_ABORT')
  await flush()
  assert.is(frame.posted[0]?.message.type, '@w3m-app/RPC_ABORT')
  assert.is(frame.posted[0]?.targetOrigin, FRAME_ORIGIN)
  assert.is(transport.stats.malformed, 0)
  assert.is(transport.pending(), 0)
})

test('destroy rejects what waits and stops listening', async () => {
  const transport = client()
  await makeReady()
  const waiting = transport.request('IS_CONNECTED', undefined, connectedFlag)
  await flush()
  transport.destroy()
  assert.ok((await rejection(waiting)) instanceof Error)
  frame.send({ type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: frame.posted[0]?.message.id, payload: {} })
  assert.is(transport.stats.malformed, 0, 'no longer listening')
})

test('the social, Farcaster, account-type and email-change replies are checked before use', () => {
  const evm = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const social = frameUser({ address: evm, chainId: 1, email: null, userName: `  ${'a'.repeat(150)} ` })
  assert.is(social.userName, `${'a'.repeat(99)}…`, 'trimmed and cut with an ellipsis')
  assert.is(frameUser({ address: evm, chainId: 1, userName: 42 }).userName, undefined)
  assert.is(redirectUri({ uri: 'https://id.example/auth?state=s' }), 'https://id.example/auth?state=s')
  for (const uri of ['javascript:alert(1)', 'not a url', 42, `https://x.example/${'a'.repeat(5000)}`]) {
    assert.throws(() => redirectUri({ uri }), /invalid reply/, String(uri).slice(0, 30))
  }
  assert.is(farcasterUri({ url: 'https://fc.example/c?channel=1' }), 'https://fc.example/c?channel=1')
  assert.throws(() => farcasterUri({ uri: 'https://fc.example' }), /invalid reply/)
  assert.is(farcasterUser({ userName: 'ada' }), 'ada')
  assert.throws(() => farcasterUser({ userName: '' }), /invalid reply/)
  assert.equal(preferredAccount({ type: 'eoa', address: evm }), { type: 'eoa', address: evm })
  assert.throws(() => preferredAccount({ type: 'admin', address: evm }), /invalid reply/)
  assert.throws(() => preferredAccount({ type: 'eoa' }), /invalid reply/)
  assert.is(updateEmailAction({ action: 'VERIFY_SECONDARY_OTP' }), 'VERIFY_SECONDARY_OTP')
  assert.throws(() => updateEmailAction({ action: 'CONNECT' }), /invalid reply/)
  assert.is(newEmail({ newEmail: 'b@example.com' }), 'b@example.com')
  assert.throws(() => newEmail({ newEmail: 'not an email' }), /invalid reply/)
})

test("the iframe failing to load (its error event): 'Unable to load email login dependency', for what waits and what comes", async () => {
  const transport = createFrameClient({ url: 'http://127.0.0.1:9/sdk?projectId=p', origin: 'http://127.0.0.1:9' })
  clients.push(transport)
  const element = document.querySelector('iframe#w3m-iframe')
  assert.ok(element, 'the frame is in the page')
  const waiting = transport.request('IS_CONNECTED', undefined, connectedFlag)
  element!.dispatchEvent(new Event('error'))
  assert.is((await rejection(transport.ready())).message, 'Unable to load email login dependency')
  assert.is((await rejection(waiting)).message, 'Unable to load email login dependency')
  assert.is(
    (await rejection(transport.request('GET_USER', undefined, connectedFlag))).message,
    'Unable to load email login dependency',
  )
  assert.equal(timeouts, [], 'not a timeout')
})

test('every ERROR reply is reported before its request rejects (the Unverified Domain alert hangs on it)', async () => {
  const reported: string[] = []
  const transport = createFrameClient({
    url: `${FRAME_ORIGIN}/sdk?projectId=p`,
    origin: FRAME_ORIGIN,
    element: frame.element,
    onErrorReply: (message) => reported.push(message),
  })
  clients.push(transport)
  await makeReady()
  const refused = transport.request('GET_USER', undefined, connectedFlag)
  await flush()
  frame.send({
    type: '@w3m-frame/GET_USER_ERROR',
    id: frame.posted[0]?.message.id,
    payload: { message: 'Unverified Domain: http://127.0.0.1:1 is not an allowed origin of project p' },
  })
  assert.match((await rejection(refused)).message, /^Unverified Domain: /)
  assert.equal(reported, ['Unverified Domain: http://127.0.0.1:1 is not an allowed origin of project p'])
})

// ── the frame's page reloading ─────────────────────────────────────────────────────────────

/** The types posted so far, without the prefix. */
const postedTypes = () => frame.posted.map((entry) => entry.message.type.replace('@w3m-app/', ''))

test('the frame reloads (a new READY): its requests reject as lost, the new page gets READY + 500 ms, RPC_ABORT, then the rest', async () => {
  const transport = client()
  frame.element.dispatchEvent(new Event('load')) // the first page's own load
  await makeReady()
  const sign = transport.request('RPC_REQUEST', { method: 'personal_sign', params: [] }, rpcResult)
  const read = transport.request('RPC_REQUEST', { method: 'eth_getBalance', params: [] }, rpcResult)
  await flush()
  assert.is(transport.pending(), 2)
  // The new page announces itself (its load comes after).
  frame.ready()
  frame.load()
  for (const lost of [sign, read]) {
    const error = await rejection(lost)
    assert.instance(error, FrameReloadedError)
    assert.is(error.message, 'The secure frame reloaded before it answered')
  }
  assert.is(transport.pending(), 0)
  frame.answer = (message) => (message.type === '@w3m-app/RPC_REQUEST' ? { payload: '0x2a' } : undefined)
  const after = transport.request('RPC_REQUEST', { method: 'eth_getBalance', params: [] }, rpcResult)
  manual.advance(499)
  await flush()
  assert.equal(postedTypes(), ['RPC_REQUEST', 'RPC_REQUEST'], 'nothing to the new page within its 500 ms')
  assert.is(reloads, 0)
  manual.advance(1)
  await flush()
  assert.is(await after, '0x2a')
  // An approval the new page may have caught on the way is ended first.
  assert.equal(postedTypes(), ['RPC_REQUEST', 'RPC_REQUEST', 'RPC_ABORT', 'RPC_REQUEST'])
  assert.is(reloads, 1, 'the session is told once, when the new page is ready')
  assert.equal(timeouts, [])
  assert.is(transport.stats.malformed, 0)
})

test('a reload seen by the load event first: what waits rejects at once, what comes waits for the new READY', async () => {
  const transport = client()
  await makeReady()
  frame.load() // the first page's load, after its READY: nothing happens
  const before = transport.request('IS_CONNECTED', undefined, connectedFlag)
  await flush()
  frame.load() // a second load before a second READY: a new page
  assert.instance(await rejection(before), FrameReloadedError)
  frame.answer = () => ({ payload: { isConnected: true } })
  const during = transport.request('IS_CONNECTED', undefined, connectedFlag)
  manual.advance(5000)
  await flush()
  assert.is(frame.posted.length, 1, 'nothing posted to a page that has not said READY')
  // A late answer from the old page, had it come, is not used (its id is gone).
  frame.send({
    type: '@w3m-frame/IS_CONNECTED_SUCCESS',
    id: frame.posted[0]?.message.id,
    payload: { isConnected: false },
  })
  assert.is(transport.stats.malformed, 1)
  await makeReady()
  assert.is(await during, true)
  assert.is(reloads, 1)
  // No RPC request was lost to the reload: no RPC_ABORT.
  assert.equal(postedTypes(), ['IS_CONNECTED', 'IS_CONNECTED'])
})

test('a reload before the first page was ready: requests wait for the new page, nothing is lost', async () => {
  const transport = client()
  frame.answer = () => ({ payload: { isConnected: true } })
  const waiting = transport.request('IS_CONNECTED', undefined, connectedFlag)
  frame.ready()
  manual.advance(200)
  frame.load()
  frame.load() // the page reloaded before its 500 ms had passed
  manual.advance(500)
  await flush()
  assert.is(frame.posted.length, 0, 'the old page had not settled; the new one has not said READY')
  await makeReady()
  assert.is(await waiting, true)
})

test('a reloaded page that never says READY: iframe_load_failed after 20 s, for what waits and what comes', async () => {
  const transport = client()
  await makeReady()
  frame.load()
  frame.load()
  const waiting = transport.request('IS_CONNECTED', undefined, connectedFlag)
  manual.advance(19_999)
  await flush()
  assert.equal(timeouts, [])
  manual.advance(1)
  assert.is((await rejection(waiting)).reason, 'iframe_load_failed')
  assert.equal(timeouts, ['iframe_load_failed'])
  assert.instance(await rejection(transport.request('GET_USER', {}, frameUser)), FrameTimeoutError)
  assert.is(reloads, 0)
})

test('READY from a stranger is not a reload: nothing pending is touched', async () => {
  const transport = client()
  await makeReady()
  const waiting = transport.request('IS_CONNECTED', undefined, connectedFlag)
  await flush()
  frame.send({ type: '@w3m-frame/READY', payload: {} }, { source: stranger })
  frame.send({ type: '@w3m-frame/READY', payload: {} }, { origin: 'https://evil.example' })
  assert.is(transport.pending(), 1)
  frame.send({
    type: '@w3m-frame/IS_CONNECTED_SUCCESS',
    id: frame.posted[0]?.message.id,
    payload: { isConnected: true },
  })
  assert.is(await waiting, true)
  assert.is(transport.stats.dropped, 2)
})

test.run()
