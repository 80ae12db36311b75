import '../../helpers/dom'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { act, type JSX } from 'react'
import { createRoot } from 'react-dom/client'
import {
  createAppKit,
  useAppKitAccount,
  useAppKitBalance,
  useAppKitNetwork,
  useAppKitProvider,
  useDisconnect,
  useWalletInfo,
} from '../../../../src/react'
import { setAccount } from '../../../../src/core/state/account'
import type { ChainAdapter } from '../../../../src/core/state/adapters'
import { addConnectors } from '../../../../src/core/state/connectors'
import { setConnectedConnectorId } from '../../../../src/core/lib/storage'
import { setConnections } from '../../../../src/core/state/connection'
import { createInjectedConnector } from '../../../../src/connectors/injected/connector'
import type { EIP1193Provider } from '../../../../src/core/types'
import { base, mainnet } from '../../helpers/fixtures'
import { waitFor } from '../../helpers/dom'
import { registerAdapter } from '../../../../src/core/config/appkit-state'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function render(element: JSX.Element) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() => root.render(element))
  return { container, unmount: () => act(() => root.unmount()) }
}

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const requests: string[] = []
const provider: EIP1193Provider = {
  async request({ method }) {
    requests.push(method)
    return method === 'eth_sendTransaction' ? `0x${'ab'.repeat(32)}` : null
  },
}
let balance = '1.5'
// A stand-in adapter: these tests are about what the hooks expose; the real viem adapter is tested
// against anvil in tests/integration/eip155.
const adapter = {
  namespace: 'eip155',
  disconnect: async () => undefined,
  getNativeBalance: async () => ({ value: balance, symbol: 'ETH' }),
  getTokenBalances: async () => [],
  wrapProvider: (inner: EIP1193Provider) => ({ ...inner, wrapped: true }),
} as unknown as ChainAdapter

createAppKit({ projectId: 'test-project', networks: [base, mainnet], features: { analytics: false } })
registerAdapter('eip155', async () => ({ createAdapter: () => adapter }))

function connect() {
  addConnectors([
    createInjectedConnector({
      id: 'dev.sigkit.testwallet',
      name: 'SigKit Test Wallet',
      providers: { eip155: provider },
      imageUrl: 'data:image/svg+xml,x',
    }),
  ])
  setConnectedConnectorId('eip155', 'dev.sigkit.testwallet')
  setConnections('eip155', [{ connectorId: 'dev.sigkit.testwallet', chainId: 8453, accounts: [{ address }] }])
  setAccount('eip155', {
    address,
    caipAddress: `eip155:8453:${address}`,
    allAccounts: [{ address, type: 'eoa' }],
    status: 'connected',
    connectedWalletInfo: {
      name: 'SigKit Test Wallet',
      icon: 'data:image/svg+xml,x',
      identifier: 'dev.sigkit.testwallet',
    },
  })
}

test('account, network and wallet info hooks follow the state', () => {
  function Info() {
    const account = useAppKitAccount()
    const { caipNetwork, chainId } = useAppKitNetwork()
    const { walletInfo } = useWalletInfo()
    return (
      <p>{`${account.status}|${account.address ?? '-'}|${account.isConnected}|${caipNetwork?.name}|${chainId}|${walletInfo?.name ?? '-'}`}</p>
    )
  }
  const view = render(<Info />)
  assert.is(view.container.textContent, 'disconnected|-|false|Base|8453|-')
  act(() => connect())
  assert.is(view.container.textContent, `connected|${address}|true|Base|8453|SigKit Test Wallet`)
  view.unmount()
})

test('useAppKitAccount: embeddedWalletInfo for an embedded account only, following its account type', () => {
  function Embedded() {
    const info = useAppKitAccount().embeddedWalletInfo
    return <p>{info ? `${info.authProvider}|${info.user?.username}|${info.accountType}` : 'none'}</p>
  }
  const view = render(<Embedded />)
  act(() => connect())
  assert.is(view.container.textContent, 'none', 'an injected wallet has none')
  act(() =>
    setAccount('eip155', {
      user: { username: 'ada' },
      preferredAccountType: 'smartAccount',
      connectedWalletInfo: { name: 'Google', identifier: 'ada', social: 'google' },
    }),
  )
  assert.is(view.container.textContent, 'google|ada|smartAccount')
  act(() => setAccount('eip155', { preferredAccountType: 'eoa' }))
  assert.is(view.container.textContent, 'google|ada|eoa')
  view.unmount()
})

test('useAppKitAccount: isSmartAccountDeployed follows what the secure frame answered (false until it says)', () => {
  function Deployed() {
    const info = useAppKitAccount().embeddedWalletInfo
    return <p>{info ? String(info.isSmartAccountDeployed) : 'none'}</p>
  }
  const view = render(<Deployed />)
  act(() => connect())
  act(() => setAccount('eip155', { connectedWalletInfo: { name: 'Email', identifier: 'a@b.c', social: 'email' } }))
  assert.is(view.container.textContent, 'false')
  act(() => setAccount('eip155', { smartAccountDeployed: true }))
  assert.is(view.container.textContent, 'true')
  act(() => setAccount('eip155', { smartAccountDeployed: false }))
  assert.is(view.container.textContent, 'false')
  view.unmount()
})

test('useAppKitAccount: the profile name and image, as AppKit names them, follow the account', () => {
  function Profile() {
    const { profileName, profileImage } = useAppKitAccount()
    return <p>{`${profileName ?? '-'}|${profileImage ?? '-'}`}</p>
  }
  const view = render(<Profile />)
  act(() => connect())
  assert.is(view.container.textContent, '-|-')
  act(() => setAccount('eip155', { profileName: 'alice.reown.id', profileImage: 'https://example.org/alice.png' }))
  assert.is(view.container.textContent, 'alice.reown.id|https://example.org/alice.png')
  view.unmount()
})

test('useAppKitBalance fetches the balance now; useAppKitProvider hands out the wrapped provider', async () => {
  let fetchBalance: ReturnType<typeof useAppKitBalance>['fetchBalance'] | undefined
  let walletProvider: unknown
  function Wallet() {
    fetchBalance = useAppKitBalance().fetchBalance
    walletProvider = useAppKitProvider('eip155').walletProvider
    return null
  }
  const view = render(<Wallet />)
  balance = '2.25'
  const result = await fetchBalance?.()
  assert.equal(result, { data: { balance: '2.25', symbol: 'ETH' }, error: null, isSuccess: true, isError: false })
  await waitFor(() => walletProvider !== undefined)
  assert.is((walletProvider as { wrapped?: boolean }).wrapped, true)
  view.unmount()
})

test('useDisconnect disconnects: the account hook then reports disconnected', async () => {
  let disconnect: ReturnType<typeof useDisconnect>['disconnect'] | undefined
  function Account() {
    disconnect = useDisconnect().disconnect
    return <p>{useAppKitAccount().status}</p>
  }
  const view = render(<Account />)
  assert.is(view.container.textContent, 'connected')
  await act(async () => {
    await disconnect?.()
  })
  assert.is(view.container.textContent, 'disconnected')
  assert.is(localStorage.getItem('@sigkit/connected_connector_ids'), null)
  view.unmount()
})

test.run()
