import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initCore } from '../../../src/core/config/appkit-state'
import { createManualClock, setClock } from '../../../src/lib/clock'
import type { ManualClock } from '../../../src/lib/clock'
import { SDK_TYPE, SDK_VERSION } from '../../../src/core/constants'
import { eventsState, reportError, sendEvent, subscribeEvents } from '../../../src/core/analytics'
import type { EventRecord } from '../../../src/core/analytics'
import { validateOptions } from '../../../src/core/config/options'
import { loadRemoteConfig } from '../../../src/core/config/remote-config'
import { BATCH_MAX_BYTES } from '../../../src/core/pulse-batch'
import { validInput } from '../helpers/fixtures'
import { sendJson, startServer } from '../helpers/server'
import type { RecordedRequest, TestServer } from '../helpers/server'
import { resetAllState } from '../helpers/reset'

let server: TestServer
let manual: ManualClock
let restoreClock = () => {}
/** The project's analytics setting as the wallet API answers it (a status ≠ 200 is an error). */
let analyticsAnswer: { status: number; body: unknown }

test.before(async () => {
  // One server plays both the wallet API (the project's config) and the pulse service.
  server = await startServer((req, res) => {
    return req.path === '/getAnalyticsConfig'
      ? sendJson(res, analyticsAnswer.status, analyticsAnswer.body)
      : sendJson(res, 200, req.path === '/appkit/v1/config' ? { features: [] } : {})
  })
})
test.after(() => server.close())
test.before.each(async () => {
  await resetAllState()
  server.requests.length = 0
  analyticsAnswer = { status: 200, body: { isAnalyticsEnabled: true } }
  manual = createManualClock(1_000_000)
  restoreClock = setClock(manual)
})
test.after.each(() => restoreClock())

function init(extra: Record<string, unknown> = {}): void {
  initCore(validateOptions(validInput({ endpoints: { pulse: server.url, walletApi: server.url }, ...extra })))
}

/** What reached the pulse service: error reports (`POST /e`) and event batches (`POST /batch`). */
const pulseRequests = (): RecordedRequest[] =>
  server.requests.filter((request) => request.path === '/e' || request.path === '/batch')

/** The events of every batch that reached the pulse service, in order. */
const batchedEvents = () =>
  server.requests
    .filter((request) => request.path === '/batch')
    .flatMap((request) => request.json as { props: { event: string }; timestamp: number; eventId: string }[])

/** Lets queued events reach the batch, then lets the 10 s batch timer go off. */
async function flushBatch(): Promise<void> {
  await settle()
  manual.advance(10_000)
}

async function waitForRequests(count: number): Promise<void> {
  for (let i = 0; i < 200 && pulseRequests().length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5))
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

/** The first open: the project's config, analytics setting included, is fetched. */
async function firstOpen(): Promise<void> {
  await loadRemoteConfig({ origin: 'http://localhost', sleep: async () => undefined })
}

const connectSuccess = { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'qrcode' } } as const

test('subscribers get every event with its timestamp until they unsubscribe', () => {
  const seen: EventRecord[] = []
  const stop = subscribeEvents((record) => seen.push(record))
  sendEvent(connectSuccess)
  manual.advance(10)
  sendEvent({ type: 'track', event: 'MODAL_CLOSE' })
  stop()
  sendEvent({ type: 'track', event: 'MODAL_OPEN' })
  assert.equal(seen, [
    { timestamp: 1_000_000, data: connectSuccess },
    { timestamp: 1_000_010, data: { type: 'track', event: 'MODAL_CLOSE' } },
  ])
})

test('eventsState.last holds the latest event', () => {
  sendEvent({ type: 'track', event: 'MODAL_OPEN' })
  sendEvent(connectSuccess)
  assert.equal(eventsState.last.value, { timestamp: 1_000_000, data: connectSuccess })
})

test('a throwing subscriber does not stop the others or the caller', () => {
  const original = console.error
  console.error = () => undefined
  let reached = false
  subscribeEvents(() => {
    throw new Error('bad listener')
  })
  subscribeEvents(() => {
    reached = true
  })
  assert.not.throws(() => sendEvent(connectSuccess))
  assert.ok(reached)
  console.error = original
})

test('with analytics on for the project, events go to the pulse service in a batch every 10 s', async () => {
  init()
  await firstOpen()
  sendEvent(connectSuccess)
  sendEvent({ type: 'track', event: 'MODAL_CLOSE', properties: { connected: true } })
  await settle()
  manual.advance(9_999)
  await settle()
  assert.is(pulseRequests().length, 0, 'held for the batch')
  manual.advance(1)
  await waitForRequests(1)
  const [request] = pulseRequests()
  assert.is(request?.method, 'POST')
  assert.is(request?.path, '/batch')
  assert.is(request?.query.get('projectId'), 'test-project')
  assert.is(request?.query.get('st'), SDK_TYPE)
  assert.is(request?.query.get('sv'), SDK_VERSION)
  const [first, second] = request?.json as { props: unknown; timestamp: number; eventId: string }[]
  assert.equal(first?.props, connectSuccess)
  assert.is(first?.timestamp, 1_000_000)
  assert.equal(second?.props, { type: 'track', event: 'MODAL_CLOSE', properties: { connected: true } })
  assert.is.not(first?.eventId, second?.eventId)
})

test('a batch leaves at once past 45 KB of events', async () => {
  init()
  await firstOpen()
  const big = 'x'.repeat(BATCH_MAX_BYTES / 4)
  for (let i = 0; i < 5; i++) sendEvent({ type: 'track', event: `BIG_${i}`, properties: { big } })
  await waitForRequests(1)
  assert.equal(
    batchedEvents().map((item) => item.props.event),
    ['BIG_0', 'BIG_1', 'BIG_2', 'BIG_3'],
    'sent as the fourth passed 45 KB, without waiting 10 s',
  )
})

