// Analytics consent end to end: tracked events wait for the project's analytics setting (GET
// /getAnalyticsConfig, asked on first open), so a project with analytics off gets no event at all.
// The sandbox's API emulator answers `isAnalyticsEnabled: false` and logs what reaches the pulse
// service (its POST /e route, named `errors`).
import { emulator, expect, modal, openDapp, sandboxConfig, test } from './helpers.mjs'

test('analytics off for the project: opening and closing the modal send nothing to the pulse service', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const api = await emulator(request, config)
  // The answer comes late, so MODAL_OPEN is tracked well before the page knows the setting.
  await api.setFault('analytics', 'slow', { delayMs: 1500, times: 1 })
  await request.delete(`${config.apiUrl}/__sandbox/requests`)
  try {
    const log = await openDapp(page)
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/getAnalyticsConfig')
    await page.locator('appkit-button').click()
    await expect(modal(page)).toBeVisible()
    expect(await (await answer).json()).toEqual({ isAnalyticsEnabled: false })
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    // Anything held for the answer, and MODAL_CLOSE after it, would be on the wire by now.
    await page.waitForLoadState('networkidle')
    expect(await api.requestCount('analytics'), 'the setting was asked once').toBe(1)
    expect(await api.requestCount('errors'), 'no event reached the pulse service').toBe(0)
    expect(log.errors, 'uncaught errors on the page').toEqual([])
  } finally {
    await api.clearFaults()
  }
})
