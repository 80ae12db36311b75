import './helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createAppKitWith } from '../../src/app-kit'
import { defineAppKitButton } from '../../src/ui/button/element'
import { featuresState } from '../../src/core/config/features'
import { whenFirstOpenTasksSettled } from '../../src/core/modal/modal'
import { mainnet } from './helpers/fixtures'
import { sendJson, startServer } from './helpers/server'

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

test.run()