test('with analytics off, nothing leaves the page', async () => {
  init({ features: { analytics: false } })
  await firstOpen()
  sendEvent(connectSuccess)
  assert.is(await reportError(new Error('x'), 'iframe_load_failed'), false)
  await flushBatch()
  await settle()
  assert.is(pulseRequests().length, 0)
  assert.is(eventsState.last.value?.data.event, 'CONNECT_SUCCESS', 'still recorded locally')
})

test('the first MODAL_OPEN waits for the analytics answer: a project with analytics off gets nothing', async () => {
  init()
  analyticsAnswer = { status: 200, body: { isAnalyticsEnabled: false } }
  const seen: string[] = []
  subscribeEvents(({ data }) => seen.push(data.event))
  sendEvent({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } })
  assert.equal(seen, ['MODAL_OPEN'], 'subscribers (useAppKitEvents) get it at once')
  await settle()
  assert.is(pulseRequests().length, 0, 'not sent before the answer')
  await firstOpen()
  sendEvent({ type: 'track', event: 'MODAL_CLOSE', properties: { connected: false } })
  assert.is(await reportError(new Error('x'), 'test'), false)
  await flushBatch()
  await settle()
  assert.is(pulseRequests().length, 0, 'dropped after it')
  assert.equal(seen, ['MODAL_OPEN', 'MODAL_CLOSE'])
})

test('events sent before the answer go once the project allows analytics, with their own time', async () => {
  init()
  sendEvent({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } })
  await settle()
  assert.is(pulseRequests().length, 0, 'held until the answer')
  manual.advance(5000)
  await firstOpen()
  await flushBatch()
  await waitForRequests(1)
  const [body] = batchedEvents()
  assert.is(body?.props.event, 'MODAL_OPEN')
  assert.is(body?.timestamp, 1_000_000, 'the time of the event, not of the answer')
})

test('an analytics-config error counts as analytics off: the held events are dropped', async () => {
  init()
  analyticsAnswer = { status: 500, body: {} }
  sendEvent({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } })
  await firstOpen()
  sendEvent(connectSuccess)
  await flushBatch()
  await settle()
  assert.is(server.requests.filter((request) => request.path === '/getAnalyticsConfig').length, 1)
  assert.is(pulseRequests().length, 0)
})

test('at most 20 events wait for the answer; later ones are dropped', async () => {
  init()
  for (let i = 0; i < 25; i++) sendEvent({ type: 'track', event: `EVENT_${i}` })
  await settle()
  await firstOpen()
  await flushBatch()
  await waitForRequests(1)
  await settle()
  assert.is(pulseRequests().length, 1, 'in one batch')
  const sent = batchedEvents().map((item) => item.props.event)
  assert.equal([...sent].sort(), Array.from({ length: 20 }, (_, i) => `EVENT_${i}`).sort())
})

test('reportError POSTs the documented body to {pulse}/e?projectId&st&sv', async () => {
  init()
  await firstOpen()
  const error = new TypeError('frame timed out')
  assert.is(await reportError(error, 'iframe_request_timeout'), true)
  const [request] = pulseRequests()
  assert.is(request?.path, '/e')
  assert.is(request?.query.get('projectId'), 'test-project')
  assert.is(request?.query.get('st'), SDK_TYPE)
  assert.is(request?.query.get('sv'), SDK_VERSION)
  const body = request?.json as Record<string, any>
  assert.equal(Object.keys(body).sort(), ['domain', 'eventId', 'props', 'timestamp', 'url'])
  assert.match(body.eventId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  assert.is(body.timestamp, new Date(1_000_000).toISOString(), 'ISO, as §8.2 says')
  assert.equal(
    { ...body.props, stackTrace: typeof body.props.stackTrace },
    {
      type: 'error',
      event: 'iframe_request_timeout',
      errorType: 'TypeError',
      errorMessage: 'frame timed out',
      stackTrace: 'string',
    },
  )
  assert.match(body.props.stackTrace, 'frame timed out')
})

test('at most 5 error reports per rolling 60 s', async () => {
  init()
  await firstOpen()
  const results: boolean[] = []
  for (let i = 0; i < 5; i++) {
    results.push(await reportError(new Error(`e${i}`), 'test'))
    manual.advance(1000)
  }
  results.push(await reportError(new Error('e5'), 'test'))
  assert.equal(results, [true, true, true, true, true, false])
  manual.advance(54_999) // first report was 59 999 ms ago: still in the window
  assert.is(await reportError(new Error('e6'), 'test'), false)
  manual.advance(1) // first report leaves the window
  assert.is(await reportError(new Error('e7'), 'test'), true)
  assert.is(await reportError(new Error('e8'), 'test'), false)
  assert.is(pulseRequests().length, 6)
})

test('reportError never throws, even when the service is unreachable', async () => {
  const down = await startServer((_req, res) => sendJson(res, 200, {}))
  const url = down.url
  await down.close()
  initCore(validateOptions(validInput({ endpoints: { pulse: url, walletApi: server.url } })))
  await firstOpen()
  assert.is(await reportError('not even an Error', 'test'), false)
})

test('reportError does nothing before createAppKit or without a project id', async () => {
  assert.is(await reportError(new Error('x'), 'test'), false)
  const original = console.warn
  console.warn = () => undefined
  init({ projectId: '' })
  assert.is(await reportError(new Error('x'), 'test'), false)
  console.warn = original
  assert.is(pulseRequests().length, 0)
})

test.run()
