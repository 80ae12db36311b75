// addNetwork (SPEC §5): the namespace needs an adapter, i.e. networks the dapp set up in it;
// adding one already there is ignored; the network is validated as `networks` items are.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { base, localhost, solana } from '../../../helpers/networks'
import { addNetwork } from '../../../../src/core/config/add-network'
import { AppKitOptionsError } from '../../../../src/core/config/options'
import { requestedNetworks, setRequestedNetworks } from '../../../../src/core/state/network'
import { resetAllState } from '../../helpers/reset'

test.before.each(() => setRequestedNetworks([localhost]))
test.after.each(resetAllState)

const ids = () => requestedNetworks.value.map((network) => network.caipNetworkId)

test('a network of a set-up namespace is added; the same one again is ignored', () => {
  assert.is(addNetwork('eip155', base), true)
  assert.equal(ids(), ['eip155:31337', 'eip155:8453'])
  assert.is(addNetwork('eip155', { ...base, name: 'Base again' }), false)
  assert.equal(ids(), ['eip155:31337', 'eip155:8453'])
})

test("a namespace the dapp set up no network in has no adapter: 'Adapter not found'", () => {
  assert.throws(
    () => addNetwork('solana', solana),
    (error: Error) => error.message === 'Adapter not found',
  )
  assert.equal(ids(), ['eip155:31337'])
})

test('a malformed network, or one of another namespace, is refused with the option error', () => {
  assert.throws(
    () => addNetwork('eip155', { ...base, rpcUrls: { default: { http: ['ftp://x'] } } }),
    (error: Error) =>
      error instanceof AppKitOptionsError && error.message === 'network.rpcUrls.default.http[0] must be an http(s) URL',
  )
  assert.throws(
    () => addNetwork('solana', base),
    (error: Error) => error instanceof AppKitOptionsError && error.path === 'network.chainNamespace',
  )
  assert.equal(ids(), ['eip155:31337'])
})

test('a viem chain is taken as an eip155 network', () => {
  const { caipNetworkId: _id, chainNamespace: _namespace, ...chain } = base
  addNetwork('eip155', chain)
  assert.equal(ids(), ['eip155:31337', 'eip155:8453'])
})

test.run()
