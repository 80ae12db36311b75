// SigKit's own WalletConnect connector (src/connectors/walletconnect) against the WalletKit test
// wallet through the sandbox's relay double: every namespace of the session lands in SigKit's
// state, signing goes through the eip155 adapter over the session, and a session the wallet ends
// disconnects every namespace it carried.
process.env['IS_VITEST'] = 'true'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyMessage, type Hex } from 'viem'
import { createWalletConnectWallet } from '../../../demo/walletconnect-wallet/node.mjs'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { connectWalletConnect, loadUniversalProvider } from '../../../src/connectors/walletconnect'
import { getAccountState } from '../../../src/core/account'
import { initCore, registerAdapter } from '../../../src/core/appkit-state'
import { connectionState } from '../../../src/core/connection'
import { validateOptions } from '../../../src/core/options'
import { getConnectedConnectorIds } from '../../../src/core/storage'
import type { CaipNetwork } from '../../../src/core/types'
import { signMessage } from '../../../src/core/wallet'
import { createMemoryStorage, installStorage } from '../../unit/core/helpers/memory-storage'
import { endpointsFor, networkFor, startSandbox, waitFor, type Sandbox } from '../eip155/helpers'
import { exitSoon } from './helpers'

const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } }
}

let sandbox: Sandbox
let wallet: Awaited<ReturnType<typeof createWalletConnectWallet>>

test.before(async () => {
  sandbox = await startSandbox()
  const rpcUrls = Object.fromEntries(sandbox.chains.map(chain => [chain.chainId, chain.rpcUrl]))
  wallet = await createWalletConnectWallet({ relayUrl: sandbox.relayUrl, evm: { rpcUrls } })
  installStorage(createMemoryStorage())
  const resolved = validateOptions({
    projectId: 'sandbox',
    networks: [networkFor(sandbox, 31337), networkFor(sandbox, 31338), bitcoin],
    endpoints: { ...endpointsFor(sandbox), relay: sandbox.relayUrl },
    metadata: { name: 'SigKit test dapp', description: '', url: 'http://127.0.0.1:5173', icons: [] },
    features: { analytics: false }
  })
  initCore(resolved)
  registerAdapter('eip155', async () => ({ createAdapter: createEip155Adapter }))
})

test.after(async () => {
  // SigKit keeps its provider for the page's lifetime; a test process has to close its socket.
  const provider = await loadUniversalProvider()
  await provider.client.core.relayer.transportClose().catch(() => undefined)
  ;(provider.client.core.heartbeat as { stop?: () => void }).stop?.()
  await wallet?.stop()
  await sandbox?.stop()
  exitSoon()
})

test('one session connects eip155 and bip122; SigKit signs over it; the wallet ending it disconnects both', async () => {
  const connecting = connectWalletConnect()
  const uri = await waitFor(() => connectionState.wcUri.value, { what: 'the pairing URI', timeoutMs: 10_000 })
  assert.match(uri, /^wc:[0-9a-f]{64}@2\?/)
  assert.ok((connectionState.wcPairingExpiry.value ?? 0) > Date.now(), 'the pairing has an expiry in the future')
  assert.is(connectWalletConnect(), connecting, 'a second request while the pairing is valid reuses it')

  await wallet.pair(uri)
  await wallet.approveNextSession()
  await connecting

  const evm = getAccountState('eip155')
  assert.is(evm.status.value, 'connected')
  assert.is(evm.address.value?.toLowerCase(), wallet.evmAddress.toLowerCase())
  assert.is(evm.caipAddress.value?.startsWith('eip155:31337:'), true)
  assert.is(getAccountState('bip122').status.value, 'connected')
  assert.is(getAccountState('bip122').address.value, wallet.bitcoinAddress)
  assert.equal(getConnectedConnectorIds(), { eip155: 'walletConnect', bip122: 'walletConnect' })
  assert.is(connectionState.wcUri.value, undefined, 'the used pairing URI is cleared')
  await waitFor(() => evm.balance.value, { what: 'the native balance' })

  const signature = (await signMessage('Hello over WalletConnect', 'eip155')) as Hex
  assert.ok(await verifyMessage({ address: wallet.evmAddress, message: 'Hello over WalletConnect', signature }))

  await wallet.disconnect()
  await waitFor(() => evm.status.value === 'disconnected' && getAccountState('bip122').status.value === 'disconnected', {
    what: 'both namespaces disconnected',
    timeoutMs: 10_000
  })
  assert.equal(getConnectedConnectorIds(), {})
})

test.run()
