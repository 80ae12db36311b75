import './helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createAppKitWith } from '../../src/app-kit'
import { defineAppKitButton } from '../../src/ui/button/element'
import { featuresState } from '../../src/core/config/features'
import { whenFirstOpenTasksSettled } from '../../src/core/modal/modal'
import { mainnet } from './helpers/fixtures'
import { sendJson, startServer } from './helpers/server'
import { emitCoreEvent } from '../../src/core/lifecycle'
import { getAccountState, setAccount } from '../../src/core/state/account'
import { recordOf, useFakeProfileApi } from './helpers/names'
import { resetAllState } from './helpers/reset'

const createAppKit = createAppKitWith(defineAppKitButton)

test('the remote project config is fetched on first open, not before, and overrides local features', async () => {
  const server = await startServer((request, response) => {
    // The page runs on another origin, so like the hosted API the server must allow it.
    response.setHeader('Access-Control-Allow-Origin', '*')
    if (request.path === '/appkit/v1/config') {
      return sendJson(response, 200, { features: [{ id: 'swaps', isEnabled: false, config: null }] })
    }
    return sendJson(response, 200, { isAnalyticsEnabled: false })
  })
  try {
    const appKit = createAppKit({
      projectId: 'test-project',
      networks: [mainnet],
      features: { email: false, socials: false },
      endpoints: { walletApi: server.url, pulse: server.url },
    })
    assert.is(featuresState.value.swaps, true, 'local default before the remote config')
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.equal(server.requests, [], 'createAppKit makes no request')

    await appKit.open()
    await whenFirstOpenTasksSettled()
    const configGets = () =>
      server.requests.filter((request) => request.method === 'GET' && request.path === '/appkit/v1/config')
    const config = configGets()[0]
    assert.ok(config, 'the config route was called')
    assert.is(config.query.get('projectId'), 'test-project')
    assert.is(config.query.get('st'), 'appkit')
    assert.ok(config.query.get('sv'))
    assert.is(featuresState.value.swaps, false, 'the remote config overrides the local default')

    appKit.close()
    await appKit.open()
    await whenFirstOpenTasksSettled()
    assert.is(configGets().length, 1, 'fetched once')
    appKit.close()
  } finally {
    await server.close()
  }
})

test('createAppKit wires the failed identity lookup to the names feature once: the reverse lookup names the account', async () => {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const names = useFakeProfileApi()
  names.names.set('alice.reown.id', recordOf('alice.reown.id'))
  try {
    // A second createAppKit (a dapp's hot reload) replaces the first one's wiring.
    for (let call = 0; call < 2; call++)
      createAppKit({ projectId: 'test-project', networks: [mainnet], features: { email: false, socials: false } })
    setAccount('eip155', { address, status: 'connected' })
    await emitCoreEvent('identityUnavailable', { namespace: 'eip155', address })
    assert.equal(names.calls.reverse, [address], 'asked once')
    assert.is(getAccountState('eip155').profileName.value, 'alice.reown.id')
  } finally {
    await resetAllState()
  }
})

test.run()
