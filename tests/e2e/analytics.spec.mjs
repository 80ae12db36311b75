// Analytics consent end to end: tracked events wait for the project's analytics setting (GET
// /getAnalyticsConfig, asked on first open), so a project with analytics off gets no event at all.
// The sandbox's API emulator answers `isAnalyticsEnabled: false` and logs what reaches the pulse
// service (its POST /e route, named `errors`, and POST /batch, named `events`).
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
    await page.goto('about:blank')
    expect(await api.requestCount('events'), 'not even when the page goes away').toBe(0)
    expect(log.errors, 'uncaught errors on the page').toEqual([])
  } finally {
    await api.clearFaults()
  }
})

test('analytics on: the tracked events reach the pulse service as one batch when the page goes away', async ({
  page,
  request,
}) => {
  const config = await sandboxConfig(request)
  const api = config.apiUrl
  await request.post(`${api}/__sandbox/analytics`, { data: { enabled: true } })
  await request.delete(`${api}/__sandbox/events`)
  try {
    const log = await openDapp(page)
    const pageUrl = page.url()
    await page.locator('appkit-button').click()
    await expect(modal(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    // Batched, not sent one by one: nothing yet, then the page leaving sends them with a beacon.
    await page.waitForLoadState('networkidle')
    expect((await (await request.get(`${api}/__sandbox/events`)).json()).batches).toEqual([])
    expect(log.errors, 'uncaught errors on the page').toEqual([])
    await page.goto('about:blank')
    await expect.poll(async () => (await (await request.get(`${api}/__sandbox/events`)).json()).batches.length).toBe(1)
    const [batch] = (await (await request.get(`${api}/__sandbox/events`)).json()).batches
    expect(batch.url).toContain('projectId=')
    expect(batch.items.map((item) => item.props.event)).toEqual(expect.arrayContaining(['MODAL_OPEN', 'MODAL_CLOSE']))
    for (const item of batch.items) {
      expect(item.eventId).toMatch(/^[0-9a-f-]{36}$/)
      expect(item.url).toBe(pageUrl)
    }
  } finally {
    await request.post(`${api}/__sandbox/analytics`, { data: { enabled: false } })
  }
})
