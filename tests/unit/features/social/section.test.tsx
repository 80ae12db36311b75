// The social section of the Connect view and the ConnectSocials view in the real modal (happy-dom):
// shown only once the project's config has arrived, in the configured method order; the
// providers in the configured order (local option, or the remote list over it), the first as a
// wide button, then a row of icons, and "More social logins" only when the row has no room for
// the rest; inside a Telegram mini app on iOS, no Google.
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { initCore } from '../../../../src/core/config/appkit-state'
import { applyRemoteFeatures } from '../../../../src/core/config/features'
import { validateOptions } from '../../../../src/core/config/options'
import { DEFAULT_SOCIALS } from '../../../../src/core/constants'
import { closeModal } from '../../../../src/core/modal/modal'
import { routerState } from '../../../../src/core/modal/router'
import type { SocialProvider } from '../../../../src/core/types'
import { localhost } from '../../../helpers/networks'
import {
  button,
  findButton,
  installModal,
  modalShadow,
  nameOf,
  openAt,
  settle,
  title,
  waitFor,
} from '../../helpers/views'
import { resetAllState } from '../../helpers/reset'

const scope = window as unknown as Record<string, unknown>
const desktopAgent = navigator.userAgent
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

function setup(features: Record<string, unknown>) {
  // No project id: the remote config stays off the network; the tests apply it themselves.
  initCore(validateOptions({ projectId: '', networks: [localhost], features: { analytics: false, ...features } }))
}

test.before.each(installModal)
test.after.each(async () => {
  delete scope['Telegram']
  delete scope['TelegramWebviewProxy']
  Object.defineProperty(navigator, 'userAgent', { value: desktopAgent, configurable: true })
  await resetAllState()
})

const sections = () =>
  Array.from(modalShadow().querySelectorAll('section[data-method]')).map((section) =>
    section.getAttribute('data-method'),
  )

const socialSection = () => modalShadow().querySelector<HTMLElement>('section[data-method="social"]')

/** The section's buttons by accessible name, in order: the wide one first, then the row. */
function socialButtons(): string[] {
  return Array.from(socialSection()?.querySelectorAll('button') ?? []).map(nameOf)
}

/** Opens Connect with `socials` as the project's list, once its config has arrived. */
async function openWith(socials: readonly SocialProvider[]) {
  setup({ email: false, socials })
  applyRemoteFeatures({})
  await openAt('Connect')
  await waitFor(() => socialSection())
}

test('the social section waits for the project config, then shows in the configured method order', async () => {
  // Once shown, the section's chunk is loaded: from then on it would render at once if enabled,
  // so its absence below is the config's doing, not a chunk still on its way.
  setup({ email: false })
  applyRemoteFeatures({})
  await openAt('Connect')
  await waitFor(() => socialSection())
  assert.equal(sections(), ['social', 'wallet'])
  closeModal()
  await settle()

  // A new page: the section's chunk stays loaded, the project config has not arrived.
  await resetAllState()
  installModal()
  setup({ email: false })
  await openAt('Connect')
  await settle(20)
  assert.equal(sections(), ['wallet'], 'local default only: no social code fetched before the config says so')
  applyRemoteFeatures({})
  await waitFor(() => socialSection())
  assert.equal(sections(), ['social', 'wallet'])
  closeModal()
  await settle()

  setup({ connectMethodsOrder: ['wallet', 'social', 'email'] })
  applyRemoteFeatures({ email: true })
  await openAt('Connect')
  await waitFor(() => sections().length === 3)
  assert.equal(sections(), ['wallet', 'social', 'email'])
  applyRemoteFeatures({ email: true, socials: false })
  await waitFor(() => !socialSection())
  assert.equal(sections(), ['wallet', 'email'], 'the project turned socials off')
})

test('the section is labelled, the logos are hidden from screen readers', async () => {
  await openWith(DEFAULT_SOCIALS)
  const section = socialSection()!
  assert.is(section.getAttribute('aria-label'), 'Continue with a social account')
  const logos = Array.from(section.querySelectorAll('svg'))
  assert.ok(logos.length >= 4)
  assert.ok(logos.every((logo) => logo.getAttribute('aria-hidden') === 'true'))
  assert.is(section.querySelectorAll('img').length, 0, 'no image request')
})

