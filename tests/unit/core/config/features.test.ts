import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  LOCAL_CONFIG_IGNORED_NOTICE,
  applyRemoteFeatures,
  featuresNotice,
  featuresState,
  parseRemoteFeatures,
  setLocalFeatures,
  setRemoteAnalyticsEnabled,
} from '../../../../src/core/config/features'
import { validateOptions } from '../../../../src/core/config/options'
import { validInput } from '../../helpers/fixtures'
import { resetAllState } from '../../helpers/reset'

test.before.each(resetAllState)

test('parseRemoteFeatures maps known ids and drops bad or unknown items', () => {
  const remote = parseRemoteFeatures({
    features: [
      { id: 'email', isEnabled: false, config: null },
      { id: 'social_login', isEnabled: true, config: ['github', 'myspace', 'google'] },
      { id: 'swaps', isEnabled: true, config: ['1inch'] },
      { id: 'onramp', isEnabled: true, config: 'meld' },
      { id: 'activity', isEnabled: 'yes', config: null },
      { id: 'activity', isEnabled: false, config: null },
      { id: 'reown_branding', isEnabled: false },
      { id: 'something_new', isEnabled: true, config: null },
      null,
      { isEnabled: true },
    ],
  })
  assert.equal(remote, {
    email: false,
    socials: ['github', 'google'],
    swapProviders: ['1inch'],
    swaps: true,
    // SPEC: a providers list that is not an array of strings is empty; without a provider it is off.
    onrampProviders: [],
    onramp: false,
    history: false,
    branding: false,
  })
})

test('parseRemoteFeatures returns undefined for a response of the wrong shape', () => {
  assert.is(parseRemoteFeatures(null), undefined)
  assert.is(parseRemoteFeatures({ features: 'all' }), undefined)
  assert.is(parseRemoteFeatures([]), undefined)
  assert.equal(parseRemoteFeatures({ features: [] }), {})
})

test('remote features override local ones, local-only features are untouched', () => {
  setLocalFeatures(validateOptions(validInput({ features: { pay: true } })))
  applyRemoteFeatures({ swaps: false, history: false })
  assert.is(featuresState.value.swaps, false)
  assert.is(featuresState.value.history, false)
  assert.is(featuresState.value.pay, true)
  assert.is(featuresState.value.email, true, 'remote config without email keeps the local value')
})

test('"Local configuration ignored" appears only when a feature the dapp set differs remotely', () => {
  setLocalFeatures(validateOptions(validInput({ features: { email: true, swaps: false } })))
  assert.is(featuresNotice.value, undefined, 'no notice before remote config')
  applyRemoteFeatures({ email: true, history: false })
  assert.is(featuresNotice.value, undefined, 'remote agrees with local email; history was not set locally')
  applyRemoteFeatures({ email: true, swaps: true, swapProviders: ['1inch'] })
  assert.is(featuresNotice.value, LOCAL_CONFIG_IGNORED_NOTICE)
  assert.is(LOCAL_CONFIG_IGNORED_NOTICE, 'Local configuration ignored')
})

test('basic mode is not undone by remote configuration, and gives no notice', () => {
  setLocalFeatures(validateOptions(validInput({ basic: true })))
  applyRemoteFeatures({ email: true, swaps: true, swapProviders: ['1inch'], history: true })
  assert.is(featuresState.value.email, false)
  assert.is(featuresState.value.swaps, false)
  assert.is(featuresState.value.history, false)
  assert.is(featuresNotice.value, undefined)
})

test('remote analytics off wins over local analytics on', () => {
  setLocalFeatures(validateOptions(validInput()))
  assert.is(featuresState.value.analytics, true)
  setRemoteAnalyticsEnabled(false)
  assert.is(featuresState.value.analytics, false)
  setLocalFeatures(validateOptions(validInput({ features: { analytics: false } })))
  setRemoteAnalyticsEnabled(true)
  assert.is(featuresState.value.analytics, false, 'the dapp turning analytics off is respected')
})

test.run()
