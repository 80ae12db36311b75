import { isMobile } from '../../lib/device'
import type { SocialProvider } from '../../core/types'

/**
 * Where the page runs, as far as social login cares: inside a Telegram mini app or not, and on
 * which operating system.
 * @internal
 */
export interface SocialPlatform {
  telegram: boolean
  os: 'ios' | 'macos' | 'android' | 'other'
}

/**
 * The providers a Telegram mini app cannot sign in with on each system (AppKit's rules): the
 * provider's page does not open, or does not come back, inside Telegram's webview there.
 */
const TELEGRAM_BLOCKED: Partial<Record<SocialPlatform['os'], readonly SocialProvider[]>> = {
  ios: ['google'],
  macos: ['x'],
  android: ['facebook', 'x'],
}

/**
 * The providers of `list` that work on `platform`, in the same order. Outside Telegram nothing is
 * filtered.
 *
 * @example
 * ```ts
 * socialsForPlatform(['google', 'x'], { telegram: true, os: 'ios' }) // ['x']
 * ```
 * @internal
 */
export function socialsForPlatform(list: readonly SocialProvider[], platform: SocialPlatform): SocialProvider[] {
  const blocked = (platform.telegram && TELEGRAM_BLOCKED[platform.os]) || []
  return list.filter((provider) => !blocked.includes(provider))
}

/**
 * The current page's platform. Called at render time, never at import time: the page may load
 * SigKit before Telegram's script has set `window.Telegram`.
 *
 * @example
 * ```ts
 * socialsForPlatform(featuresState.value.socials || [], detectPlatform())
 * ```
 * @internal
 */
export function detectPlatform(): SocialPlatform {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return { telegram: false, os: 'other' }
  const scope = window as { Telegram?: { WebApp?: unknown }; TelegramWebviewProxy?: unknown }
  const telegram = Boolean(scope.Telegram?.WebApp || scope.TelegramWebviewProxy)
  const agent = navigator.userAgent
  // iPadOS asks for desktop pages and says "Macintosh": isMobile() knows it by its touch points.
  const mac = /Macintosh|Mac OS X/.test(agent)
  const os =
    /iPhone|iPad|iPod/.test(agent) || (mac && isMobile())
      ? 'ios'
      : /Android/.test(agent)
        ? 'android'
        : mac
          ? 'macos'
          : 'other'
  return { telegram, os }
}