test('7 providers: Google wide, three icons, then "More social logins"', async () => {
  await openWith(DEFAULT_SOCIALS)
  assert.equal(socialButtons(), [
    'Continue with Google',
    'Continue with X',
    'Continue with Farcaster',
    'Continue with Discord',
    'More social logins',
  ])
})

test('6 providers still need "More"; 5 fit exactly without it', async () => {
  await openWith(DEFAULT_SOCIALS.slice(0, 6))
  assert.equal(socialButtons().at(-1), 'More social logins')
  assert.is(socialButtons().length, 5)
  closeModal()
  await settle()
  await openWith(DEFAULT_SOCIALS.slice(0, 5))
  assert.equal(socialButtons(), [
    'Continue with Google',
    'Continue with X',
    'Continue with Farcaster',
    'Continue with Discord',
    'Continue with Apple',
  ])
})

test('2 providers: one wide, one icon', async () => {
  await openWith(['google', 'github'])
  assert.equal(socialButtons(), ['Continue with Google', 'Continue with GitHub'])
})

test("the local option's order is followed, and the remote list replaces it once fetched", async () => {
  setup({ email: false, socials: ['github', 'facebook', 'x'] })
  applyRemoteFeatures({})
  await openAt('Connect')
  await waitFor(() => socialSection())
  assert.equal(socialButtons(), ['Continue with GitHub', 'Continue with Facebook', 'Continue with X'])
  applyRemoteFeatures({ socials: ['discord', 'apple', 'google'] })
  await waitFor(() => socialButtons()[0] === 'Continue with Discord')
  assert.equal(socialButtons(), ['Continue with Discord', 'Continue with Apple', 'Continue with Google'])
})

test('inside a Telegram mini app on iOS Google is not offered; the next provider takes its place', async () => {
  Object.defineProperty(navigator, 'userAgent', { value: IPHONE, configurable: true })
  scope['Telegram'] = { WebApp: {} }
  await openWith(DEFAULT_SOCIALS)
  assert.equal(
    socialButtons(),
    [
      'Continue with X',
      'Continue with Farcaster',
      'Continue with Discord',
      'Continue with Apple',
      'Continue with GitHub',
      'Continue with Facebook',
    ]
      .slice(0, 4)
      .concat('More social logins'),
  )
  button('More social logins').click()
  await waitFor(() => title() === 'All socials')
  await waitFor(() => findButton('Facebook'))
  const names = Array.from(modalShadow().querySelectorAll('ul[aria-label="Social logins"] button')).map(nameOf)
  assert.equal(names, ['X', 'Farcaster', 'Discord', 'Apple', 'GitHub', 'Facebook'])
})

test('inside a Telegram mini app on Android with only X and Facebook allowed, no social section at all', async () => {
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
  Object.defineProperty(navigator, 'userAgent', { value: ANDROID, configurable: true })
  scope['TelegramWebviewProxy'] = {}
  setup({ email: false, socials: ['x', 'facebook'] })
  applyRemoteFeatures({})
  await openAt('Connect')
  // The section's chunk loaded in the first test: it renders at once, here as nothing.
  await waitFor(() => sections().includes('wallet'))
  await settle(20)
  assert.equal(sections(), ['wallet'])
})

test('"More social logins" opens ConnectSocials, whose grid lists every provider with its name', async () => {
  await openWith(DEFAULT_SOCIALS)
  button('More social logins').click()
  await waitFor(() => title() === 'All socials')
  assert.equal(routerState.history.value.at(-1), { view: 'ConnectSocials' })
  await waitFor(() => findButton('Google'))
  const grid = modalShadow().querySelector('ul[aria-label="Social logins"]')!
  assert.equal(Array.from(grid.querySelectorAll('button')).map(nameOf), [
    'Google',
    'X',
    'Farcaster',
    'Discord',
    'Apple',
    'GitHub',
    'Facebook',
  ])
  assert.is(grid.querySelectorAll('svg[aria-hidden="true"]').length, 7, 'a logo for each')
})

test.run()
