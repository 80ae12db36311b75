import {
  button,
  connectAccount,
  dialog,
  findButton,
  installModal,
  localhost,
  modalShadow,
  nameOf,
  openAt,
  settle,
  title,
  useFakeAdapter,
  type FakeAdapter,
  waitFor,
} from '../../../helpers/views'
import { test } from 'uvu'
import { createInjectedConnector } from '../../../../../src/connectors/injected/connector'
import * as assert from 'uvu/assert'
import { activeNamespace, getAccountState } from '../../../../../src/core/state/account'
import type { ChainAdapter } from '../../../../../src/core/state/adapters'
import { addConnectors } from '../../../../../src/core/state/connectors'
import { modalState } from '../../../../../src/core/modal/modal'
import { activeCaipNetwork, requestedNetworks, setRequestedNetworks } from '../../../../../src/core/state/network'
import { currentView } from '../../../../../src/core/modal/router'
import type { CaipNetwork } from '../../../../../src/core/types'
import { registerAdapter } from '../../../../../src/core/config/appkit-state'
import { resetAllState } from '../../../helpers/reset'

const solanaLocal: CaipNetwork = {
  id: 'SigKitLocaLnet111111111111111111',
  caipNetworkId: 'solana:SigKitLocaLnet111111111111111111',
  chainNamespace: 'solana',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}
const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

let fake: FakeAdapter
const solanaCalls: string[] = []

// A stand-in solana adapter: the real one runs against litesvm in tests/integration/solana.
const solanaAdapter = {
  namespace: 'solana',
  connect: async ({ network }: { network: CaipNetwork }) => {
    solanaCalls.push(`connect ${network.caipNetworkId}`)
    return { accounts: [SOLANA_ADDRESS], chainId: network.id }
  },
  watch: () => () => undefined,
  switchNetwork: async () => undefined,
  getNativeBalance: async () => ({ value: '10', symbol: 'SOL' }),
  getTokenBalances: async () => [],
  watchBlocks: () => () => undefined,
  isAddress: () => true,
} as unknown as ChainAdapter

test.before.each(() => {
  installModal()
  fake = useFakeAdapter()
  registerAdapter('solana', async () => ({ createAdapter: () => solanaAdapter }))
  solanaCalls.length = 0
  connectAccount()
  setRequestedNetworks([...requestedNetworks.value, solanaLocal])
  // The EVM-only test wallet, and a wallet that has only a Solana provider.
  addConnectors([
    createInjectedConnector({
      id: 'sol.wallet',
      name: 'Sol Wallet',
      providers: { solana: { request: async () => null } },
    }),
  ])
})

test.after.each(resetAllState)

const walletNames = () => Array.from(modalShadow().querySelectorAll('ul[aria-label="Wallets"] button')).map(nameOf)

test('picking a Solana network while connected only on EVM explains, then lists only wallets that can connect Solana', async () => {
  await openAt('SwitchNetwork')
  ;(await waitFor(() => findButton('Solana Local'))).click()
  await waitFor(() => currentView.value === 'SwitchActiveChain' && findButton('Connect a Solana wallet'))
  assert.is(title(), 'Switch Chain')
  assert.ok(dialog().textContent?.includes('Your wallet is not connected on Solana.'))
  assert.is(activeCaipNetwork.value?.caipNetworkId, localhost.caipNetworkId, 'nothing switched yet')
  button('Connect a Solana wallet').click()
  await waitFor(() => walletNames().includes('Sol Wallet'))
  assert.is(currentView.value, 'Connect', 'Connect, not Account, although a wallet is connected')
  assert.ok(!walletNames().includes('SigKit Test Wallet'), 'the EVM-only wallet is not offered')
})

test('connecting there adds the Solana account beside the EVM one and makes the picked network active; switching back and forth needs no wallet', async () => {
  await openAt('SwitchNetwork')
  ;(await waitFor(() => findButton('Solana Local'))).click()
  ;(await waitFor(() => findButton('Connect a Solana wallet'))).click()
  ;(await waitFor(() => findButton('Sol Wallet'))).click()
  await waitFor(() => !modalState.open.value)
  assert.equal(solanaCalls, [`connect ${solanaLocal.caipNetworkId}`])
  assert.is(getAccountState('solana').address.value, SOLANA_ADDRESS)
  assert.is(getAccountState('eip155').status.value, 'connected', 'the EVM connection stays')
  assert.is(activeNamespace.value, 'solana')
  assert.is(activeCaipNetwork.value?.caipNetworkId, solanaLocal.caipNetworkId)

  // Back to EVM: connected there and still on Localhost, so only the active namespace changes.
  await openAt('Account')
  ;(await waitFor(() => findButton('Solana Local'))).click()
  ;(await waitFor(() => findButton('Localhost'))).click()
  await waitFor(() => activeNamespace.value === 'eip155')
  assert.equal(fake.calls.switchNetwork, [], 'the EVM wallet is not asked to switch to the network it is on')
  assert.is(activeCaipNetwork.value?.caipNetworkId, localhost.caipNetworkId)

  await waitFor(() => currentView.value === 'Account')
  ;(await waitFor(() => findButton('Localhost'))).click()
  ;(await waitFor(() => findButton('Solana Local'))).click()
  await waitFor(() => activeNamespace.value === 'solana')
  await settle()
  assert.is(currentView.value, 'Account', 'no SwitchActiveChain when already connected there')
  assert.is(solanaCalls.length, 1, 'and no second Solana connection')
})

test.run()
