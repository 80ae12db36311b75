// Event batches as a page sends them: through navigator.sendBeacon (happy-dom's posts for real) to a
// local pulse service, when the page is hidden or unloaded; an error report goes alone to /e.
import '../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createManualClock, setClock } from '../../../src/lib/clock'
import { sendPulseItem } from '../../../src/core/pulse-batch'
import { sendJson, startServer, type TestServer } from '../helpers/server'
import { waitFor } from '../../helpers/async'
import { resetAllState } from '../helpers/reset'

let server: TestServer
let restoreClock = () => {}
const params = { projectId: 'test-project', st: 'appkit', sv: '1.0.0' }

test.before(async () => {
  server = await startServer((request, response) => {
    // The page is on another origin, as with the hosted pulse service (happy-dom asks first).
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', '*')
    if (request.method === 'OPTIONS') return response.writeHead(204).end()
    sendJson(response, 200, {})
  })
})
test.after(() => server.close())
test.before.each(async () => {
  await resetAllState()
  server.requests.length = 0
  restoreClock = setClock(createManualClock(1_000_000))
})
test.after.each(() => restoreClock())

const event = (name: string) => ({
  eventId: name,
  url: 'http://localhost:5173/',
  timestamp: 1,
  props: { type: 'track', event: name },
})
const posted = () => server.requests.filter((request) => request.method === 'POST')
const batches = () => posted().filter((request) => request.path === '/batch')

test('the page turning hidden sends the pending events as one beacon', async () => {
  await sendPulseItem(server.url, params, event('MODAL_OPEN'))
  await sendPulseItem(server.url, params, event('MODAL_CLOSE'))
  assert.is(posted().length, 0, 'held for the batch')
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  await waitFor(() => batches().length === 1)
  const [batch] = batches()
  assert.is(batch?.method, 'POST')
  assert.is(batch?.query.get('projectId'), 'test-project')
  assert.equal(
    (batch?.json as { props: { event: string } }[]).map((item) => item.props.event),
    ['MODAL_OPEN', 'MODAL_CLOSE'],
  )
})

test('pagehide sends what is pending; nothing is sent twice or when nothing is pending', async () => {
  await sendPulseItem(server.url, params, event('CONNECT_SUCCESS'))
  dispatchEvent(new Event('pagehide'))
  dispatchEvent(new Event('pagehide'))
  await waitFor(() => batches().length === 1)
  await new Promise((resolve) => setTimeout(resolve, 50))
  assert.is(batches().length, 1)
})

test('an error report goes alone to /e at once, with an ISO timestamp', async () => {
  await sendPulseItem(server.url, params, {
    eventId: 'e1',
    url: 'http://localhost:5173/',
    timestamp: 1_000_000,
    props: { type: 'error', event: 'iframe_load_failed' },
  })
  const [report] = posted()
  assert.is(report?.path, '/e')
  assert.is((report?.json as { timestamp: string }).timestamp, new Date(1_000_000).toISOString())
  assert.is(batches().length, 0)
})

test.run()
