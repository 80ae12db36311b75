import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAnnouncement, startInjectedDiscovery } from '../../../../src/connectors/injected'
import { listWalletEntries } from '../../../../src/ui/views/Connect/wallet-entries'
import { initCore } from '../../../../src/core/config/appkit-state'
import {
  connectorsState,
  isConnectorShown,
  orderedConnectors,
  type ConnectorInfo,
} from '../../../../src/core/state/connectors'
import { validateOptions } from '../../../../src/core/config/options'
import { validInput } from '../../helpers/fixtures'

const provider = { request: async () => null }
const info = {
  uuid: '0b0b8a4e-5a0c-4f5e-9d5e-6a1f1d0c1e2f',
  name: 'Rabbit Wallet',
  icon: 'data:image/svg+xml,x',
  rdns: 'io.rabbit',
}

test('an EIP-6963 announcement becomes a connector; malformed ones are ignored', () => {
  assert.equal(parseAnnouncement({ info, provider }), {
    id: 'io.rabbit',
    name: 'Rabbit Wallet',
    rdns: 'io.rabbit',
    providers: { eip155: provider },
    imageUrl: 'data:image/svg+xml,x',
  })
  assert.is(
    parseAnnouncement({ info: { ...info, icon: 'javascript:alert(1)' }, provider })?.imageUrl,
    undefined,
    'only data: and https: icons',
  )
  assert.is(parseAnnouncement({ info: { ...info, rdns: '' }, provider }), undefined)
  assert.is(parseAnnouncement({ info, provider: {} }), undefined, 'a provider must have request()')
  assert.is(parseAnnouncement(null), undefined)
  assert.is(parseAnnouncement({ info: 'x', provider }), undefined)
})

test('excluded wallets are hidden by id, rdns or case-insensitive name; the generic wallet is hidden on desktop', () => {
  initCore(validateOptions(validInput({ excludeWalletIds: ['io.rabbit', 'fox wallet'] })))
  const rabbit: ConnectorInfo = {
    id: 'io.rabbit',
    name: 'Rabbit',
    type: 'injected',
    chains: ['eip155'],
    rdns: 'io.rabbit',
  }
  const fox: ConnectorInfo = {
    id: 'com.fox',
    name: 'Fox Wallet',
    type: 'injected',
    chains: ['eip155'],
    rdns: 'com.fox',
  }
  const owl: ConnectorInfo = { id: 'org.owl', name: 'Owl', type: 'injected', chains: ['eip155'], rdns: 'org.owl' }
  const generic: ConnectorInfo = {
    id: 'injected',
    name: 'Browser Wallet',
    type: 'injected',
    chains: ['eip155'],
    generic: true,
  }
  const all = [rabbit, fox, owl, generic]
  assert.is(isConnectorShown(rabbit, all), false)
  assert.is(isConnectorShown(fox, all), false)
  assert.is(isConnectorShown(owl, all), true)
  assert.is(isConnectorShown(generic, all), false, 'desktop (happy-dom is not a phone)')
})

test('discovery asks wallets to announce, lists each once, and drops the legacy entry that is the same wallet', () => {
  initCore(validateOptions(validInput()))
  connectorsState.value = []
  ;(window as { ethereum?: unknown }).ethereum = provider
  window.addEventListener('eip6963:requestProvider', () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) })),
  )
  // What the modal's first open starts: discovery, and the entries that need nothing installed.
  startInjectedDiscovery()
  startInjectedDiscovery()
  listWalletEntries()
  const ids = connectorsState.value.map((connector) => connector.id)
  assert.equal(ids.filter((id) => id === 'io.rabbit').length, 1)
  assert.ok(!ids.includes('injected'), 'window.ethereum is the announced wallet: no second entry')
  assert.ok(ids.includes('walletConnect'), 'WalletConnect is offered when a project id is set')
  assert.equal(
    orderedConnectors.value.map((connector) => connector.id),
    ['walletConnect', 'io.rabbit', 'allWallets'],
    'SPEC §9 order: walletConnect, injected, … recommended last',
  )
})

test.run()
