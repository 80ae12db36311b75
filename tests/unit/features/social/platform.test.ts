// Which social logins are offered where: inside a Telegram mini app some providers cannot sign in
// on some systems (AppKit's rules); everywhere else the project's list is kept as it is.
import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_SOCIALS } from '../../../../src/core/constants'
import { detectPlatform, socialsForPlatform } from '../../../../src/features/social/platform'

const all = DEFAULT_SOCIALS

const AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
}

const original = { userAgent: navigator.userAgent, platform: navigator.platform, touch: navigator.maxTouchPoints }
const scope = window as unknown as Record<string, unknown>

function browser(agent: string, { platform = '', touch = 0 } = {}) {
  Object.defineProperty(navigator, 'userAgent', { value: agent, configurable: true })
  Object.defineProperty(navigator, 'platform', { value: platform, configurable: true })
  Object.defineProperty(navigator, 'maxTouchPoints', { value: touch, configurable: true })
}

test.after.each(() => {
  browser(original.userAgent, { platform: original.platform, touch: original.touch })
  delete scope['Telegram']
  delete scope['TelegramWebviewProxy']
})

test('inside Telegram: iOS drops google, macOS drops x, Android drops facebook and x', () => {
  assert.equal(socialsForPlatform(all, { telegram: true, os: 'ios' }), [
    'x',
    'farcaster',
    'discord',
    'apple',
    'github',
    'facebook',
  ])
  assert.equal(socialsForPlatform(all, { telegram: true, os: 'macos' }), [
    'google',
    'farcaster',
    'discord',
    'apple',
    'github',
    'facebook',
  ])
  assert.equal(socialsForPlatform(all, { telegram: true, os: 'android' }), [
    'google',
    'farcaster',
    'discord',
    'apple',
    'github',
  ])
  assert.equal(socialsForPlatform(all, { telegram: true, os: 'other' }), [...all], 'Telegram Desktop and Web keep all')
})

test('outside Telegram nothing is filtered, on any system', () => {
  for (const os of ['ios', 'macos', 'android', 'other'] as const)
    assert.equal(socialsForPlatform(all, { telegram: false, os }), [...all], os)
})

test("the project's order is kept, and a list with only blocked providers becomes empty", () => {
  assert.equal(socialsForPlatform(['github', 'x', 'google', 'discord'], { telegram: true, os: 'ios' }), [
    'github',
    'x',
    'discord',
  ])
  assert.equal(socialsForPlatform(['x', 'facebook'], { telegram: true, os: 'android' }), [])
})

test('the platform: the system from the user agent (an iPad asking for the desktop page is iOS)', () => {
  browser(AGENTS.iphone)
  assert.equal(detectPlatform(), { telegram: false, os: 'ios' })
  browser(AGENTS.android)
  assert.equal(detectPlatform(), { telegram: false, os: 'android' })
  browser(AGENTS.mac, { platform: 'MacIntel' })
  assert.equal(detectPlatform(), { telegram: false, os: 'macos' })
  browser(AGENTS.mac, { platform: 'MacIntel', touch: 5 })
  assert.equal(detectPlatform(), { telegram: false, os: 'ios' })
  browser(AGENTS.windows)
  assert.equal(detectPlatform(), { telegram: false, os: 'other' })
})

test("the platform: a Telegram mini app by Telegram.WebApp or Telegram's webview proxy, read when asked", () => {
  browser(AGENTS.android)
  // Telegram's script may run after SigKit loaded: each call looks again.
  scope['Telegram'] = {}
  assert.is(detectPlatform().telegram, false, 'a Telegram object without WebApp is not a mini app')
  scope['Telegram'] = { WebApp: {} }
  assert.equal(detectPlatform(), { telegram: true, os: 'android' })
  delete scope['Telegram']
  scope['TelegramWebviewProxy'] = { postEvent() {} }
  assert.equal(detectPlatform(), { telegram: true, os: 'android' })
})

test.run()
