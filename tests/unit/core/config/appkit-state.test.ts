import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ALERTS, alertState } from '../../../../src/core/modal/alerts'
import {
  getAppKitOrThrow,
  getResolvedOptions,
  initCore,
  loadAdapter,
  registerAdapter,
  setAppKitInstance,
  setThemeMode,
  setThemeVariables,
  themeState,
} from '../../../../src/core/config/appkit-state'
import { featuresState } from '../../../../src/core/config/features'
import { validateOptions } from '../../../../src/core/config/options'
import { activeCaipNetwork, requestedNetworks } from '../../../../src/core/state/network'
import { STORAGE_KEYS } from '../../../../src/core/lib/storage'
import type { ChainAdapter } from '../../../../src/core/state/adapters'
import { base, mainnet, solana, validInput } from '../../helpers/fixtures'
import { createMemoryStorage, installStorage } from '../../helpers/memory-storage'
import { resetAllState } from '../../helpers/reset'

let restoreStorage = () => {}
const originalWarn = console.warn

test.before.each(async () => {
  await resetAllState()
  restoreStorage = installStorage(createMemoryStorage())
  console.warn = () => undefined
})
test.after.each(() => {
  restoreStorage()
  console.warn = originalWarn
})

test('initCore wires networks, active network, theme and features', () => {
  const resolved = validateOptions(
    validInput({ themeMode: 'light', themeVariables: { '--sk-accent': '#123456' }, features: { swaps: false } }),
  )
  initCore(resolved)
  assert.equal(
    requestedNetworks.value.map((n) => n.caipNetworkId),
    [mainnet.caipNetworkId, base.caipNetworkId, solana.caipNetworkId],
  )
  assert.is(activeCaipNetwork.value?.caipNetworkId, 'eip155:1')
  assert.is(themeState.mode.value, 'light')
  assert.equal(themeState.variables.value, { '--sk-accent': '#123456' })
  assert.is(featuresState.value.swaps, false)
  assert.is(getResolvedOptions(), resolved)
  assert.is(alertState.open.value, false)
})

test('initCore starts on defaultNetwork', () => {
  initCore(validateOptions(validInput({ defaultNetwork: solana })))
  assert.is(activeCaipNetwork.value?.caipNetworkId, solana.caipNetworkId)
})

test('initCore restores the last active network when the dapp still supports it', async () => {
  localStorage.setItem(STORAGE_KEYS.activeCaipNetworkId, JSON.stringify('eip155:8453'))
  initCore(validateOptions(validInput()))
  assert.is(activeCaipNetwork.value?.name, 'Base')
  await resetAllState() // the next page load
  localStorage.setItem(STORAGE_KEYS.activeCaipNetworkId, JSON.stringify('eip155:10'))
  initCore(validateOptions(validInput({ defaultNetwork: base })))
  assert.is(activeCaipNetwork.value?.name, 'Base', 'an unsupported stored network falls back to the default')
})

test('a missing project id raises the project-not-configured alert', () => {
  initCore(validateOptions(validInput({ projectId: undefined })))
  assert.is(alertState.open.value, true)
  assert.is(alertState.code.value, ALERTS.PROJECT_ID_NOT_CONFIGURED.code)
})

test('getAppKitOrThrow fails clearly before createAppKit', () => {
  assert.throws(
    () => getAppKitOrThrow(),
    (error: Error) => error.message === 'Please call createAppKit before using the open hook',
  )
  const instance = { open: () => undefined }
  setAppKitInstance(instance)
  assert.is(getAppKitOrThrow(), instance)
})

test("loadAdapter: 'Adapter not found' before createAppKit and for a namespace without one (WalletConnect-only)", async () => {
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => assert.unreachable('expected a rejection'),
      (error: Error) => error.message,
    )
  const adapter = { namespace: 'bip122' } as unknown as ChainAdapter
  registerAdapter('bip122', async () => ({ createAdapter: () => adapter }))
  assert.is(await rejection(loadAdapter('bip122')), 'Adapter not found', 'no options yet: it cannot be made')
  initCore(validateOptions(validInput()))
  assert.is(await loadAdapter('bip122'), adapter)
  assert.is(await rejection(loadAdapter('cosmos')), 'Adapter not found')
})

test('setThemeVariables merges, and invalid input changes nothing', () => {
  setThemeVariables({ '--sk-accent': '#111111' })
  setThemeVariables({ '--sk-z-index': 10 })
  assert.equal(themeState.variables.value, { '--sk-accent': '#111111', '--sk-z-index': 10 })
  assert.throws(() => setThemeVariables({ '--sk-accent': 5 } as never))
  assert.equal(themeState.variables.value, { '--sk-accent': '#111111', '--sk-z-index': 10 })
})

test('setThemeMode accepts dark and light only', () => {
  setThemeMode('light')
  assert.is(themeState.mode.value, 'light')
  assert.throws(() => setThemeMode('blue' as never))
  assert.is(themeState.mode.value, 'light')
})

test.run()
