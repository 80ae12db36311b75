// SigKit's own WalletConnect connector (src/connectors/walletconnect) against the WalletKit test
// wallet through the sandbox's relay double: every namespace of the session lands in SigKit's
// state, signing and sending go through the eip155 and solana adapters over the session (Solana
// on the sandbox's LiteSVM network), and a session the wallet ends disconnects every namespace
// it carried.
process.env['IS_VITEST'] = 'true'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyMessage, type Hex } from 'viem'
import { createWalletConnectWallet } from '../../../demo/walletconnect-wallet/node.mjs'
import { address as solanaAddress, createSolanaRpc, getBase58Encoder, getBase58Decoder } from '@solana/kit'
import { createPublicKey, verify } from 'node:crypto'
import { createEip155Adapter } from '../../../src/chains/eip155'
import { createAdapter as createSolanaAdapter } from '../../../src/chains/solana'
import { walletConnectConnector } from '../../../src/connectors/walletconnect'
import { connect } from '../../../src/core/wallet/connect'
import type { WalletListing, CaipNetwork } from '../../../src/core/types'

/** Connects through WalletConnect as its view does (core's connect with the connector). */
const connectWalletConnect = (wallet?: WalletListing) => connect(walletConnectConnector, wallet ? { wallet } : {})
import { getAccountState } from '../../../src/core/state/account'
import { initCore, registerAdapter } from '../../../src/core/config/appkit-state'
import { connectionState } from '../../../src/core/state/connection'
import { validateOptions } from '../../../src/core/config/options'
import { getConnectedConnectorIds } from '../../../src/core/lib/storage'
import { signMessage } from '../../../src/core/wallet/sign'
import { createMemoryStorage, installStorage } from '../../unit/helpers/memory-storage'
import { endpointsFor, networkFor, solanaNetworkFor, startSandbox, waitFor, type Sandbox } from '../eip155/helpers'
import { closeSigKitProvider, exitSoon, sandboxSolanaSecretKey } from './helpers'
import { sendFromForm, sendState } from '../../../src/features/send/controller'

const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
}

let sandbox: Sandbox
let wallet: Awaited<ReturnType<typeof createWalletConnectWallet>>
let solanaLocal: CaipNetwork

/** ed25519 verification with node:crypto, the key given as a base58 Solana address. */
function verifiesEd25519(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const raw = Buffer.from(getBase58Encoder().encode(address))
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, message, key, signature)
}

test.before(async () => {
  sandbox = await startSandbox()
  const rpcUrls = Object.fromEntries(sandbox.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  solanaLocal = solanaNetworkFor(sandbox)
  wallet = await createWalletConnectWallet({
    relayUrl: sandbox.relayUrl,
    evm: { rpcUrls },
    solana: {
      secretKey: sandboxSolanaSecretKey(sandbox.solana.accounts.wallet),
      chains: [sandbox.solana.caipNetworkId],
    },
  })
  installStorage(createMemoryStorage())
  const resolved = validateOptions({
    projectId: 'sandbox',
    networks: [networkFor(sandbox, 31337), networkFor(sandbox, 31338), solanaLocal, bitcoin],
    endpoints: { ...endpointsFor(sandbox), relay: sandbox.relayUrl },
    metadata: { name: 'SigKit test dapp', description: '', url: 'http://127.0.0.1:5173', icons: [] },
    features: { analytics: false },
  })
  initCore(resolved)
  registerAdapter('eip155', async () => ({ createAdapter: createEip155Adapter }))
  registerAdapter('solana', async () => ({ createAdapter: createSolanaAdapter }))
})

test.after(async () => {
  await closeSigKitProvider()
  await wallet?.stop()
  await sandbox?.stop()
  exitSoon()
})

test('one session connects eip155, solana and bip122; SigKit signs and sends over it; the wallet ending it disconnects all', async () => {
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
  const solana = getAccountState('solana')
  assert.is(solana.status.value, 'connected')
  assert.is(solana.address.value, sandbox.solana.accounts.wallet)
  assert.is(solana.caipAddress.value, `${sandbox.solana.caipNetworkId}:${sandbox.solana.accounts.wallet}`)
  assert.is(getAccountState('bip122').status.value, 'connected')
  assert.is(getAccountState('bip122').address.value, wallet.bitcoinAddress)
  assert.equal(getConnectedConnectorIds(), {
    eip155: 'walletConnect',
    solana: 'walletConnect',
    bip122: 'walletConnect',
  })
  assert.is(connectionState.wcUri.value, undefined, 'the used pairing URI is cleared')
  await waitFor(() => evm.balance.value, { what: 'the native balance' })
  await waitFor(() => solana.balance.value, { what: 'the SOL balance' })

  const signature = (await signMessage('Hello over WalletConnect', 'eip155')) as Hex
  assert.ok(await verifyMessage({ address: wallet.evmAddress, message: 'Hello over WalletConnect', signature }))

  // solana_signMessage over the session: base58 message in, base58 ed25519 signature out.
  const solanaSignature = await signMessage('Hello over WalletConnect, on Solana', 'solana')
  assert.ok(
    verifiesEd25519(
      sandbox.solana.accounts.wallet,
      new TextEncoder().encode('Hello over WalletConnect, on Solana'),
      getBase58Encoder().encode(solanaSignature) as Uint8Array,
    ),
  )

  // A SOL send: this wallet signs but does not send, so SigKit sends the signed transaction itself.
  const rpc = createSolanaRpc(sandbox.solana.rpcUrl)
  const lamportsOf = async (owner: string) =>
    (await rpc.getBalance(solanaAddress(owner), { commitment: 'confirmed' }).send()).value
  const before = await lamportsOf(sandbox.solana.accounts.recipient)
  const { switchNetwork } = await import('../../../src/core/wallet/switch-network')
  await switchNetwork(solanaLocal)
  sendState.amount.value = '0.25'
  sendState.receiverAddress.value = sandbox.solana.accounts.recipient
  const outcome = await sendFromForm()
  assert.is(outcome.status, 'success')
  assert.is((await lamportsOf(sandbox.solana.accounts.recipient)) - before, 250_000_000n)
  assert.is(getBase58Decoder().decode(getBase58Encoder().encode(outcome.hash)), outcome.hash)

  await wallet.disconnect()
  await waitFor(
    () =>
      ['eip155', 'solana', 'bip122'].every(
        (namespace) => getAccountState(namespace as 'eip155').status.value === 'disconnected',
      ),
    { what: 'every namespace disconnected', timeoutMs: 10_000 },
  )
  assert.equal(getConnectedConnectorIds(), {})
})

test.run()
