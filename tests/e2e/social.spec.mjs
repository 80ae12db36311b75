// The social login section in Chromium (issue 15b), on the React demo page and the CDN page
// (Preact): with the project's social_login feature on (the API emulator's switch, all seven
// providers), the Connect view shows the section with Google wide, three icons and "More social
// logins"; More opens All socials with every provider; axe finds no serious violation in either
// view. The login itself (popup, frame) is the flow's, tested with it.
import { expect, modal, openDapp, resetFeatures, sandboxConfig, seriousAxeViolations, test } from './helpers.mjs'

const PROVIDERS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']

async function setSocialFeature(request, isEnabled) {
  const config = await sandboxConfig(request)
  const response = await request.post(`${config.apiUrl}/__sandbox/features`, {
    data: { social_login: { isEnabled, config: isEnabled ? PROVIDERS : [] } },
  })
  expect(response.ok()).toBe(true)
}

test.beforeAll(async ({ request }) => setSocialFeature(request, true))
// The other specs run against the emulator's defaults.
test.afterAll(async ({ request }) => resetFeatures(request))

for (const [build, path] of [
  ['React', '/'],
  ['CDN (Preact)', '/cdn.html'],
]) {
  test(`${build}: the social section, More → All socials, both accessible`, async ({ page }) => {
    const log = await openDapp(page, path)
    await page.locator('appkit-button').click()
    const section = modal(page).getByRole('region', { name: 'Continue with a social account' })
    await expect(section).toBeVisible()
    const buttons = section.getByRole('button')
    await expect(buttons).toHaveCount(5)
    const names = [
      'Continue with Google',
      'Continue with X',
      'Continue with Farcaster',
      'Continue with Discord',
      'More social logins',
    ]
    // Names as the accessibility tree computes them (text for the wide one, aria-label for icons).
    for (const [index, name] of names.entries()) await expect(buttons.nth(index)).toHaveAccessibleName(name)
    expect(await seriousAxeViolations(page)).toEqual([])

    await section.getByRole('button', { name: 'More social logins' }).click()
    await expect(modal(page).getByRole('heading', { name: 'All socials' })).toBeVisible()
    const grid = modal(page).getByRole('list', { name: 'Social logins' })
    await expect(grid.getByRole('button')).toHaveText([
      'Google',
      'X',
      'Farcaster',
      'Discord',
      'Apple',
      'GitHub',
      'Facebook',
    ])
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(log.errors).toEqual([])
  })
}
