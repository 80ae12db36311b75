import '../../helpers/dom'
import { test } from 'uvu'
import type { ViewName } from '../../../../src/core/types'
import * as assert from 'uvu/assert'
import { addConnectors } from '../../../../src/core/state/connectors'
import { loadView, preloadWalletViews, viewChunk, views } from '../../../../src/ui/views/registry'

const getView = (view: ViewName) => viewChunk(view).Component
const forgetLazyView = (view: ViewName) => viewChunk(view).forget()

const LAZY = Symbol.for('react.lazy')
const isLazy = (component: unknown) => (component as { $$typeof?: symbol }).$$typeof === LAZY

function SwitchNetworkView() {
  return <p>networks</p>
}

test('a view is lazy until loadView ran; then the loaded component itself renders, with no Suspense fallback', async () => {
  let loads = 0
  views.SwitchNetwork = {
    title: 'switchNetwork',
    load: async () => {
      loads++
      return { default: SwitchNetworkView }
    },
  }
  assert.ok(isLazy(getView('SwitchNetwork')), 'before loading: a lazy component')
  assert.is(getView('SwitchNetwork'), getView('SwitchNetwork'), 'the same lazy component each render')
  await loadView('SwitchNetwork')
  assert.is(getView('SwitchNetwork'), SwitchNetworkView)
  assert.is(loads, 1)
  forgetLazyView('SwitchNetwork')
  assert.ok(isLazy(getView('SwitchNetwork')), 'a forgotten view is loaded again')
})

test('loadView of a view nobody registered rejects, naming it', async () => {
  let error: unknown
  // Every ViewName has a view now; a name from elsewhere (a stale link, a typo in JS) does not.
  await loadView('NoSuchView' as ViewName).catch((caught: unknown) => (error = caught))
  assert.instance(error, Error)
  assert.is((error as Error).message, 'View not registered: NoSuchView')
})

test('once idle after the first open, the views the listed wallets open load, also of wallets listed afterwards', async () => {
  const loaded: string[] = []
  const entry = (name: string) => ({
    title: () => name,
    load: async () => {
      loaded.push(name)
      return { default: () => <p>{name}</p> }
    },
  })
  // Registered here, as in registry.ts, so the test does not load the real views' chunks.
  views.ConnectingExternal = entry('ConnectingExternal')
  views.ConnectingWalletConnect = entry('ConnectingWalletConnect')
  addConnectors([{ id: 'io.example', name: 'Example', type: 'injected', chains: ['eip155'] }])
  preloadWalletViews()
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.equal(loaded, ['ConnectingExternal'], 'the installed wallet: its connecting view')
  assert.not.ok(isLazy(getView('ConnectingExternal')), 'a pick renders the loaded view, no fallback')
  assert.ok(isLazy(getView('ConnectingWalletConnect')), 'nothing listed opens this one yet')

  addConnectors([
    {
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'walletConnect',
      chains: ['eip155'],
      view: 'ConnectingWalletConnect',
    },
  ])
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.not.ok(isLazy(getView('ConnectingWalletConnect')), 'a wallet listed later: its view loads too')
  preloadWalletViews()
  assert.is(
    loaded.filter((name) => name === 'ConnectingWalletConnect').length,
    1,
    'loaded once, however often the list loads',
  )
  assert.equal(loaded, ['ConnectingExternal', 'ConnectingWalletConnect'], 'each view once, whatever the list changes')
})

test.run()
