import '../helpers/dom'
import { test } from 'uvu'
import type { ViewName } from '../../../src/core/types'
import * as assert from 'uvu/assert'
import { forgetLazyView, getView, loadView, views } from '../../../src/ui/views/registry'

const LAZY = Symbol.for('react.lazy')
const isLazy = (component: unknown) => (component as { $$typeof?: symbol }).$$typeof === LAZY

function SwitchNetworkView() {
  return <p>networks</p>
}

test('a view is lazy until loadView ran; then the loaded component itself renders, with no Suspense fallback', async () => {
  let loads = 0
  views.SwitchNetwork = {
    title: 'Switch Network',
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

test.run()
