// useAppKitWallets against AppKit 1.8.x's documented return (docs.reown.com "Headless"): every
// field, and that the list and the URI follow the headless controller once it has loaded.
import '../../helpers/dom'
import { settle } from '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, type JSX } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppKit, useAppKitWallets } from '../../../../src/react'
import { addConnectors } from '../../../../src/core/state/connectors'
import { connectionSignals } from '../../../../src/core/state/connection'
import { mainnet } from '../../helpers/fixtures'
import { resetAllState } from '../../helpers/reset'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function render(element: JSX.Element) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() => root.render(element))
  return { unmount: () => act(() => root.unmount()) }
}

test("returns AppKit's fields; installed wallets and the URI show once the headless code has loaded", async () => {
  await resetAllState()
  createAppKit({ projectId: 'test-project', networks: [mainnet], preloadOnIdle: false, features: { analytics: false } })
  let result: ReturnType<typeof useAppKitWallets> | undefined
  function Screen() {
    result = useAppKitWallets()
    return null
  }
  const { unmount } = render(<Screen />)
  assert.equal(Object.keys(result!).sort(), [
    'connect',
    'connectingWallet',
    'count',
    'fetchWallets',
    'getWcUri',
    'isFetchingWallets',
    'isFetchingWcUri',
    'isInitialized',
    'page',
    'resetConnectingWallet',
    'resetWcUri',
    'wallets',
    'wcError',
    'wcUri',
    'wcWallets',
  ])
  await act(async () => {
    await settle()
    addConnectors([{ id: 'io.rabby', rdns: 'io.rabby', name: 'Rabby', type: 'injected', chains: ['eip155'] }])
    connectionSignals.wcUri.value = 'wc:abc@2?relay-protocol=irn&symKey=01'
    await settle()
  })
  assert.is(result!.wallets[0]?.name, 'Rabby')
  assert.is(result!.wallets[0]?.isInjected, true)
  assert.is(result!.wcUri, 'wc:abc@2?relay-protocol=irn&symKey=01')
  act(() => result!.resetWcUri())
  assert.is(result!.wcUri, undefined)
  unmount()
})

test.run()
