import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ALERTS, alertState } from '../../../../src/core/modal/alerts'
import { initCore } from '../../../../src/core/config/appkit-state'
import { SDK_TYPE, SDK_VERSION } from '../../../../src/core/constants'
import { featuresNotice, featuresState } from '../../../../src/core/config/features'
import { validateOptions } from '../../../../src/core/config/options'
import { isOriginAllowed, loadRemoteConfig } from '../../../../src/core/config/remote-config'
import { validInput } from '../../helpers/fixtures'
import { sendJson, startServer } from '../../helpers/server'
import type { TestServer } from '../../helpers/server'
import { resetAllState } from '../../helpers/reset'

interface Api {
  config: { status: number; body: unknown }
  analytics: { status: number; body: unknown }
  origins: { status: number; body: unknown }
}

let api: Api
let server: TestServer
const sleeps: number[] = []
const noSleep = async (ms: number) => {
  sleeps.push(ms)
}
const silentWarn = console.warn

test.before(async () => {
  console.warn = () => undefined
  server = await startServer((req, res) => {
    const route = {
      '/appkit/v1/config': api.config,
      '/getAnalyticsConfig': api.analytics,
      '/projects/v1/origins': api.origins,
    }[req.path]
    if (!route) return sendJson(res, 404, { error: 'not found' })
    sendJson(res, route.status, route.body)
  })
})

test.after(async () => {
  console.warn = silentWarn
  await server.close()
})

test.before.each(async () => {
  await resetAllState()
  server.requests.length = 0
  sleeps.length = 0
  api = {
    config: { status: 200, body: { features: [] } },
    analytics: { status: 200, body: { isAnalyticsEnabled: true } },
    origins: { status: 200, body: { allowedOrigins: ['https://app.example'] } },
  }
})

function init(extra: Record<string, unknown> = {}): void {
  initCore(validateOptions(validInput({ endpoints: { walletApi: server.url }, ...extra })))
}

const requestsTo = (path: string) => server.requests.filter((r) => r.path === path)

test('remote features are applied and every call carries projectId, st and sv', async () => {
  init({ features: { email: true } })
  api.config.body = {
    features: [
      { id: 'email', isEnabled: false, config: null },
      { id: 'activity', isEnabled: false, config: null },
    ],
  }
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(featuresState.value.email, false)
  assert.is(featuresState.value.history, false)
  assert.is(featuresNotice.value, 'Local configuration ignored')
  const [configRequest] = requestsTo('/appkit/v1/config')
  assert.is(configRequest?.query.get('projectId'), 'test-project')
  assert.is(configRequest?.query.get('st'), SDK_TYPE)
  assert.is(configRequest?.query.get('sv'), SDK_VERSION)
  assert.is(requestsTo('/getAnalyticsConfig')[0]?.query.get('projectId'), 'test-project')
})

test('a failing config call is retried 3 times (1 s, 2 s) and local settings stand', async () => {
  init({ features: { swaps: false } })
  api.config = { status: 500, body: { error: 'boom' } }
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(requestsTo('/appkit/v1/config').length, 3)
  assert.equal(sleeps, [1000, 2000])
  assert.is(featuresState.value.swaps, false)
  assert.is(featuresState.value.email, true)
  assert.is(featuresNotice.value, undefined)
})

test('a malformed config response keeps local settings', async () => {
  init({ features: { history: false } })
  api.config.body = { features: 'everything' }
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(featuresState.value.history, false)
  assert.is(featuresNotice.value, undefined)
})

test('an analytics config error disables analytics', async () => {
  init()
  api.analytics = { status: 500, body: {} }
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(featuresState.value.analytics, false)
})

test('analytics stays on when the project allows it, and goes off when it does not', async () => {
  init()
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(featuresState.value.analytics, true)
  await resetAllState() // the next page load asks again
  init()
  api.analytics.body = { isAnalyticsEnabled: false }
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(featuresState.value.analytics, false)
})

test('page origin outside the allowed origins raises the invalid-app-configuration alert', async () => {
  init()
  await loadRemoteConfig({ origin: 'https://phishing.example', sleep: noSleep })
  assert.is(alertState.open.value, true)
  assert.is(alertState.code.value, ALERTS.INVALID_APP_CONFIGURATION.code)
  assert.is(alertState.message.value, ALERTS.INVALID_APP_CONFIGURATION.shortMessage)
})

test('an allowed origin raises no alert', async () => {
  init()
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(requestsTo('/projects/v1/origins').length, 1)
  assert.is(alertState.open.value, false)
})

test('an origins error counts as an empty list (alert), localhost excepted', async () => {
  init()
  api.origins = { status: 403, body: {} }
  await loadRemoteConfig({ origin: 'http://localhost:3000', sleep: noSleep })
  assert.is(alertState.open.value, false)
  await resetAllState() // the next page load asks again
  init()
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(alertState.code.value, ALERTS.INVALID_APP_CONFIGURATION.code)
})

test('origins are not checked when email and socials are off', async () => {
  init({ features: { email: false, socials: false } })
  await loadRemoteConfig({ origin: 'https://phishing.example', sleep: noSleep })
  assert.is(requestsTo('/projects/v1/origins').length, 0)
  assert.is(alertState.open.value, false)
})

test('configuration is fetched once however often it is requested', async () => {
  init()
  await Promise.all([loadRemoteConfig({ sleep: noSleep }), loadRemoteConfig({ sleep: noSleep })])
  await loadRemoteConfig({ sleep: noSleep })
  assert.is(requestsTo('/appkit/v1/config').length, 1)
  assert.is(requestsTo('/getAnalyticsConfig').length, 1)
})

test('nothing is fetched without a project id', async () => {
  init({ projectId: '' })
  await loadRemoteConfig({ origin: 'https://app.example', sleep: noSleep })
  assert.is(server.requests.length, 0)
})

test('isOriginAllowed understands wildcards and scheme-less entries', () => {
  assert.ok(isOriginAllowed('https://app.example.com', ['https://*.example.com']))
  assert.ok(isOriginAllowed('https://app.example.com', ['*.example.com']))
  assert.ok(isOriginAllowed('https://app.example.com', ['https://app.example.com/']))
  assert.not.ok(isOriginAllowed('https://example.com.evil.io', ['*.example.com']))
  assert.not.ok(isOriginAllowed('http://app.example.com', ['https://app.example.com']))
  assert.ok(isOriginAllowed('http://127.0.0.1:5173', []))
})

test.run()
