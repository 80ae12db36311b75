// The blockchain API's gate (SPEC §7, HOSTED-API §4.1): GET /v1/supported-chains asked lazily,
// once per host and project, kept while non-empty; a failure gives an empty list and is asked
// again by the next gated call; a malformed answer counts as a failure.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { clearSupportedChains, parseSupportedChains, supportedChains } from '../../../src/api/supported-chains'
import { InvalidResponseError } from '../../../src/api/errors'
import { SDK_TYPE, SDK_VERSION } from '../../../src/core/constants'
import type { HttpClient, HttpRequest } from '../../../src/core/lib/http'
import { MALFORMED_BODIES } from '../../../demo/sandbox/api-faults.mjs'

/** An HTTP client that answers each GET with the next of `answers` (an Error rejects). */
function httpAnswering(...answers: unknown[]): HttpClient & { asked: HttpRequest[] } {
  const asked: HttpRequest[] = []
  const client = {
    asked,
    async get(request: HttpRequest) {
      asked.push(request)
      const answer = answers.shift()
      if (answer instanceof Error) throw answer
      return answer
    },
  }
  return client as unknown as HttpClient & { asked: HttpRequest[] }
}

const config = (http: HttpClient, projectId = 'p1') => ({ baseUrl: 'http://api.test', projectId, http })

test.after.each(clearSupportedChains)

test('asked once with projectId, st and sv, then kept', async () => {
  const http = httpAnswering({ http: ['eip155:1', 'eip155:10'], ws: ['eip155:1'] })
  const [first, second] = await Promise.all([supportedChains(config(http)), supportedChains(config(http))])
  assert.equal(first, { http: ['eip155:1', 'eip155:10'], ws: ['eip155:1'] })
  assert.equal(second, first)
  assert.equal(await supportedChains(config(http)), first)
  assert.is(http.asked.length, 1)
  assert.is(http.asked[0]?.path, '/v1/supported-chains')
  assert.equal(http.asked[0]?.params, { projectId: 'p1', st: SDK_TYPE, sv: SDK_VERSION })
})

test('a failure or a malformed answer is an empty list, and the next call asks again', async () => {
  const http = httpAnswering(new Error('HTTP status code: 500'), MALFORMED_BODIES['supportedChains'], {
    http: ['eip155:1'],
  })
  assert.equal(await supportedChains(config(http)), { http: [], ws: [] })
  assert.equal(await supportedChains(config(http)), { http: [], ws: [] })
  assert.equal(await supportedChains(config(http)), { http: ['eip155:1'], ws: [] })
  assert.equal(await supportedChains(config(http)), { http: ['eip155:1'], ws: [] })
  assert.is(http.asked.length, 3)
})

test('an empty list is not kept; another project has its own list', async () => {
  const http = httpAnswering({ http: [], ws: [] }, { http: ['eip155:1'] }, { http: ['eip155:8453'] })
  assert.equal((await supportedChains(config(http))).http, [])
  assert.equal((await supportedChains(config(http))).http, ['eip155:1'])
  assert.equal((await supportedChains(config(http, 'p2'))).http, ['eip155:8453'])
  assert.equal((await supportedChains(config(http))).http, ['eip155:1'])
})

test('answers are checked', () => {
  assert.equal(parseSupportedChains({ http: ['eip155:1'] }), { http: ['eip155:1'], ws: [] })
  assert.throws(
    () => parseSupportedChains({ http: 'oops' }),
    (error: unknown) => error instanceof InvalidResponseError,
  )
  assert.throws(
    () => parseSupportedChains({ http: [1] }),
    (error: unknown) => error instanceof InvalidResponseError,
  )
})

test.run()
