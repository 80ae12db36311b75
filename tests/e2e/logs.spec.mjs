// SigKit's log in Chromium (SPEC §9 "Log buffer", "Default log level"): on the CDN page, the project
// configuration route of the API emulator fails, the modal opens on local features, and the log a
// dapp reads for a support report (appKit.getLogs()) holds the failure; a warning also reaches the
// console. Serial: the tests share the emulator's fault switches.
import { emulator, expect, modal, openDapp, sandboxConfig, test } from './helpers.mjs'

test.describe.configure({ mode: 'serial' })

test('a failed project configuration is in appKit.getLogs() and on the console', async ({ page, request }) => {
  const config = await sandboxConfig(request)
  const api = await emulator(request, config)
  const consoleWarnings = []
  page.on('console', (message) => {
    if (message.type() === 'warning') consoleWarnings.push(message.text())
  })
  try {
    await api.setFault('config', '500')
    const log = await openDapp(page, '/cdn.html')
    await page.locator('appkit-button').click()
    await expect(modal(page)).toBeVisible()
    // Three attempts with 1 s and 2 s between them, then the local features apply.
    await expect
      .poll(() => page.evaluate(() => window.appKit.getLogs().join('\n')), { timeout: 15_000 })
      .toMatch(/^\S+Z WARN remote configuration unavailable, the local features apply /m)
    const lines = await page.evaluate(() => window.appKit.getLogs())
    expect(lines.every((line) => /^\d{4}-\d\d-\d\dT[\d:.]+Z (INFO|WARN|ERROR) /.test(line))).toBe(true)
    expect(consoleWarnings.some((text) => text.startsWith('[SigKit] remote configuration unavailable'))).toBe(true)
    expect(log.errors).toEqual([])
  } finally {
    await api.clearFaults()
  }
})
