import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ALERTS, alertState, hideAlert, showAlert } from '../../../../src/core/modal/alerts'
import { resetAllState } from '../../helpers/reset'

const silentWarn = console.warn
let warnings: string[] = []
test.before.each(async () => {
  await resetAllState()
  warnings = []
  console.warn = (message: string) => warnings.push(message)
})
test.after.each(() => {
  console.warn = silentWarn
})

test('showAlert opens the alert with its short message and logs how to fix it', () => {
  assert.is(showAlert(ALERTS.PROJECT_ID_NOT_CONFIGURED), true)
  assert.is(alertState.open.value, true)
  assert.is(alertState.message.value, ALERTS.PROJECT_ID_NOT_CONFIGURED.shortMessage)
  assert.is(alertState.variant.value, 'error')
  assert.is(warnings.length, 1)
  assert.match(warnings[0] ?? '', ALERTS.PROJECT_ID_NOT_CONFIGURED.longMessage)
})

test('each alert is shown once per page', () => {
  showAlert(ALERTS.INVALID_APP_CONFIGURATION)
  hideAlert()
  assert.is(showAlert(ALERTS.INVALID_APP_CONFIGURATION), false)
  assert.is(alertState.open.value, false)
  assert.is(showAlert(ALERTS.SWITCH_NETWORK_NOT_FOUND, 'warning'), true, 'another code still shows')
  assert.is(alertState.variant.value, 'warning')
  assert.is(warnings.length, 2)
})

test('every alert has a distinct code and both messages', () => {
  const all = Object.values(ALERTS)
  assert.is(new Set(all.map((alert) => alert.code)).size, all.length)
  for (const alert of all) assert.ok(alert.shortMessage && alert.longMessage, alert.code)
})

test.run()
