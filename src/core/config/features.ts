/**
 * Feature switches. Local options set the starting values; remote project configuration, once
 * fetched, overrides the remote-controlled features (SPEC §1). When the dapp had set one of those
 * differently, {@link featuresNotice} carries "Local configuration ignored" for the UI to show.
 */
import { batch, computed, signal } from '@preact/signals-core'
import type { ReadonlySignal, Signal } from '@preact/signals-core'
import { BASIC_MODE_DISABLED, DEFAULT_FEATURES, DEFAULT_REMOTE_SOCIALS, DEFAULT_SOCIALS } from '../constants'
import type { ResolvedFeatures, SocialProvider } from '../types'
import { isRecord, isStringArray } from '../../lib/validate'

/** Notice shown when remote configuration overrode a local feature setting (SPEC text). */
export const LOCAL_CONFIG_IGNORED_NOTICE = 'Local configuration ignored'

/** Features that remote configuration controls. */
export type RemoteFeatures = Partial<
  Pick<
    ResolvedFeatures,
    'email' | 'socials' | 'swaps' | 'swapProviders' | 'onramp' | 'onrampProviders' | 'history' | 'branding'
  >
>

/** Local features: defaults, the dapp's options and basic mode. */
export const localFeatures: Signal<ResolvedFeatures> = signal({ ...DEFAULT_FEATURES })

const localOverrides: Signal<Partial<ResolvedFeatures>> = signal({})
const basicMode: Signal<boolean> = signal(false)

/** Remote features once fetched (undefined before, or when the fetch failed). */
export const remoteFeatures: Signal<RemoteFeatures | undefined> = signal(undefined)

// Set from the analytics-config call; an error there turns analytics off.
const analyticsAllowed: Signal<boolean> = signal(true)

function remoteInEffect(): RemoteFeatures {
  const remote = { ...remoteFeatures.value }
  // Basic mode is an explicit choice of a minimal modal; remote config must not switch those back on.
  if (basicMode.value) for (const key of BASIC_MODE_DISABLED) delete remote[key]
  return remote
}

/** The features in effect: local settings, overridden by remote configuration. */
export const featuresState: ReadonlySignal<ResolvedFeatures> = computed(() => {
  const merged = { ...localFeatures.value, ...remoteInEffect() }
  return { ...merged, analytics: merged.analytics && analyticsAllowed.value }
})

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** "Local configuration ignored" when remote configuration overrode a feature the dapp set; else undefined. */
export const featuresNotice: ReadonlySignal<string | undefined> = computed(() => {
  if (!remoteFeatures.value) return undefined
  const remote = remoteInEffect()
  const overrides = localOverrides.value
  const ignored = (Object.keys(remote) as (keyof RemoteFeatures)[]).some(
    (key) => key in overrides && !sameValue(remote[key], overrides[key]),
  )
  return ignored ? LOCAL_CONFIG_IGNORED_NOTICE : undefined
})

/**
 * Installs the local features from resolved options (done by `initCore`).
 *
 * @example
 * ```ts
 * setLocalFeatures(validateOptions(options))
 * ```
 */
export function setLocalFeatures(resolved: {
  features: ResolvedFeatures
  featureOverrides: Partial<ResolvedFeatures>
  basic: boolean
}): void {
  batch(() => {
    localFeatures.value = { ...resolved.features }
    localOverrides.value = { ...resolved.featureOverrides }
    basicMode.value = resolved.basic
  })
}

/**
 * Applies fetched remote features over the local ones.
 *
 * @example
 * ```ts
 * const remote = parseRemoteFeatures(await response.json())
 * if (remote) applyRemoteFeatures(remote)
 * ```
 */
export function applyRemoteFeatures(remote: RemoteFeatures): void {
  remoteFeatures.value = { ...remote }
}

/**
 * Records the project's analytics setting; `false` turns analytics off whatever the local option.
 *
 * @example
 * ```ts
 * setRemoteAnalyticsEnabled(false)
 * ```
 */
export function setRemoteAnalyticsEnabled(enabled: boolean): void {
  analyticsAllowed.value = enabled
}

function providerList(config: unknown): string[] {
  // SPEC: a providers list must be an array of strings, otherwise it is empty.
  return isStringArray(config) ? [...new Set(config)] : []
}

function socialList(config: unknown): SocialProvider[] {
  if (!Array.isArray(config)) return [...DEFAULT_REMOTE_SOCIALS]
  return [
    ...new Set(config.filter((item): item is SocialProvider => (DEFAULT_SOCIALS as readonly unknown[]).includes(item))),
  ]
}

/**
 * Validates the wallet API's config response, `{ features: [{ id, isEnabled, config }] }`.
 * Items that are malformed or have an unknown id are dropped; the first item of an id wins.
 * Known ids: `email`, `social_login` (config: provider list), `swaps` and `onramp` (config:
 * provider list; no provider means off), `activity`, `reown_branding`.
 *
 * @returns the remote features, or `undefined` when the response itself is not of that shape.
 * @example
 * ```ts
 * parseRemoteFeatures({ features: [{ id: 'activity', isEnabled: false, config: null }] })
 * // { history: false }
 * ```
 */
export function parseRemoteFeatures(json: unknown): RemoteFeatures | undefined {
  if (!isRecord(json) || !Array.isArray(json['features'])) return undefined
  const remote: RemoteFeatures = {}
  const seen = new Set<string>()
  for (const item of json['features']) {
    if (!isRecord(item) || typeof item['id'] !== 'string' || typeof item['isEnabled'] !== 'boolean') continue
    const { id, isEnabled, config } = item as { id: string; isEnabled: boolean; config: unknown }
    if (seen.has(id)) continue
    seen.add(id)
    switch (id) {
      case 'email':
        remote.email = isEnabled
        break
      case 'social_login': {
        const socials = isEnabled ? socialList(config) : []
        remote.socials = socials.length > 0 ? socials : false
        break
      }
      case 'swaps':
        remote.swapProviders = isEnabled ? providerList(config) : []
        remote.swaps = remote.swapProviders.length > 0
        break
      case 'onramp':
        remote.onrampProviders = isEnabled ? providerList(config) : []
        remote.onramp = remote.onrampProviders.length > 0
        break
      case 'activity':
        remote.history = isEnabled
        break
      case 'reown_branding':
        remote.branding = isEnabled
        break
      default:
        seen.delete(id)
    }
  }
  return remote
}

/** @internal Back to defaults (tests, full teardown). */
export function resetFeatures(): void {
  batch(() => {
    localFeatures.value = { ...DEFAULT_FEATURES }
    localOverrides.value = {}
    basicMode.value = false
    remoteFeatures.value = undefined
    analyticsAllowed.value = true
  })
}
